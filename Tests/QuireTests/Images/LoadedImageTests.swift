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
import CCairo
import Foundation
import XCTest

final class ImageCodecTests: XCTestCase {
    func testDecodesEachFormatWithItsIntrinsicSizeInPoints() throws {
        let cases: [(String, LoadedImage.Format, Double, Double)] = [
            ("diagram.png", .png, 360, 140), ("landscape.jpg", .jpeg, 480, 300),
            ("ring.gif", .gif, 64, 64), ("logo.svg", .svg, 240, 120), ("badge.svg", .svg, 80, 20),
        ]
        for (name, format, w, h) in cases {
            let image = try LoadedImage.decode(try Fixtures.bytes(name))
            XCTAssertEqual(image.format, format, name)
            XCTAssertEqual(image.width, w * 0.75, accuracy: 0.01, name)
            XCTAssertEqual(image.height, h * 0.75, accuracy: 0.01, name)
        }
    }

    func testCorruptAndUnknownDataAreErrors() throws {
        XCTAssertThrowsError(try LoadedImage.decode(try Fixtures.bytes("corrupt.png"))) { error in
            XCTAssertTrue("\(error)".contains("PNG"), "\(error)")
        }
        XCTAssertThrowsError(try LoadedImage.decode(Array("hello".utf8)))
        XCTAssertThrowsError(try LoadedImage.decode(Array((try Fixtures.bytes("landscape.jpg")).prefix(300))))
        XCTAssertThrowsError(try LoadedImage.decode(Array("<svg xmlns='http://www.w3.org/2000/svg'><rect".utf8)))
        XCTAssertThrowsError(try LoadedImage.decode(Array((try Fixtures.bytes("ring.gif")).prefix(40))))
    }

    /// A header claiming 100,000 × 100,000 pixels is refused before any decoding (bounded memory).
    func testHugeImageIsRefusedFromItsHeader() {
        let be = { (v: UInt32) in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8)
            + be(100_000) + be(100_000) + [8, 6, 0, 0, 0] + be(0)
        XCTAssertThrowsError(try LoadedImage.decode(png)) { error in
            XCTAssertTrue("\(error)".contains("too large"), "\(error)")
        }
        let gif: [UInt8] = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]
        XCTAssertThrowsError(try LoadedImage.decode(gif))
    }

    /// librsvg and gdk-pixbuf are opened at run time: a missing library is an error naming it.
    func testMissingImageLibraryIsAnErrorNamingIt() {
        XCTAssertThrowsError(try openLibrary("libquire-no-such-library.so.1")) { error in
            XCTAssert("\(error)".contains("libquire-no-such-library.so.1"), "\(error)")
        }
        XCTAssertNoThrow(try SVGLibrary.shared.get())
        XCTAssertNoThrow(try PixbufLibrary.shared.get())
    }

    /// Issue 50: a WebP image (lossless `VP8L`, lossy `VP8 `, lossy with alpha in a `VP8X`
    /// container) was "not a PNG, JPEG, GIF or SVG image". It is known by its content (RIFF,
    /// WEBP), whatever its name, measured from its header and decoded by gdk-pixbuf's WebP
    /// loader: the lossless one to the PNG's own pixels. Made here by cwebp (Debian's `webp`).
    func testRegressionWebPImagesDecode() throws {
        let png = try Fixtures.bytes("diagram.png")
        let reference = try LoadedImage.rasterSurface(.png, png, checking: false, testEngine.images)
        defer { cairo_surface_destroy(reference) }
        for (options, chunk) in [(["-lossless"], "VP8L"), (["-q", "80", "-noalpha"], "VP8 "), (["-q", "80"], "VP8X")] {
            let webp = try Self.cwebp(options)
            XCTAssertEqual(String(decoding: webp[12..<16], as: UTF8.self), chunk)
            let image = try LoadedImage.decode(webp)
            XCTAssertEqual(image.format, .webp, chunk)
            XCTAssertEqual(image.width, 360 * 0.75, accuracy: 0.01, chunk)
            XCTAssertEqual(image.height, 140 * 0.75, accuracy: 0.01, chunk)
            let surface = try LoadedImage.rasterSurface(.webp, webp, checking: false, testEngine.images)
            defer { cairo_surface_destroy(surface) }
            XCTAssertEqual(cairo_image_surface_get_width(surface), 360)
            if chunk == "VP8L" {
                let (a, b) = (Self.pixels(surface), Self.pixels(reference))
                XCTAssertEqual(a.count, b.count)
                XCTAssertLessThanOrEqual(zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0, 1, "lossless: the PNG's pixels")
            }
        }
        let broken = Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 7, count: 32)
        XCTAssertThrowsError(try LoadedImage.decode(broken)) { XCTAssertTrue("\($0)".contains("corrupt WEBP"), "\($0)") }
    }

    /// Samples/images/diagram.png as WebP, made by cwebp with `options`.
    private static func cwebp(_ options: [String]) throws -> [UInt8] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(getpid())-\(options.count).webp")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cwebp")
        process.arguments = ["-quiet"] + options + [Fixtures.images.appendingPathComponent("diagram.png").path, "-o", output.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "cwebp (Debian's webp package: scripts/install-deps.sh)")
        return [UInt8](try Data(contentsOf: output))
    }

    /// A Cairo image surface's rows, as bytes.
    private static func pixels(_ surface: OpaquePointer) -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), h = Int(cairo_image_surface_get_height(surface))
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * h))
    }
}
