import Foundation
import XCTest

/// Issue 22: links between documents through the binary. A three-document tree with links up
/// and down is rendered by `batch`; every link's target file and named destination exist,
/// wherever the output tree is copied.
final class CrossDocumentLinkTests: BinaryTestCase {
    override class var folderPrefix: String { "links" }
    private var input: URL { folder.url.appendingPathComponent("in") }
    private var output: URL { folder.url.appendingPathComponent("out") }

    private static let tree = [
        "index.md": "# Index\n\nStart with [the intro](guide/intro.md), then [why](guide/deep/faq.md#why-quire).\n\n"
            + "Not there: [gone](gone.md) and [no such heading](guide/intro.md#nowhere).\n",
        "guide/intro.md": "# Intro\n\nBack [home](../index.md#index); see [the FAQ](deep/faq.md#Why-Quire) and [the root](/index.md).\n\n"
            + "## Set up\n\nSee [below](intro.md#set-up).\n",
        "guide/deep/faq.md": "---\ntitle: FAQ\n---\n\n## Why Quire?\n\nUp [to the set-up](../intro.md#set-up) and [home](../../index.md).\n",
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        for (path, text) in Self.tree { try write(path, text) }
    }

    private func write(_ path: String, _ text: String) throws {
        let url = input.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func batch(_ extra: [String] = []) throws -> RunResult {
        try Run.run(quire, ["batch", input.path, "-o", output.path] + extra)
    }

    /// The latest modification time of the files under `root`.
    private func newestModification(under root: URL) throws -> Date {
        let names = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
        return try names.map { try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent($0).path)[.modificationDate] as? Date ?? .distantPast }
            .max() ?? .distantPast
    }

