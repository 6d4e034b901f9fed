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

    /// An output path that is a FIFO (left by someone else in the output tree) fails that file
    /// with a message, at once: the up-to-date check used to open it to read Quire's metadata
    /// and wait forever for a writer.
    func testRegressionBatchHungOnAFIFOWhereAnOutputGoes() throws {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let fifo = output.appendingPathComponent("a.pdf")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let run = try Run.run(quire, ["batch", input.path, "-o", output.path], timeout: 60)
        XCTAssertEqual(run.status, 1, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("is not a regular file"), run.stderrText)
        var info = stat()
        XCTAssertEqual(stat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is left as it was")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("docs/b.pdf").path), "the other files render")
    }

    /// A worker that dies fails only the file it was rendering. The worker is really killed:
    /// one file is a FIFO, whose reader waits for a writer that never comes, and the test kills
    /// the worker found holding it open (no hook in the sources).
    func testACrashingRendererFailsOnlyItsFile() throws {
        let fifo = input.appendingPathComponent("docs/stuck.md")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let process = Process()
        process.executableURL = quire
        process.arguments = ["batch", input.path, "-o", output.path, "--jobs", "2"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Open the FIFO's other end once a worker opens it to read (until then, opening it
        // without waiting fails), so the worker goes on to wait in read() holding it open.
        var writer: Int32 = -1
        for _ in 0..<600 where writer < 0 {
            writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
            if writer < 0 { Thread.sleep(forTimeInterval: 0.05) }
        }
        defer { if writer >= 0 { close(writer) } }
        XCTAssertGreaterThanOrEqual(writer, 0, "a worker opened the FIFO")
        var killed = false
        for _ in 0..<600 where !killed && writer >= 0 {
            Thread.sleep(forTimeInterval: 0.05)
            for pid in try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init) {
                let fds = "/proc/\(pid)/fd"
                let open = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
                let holdsFIFO = open.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\($0)")) == fifo.path }
                if holdsFIFO, pid != getpid(), pid != process.processIdentifier, kill(pid, SIGKILL) == 0 { killed = true }
            }
        }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(killed, "a worker was found reading the FIFO")
        XCTAssertEqual(process.terminationStatus, 1, stderr)
        XCTAssertTrue(stderr.contains("docs/stuck.md: the renderer crashed on this file (signal 9)"), stderr)
        XCTAssertEqual(pdfs(under: output), ["a.pdf", "docs/b.pdf", "docs/deep/c.pdf", "docs/deep/d.pdf"])
    }

    /// Regression: the workers' line protocol turned a newline in a path into a space, so a
    /// file whose name holds a newline was asked for under another name and failed.
    func testBatchRendersAFileWhoseNameHasANewline() throws {
        try write("odd\nname.md", Data("# Odd\n\nA file name with a newline.\n".utf8))
        let run = try batch(["--jobs", "2"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(pdfs(under: output).contains("odd\nname.pdf"), "\(pdfs(under: output))")
        XCTAssertTrue(try PDFInspector(pdf: output.appendingPathComponent("odd\nname.pdf")).check().passed)
    }

    /// Every option that takes a value takes it after "=" too.
    func testOptionEqualsValueWorksAsOptionSpaceValue() throws {
        let run = try Run.run(quire, ["batch", input.path, "--output=\(output.path)", "--jobs=2", "--set=body.size=11",
                                      "--page-size=a5", "--excerpt-lines=3", "--template=compact"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertEqual(pdfs(under: output).count, 4)
        let pdf = output.appendingPathComponent("a.pdf")
        let info = try Run.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path])
        XCTAssertTrue(info.stdoutText.contains("419.528 x 595.276 pts"), info.stdoutText)
        let flag = try Run.run(quire, ["batch", input.path, "-o", output.path, "--force=yes"])
        XCTAssertEqual(flag.status, 2)
        XCTAssertTrue(flag.stderrText.contains("option '--force' takes no value"), flag.stderrText)
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try Run.run(quire, ["batch", input.path]).status, 2, "no -o")
        let missing = try Run.run(quire, ["batch", input.appendingPathComponent("gone.md").path, "-o", output.path])
        XCTAssertEqual(missing.status, 1, "a missing input is an input error, as for render and digest")
        XCTAssertTrue(missing.stderrText.contains("gone.md: no such file or folder"), missing.stderrText)
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
