import Foundation
import XCTest

/// `--fetch-images` end to end, against scripts/image-server.py on 127.0.0.1 (the only address
/// these tests make a request to): the image in the PDF, the batch manifest listing what each
/// document fetched, a cache hit re-rendering nothing, libcurl loaded only when fetching.
final class RemoteImageCLITests: BinaryTestCase {
    override class var folderPrefix: String { "remote" }

    private var server: Process?
    private var port = 0
    private var log: URL { folder.url.appendingPathComponent("requests.log") }

    override func tearDownWithError() throws {
        server?.terminate()
        server?.waitUntilExit()
        try super.tearDownWithError()
    }

    /// Starts the server; its port.
    private func startServer() throws {
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Paths.packageRoot.appendingPathComponent("scripts/image-server.py").path,
                             Paths.packageRoot.appendingPathComponent("Samples/images/diagram.png").path, log.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        server = process
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
        port = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self)))
    }

    private var requests: [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testBatchManifestListsWhatEachDocumentFetchedAndACacheHitRendersNothing() throws {
        try startServer()
        let inputs = folder.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let image = "http://127.0.0.1:\(port)/image.png", missing = "http://127.0.0.1:\(port)/missing.png"
        try Data("# A\n\n![shot](\(image))\n\n![gone](\(missing))\n".utf8).write(to: inputs.appendingPathComponent("a.md"))
        try Data("# B\n\nNo images.\n".utf8).write(to: inputs.appendingPathComponent("b.md"))
        let out = folder.url.appendingPathComponent("out"), manifest = folder.url.appendingPathComponent("m.jsonl")
        let arguments = ["batch", inputs.path, "-o", out.path, "--fetch-images=all", "--manifest", manifest.path,
                         "--set", "images.cache=\"\(folder.url.appendingPathComponent("cache").path)\""]
        let first = try Run.run(quire, arguments)
        XCTAssertEqual(first.status, 0, first.stderrText)
        XCTAssertTrue(first.stderrText.contains("a.md:5: remote image \(missing): HTTP status 404; a placeholder stands in"), first.stderrText)
        let lines = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
        let a = try XCTUnwrap(lines.first { $0.contains("\"path\":\"a.md\"") })
        XCTAssertTrue(a.hasSuffix(",\"images\":[\"\(image) fetched\",\"\(missing) failed: HTTP status 404\"]}"), String(a))
        XCTAssertFalse(try XCTUnwrap(lines.first { $0.contains("\"path\":\"b.md\"") }).contains("images"))
        let listed = try Run.run(try Run.tool("pdfimages"), ["-list", out.appendingPathComponent("a.pdf").path])
        XCTAssertTrue(listed.stdoutText.contains(" image "), listed.stdoutText)
        XCTAssertEqual(requests.sorted(), ["GET /image.png 200", "GET /missing.png 404"], "asked for together: in either order")

        let again = try Run.run(quire, arguments)
        XCTAssertEqual(again.status, 0, again.stderrText)
        XCTAssertTrue(try String(contentsOf: manifest, encoding: .utf8).contains("\"path\":\"a.md\",\"output\":\"a.pdf\",\"status\":\"skipped\""))
        XCTAssertEqual(requests.count, 2, "up to date: nothing rendered, nothing requested")
    }

    /// Issue 50: a long file (a mebibyte or more, parsed a section at a time) fetched its
    /// remote images one at a time, as each section met them, so four slow images took four
    /// round trips and the later ones ran out of the document's time. The pass that reads a
    /// long file's facts now gathers them, and they are asked for together, as a whole
    /// document's are.
    func testRegressionALongFileFetchesItsImagesTogether() throws {
        try startServer()
        let images = (1...4).map { "http://127.0.0.1:\(port)/slow.png?s=2&n=\($0)" }
        // Each part about 290 KB, as 110 one-line paragraphs padded with spaces (which Markdown
        // drops): the file is parsed in sections with an image in each of four, and little is
        // set (1,100 paragraphs of four lines each took most of the class's CPU time).
        let filler = "A paragraph of filler text, long enough to make the file large." + String(repeating: " ", count: 2_560) + "\n\n"
        var text = "# Long\n\n"
        for (k, image) in images.enumerated() {
            text += "## Part \(k + 1)\n\n![slow \(k + 1)](\(image))\n\n"
            text += String(repeating: filler, count: 110)
        }
        XCTAssertGreaterThan(text.utf8.count, 1 << 20, "parsed in sections")
        let input = folder.url.appendingPathComponent("long.md"), output = folder.url.appendingPathComponent("long.pdf")
        try Data(text.utf8).write(to: input)
        // Four 2-second images: together about 2 s, one after another 8 s, past the 5 s the
        // document is given.
        let run = try Run.run(quire, ["render", input.path, "-o", output.path, "--fetch-images=all",
                                      "--set", "images.document-timeout=5", "--set", "images.cache=\"\(folder.url.appendingPathComponent("cache").path)\""])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertFalse(run.stderrText.contains("remote image"), run.stderrText)
        XCTAssertEqual(requests.filter { $0.hasPrefix("GET /slow.png") && $0.hasSuffix(" 200") }.count, 4, requests.joined(separator: "\n"))
        let listed = try Run.run(try Run.tool("pdfimages"), ["-list", output.path])
        let pictures = listed.stdoutText.split(separator: "\n").filter { $0.split(separator: " ").dropFirst(2).first == "image" }
        XCTAssertEqual(pictures.count, 4, listed.stdoutText)
    }

    /// quire.json's `set` turns fetching on for a project, as `--fetch-images` does.
    func testQuireJSONTurnsFetchingOn() throws {
        try startServer()
        let project = folder.url.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let cache = folder.url.appendingPathComponent("cache").path
        try Data(#"{"set": {"images.fetch": "all", "images.cache": "\#(cache)"}}"#.utf8).write(to: project.appendingPathComponent("quire.json"))
        let input = project.appendingPathComponent("doc.md")
        try Data("![shot](http://127.0.0.1:\(port)/image.png)\n".utf8).write(to: input)
        let run = try Run.run(quire, ["render", input.path, "-o", folder.url.appendingPathComponent("doc.pdf").path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertEqual(run.stderrText, "")
        XCTAssertEqual(requests, ["GET /image.png 200"])
    }

    /// libcurl is opened only when fetching is on (checked with strace when it can trace).
    func testLibcurlIsLoadedOnlyWhenFetching() throws {
        guard let strace = try? Run.tool("strace") else { throw XCTSkip("strace is not installed") }
        let probe = try Run.run(strace, ["-f", "-o", "/dev/null", "true"])
        guard probe.status == 0 else { throw XCTSkip("strace cannot trace here: \(probe.stderrText)") }
        try startServer()
        let input = folder.url.appendingPathComponent("doc.md")
        try Data("![shot](http://127.0.0.1:\(port)/image.png)\n".utf8).write(to: input)
        func opensCurl(_ extra: [String], _ name: String) throws -> Bool {
            let trace = folder.url.appendingPathComponent("\(name).strace")
            let run = try Run.run(strace, ["-f", "-e", "trace=openat,open", "-o", trace.path, quire.path, "render", input.path,
                                           "-o", folder.url.appendingPathComponent("\(name).pdf").path, "-q",
                                           "--set", "images.cache=\"\(folder.url.appendingPathComponent("cache").path)\""] + extra)
            XCTAssertEqual(run.status, 0, run.stderrText)
            return try String(contentsOf: trace, encoding: .utf8).contains("libcurl.so.4")
        }
        XCTAssertFalse(try opensCurl([], "off"))
        XCTAssertTrue(try opensCurl(["--fetch-images=all"], "on"))
        XCTAssertEqual(requests, ["GET /image.png 200"])
    }

    /// Issue 50's batch of READMEs, small: five documents sharing three remote images (a PNG,
    /// an SVG badge, a JPEG from the mirror route, sent as application/octet-stream) fetch each
    /// URL once, the later documents reading the cache; a second batch, forced to render every
    /// file again, makes no request (each image younger than images.max-age) and lists every
    /// image as cached. One worker, so that no two documents ask at the same moment (workers
    /// share the cache safely but do not wait for each other's request).
    func testABatchSharingImagesFetchesEachURLOnceAndASecondRunMakesNoRequest() throws {
        try startServer()
        let inputs = folder.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let base = "http://127.0.0.1:\(port)"
        let urls = ["\(base)/image.png", "\(base)/badge.svg", "\(base)/mirror/example.org/shot.jpg"]
        for k in 1...5 {
            let named = [urls[k % 3], urls[(k + 1) % 3]] + (k == 5 ? [urls[1]] : [])
            let body = named.enumerated().map { "![image \($0.offset)](\($0.element))" }.joined(separator: "\n\n")
            try Data("# Document \(k)\n\n\(body)\n".utf8).write(to: inputs.appendingPathComponent("d\(k).md"))
        }
        let out = folder.url.appendingPathComponent("out"), manifest = folder.url.appendingPathComponent("m.jsonl")
        let arguments = ["batch", inputs.path, "-o", out.path, "--jobs", "1", "--fetch-images=all", "--manifest", manifest.path,
                         "--set", "images.cache=\"\(folder.url.appendingPathComponent("cache").path)\""]
        func listed() throws -> [String] {
            try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").flatMap { line -> [String] in
                let entry = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return entry["images"] as? [String] ?? []
            }
        }
        let first = try Run.run(quire, arguments)
        XCTAssertEqual(first.status, 0, first.stderrText)
        XCTAssertFalse(first.stderrText.contains("warning"), first.stderrText)
        XCTAssertEqual(requests.sorted(), ["GET /badge.svg 200", "GET /image.png 200", "GET /mirror/example.org/shot.jpg 200"])
        let once = try listed()
        XCTAssertEqual(once.count, 11)
        XCTAssertEqual(once.filter { $0.hasSuffix(" fetched") }.count, 3, "\(once)")
        XCTAssertEqual(once.filter { $0.hasSuffix(" cached") }.count, 8, "\(once)")

        let second = try Run.run(quire, arguments + ["--force"])
        XCTAssertEqual(second.status, 0, second.stderrText)
        XCTAssertEqual(requests.count, 3, "no request the second time: \(requests)")
        XCTAssertEqual(try listed().filter { $0.hasSuffix(" cached") }.count, 11)
        let pictures = try Run.run(try Run.tool("pdfimages"), ["-list", out.appendingPathComponent("d5.pdf").path])
        XCTAssertGreaterThanOrEqual(pictures.stdoutText.split(separator: "\n").count - 2, 2, "the PNG and the JPEG drawn")
    }
}
