import Foundation
import XCTest

/// Issue 37: several inputs. `render a.md b.md c.md -o book.pdf` makes one document, in
/// order, each starting a chapter, links between them inside the PDF; `batch` and `digest`
/// take globs and `--exclude`.
final class SeveralInputsTests: BinaryTestCase {
    override class var folderPrefix: String { "inputs" }

    private func pageText(_ pdf: String, _ page: Int) throws -> String {
        try Run.run(try Run.tool("pdftotext"), ["-enc", "UTF-8", "-f", "\(page)", "-l", "\(page)", pdf, "-"]).stdoutText
    }

    func testSeveralInputsMakeOneDocumentOfChaptersLinkedInside() throws {
        let a = try folder.write("book/a.md", "---\ntitle: The Book\nauthor: Ada\n---\n\n# Start\n\n"
                          + "See [the setup](b.md#install), [the end](c.md) and [elsewhere](other.md). A note.[^1]\n\n"
                          + "## Install\n\nChapter one's own install.\n\n[^1]: Chapter one's note.\n")
        let b = try folder.write("book/b.md", "# Setup\n\n## Install\n\nRun it. Back to [the start](a.md#start); [ours](#install).\n")
        let c = try folder.write("book/c.md", "# Third\n\nThe end.[^1]\n\n[^1]: Chapter three's note.\n")
        try folder.write("book/other.md", "# Other\n")
        let pdf = folder.path("book.pdf")
        let run = try Run.run(quire, ["render", a, b, c, "-o", pdf])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let info = try Run.run(try Run.tool("pdfinfo"), [pdf]).stdoutText
        XCTAssertTrue(info.contains("Title:           The Book\n"), info)
        XCTAssertTrue(info.contains("Pages:           3\n"), "each chapter on a page of its own: \(info)")
        let pages = try (1...3).map { try pageText(pdf, $0) }
        XCTAssertTrue(pages[0].contains("Start") && pages[0].contains("Chapter one's note."), pages[0])
        XCTAssertTrue(pages[1].hasPrefix("The Book") && pages[1].contains("Setup"), "running title, chapter 2: \(pages[1])")
        XCTAssertTrue(pages[2].contains("Third") && pages[2].contains("Chapter three's note."), pages[2])
        let inspector = PDFInspector(pdf: URL(fileURLWithPath: pdf))
        XCTAssertTrue(try inspector.check().passed)
        let links = try inspector.links()
        XCTAssertEqual(links.unresolved, [])
        // b.md#install is chapter 2's heading, not chapter 1's of the same name; a.md#start
        // chapter 1's; c.md chapter 3's start; #install inside b.md its own.
        for name in ["d2-install", "d1-start", "d3"] { XCTAssertTrue(links.internalTargets.contains(name), "\(name): \(links.internalTargets)") }
        XCTAssertEqual(links.internalTargets.filter { $0 == "d2-install" }.count, 2, "both links to b's Install")
        XCTAssertTrue(links.uris.contains("other.pdf"), "a file that is not an input: its PDF, as render writes it: \(links.uris)")
        // The outline holds every chapter's headings.
        XCTAssertEqual(try inspector.outlineCount(), 5)
    }

    func testSeveralInputsNeedAnOutputAndSayWhichInputFailed() throws {
        let a = try folder.write("a.md", "# A\n")
        let none = try Run.run(quire, ["render", a, a])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderrText.contains("several inputs make one PDF: name it with -o"), none.stderrText)
        let missing = try Run.run(quire, ["render", a, folder.path("gone.md"), "-o", folder.path("out.pdf")])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderrText.contains("\(folder.path("gone.md")): cannot read"), missing.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out.pdf")))
        let warned = try folder.write("b.md", "# B\n\n[missing](#nowhere)\n")
        let warning = try Run.run(quire, ["render", a, warned, "-o", folder.path("out.pdf")])
        XCTAssertEqual(warning.status, 0, warning.stderrText)
        XCTAssertTrue(warning.stderrText.contains("quire: warning: \(warned):3: link to missing anchor #nowhere"), warning.stderrText)
    }

    func testBatchAndDigestTakeGlobsAndExclude() throws {
        try folder.write("docs/a.md", "# A\n")
        try folder.write("docs/guide/b.md", "# B\n")
        try folder.write("docs/node_modules/pkg/README.md", "# Vendored\n")
        try folder.write("docs/drafts/c.md", "# Draft\n")
        try folder.write("docs/d.draft.md", "# Draft too\n")
        let batch = try Run.run(quire, ["batch", folder.path("docs"), "-o", folder.path("pdf"), "--exclude", "node_modules/",
                                        "--exclude", "drafts/**", "--exclude", "*.draft.md"])
        XCTAssertEqual(batch.status, 0, batch.stderrText)
        let made = try FileManager.default.subpathsOfDirectory(atPath: folder.path("pdf")).filter { $0.hasSuffix(".pdf") }.sorted()
        XCTAssertEqual(made, ["a.pdf", "guide/b.pdf"])
        // A glob, quoted so the shell leaves it: its fixed part is the folder mirrored.
        let glob = try Run.run(quire, ["batch", folder.path("docs") + "/**/*.md", "-o", folder.path("globbed"), "--exclude", "node_modules"])
        XCTAssertEqual(glob.status, 0, glob.stderrText)
        let globbed = try FileManager.default.subpathsOfDirectory(atPath: folder.path("globbed")).filter { $0.hasSuffix(".pdf") }.sorted()
        XCTAssertEqual(globbed, ["a.pdf", "d.draft.pdf", "drafts/c.pdf", "guide/b.pdf"])
        let digest = try Run.run(quire, ["digest", folder.path("docs") + "/*.md", folder.path("docs/guide"), "-o", folder.path("digest.pdf"),
                                         "--exclude", "*.draft.md"])
        XCTAssertEqual(digest.status, 0, digest.stderrText)
        XCTAssertTrue(digest.stderrText.contains("digest: 2 documents"), digest.stderrText)
        let nothing = try Run.run(quire, ["digest", folder.path("docs") + "/*.txt", "-o", folder.path("none.pdf")])
        XCTAssertEqual(nothing.status, 1)
        XCTAssertTrue(nothing.stderrText.contains("no Markdown file matches"), nothing.stderrText)
    }
}
