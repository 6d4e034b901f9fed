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

/// Forced page breaks: other tools' conventions start a new page, never an empty one.
final class PageBreakTests: XCTestCase {
    private func pages(_ markdown: String, style: Style = Style()) -> [[String]] {
        layout(markdown, style: style).pages.map { $0.bodyLines.map(\.text) }
    }

    func testEachConventionStartsANewPage() {
        for divider in ["\\newpage", "\\pagebreak", "<div style=\"page-break-before: always\"></div>",
                        "<div style=\"page-break-after: always\"></div>", "<div style=\"break-before: page\"></div>",
                        "<div style=\"break-after: page\"></div>", "<div class=\"page-break\"></div>"] {
            XCTAssertEqual(pages("One.\n\n\(divider)\n\nTwo.\n"), [["One."], ["Two."]], divider)
        }
    }

    func testTheFirstLineOfTheNewPageIsAtItsTop() {
        let style = Style()
        let doc = layout("One.\n\n\\newpage\n\n## Two\n", style: style)
        XCTAssertEqual(doc.pages[1].bodyLines[0].top, style.margins.top, accuracy: 0.01, "no space above it")
    }

    func testBreaksInARowOrAtTheEndMakeNoEmptyPage() {
        XCTAssertEqual(pages("One.\n\n\\newpage\n\n\\newpage\n\n<div class=\"page-break\"></div>\n\nTwo.\n\n\\newpage\n"), [["One."], ["Two."]])
        XCTAssertEqual(pages("\\newpage\n\nFirst.\n"), [["First."]], "none before the first line")
    }

    func testAnElementWithBreaksAroundItsContent() {
        XCTAssertEqual(pages("A.\n\n<div style=\"page-break-before: always; page-break-after: always\">\n\nB.\n\n</div>\n\nC.\n"),
                       [["A."], ["B."], ["C."]])
    }

    func testExcerptsRunOnAndTheFullTextBreaks() {
        var style = Style()
        style.excerptLines = 2
        let doc = layout("# Doc\n\n## Part\n\nOne.\n\n\\newpage\n\n" + prose(300) + "\n", style: style)
        let first = doc.pages[0].bodyLines.map(\.text)
        XCTAssertTrue(first.contains("One.") && first.contains { $0.contains("Continue reading") }, "\(first)")
        let fullText = doc.pages.firstIndex { $0.bodyLines.contains { $0.text == "Full text" } }!
        let one = doc.pages.lastIndex { $0.bodyLines.contains { $0.text == "One." } }!
        XCTAssertEqual(one, fullText, "the full text's One. on the part's first page")
        XCTAssertGreaterThan(doc.pages.lastIndex { $0.bodyLines.contains { $0.text.hasPrefix("word1 ") } }!, one, "then a new page")
    }
}
