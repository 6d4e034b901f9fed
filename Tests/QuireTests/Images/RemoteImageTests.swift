@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import Foundation
import XCTest

/// A local HTTP server (scripts/image-server.py) on 127.0.0.1, started for one test: the only
/// address these tests ever make a request to.
final class LocalImageServer {
    let port: Int
    let log: URL
    private let process = Process()

    init(folder: URL) throws {
        let root = Fixtures.images.deletingLastPathComponent().deletingLastPathComponent()
        log = folder.appendingPathComponent("requests.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("scripts/image-server.py").path,
                             Fixtures.images.appendingPathComponent("diagram.png").path, log.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
        port = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self)), "the server printed no port")
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The requests the server received, as "METHOD PATH STATUS" lines.
    var requests: [String] {
        (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// Remote images fetched when asked (`images.fetch`), against the local server: each failure a
/// placeholder and a warning naming the line, the URL and the reason; the cache and its
/// validators; `public` refusing loopback before connecting.
final class RemoteImageTests: XCTestCase {
    private var folder: URL!
    private var server: LocalImageServer!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-remote-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        server = try LocalImageServer(folder: folder)
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func settings(_ mode: ImageFetching.Mode, _ change: (inout ImageFetching) -> Void = { _ in }) -> ImageFetching {
        var images = ImageFetching()
        images.mode = mode
        images.cacheFolder = folder.appendingPathComponent("cache").path
        change(&images)
        return images
    }

    private func render(_ markdown: String, _ images: ImageFetching) -> LaidOutDocument {
        var style = Style()
        style.images = images
        return layout(markdown, style: style)
    }

    private func pictures(_ doc: LaidOutDocument) -> [LoadedImage] {
        doc.pages.flatMap(\.items).compactMap { if case .image(_, let image, _) = $0 { return image } else { return nil } }
    }

    /// The one warning, which must name the URL and contain `reason`.
    private func assertPlaceholder(_ path: String, _ reason: String, _ images: ImageFetching,
                                   file: StaticString = #filePath, line: UInt = #line) {
        let url = server.url(path)
        let doc = render("Intro.\n\n![Shot](\(url))\n", images)
        XCTAssertTrue(pictures(doc).isEmpty, file: file, line: line)
        XCTAssertEqual(doc.warnings.count, 1, "\(doc.warnings)", file: file, line: line)
        let warning = doc.warnings.first
        XCTAssertEqual(warning?.line, 3, file: file, line: line)
        XCTAssertTrue(warning?.message.contains(url) == true && warning?.message.contains(reason) == true,
                      warning?.message ?? "no warning", file: file, line: line)
    }

    func testNothingIsRequestedByDefault() {
        let doc = layout("![Shot](\(server.url("/image.png")))\n")
        XCTAssertTrue(pictures(doc).isEmpty)
        XCTAssertEqual(server.requests, [])
    }

    func testImageIsFetchedThenCachedThenRevalidatedWithItsETag() throws {
        let markdown = "![Shot](\(server.url("/image.png")))\n"
        let first = render(markdown, settings(.all))
        XCTAssertEqual(pictures(first).map(\.format), [.png])
        XCTAssertEqual(first.warnings, [])
        XCTAssertEqual(server.requests, ["GET /image.png 200"])
        let again = render(markdown, settings(.all))
        XCTAssertEqual(pictures(again).count, 1)
        XCTAssertEqual(server.requests.count, 1, "within images.max-age: no request")
        let expired = render(markdown, settings(.all) { $0.maxAge = 0 })
        XCTAssertEqual(pictures(expired).count, 1)
        XCTAssertEqual(server.requests, ["GET /image.png 200", "GET /image.png 304"], "revalidated with If-None-Match")
        let offline = render(markdown, settings(.all) { $0.offline = true; $0.maxAge = 0 })
        XCTAssertEqual(pictures(offline).count, 1, "--offline uses the cache whatever its age")
        XCTAssertEqual(server.requests.count, 2)
    }

    /// An expired copy stands in when revalidating it fails (here a 404).
    func testAnExpiredCopyIsUsedWhenTheServerFails() throws {
        let url = server.url("/missing.png"), images = settings(.all)
        ImageCache(images).write(ImageCache.Entry(url: url, confirmed: 0, etag: nil, lastModified: nil,
                                                  body: try Fixtures.bytes("diagram.png")))
        let doc = render("![Shot](\(url))\n", images)
        XCTAssertEqual(pictures(doc).count, 1, "\(doc.warnings)")
        XCTAssertEqual(server.requests, ["GET /missing.png 404"], "asked again, the answer a 404")
    }

    func testSVGBadgeIsFetchedAndDecodedByItsBytes() {
        let doc = render("See ![CI](\(server.url("/badge.svg"))) now.\n", settings(.all))
        XCTAssertEqual(pictures(doc).map(\.format), [.svg])
        XCTAssertEqual(doc.warnings, [])
    }

    func testStaticBadgeIsDrawnWithoutARequestEvenWhenFetching() {
        let doc = render("![b](https://img.shields.io/badge/a-b-blue)\n", settings(.all))
        XCTAssertEqual(pictures(doc).count, 1)
        XCTAssertEqual(server.requests, [])
    }

    func testSlowResponseTimesOut() {
        assertPlaceholder("/slow.png?s=5", "timed out", settings(.all) { $0.timeout = 0.5 })
    }

    func testRedirectLoopStopsAfterFiveRedirects() {
        assertPlaceholder("/loop", "more than 5 redirects", settings(.all))
        XCTAssertEqual(server.requests.count, 6, "the first request and five redirects")
    }

    /// The server is on loopback itself, so `public` refuses the first connection as it would a
    /// redirect's (the same check runs before every connection): nothing reaches the server.
    func testPublicRefusesALoopbackAddressBeforeConnecting() {
        let target = server.url("/image.png")
        assertPlaceholder("/redirect?to=\(target)", "refused: 127.0.0.1 is a loopback address", settings(.public))
        XCTAssertEqual(server.requests, [])
    }

    func testFiftyMegabytesStopAtTenWithOrWithoutALength() {
        assertPlaceholder("/big", "larger than 10 MB", settings(.all))
        assertPlaceholder("/big-stream", "larger than 10 MB", settings(.all))
    }

    func testNotFoundIsAPlaceholder() {
        assertPlaceholder("/missing.png", "HTTP status 404", settings(.all))
    }

    func testABodyThatIsNotAnImageIsAPlaceholderWhateverItsType() {
        assertPlaceholder("/text.png", "not a PNG, JPEG, GIF, WebP or SVG image", settings(.all))
    }

    func testOfflineWithoutACachedCopyMakesNoRequest() {
        assertPlaceholder("/image.png", "--offline", settings(.all) { $0.offline = true })
        XCTAssertEqual(server.requests, [])
    }

    /// Three images taking a second each fit a document's 2.5 s only when asked for together.
    func testADocumentsImagesAreRequestedTogether() {
        let markdown = (1...3).map { "![\($0)](\(server.url("/slow.png?s=1&n=\($0)")))" }.joined(separator: "\n\n") + "\n"
        let doc = render(markdown, settings(.all) { $0.documentTimeout = 2.5 })
        XCTAssertEqual(pictures(doc).count, 3, "\(doc.warnings)")
    }

    /// Front matter may ask for fetching, at most public, and only when no option says otherwise.
    func testFrontMatterAsksForPublicAtMost() {
        let body = "![Shot](\(server.url("/image.png")))\n"
        let asked = layout("---\nfetch-images: public\n---\n" + body)
        XCTAssertTrue(asked.warnings.contains { $0.message.contains("refused: 127.0.0.1 is a loopback address") }, "\(asked.warnings)")
        let all = layout("---\nfetch-images: all\n---\n" + body)
        XCTAssertTrue(all.warnings.contains { $0.line == 2 && $0.message.contains("public addresses only") }, "\(all.warnings)")
        XCTAssertTrue(all.warnings.contains { $0.message.contains("refused: 127.0.0.1") }, "\(all.warnings)")
        var none = Style()
        none.images = ImageFetching()  // --fetch-images=none
        let overruled = layout("---\nfetch-images: public\n---\n" + body, style: none)
        XCTAssertTrue(overruled.warnings.contains { $0.message.contains("remote image not fetched") }, "\(overruled.warnings)")
        XCTAssertEqual(server.requests, [])
    }

    func testPublicRefusesPrivateRanges() {
        for address: UInt32 in [0x7F00_0001, 0x0A01_0203, 0xAC1F_FFFF, 0xC0A8_0101, 0xA9FE_A9FE, 0xE000_00FB, 0x0000_0000, 0x6440_0001] {
            XCTAssertNotNil(AddressPolicy.refusal(ipv4: address), String(address, radix: 16))
        }
        for address: UInt32 in [0x0808_0808, 0x8C52_7104, 0xAC20_0001] {
            XCTAssertNil(AddressPolicy.refusal(ipv4: address), String(address, radix: 16))
        }
        XCTAssertNotNil(AddressPolicy.refusal(ipv6: Array(repeating: 0, count: 15) + [1]))
        XCTAssertNotNil(AddressPolicy.refusal(ipv6: [0xFE, 0x80] + Array(repeating: 0, count: 14)))
        XCTAssertNotNil(AddressPolicy.refusal(ipv6: [0xFD, 0x12] + Array(repeating: 0, count: 14)))
        XCTAssertNotNil(AddressPolicy.refusal(ipv6: [0xFF, 0x02] + Array(repeating: 0, count: 14)))
        XCTAssertNotNil(AddressPolicy.refusal(ipv6: Array(repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1]), "mapped IPv4")
        XCTAssertNil(AddressPolicy.refusal(ipv6: [0x26, 0x06, 0x47, 0x00] + Array(repeating: 0, count: 11) + [1]))
    }
}
