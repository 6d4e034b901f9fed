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

final class DigestTests: XCTestCase {
    private func document(_ path: String, _ markdown: String) -> DigestDocument {
        let (info, body, _) = FrontMatter.split(markdown)
        return DigestDocument(path: path, canonicalPath: "/docs/" + path, document: parseMarkdown(body), info: info)
    }

    private func digest(_ docs: [DigestDocument], lines: Int = 3, failures: [DigestFailure] = []) -> LaidOutDocument {
        layoutDigest(docs, failures: failures, title: "Digest", date: "2026-11-21", style: Style(), excerptLines: lines).laidOut
    }

    private var docs: [DigestDocument] {
        [
            document("a.md", "# Alpha\n\nSee [beta's part](b.md#second-part), [beta](b.md), [gone](c.md) and [web](https://example.com).\n\n" + prose(300)),
            document("b.md", "---\ntitle: Beta from front matter\n---\n\n# Beta heading\n\nShort.\n\n## Second part\n\nMore.\n"),
            document("sub/c.md", "No heading at all, just text."),
        ]
    }

    func testTitlesCoverContentsEntriesAndFullTexts() {
        let d = digest(docs, lines: 5)
        let text = d.allLines.map(\.text)
        XCTAssertTrue(text.contains("Digest"), "cover title")
        XCTAssertTrue(text.contains("3 documents"))
        XCTAssertEqual(d.outline.filter { $0.level == 1 }.map(\.title), ["Contents", "Alpha", "Beta from front matter", "c"])
        XCTAssertTrue(text.contains("a.md") && text.contains("sub/c.md"), "source paths")
        // Alpha is long: cut with a label to its full text, which starts a page and links back.
        XCTAssertTrue(d.pages.flatMap(\.links).contains { $0.target == .destination("d1-full") })
        let fullPage = d.pages.firstIndex { $0.destinations.contains { $0.name == "d1-full" } }!
        XCTAssertEqual(d.pages[fullPage].destinations.first?.name, "d1-full", "the full text starts its page")
        XCTAssertTrue(d.pages[fullPage].links.contains { $0.target == .destination("d1") }, "link back to the entry")
        // Short documents are shown whole, with no second copy.
        XCTAssertFalse(d.allDestinations.contains("d2-full"))
    }

    func testContentsShowPageNumbersOfTheEntries() {
        let d = digest(docs)
        let contents = d.pages[1]
        var pageOf: [String: Int] = [:]
        for (i, page) in d.pages.enumerated() { for dest in page.destinations where pageOf[dest.name] == nil { pageOf[dest.name] = i + 1 } }
        for (k, name) in ["d1", "d2", "d3"].enumerated() {
            let link = contents.links.filter { $0.target == .destination(name) }
            XCTAssertEqual(link.count, 1, name)
            let rect = link[0].rect
            let onLine = contents.bodyLines.filter { $0.baseline > rect.y && $0.baseline < rect.maxY }
            XCTAssertEqual(onLine.last?.text, String(pageOf[name]!), "page number of entry \(k + 1)")
            XCTAssertEqual(onLine.last.map { $0.x + $0.width } ?? 0, Style().margins.left + Style().contentWidth, accuracy: 0.5)
        }
    }

    func testALinkToAHeadingAnotherDocumentLacksWarnsAndLeadsToItsEntry() {
        let docs = [document("a.md", "# A\n\nSee [b's part](b.md#no-such-part).\n"), document("b.md", "# B\n\nText.\n")]
        let d = layoutDigest(docs, failures: [], title: "D", date: "2026-11-23", style: Style(), excerptLines: 3)
        XCTAssertTrue(d.laidOut.pages.flatMap(\.links).contains { $0.target == .destination("d2") })
        XCTAssertEqual(d.warnings.first?.warnings,
                       [Warning(line: 3, message: "link to missing anchor #no-such-part in b.md; it leads to the document's entry")])
    }

    func testLinksBetweenDocumentsBecomeInternal() {
        let d = digest(docs)
        let targets = d.pages.flatMap(\.links).map(\.target)
        XCTAssertTrue(targets.contains(.destination("d2-second-part")), "b.md#second-part → its heading")
        XCTAssertTrue(targets.contains(.destination("d2")), "b.md → its entry")
        XCTAssertTrue(targets.contains(.uri("c.md")), "c.md is sub/c.md's name only in another folder: stays a link out")
        XCTAssertTrue(targets.contains(.uri("https://example.com")))
        for case .destination(let name) in targets { XCTAssertTrue(d.allDestinations.contains(name), name) }
    }

    func testFailuresAreListed() {
        let d = digest(docs, failures: [DigestFailure(path: "bad.md", reason: "not valid UTF-8: bad byte at offset 4")])
        XCTAssertTrue(d.allLines.contains { $0.text.contains("not valid UTF-8") })
        XCTAssertTrue(d.allLines.contains { $0.text == "3 documents, 1 not included" })
    }
}
