import Foundation
import Quire
import XCTest

/// The `quire` command's behaviour: messages, exit codes, standard streams, atomic output.
final class CLITests: BinaryTestCase {
    override class var folderPrefix: String { "cli" }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    private func file(_ name: String, _ text: String) throws -> URL {
        try file(name, Array(text.utf8))
    }

    private func quire(_ arguments: String..., stdin: Data? = nil) throws -> RunResult {
        try Run.run(quire, arguments, stdin: stdin)
    }

    /// Regressions: `preview` refused -q, silently ignored --page without --png, and `batch`
    /// said "not a folder" of a folder that does not exist. (A file is an input batch takes
    /// since issue 37: globs name files.)
    func testPreviewTakesQuietAndPageNeedsPNGAndBatchSaysNoSuchFolder() throws {
        let input = try file("doc.md", "# Doc\n\nText.\n")
        XCTAssertEqual(try quire("preview", input.path, "-q").status, 0)
        let page = try quire("preview", input.path, "--page", "2")
        XCTAssertEqual(page.status, 2)
        XCTAssertTrue(page.stderrText.contains("--page needs --png"), page.stderrText)
        XCTAssertEqual(try quire("preview", input.path, "--dpi", "72").status, 2)
        let missing = try quire("batch", folder.url.appendingPathComponent("nope").path, "-o", folder.url.path)
        XCTAssertEqual(missing.status, 1, "a missing input is an input error (issue 48)")
        XCTAssertTrue(missing.stderrText.contains("no such file or folder"), missing.stderrText)
        let file = try quire("batch", input.path, "-o", folder.url.appendingPathComponent("pdf").path)
        XCTAssertEqual(file.status, 0, file.stderrText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pdf/doc.pdf").path))
    }

    /// Regressions: `templates --help` failed ("unexpected '--help'"); digest took
    /// --resource-root but its help did not list it. Every help is made from the option table
    /// each command parses with.
    func testEveryCommandsHelpListsWhatItParses() throws {
        let templates = try quire("templates", "--help")
        XCTAssertEqual(templates.status, 0, templates.stderrText)
        XCTAssertTrue(templates.stdoutText.contains("--keys"))
        let digest = try quire("digest", "--help")
        XCTAssertTrue(digest.stdoutText.contains("--resource-root DIR"), digest.stdoutText)
        for command in ["render", "preview", "batch", "digest"] {
            let help = try quire(command, "--help")
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdoutText.contains("--landscape"), "\(command) lists the style options")
        }
    }

