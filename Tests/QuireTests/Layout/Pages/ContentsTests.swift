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

/// A document's table of contents (`toc`, front matter `toc: true`): after the title, a line
/// per heading to `toc.depth`, dot leaders, the page each heading is on, linked.
final class ContentsTests: XCTestCase {
    private func document(_ frontMatter: String = "title: A Guide\ntoc: true") -> String {
        var parts = ["---\n\(frontMatter)\n---\n", "Intro.", "# Getting started", prose(30), "## Installing", prose(30),
                     "### Deep", prose(10), "#### Too deep", prose(10), "# Reference", prose(10)]
        for i in 1...12 { parts += ["## Section \(i)", prose(300, seed: "s\(i)w")] }
        return parts.joined(separator: "\n\n")
    }

    private func lay(_ markdown: String, style: Style = Style()) -> LaidOutDocument {
        layout(markdown, style: style)
    }

    /// The contents lines: title and page number, from the lines linked to a heading.
    private func entries(_ doc: LaidOutDocument) -> [(title: String, page: String, target: String, leaders: Int)] {
        var found: [(String, String, String, Int)] = []
        for page in doc.pages {
            for link in page.links {
                guard case .destination(let name) = link.target, link.rect.width > 200 else { continue }
                let lines = page.bodyLines.filter { $0.top + 1 >= link.rect.y - 20 && abs($0.baseline - (link.rect.y + link.rect.height * 0.72)) < 1 }
                guard lines.count == 2 else { continue }
                let dots = page.markers.filter { abs($0.center.y - lines[0].baseline) < 3 && $0.center.x > lines[0].x + lines[0].width
                    && $0.center.x < lines[1].x }
                found.append((lines[0].text, lines[1].text, name, dots.count))
            }
        }
        return found
    }

    func testContentsFollowTheTitleWithPageNumbersLeadersAndLinks() throws {
        let doc = lay(document())
        let list = entries(doc)
        XCTAssertEqual(list.map(\.title), ["Getting started", "Installing", "Deep", "Reference"] + (1...12).map { "Section \($0)" },
                       "headings to depth 3, in order")
        for entry in list {
            let page = doc.pages.firstIndex { $0.destinations.contains { $0.name == entry.target } }!
            XCTAssertEqual(entry.page, String(page + 1), entry.title)
            XCTAssertGreaterThan(entry.leaders, 5, "dot leaders: \(entry.title)")
        }
        XCTAssertGreaterThan(Int(list.last!.page)!, 3, "later pages numbered")
        // After the title block, before the text.
        let texts = doc.pages[0].bodyLines.map(\.text)
        XCTAssertEqual(texts.first, "A Guide")
        XCTAssertLessThan(texts.firstIndex(of: "Contents")!, texts.firstIndex(of: "Intro.") ?? .max)
        // Dots of every line stand in the same columns.
        let xs = Set(doc.pages[0].markers.map { (($0.center.x - Style().margins.left) * 100).rounded() / 100 })
        let step = Typography(Style()).leaderStep
        for x in xs { XCTAssertEqual(x / step, (x / step).rounded(), accuracy: 0.01) }
    }

    func testDepthAndWhoAsks() throws {
        XCTAssertTrue(entries(lay(document("title: A\ntoc: true"), style: try Templates.style(template: nil, sets: ["toc.depth=4"])))
            .contains { $0.title == "Too deep" })
        XCTAssertEqual(entries(lay(document("title: A\ntoc: true"), style: try Templates.style(template: nil, sets: ["toc.depth=1"])))
            .map(\.title), ["Getting started", "Reference"])
        XCTAssertTrue(entries(lay(document("title: A"))).isEmpty, "none unless asked")
        XCTAssertFalse(entries(lay(document("title: A"), style: try Templates.style(template: nil, sets: ["toc=true"]))).isEmpty)
        XCTAssertTrue(entries(lay(document("title: A\ntoc: false"), style: try Templates.style(template: nil, sets: ["toc=true"]))).isEmpty,
                      "the front matter's word wins")
        // Without a front-matter title, an opening level-1 heading is the title: contents follow it.
        let doc = lay("# The Title\n\nIntro.\n\n## One\n\nText.\n", style: try Templates.style(template: nil, sets: ["toc=true"]))
        let texts = doc.pages[0].bodyLines.map(\.text)
        XCTAssertEqual(Array(texts.prefix(2)), ["The Title", "Contents"])
    }

    /// The digest's contents page has the same dot leaders. Regression: a right-to-left title
    /// stood at the right of its line, the leaders squeezed into what was left.
    func testDigestContentsHaveLeaders() throws {
        let titles = ["Doc 1", "Doc 2", "איך לעשות את זה"]
        let docs = titles.enumerated().map { k, title in
            DigestDocument(path: "d\(k).md", canonicalPath: "/d\(k).md", document: parseMarkdown("# \(title)\n\n" + prose(50)), info: DocumentInfo())
        }
        let digest = layoutDigest(docs, failures: [], title: "D", date: "2026-01-01", style: Style(), excerptLines: 2).laidOut
        let contents = try XCTUnwrap(digest.pages.first { $0.destinations.contains { $0.name == "toc" } })
        for title in titles {
            let line = try XCTUnwrap(contents.bodyLines.first { $0.text == title })
            XCTAssertEqual(line.x, Style().margins.left, accuracy: 0.01, title)
            let dots = contents.markers.filter { abs($0.center.y - line.baseline) < 3 }
            XCTAssertGreaterThan(dots.count, 40, title)
        }
    }
}
