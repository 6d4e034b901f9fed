import Foundation
import XCTest

/// Issue 6: `quire batch` and `quire preview --png` through the binary, on temporary folders.
final class BatchTests: BinaryTestCase {
    override class var folderPrefix: String { "batch" }
    private var input: URL { folder.url.appendingPathComponent("in") }
    private var output: URL { folder.url.appendingPathComponent("out") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let files = [
            "a.md": "# A\n\nText of A with [a link](#a).\n",
            "docs/b.markdown": "# B\n\n- item\n- item\n",
            "docs/deep/c.md": "# C\n\n😀 Emoji and 日本語.\n",
            "docs/deep/d.md": String(repeating: "Paragraph text. ", count: 400),
            ".hidden/e.md": "# hidden\n",
            "notes.txt": "not markdown",
        ]
        for (path, text) in files { try write(path, Data(text.utf8)) }
    }

    private func write(_ path: String, _ data: Data) throws {
        let url = input.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func batch(_ extra: [String] = [], out: URL? = nil, environment: [String: String] = [:]) throws -> RunResult {
        try Run.run(quire, ["batch", input.path, "-o", (out ?? output).path] + extra, environment: environment)
    }

    private func pdfs(under root: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: root.path)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".pdf") }.sorted()
    }

    func testMirrorsTheTreeAndSkipsUpToDateOutputs() throws {
        let first = try batch(["--jobs", "2"])
        XCTAssertEqual(first.status, 0, first.stderrText)
        XCTAssertEqual(pdfs(under: output), ["a.pdf", "docs/b.pdf", "docs/deep/c.pdf", "docs/deep/d.pdf"])
        XCTAssertTrue(first.stderrText.contains("4 files: 4 rendered, 0 skipped, 0 failed"), first.stderrText)
        for pdf in pdfs(under: output) {
            XCTAssertTrue(try PDFInspector(pdf: output.appendingPathComponent(pdf)).check().passed, pdf)
        }
        let second = try batch()
        XCTAssertEqual(second.status, 0)
        XCTAssertTrue(second.stderrText.contains("0 rendered, 4 skipped"), second.stderrText)
        try write("a.md", Data("# A changed\n".utf8))
        XCTAssertTrue(try batch().stderrText.contains("1 rendered, 3 skipped"))
        XCTAssertTrue(try batch(["--force"]).stderrText.contains("4 rendered, 0 skipped"))
    }

    func testABadFileIsReportedAndTheOthersStillRender() throws {
        try write("docs/bad.md", Data([0x23, 0x20, 0xC3, 0x28]))
        let run = try batch(["--jobs", "2"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderrText.contains("quire: error: docs/bad.md: not valid UTF-8: bad byte at offset 2"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("5 files: 4 rendered, 0 skipped, 1 failed"), run.stderrText)
        XCTAssertEqual(pdfs(under: output).count, 4)
    }

    func testJobs1AndJobs2GiveByteIdenticalPDFs() throws {
        let one = folder.url.appendingPathComponent("one"), two = folder.url.appendingPathComponent("two")
        XCTAssertEqual(try batch(["--jobs", "1"], out: one).status, 0)
        XCTAssertEqual(try batch(["--jobs", "2"], out: two).status, 0)
        let files = pdfs(under: one)
        XCTAssertEqual(files, pdfs(under: two))
        for file in files {
            XCTAssertEqual(try Data(contentsOf: one.appendingPathComponent(file)),
                           try Data(contentsOf: two.appendingPathComponent(file)), file)
        }
    }

    func testNeverOverwritesAFileQuireDidNotWrite() throws {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let precious = output.appendingPathComponent("a.pdf")
        try Data("my own notes".utf8).write(to: precious)
        let run = try batch(["--force"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderrText.contains("is not a PDF written by Quire; not overwritten"), run.stderrText)
        XCTAssertEqual(try String(contentsOf: precious, encoding: .utf8), "my own notes")
    }

    func testACrashingRendererFailsOnlyItsFile() throws {
        let run = try batch(["--jobs", "2"], environment: ["QUIRE_TEST_WORKER_CRASH_ON": "docs/b.markdown"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderrText.contains("docs/b.markdown: the renderer crashed on this file"), run.stderrText)
        XCTAssertEqual(pdfs(under: output), ["a.pdf", "docs/deep/c.pdf", "docs/deep/d.pdf"])
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try Run.run(quire, ["batch", input.path]).status, 2, "no -o")
        let notFolder = try Run.run(quire, ["batch", input.appendingPathComponent("a.md").path, "-o", output.path])
        XCTAssertEqual(notFolder.status, 2)
        XCTAssertTrue(notFolder.stderrText.contains("not a folder"))
    }

    func testPreviewWritesAPNGOfThePageSize() throws {
        let png = folder.url.appendingPathComponent("page.png")
        let run = try Run.run(quire, ["preview", input.appendingPathComponent("docs/deep/d.md").path,
                                      "--png", png.path, "--page", "2", "--dpi", "72", "--page-size", "a5"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let data = try Data(contentsOf: png)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16...23.
        func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(be32(16), 420, "A5 width at 72 dpi")
        XCTAssertEqual(be32(20), 595)
        let missing = try Run.run(quire, ["preview", input.appendingPathComponent("a.md").path, "--png", png.path, "--page", "9"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderrText.contains("no page 9"))
    }
}