    /// Every relative link of every PDF under `root`: (pdf, uri), in order.
    private func relativeLinks(under root: URL) throws -> [(pdf: String, uri: String)] {
        let pdfs = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".pdf") }.sorted()
        return try pdfs.flatMap { pdf in
            try PDFInspector(pdf: root.appendingPathComponent(pdf)).links().uris.filter { !$0.contains(":") }.map { (pdf, $0) }
        }
    }

    func testBatchLinksEveryDocumentToTheOthersPDFsAndTheirHeadings() throws {
        let run = try batch(["--jobs", "2"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        for warning in ["index.md:5: link to gone.md: not one of the batch's inputs; left as written",
                        "index.md:5: link to missing anchor #nowhere in guide/intro.md; it opens the document at its start"] {
            // Named from the input folder as typed (issue 48).
            XCTAssertTrue(run.stderrText.contains("quire: warning: \(input.path)/" + warning), run.stderrText)
        }
        let links = try relativeLinks(under: output)
        XCTAssertEqual(links.map { "\($0.pdf) -> \($0.uri)" }, [
            "guide/deep/faq.pdf -> ../intro.pdf#set-up", "guide/deep/faq.pdf -> ../../index.pdf",
            "guide/intro.pdf -> ../index.pdf#index", "guide/intro.pdf -> deep/faq.pdf#why-quire", "guide/intro.pdf -> ../index.pdf",
            "index.pdf -> guide/intro.pdf", "index.pdf -> guide/deep/faq.pdf#why-quire", "index.pdf -> gone.md", "index.pdf -> guide/intro.pdf",
        ])
        // The tree works wherever it is copied: every link to a PDF reaches a file and a destination in it.
        let copy = folder.url.appendingPathComponent("elsewhere/pdfs")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: output, to: copy)
        var checked = 0
        for (pdf, uri) in try relativeLinks(under: copy) where !uri.hasSuffix(".md") {
            let parts = uri.split(separator: "#", maxSplits: 1).map(String.init)
            let target = copy.appendingPathComponent(pdf).deletingLastPathComponent()
                .appendingPathComponent(parts[0].removingPercentEncoding ?? parts[0]).standardizedFileURL
            XCTAssertTrue(FileManager.default.fileExists(atPath: target.path), "\(pdf) -> \(uri)")
            if parts.count == 2 {
                XCTAssertTrue(try PDFInspector(pdf: target).links().destinations.contains(parts[1]), "\(pdf) -> \(uri)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 8)
        // The link into intro.md itself is internal.
        let intro = try PDFInspector(pdf: output.appendingPathComponent("guide/intro.pdf")).links()
        XCTAssertEqual(intro.internalTargets, ["set-up"])
        XCTAssertEqual(intro.unresolved, [])
    }

    /// Links depend on which files are inputs: adding or removing a linked file renders the
    /// documents linking to it again, an unrelated file renders nothing else, and a file
    /// whose headings a link's fragment is looked up in renders its linkers again when it changes.
    func testFreshnessFollowsTheLinkedFilesOnly() throws {
        XCTAssertEqual(try batch().status, 0)
        XCTAssertTrue(try batch().stderrText.contains("3 files: 0 rendered, 3 skipped"))
        try write("unrelated.md", "# Unrelated\n")
        XCTAssertTrue(try batch().stderrText.contains("4 files: 1 rendered, 3 skipped"), "only the new file")
        try write("gone.md", "# Back\n")
        let added = try batch()
        XCTAssertTrue(added.stderrText.contains("5 files: 2 rendered, 3 skipped"), added.stderrText)
        XCTAssertTrue(try relativeLinks(under: output).contains { $0.pdf == "index.pdf" && $0.uri == "gone.pdf" })
        try FileManager.default.removeItem(at: input.appendingPathComponent("gone.md"))
        let removed = try batch()
        XCTAssertTrue(removed.stderrText.contains("4 files: 1 rendered, 3 skipped"), removed.stderrText)
        XCTAssertTrue(removed.stderrText.contains("rendered index.md"), removed.stderrText)
        // intro.md's link to deep/faq.md#Why-Quire and index.md's to deep/faq.md#why-quire
        // depend on faq.md's headings (issue 48: a heading renamed there must warn here).
        // The edit must be newer than every PDF: wait for the clock to pass their times.
        let newest = try newestModification(under: output)
        while Date() <= newest { usleep(1_000) }
        try write("guide/deep/faq.md", Self.tree["guide/deep/faq.md"]! + "\nMore.\n")
        let edited = try batch()
        XCTAssertTrue(edited.stderrText.contains("4 files: 3 rendered, 1 skipped"), edited.stderrText)
        XCTAssertTrue(edited.stderrText.contains("rendered guide/intro.md"), edited.stderrText)
        XCTAssertTrue(edited.stderrText.contains("rendered index.md"), edited.stderrText)
        XCTAssertTrue(try batch(["--link-ext", "md"]).stderrText.contains("4 files: 4 rendered"), "the link mode is a setting")
    }

    func testRenderLinksToTheMarkdownBesideItAndLinkExtChooses() throws {
        let intro = input.appendingPathComponent("guide/intro.md")
        let pdf = folder.url.appendingPathComponent("intro.pdf")
        func uris(_ mode: [String]) throws -> (uris: [String], stderr: String) {
            let run = try Run.run(quire, ["render", intro.path, "-o", pdf.path] + mode)
            XCTAssertEqual(run.status, 0, run.stderrText)
            return (try PDFInspector(pdf: pdf).links().uris, run.stderrText)
        }
        // "/index.md" starts at the resource root, as an image's path does: the input's folder by default.
        let plain = try uris([])
        XCTAssertEqual(plain.uris, ["../index.pdf#index", "deep/faq.pdf#why-quire", "/index.md"])
        XCTAssertTrue(plain.stderr.contains("intro.md:3: link to /index.md: no such file; left as written"), plain.stderr)
        XCTAssertEqual(try uris(["--link-ext", "pdf", "--resource-root", input.path]).uris,
                       ["../index.pdf#index", "deep/faq.pdf#why-quire", "../index.pdf"])
        XCTAssertEqual(try uris(["--link-ext=md"]).uris, ["../index.md#index", "deep/faq.md#Why-Quire", "/index.md"])
        XCTAssertEqual(try uris(["--link-ext", "keep"]).uris, ["../index.md#index", "deep/faq.md#Why-Quire", "/index.md", "intro.md#set-up"],
                       "kept as written, even the link into the document itself")
        // A missing file warns unless links are kept as they are.
        let index = input.appendingPathComponent("index.md")
        let warned = try Run.run(quire, ["render", index.path, "-o", pdf.path, "--link-ext", "md"])
        XCTAssertTrue(warned.stderrText.contains("index.md:5: link to gone.md: no such file; left as written"), warned.stderrText)
        XCTAssertTrue(warned.stderrText.contains("link to missing anchor #nowhere in guide/intro.md; left as written"), warned.stderrText)
        XCTAssertFalse(try Run.run(quire, ["render", index.path, "-o", pdf.path, "--link-ext", "keep"]).stderrText.contains("warning"))
        let bad = try Run.run(quire, ["render", index.path, "--link-ext", "html"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderrText.contains("invalid --link-ext 'html'"), bad.stderrText)
    }
}