    func testVersionPrintsNameAndVersion() throws {
        let r = try quire("--version")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdoutText, "quire \(Quire.version)\n")
    }

    func testMissingInputFileExits1NamingIt() throws {
        let missing = folder.url.appendingPathComponent("no-such-file.md").path
        let output = folder.url.appendingPathComponent("out.pdf").path
        let r = try quire("render", missing, "-o", output)
        XCTAssertEqual(r.status, 1, r.stderrText)
        XCTAssert(r.stderrText.contains("quire: error:"), r.stderrText)
        XCTAssert(r.stderrText.contains(missing), r.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testUnknownOptionExits2WithHint() throws {
        let input = try file("in.md", "# Title\n")
        let r = try quire("render", input.path, "--no-such-option")
        XCTAssertEqual(r.status, 2, r.stderrText)
        XCTAssert(r.stderrText.contains("--no-such-option"), r.stderrText)
        XCTAssert(r.stderrText.contains("hint:"), r.stderrText)
    }

    func testInvalidUTF8Exits1NamingTheByteOffset() throws {
        // "# Title\n\nabc" is 12 bytes; 0xC3 needs a continuation byte and gets "(".
        let input = try file("bad.md", Array("# Title\n\nabc".utf8) + [0xC3, 0x28, 0x0A])
        let r = try quire("render", input.path, "-o", folder.url.appendingPathComponent("bad.pdf").path)
        XCTAssertEqual(r.status, 1, r.stderrText)
        XCTAssert(r.stderrText.contains("quire: error:"), r.stderrText)
        XCTAssert(r.stderrText.contains(input.path), r.stderrText)
        XCTAssert(r.stderrText.contains("offset 12"), r.stderrText)
    }

    func testFailedRenderLeavesExistingOutputUntouched() throws {
        let output = try file("out.pdf", "%PDF-1.7 an earlier output, not to be touched\n")
        let before = try Data(contentsOf: output)
        let input = try file("bad.md", [0x23, 0x20, 0xFF, 0x0A])
        let r = try quire("render", input.path, "-o", output.path)
        XCTAssertEqual(r.status, 1, r.stderrText)
        XCTAssertEqual(try Data(contentsOf: output), before, "a failed render changed the existing output")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        XCTAssertEqual(left, ["bad.md", "out.pdf"], "temporary files left behind")

        // A good render then replaces it with a whole PDF.
        let good = try file("good.md", "# Fine\n\nText.\n")
        XCTAssertEqual(try quire("render", good.path, "-o", output.path).status, 0)
        XCTAssert(try Data(contentsOf: output).starts(with: Array("%PDF-".utf8)))
        XCTAssertEqual(try PDFInspector(pdf: output).check().passed, true)
    }

    func testDashReadsStandardInputAndWritesStandardOutput() throws {
        let r = try quire("render", "-", "-o", "-", stdin: Data("# From stdin\n\nHello, pipe.\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssert(r.stdout.starts(with: Array("%PDF".utf8)), "stdout does not start with %PDF")
        let pdf = folder.url.appendingPathComponent("stdout.pdf")
        try r.stdout.write(to: pdf)
        let inspector = PDFInspector(pdf: pdf)
        XCTAssertEqual(try inspector.check().passed, true)
        XCTAssert(try inspector.text().contains("Hello, pipe."))
    }

    func testBrokenAnchorWarnsWithFileAndLine() throws {
        let input = try file("links.md", "# Title\n\nFine [link](#title).\n\nBroken [link](#nowhere).\n")
        let output = folder.url.appendingPathComponent("links.pdf")
        let r = try quire("render", input.path, "-o", output.path)
        XCTAssertEqual(r.status, 0, r.stderrText)
        XCTAssert(r.stderrText.contains("quire: warning: \(input.path):5:"), r.stderrText)
        XCTAssert(r.stderrText.contains("#nowhere"), r.stderrText)
        XCTAssertEqual(r.stderrText.components(separatedBy: "quire: warning:").count - 1, 1, r.stderrText)
        XCTAssert(FileManager.default.fileExists(atPath: output.path), "a warning must not stop the PDF")
    }

    /// The corpus checks rely on PDFInspector reading qpdf's JSON right: check it on a known PDF.
    func testInspectorReadsOutlineAndInternalLinks() throws {
        let input = try file("small.md", "# Hello\n\nSee [x](#hello) and [y](#sub) and [out](https://example.com).\n\n- item\n\n  ## Sub\n\n> ### Quoted\n")
        let output = folder.url.appendingPathComponent("small.pdf")
        XCTAssertEqual(try quire("render", input.path, "-o", output.path).status, 0)
        let inspector = PDFInspector(pdf: output)
        XCTAssertEqual(try inspector.outlineCount(), 3)
        let links = try inspector.links()
        XCTAssertEqual(links.internalTargets.count, 2, "\(links.internalTargets)")
        XCTAssertEqual(links.unresolved, [])
        XCTAssertEqual(links.destinationsOffPage, [])
        XCTAssert(links.destinations.isSuperset(of: links.internalTargets))
        XCTAssertEqual(VisibleText.headingCount(parseMarkdown(try String(contentsOf: input, encoding: .utf8)).blocks), 3)
    }

    /// And it must notice a link whose destination is missing: break one by hand.
    func testInspectorReportsALinkToAMissingDestination() throws {
        let input = try file("one.md", "# Hello\n\nSee [x](#hello).\n")
        let output = folder.url.appendingPathComponent("one.pdf")
        XCTAssertEqual(try quire("render", input.path, "-o", output.path).status, 0)
        let qdf = folder.url.appendingPathComponent("one-qdf.pdf")
        let expand = try Run.run(try Run.tool("qpdf"), ["--qdf", "--object-streams=disable", output.path, qdf.path])
        XCTAssertEqual(expand.status, 0, expand.stderrText)
        // Latin-1 keeps every byte; the same length keeps the cross-reference offsets right.
        let text = try XCTUnwrap(String(data: try Data(contentsOf: qdf), encoding: .isoLatin1))
        XCTAssert(text.contains("/Dest (hello)"), "qpdf --qdf output changed; update this test")
        let broken = folder.url.appendingPathComponent("broken.pdf")
        try XCTUnwrap(text.replacingOccurrences(of: "/Dest (hello)", with: "/Dest (hellp)").data(using: .isoLatin1)).write(to: broken)
        let links = try PDFInspector(pdf: broken).links()
        XCTAssertEqual(links.internalTargets, ["hellp"])
        XCTAssertEqual(links.unresolved, ["hellp"])
    }
}
