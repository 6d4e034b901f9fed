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
import XCTest

/// Issue 22: links between documents. How a link to a local file is read (`FileLink`), where
/// `render` and `batch` lead it (`DocumentLinks`), and what a batch PDF records of it (`LinkRecord`).
final class DocumentLinksTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-links-\(UUID().uuidString)")
        let files = [
            "c.md": "---\ntitle: C\n---\n# C doc\n\n## Why\n\n## Café au lait\n",
            "a/b.md": "# B\n",
            "a/deep/d.md": "# D\n\n## Deep part\n",
            "a/notes.txt": "not Markdown",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    private var root: String { folder.standardizedFileURL.resolvingSymlinksInPath().path }

    private func links(from source: String, mode: LinkExtension = .pdf, tree: Batch.InputTree? = nil) throws -> DocumentLinks {
        var options = RenderOptions()
        options.sourceName = root + "/" + source
        options.baseDirectory = Quire.folder(of: options.sourceName)
        options.linkExtension = mode
        options.inputTree = tree
        return try XCTUnwrap(DocumentLinks(options))
    }

    private var tree: Batch.InputTree { Batch.InputTree(root: root, paths: ["c.md", "a/b.md", "a/deep/d.md"]) }

    // MARK: FileLink

    func testFileLinkReadsPathsAsADocumentWritesThem() {
        XCTAssertEqual(FileLink("../c.md#why", from: "/r/a"), FileLink(path: "/r/c.md", fragment: "why"))
        XCTAssertEqual(FileLink("./deep/../d%20e.md?plain=1#x", from: "/r/a"), FileLink(path: "/r/a/d e.md", fragment: "x"))
        XCTAssertEqual(FileLink("/c.md", from: "/r/a", root: "/r"), FileLink(path: "/r/c.md", fragment: nil))
        XCTAssertEqual(FileLink("/c.md", from: "/r/a"), FileLink(path: "/c.md", fragment: nil), "no root: the absolute path")
        XCTAssertEqual(FileLink("c.md#", from: "/r"), FileLink(path: "/r/c.md", fragment: ""))
        for notAFile in ["https://x.org/c.md", "mailto:a@b.c", "//host/c.md", "#why", "", "?q=1"] {
            XCTAssertNil(FileLink(notAFile, from: "/r"), notAFile)
        }
    }

    func testRelativePathsAndEncoding() {
        XCTAssertEqual(FileLink.relativePath("/r/c.pdf", from: "/r/a/deep"), "../../c.pdf")
        XCTAssertEqual(FileLink.relativePath("/r/a/deep/d.pdf", from: "/r"), "a/deep/d.pdf")
        XCTAssertEqual(FileLink.relativePath("/r/x.pdf", from: "/r"), "x.pdf")
        XCTAssertEqual(FileLink.relativePath("/other/x.pdf", from: "/r/a"), "../../other/x.pdf")
        XCTAssertEqual(FileLink.uriEncoded("dir name/a#b?c%d é.pdf"), "dir%20name/a%23b%3Fc%25d%20%C3%A9.pdf")
    }

    // MARK: Where links lead

    func testBatchLinksToInputsLeadToTheirPDFsRelatively() throws {
        let b = try links(from: "a/b.md", tree: tree)
        XCTAssertEqual(b.resolve("../c.md#why"), .target(.uri("../c.pdf#why"), warning: nil))
        XCTAssertEqual(b.resolve("deep/d.md"), .target(.uri("deep/d.pdf"), warning: nil))
        XCTAssertEqual(b.resolve("/c.md#Why"), .target(.uri("../c.pdf#why"), warning: nil), "from the input folder; the heading's name")
        XCTAssertEqual(b.resolve("../c.md#café-au-lait"), .target(.uri("../c.pdf#caf%C3%A9-au-lait"), warning: nil))
        XCTAssertEqual(b.resolve("b.md#b"), .sameDocument(fragment: "b"), "a link into itself is internal")
        XCTAssertNil(b.resolve("notes.txt"), "not Markdown: as written")
        XCTAssertNil(b.resolve("https://example.com/c.md"))
        let d = try links(from: "a/deep/d.md", tree: tree)
        XCTAssertEqual(d.resolve("../../c.md"), .target(.uri("../../c.pdf"), warning: nil))
    }

    func testRegressionLinksToFilesThatAreNotInputsOrHeadingsThatAreMissingWarn() throws {
        let b = try links(from: "a/b.md", tree: Batch.InputTree(root: root, paths: ["c.md", "a/b.md"]))
        XCTAssertEqual(b.resolve("deep/d.md#deep-part"),
                       .target(.uri("deep/d.md#deep-part"), warning: "link to deep/d.md: not one of the batch's inputs; left as written"))
        XCTAssertEqual(b.resolve("../c.md#nowhere"),
                       .target(.uri("../c.pdf"), warning: "link to missing anchor #nowhere in ../c.md; it opens the document at its start"))
    }

    func testRenderLinksToFilesThatExist() throws {
        let b = try links(from: "a/b.md")
        XCTAssertEqual(b.resolve("../c.md#why"), .target(.uri("../c.pdf#why"), warning: nil))
        XCTAssertEqual(b.resolve("gone.md"), .target(.uri("gone.md"), warning: "link to gone.md: no such file; left as written"))
        XCTAssertTrue(b.record.isEmpty, "render records nothing: no freshness to decide")
        let md = try links(from: "a/b.md", mode: .md)
        XCTAssertEqual(md.resolve("../c.md#why"), .target(.uri("../c.md#why"), warning: nil))
        XCTAssertEqual(md.resolve("../c.md#nope"),
                       .target(.uri("../c.md#nope"), warning: "link to missing anchor #nope in ../c.md; left as written"))
        var keep = RenderOptions()
        keep.baseDirectory = root
        keep.linkExtension = .keep
        XCTAssertNil(DocumentLinks(keep), "keep: no resolver at all")
        XCTAssertNil(DocumentLinks(RenderOptions()), "no folder (render(markdown:)): links stay")
    }

    /// Layout reports a resolver's warning at the link's line and resolves a link into the
    /// document itself as an internal one.
    func testLayoutTakesTheResolversTargetAndWarning() {
        let resolver: LinkResolver = { link in
            switch link {
            case "other.md": return .target(.uri("other.pdf"), warning: "a warning")
            case "self.md#part": return .sameDocument(fragment: "part")
            default: return nil
            }
        }
        var pages: [Page] = []
        let summary = layOutPages(parseMarkdown("# Doc\n\n## Part\n\n[a](other.md)\n\n[b](self.md#part) [c](x.png)\n"),
                                  PageLayoutSetup(style: Style(), typesetter: .forThisThread(language: nil), graphviz: testEngine.graphviz, fallbackTitle: "t",
                                                  links: resolver)) { pages.append($0) }
        XCTAssertEqual(pages.flatMap(\.links).map(\.target), [.uri("other.pdf"), .destination("part"), .uri("x.png")])
        XCTAssertEqual(summary.warnings, [Warning(line: 5, message: "a warning")])
    }

    // MARK: What a batch PDF records

    func testTheRecordNamesLinkedFilesAndWhetherHeadingsWereLookedUp() throws {
        let b = try links(from: "a/b.md", tree: tree)
        for link in ["../c.md#why", "../c.md", "deep/d.md#Deep-Part", "gone.md", "../../outside.md"] { _ = b.resolve(link) }
        let record = b.record
        XCTAssertEqual(record.text, "-../outside.md =a/deep/d.md -a/gone.md =c.md", "a fragment depends on the headings")
        XCTAssertEqual(LinkRecord(parsing: record.text), record)
        XCTAssertNotEqual(record.settings(base: "0123456789abcdef"), "0123456789abcdef")
        XCTAssertEqual(LinkRecord().settings(base: "0123456789abcdef"), "0123456789abcdef", "no links: the plain digest")
        XCTAssertEqual(LinkRecord(parsing: "+a%20b.md").text, "+a%20b.md")
    }

    func testARecordIsCurrentWhileTheLinkedFilesStayAsTheyWere() throws {
        let record = LinkRecord(parsing: "+c.md -gone.md")
        XCTAssertTrue(record.isCurrent(in: tree, madeAt: Date().timeIntervalSince1970))
        var added = tree
        added.paths.insert("gone.md")
        XCTAssertFalse(record.isCurrent(in: added, madeAt: Date().timeIntervalSince1970), "a linked file appeared")
        var removed = tree
        removed.paths.remove("c.md")
        XCTAssertFalse(record.isCurrent(in: removed, madeAt: Date().timeIntervalSince1970), "a linked file went")
        let headings = LinkRecord(parsing: "=c.md")
        XCTAssertTrue(headings.isCurrent(in: tree, madeAt: Date().timeIntervalSince1970 + 10))
        XCTAssertFalse(headings.isCurrent(in: tree, madeAt: Date().timeIntervalSince1970 - 3600), "c.md is newer than the PDF")
    }
}
