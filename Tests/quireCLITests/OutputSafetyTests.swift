import Foundation
import XCTest

/// Issue 17: nothing lost, nothing stale. Outputs that are inputs, links, devices, FIFOs,
/// read-only files and missing folders, and batch outputs made with other settings. Nodes and
/// FIFOs are made in the test's own folder (tests run as root: never touch system paths).
final class OutputSafetyTests: BinaryTestCase {
    override class var folderPrefix: String { "output" }

    private var dir: URL { folder.url }
    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    private func write(_ name: String, _ text: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func quireRun(_ arguments: [String]) throws -> RunResult { try Run.run(quire, arguments) }

    private func isPDF(_ path: String) -> Bool {
        (try? Data(contentsOf: URL(fileURLWithPath: path)).prefix(5)) == Data("%PDF-".utf8)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("same.md", "# Same\n\nThe source.\n")
    }

    func testRenderRefusesAnOutputThatIsItsInputByAnyPath() throws {
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("link.pdf"), withDestinationPath: path("same.md"))
        for output in [path("same.md"), path("sub/../same.md"), path("link.pdf")] {
            let run = try quireRun(["render", path("same.md"), "-o", output])
            XCTAssertEqual(run.status, 1, output)
            XCTAssertTrue(run.stderrText.contains("\(output): is the input \(path("same.md")) itself"), run.stderrText)
        }
        XCTAssertEqual(try String(contentsOfFile: path("same.md"), encoding: .utf8), "# Same\n\nThe source.\n")
        let png = try quireRun(["preview", path("same.md"), "--png", path("same.md")])
        XCTAssertEqual(png.status, 1, png.stderrText)
        XCTAssertEqual(try String(contentsOfFile: path("same.md"), encoding: .utf8), "# Same\n\nThe source.\n")
    }

    func testDigestAndBatchRefuseAnOutputThatIsAnInput() throws {
        try write("docs/a.md", "# A\n")
        try write("docs/b.md", "# B\n")
        let digest = try quireRun(["digest", path("docs"), "-o", path("docs/a.md")])
        XCTAssertEqual(digest.status, 1, digest.stderrText)
        XCTAssertTrue(digest.stderrText.contains("is the input"), digest.stderrText)
        XCTAssertEqual(try String(contentsOfFile: path("docs/a.md"), encoding: .utf8), "# A\n")
        // A batch output that is a link to one of the inputs: that job fails, the others render.
        try FileManager.default.createDirectory(atPath: path("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("out/a.pdf"), withDestinationPath: path("docs/a.md"))
        let batch = try quireRun(["batch", path("docs"), "-o", path("out")])
        XCTAssertEqual(batch.status, 1, batch.stderrText)
        XCTAssertTrue(batch.stderrText.contains("is one of the inputs; not overwritten"), batch.stderrText)
        XCTAssertEqual(try String(contentsOfFile: path("docs/a.md"), encoding: .utf8), "# A\n")
        XCTAssertTrue(isPDF(path("out/b.pdf")))
        // An output folder inside the input tree is fine.
        let inside = try quireRun(["batch", path("docs"), "-o", path("docs/pdf")])
        XCTAssertEqual(inside.status, 0, inside.stderrText)
    }

    func testOutputThroughASymbolicLinkKeepsTheLinkAndUpdatesItsTarget() throws {
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: true)
        try Data("%PDF-1.5 old".utf8).write(to: URL(fileURLWithPath: path("real/target.pdf")))
        try FileManager.default.createSymbolicLink(atPath: path("link.pdf"), withDestinationPath: "real/target.pdf")
        let run = try quireRun(["render", path("same.md"), "-o", path("link.pdf")])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.pdf")), "real/target.pdf", "the link stays")
        XCTAssertTrue(isPDF(path("real/target.pdf")))
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: path("real/target.pdf"))).count, 1000, "the target has the new PDF")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("real")), ["target.pdf"], "no temporary file left")
    }

    func testADeviceOutputIsWrittenInPlaceAndAFullDeviceIsAnError() throws {
        let node = path("full")
        XCTAssertEqual(mknod(node, S_IFCHR | 0o666, (1 << 8) | 7), 0, "a /dev/full node in the test's folder")
        let run = try quireRun(["render", path("same.md"), "-o", node])
        XCTAssertEqual(run.status, 1, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("No space left on device"), run.stderrText)
        var info = stat()
        XCTAssertEqual(stat(node, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "still a device, not replaced by a file")
    }

    func testAFIFOOutputIsWrittenInPlace() throws {
        let fifo = path("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "timeout 20 cat \"$0\" > \"$1\"", fifo, path("received.pdf")]
        try reader.run()
        let run = try quireRun(["render", path("same.md"), "-o", fifo])
        reader.waitUntilExit()
        XCTAssertEqual(run.status, 0, run.stderrText)
        var info = stat()
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        XCTAssertTrue(isPDF(path("received.pdf")), "the reader got the PDF")
    }

    func testAReadOnlyOutputIsRefused() throws {
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path("locked.pdf")))
        XCTAssertEqual(chmod(path("locked.pdf"), 0o444), 0)
        let run = try quireRun(["render", path("same.md"), "-o", path("locked.pdf")])
        XCTAssertEqual(run.status, 1, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("is read-only; not overwritten"), run.stderrText)
        XCTAssertEqual(try String(contentsOfFile: path("locked.pdf"), encoding: .utf8), "keep me")
    }

    func testAnOutputInAMissingFolderGetsItsFolder() throws {
        let run = try quireRun(["render", path("same.md"), "-o", path("nowhere/x.pdf")])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(isPDF(path("nowhere/x.pdf")), "the folder is made, as pandoc and Typst make it")
        let batch = try quireRun(["batch", dir.path, "-o", path("new/tree")])
        XCTAssertEqual(batch.status, 0, "batch makes its own output tree: \(batch.stderrText)")
        XCTAssertTrue(isPDF(path("new/tree/same.pdf")))
    }

    /// Regression: a batch run again with other settings said "skipped (up to date)" and kept
    /// the old PDFs; a PDF is up to date only when made with the same settings and version.
    func testBatchWithOtherSettingsRerendersAndWithTheSameSkips() throws {
        try write("in/a.md", "# A\n\nText.\n")
        try write("house.json", #"{"body.size": 11}"#)
        func batch(_ extra: [String]) throws -> String {
            let run = try quireRun(["batch", path("in"), "-o", path("out"), "--jobs", "1"] + extra)
            XCTAssertEqual(run.status, 0, run.stderrText)
            return run.stderrText
        }
        XCTAssertTrue(try batch([]).contains("1 rendered, 0 skipped"))
        XCTAssertTrue(try batch([]).contains("0 rendered, 1 skipped"))
        for change in [["--page-size", "a5"], ["--set", "body.size=12"], ["--template", "compact"], ["--excerpt-lines", "2"],
                       ["--template", path("house.json")]] {
            XCTAssertTrue(try batch(change).contains("1 rendered, 0 skipped"), "\(change)")
            XCTAssertTrue(try batch(change).contains("0 rendered, 1 skipped"), "\(change) again")
        }
        try write("house.json", #"{"body.size": 12}"#)
        XCTAssertTrue(try batch(["--template", path("house.json")]).contains("1 rendered, 0 skipped"), "the template file changed")
        XCTAssertTrue(try batch(["--template", path("house.json"), "--force"]).contains("1 rendered, 0 skipped"))
        let info = try Run.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [path("out/a.pdf")])
        XCTAssertTrue(info.stdoutText.contains("Creator:         Quire"), info.stdoutText)
    }
}
