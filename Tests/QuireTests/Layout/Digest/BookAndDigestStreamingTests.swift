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

/// Issue 45: books and digests are set by the one layout driver a single document is, so their
/// pages stream to the writer and their contents page follows the single document's rule.
final class BookAndDigestStreamingTests: XCTestCase {
    /// What a layout handed on so far, seen from inside it (a link resolver is asked while a
    /// document's text is being laid out).
    private final class Observer: @unchecked Sendable {
        var emitted = 0
        /// The pages handed on when the last document's link was laid out (-1: never).
        var emittedAtLastLink = -1
    }

    private func document(_ path: String, _ markdown: String, links: LinkResolver? = nil) -> DigestDocument {
        let (info, body, _) = FrontMatter.split(markdown)
        return DigestDocument(path: path, canonicalPath: "/docs/" + path, document: parseMarkdown(body), info: info, outsideLinks: links)
    }

    /// Six long documents, then one whose text (past any excerpt) links to a file outside the set.
    private func documents(_ observer: Observer) -> [DigestDocument] {
        let prose = (1...900).map { "word\($0)" }.joined(separator: " ")
        let last = document("last.md", "# Last\n\n\(prose)\n\nSee [elsewhere](elsewhere.md).\n") { _ in
            observer.emittedAtLastLink = observer.emitted
            return nil
        }
        return (1...6).map { document("c\($0).md", "# Chapter \($0)\n\n\(prose)\n") } + [last]
    }

    /// The pipeline's deferral: pages waiting for the page count go on without it.
    private let deferral = FurnitureDeferral(waitingPages: 2) { _, _ in }

    /// Regression: a book laid out and held every page before drawing; the writer now gets
    /// its first pages while the last chapter is still being laid out.
    func testBookPagesReachTheWriterBeforeTheLastChapterIsLaidOut() {
        let observer = Observer()
        let docs = documents(observer)
        let book = layoutBook(docs, BookLayoutSetup(style: Style(), info: docs[0].info, title: .plain("Book"),
                                                    typesetter: .forThisThread(language: nil), graphviz: testEngine.graphviz,
                                                    deferral: deferral)) { _ in observer.emitted += 1 }
        XCTAssertGreaterThan(observer.emittedAtLastLink, 0, "no page was handed on before the last chapter")
        XCTAssertLessThan(observer.emittedAtLastLink, book.pageCount)
        XCTAssertEqual(observer.emitted, book.pageCount)
    }

    /// Regression: a digest laid out and held every page before drawing; the writer now gets
    /// the cover, contents, entries and earlier full texts while the last full text is laid out.
    func testDigestPagesReachTheWriterBeforeTheLastFullTextIsLaidOut() {
        let observer = Observer()
        let digest = layoutDigest(documents(observer), DigestLayoutSetup(failures: [], title: "D", date: "2026-12-07", style: Style(), excerptLines: 2,
                                                                         typesetter: .forThisThread(language: nil), graphviz: testEngine.graphviz,
                                                                         deferral: deferral)) { _ in observer.emitted += 1 }
        XCTAssertGreaterThan(observer.emittedAtLastLink, 0, "no page was handed on before the last full text")
        XCTAssertLessThan(observer.emittedAtLastLink, digest.pageCount)
        XCTAssertEqual(observer.emitted, digest.pageCount)
    }

    /// Regression: a book's contents went first even when its first chapter opens with its
    /// title (a level-1 heading, no front matter title); a single document puts them after it.
    func testBookContentsComeAfterTheOpeningTitleHeadingAsADocumentsDo() {
        var style = Style()
        style.tableOfContents = true
        let docs = [document("a.md", "# Guide\n\nIntro.\n\n## Part\n\nText.\n"), document("b.md", "# Next\n\nMore.\n")]
        var pages: [Page] = []
        _ = layoutBook(docs, BookLayoutSetup(style: style, info: docs[0].info, title: .plain("Guide"),
                                             typesetter: .forThisThread(language: nil), graphviz: testEngine.graphviz)) {
            pages.append($0)
        }
        func place(_ name: String) -> (page: Int, y: Double)? {
            for (i, page) in pages.enumerated() {
                if let found = page.destinations.first(where: { $0.name == name }) { return (i, found.y) }
            }
            return nil
        }
        let title = try? XCTUnwrap(place("d1")), contents = try? XCTUnwrap(place("contents"))
        guard let title, let contents else { return XCTFail("no title or contents destination") }
        XCTAssertTrue(title < contents, "the contents (\(contents)) come before the title heading (\(title))")
        // The same document alone puts its contents after the title too.
        let single = RenderPipeline.layout("# Guide\n\nIntro.\n\n## Part\n\nText.\n", RenderOptions(style: style))
        let names = single.pages[0].destinations.map(\.name)
        XCTAssertLessThan(try XCTUnwrap(names.firstIndex(of: "guide")), try XCTUnwrap(names.firstIndex(of: "contents")))
    }
}
