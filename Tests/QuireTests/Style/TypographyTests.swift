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

/// Typography is resolved once from the style; the new keys reach the page.
final class TypographyTests: XCTestCase {
    private func style(_ sets: [String]) throws -> Style { try Templates.style(template: nil, sets: sets) }

    func testRolesFollowTheirKeys() throws {
        let type = Typography(try style(["body.size=10", "caption.size=0.8", "header.size=0.7", "footer.size=0.9",
                                         "heading.space-before=[3,2,1,1,1,1]", "code.padding=1", "table.size=1"]))
        XCTAssertEqual(type.caption.text.size, 8, accuracy: 1e-9)
        XCTAssertEqual(type.header.size, 7, accuracy: 1e-9)
        XCTAssertEqual(type.footer.size, 9, accuracy: 1e-9)
        XCTAssertEqual(type.heading(1).spaceBefore, 30, accuracy: 1e-9)
        XCTAssertEqual(type.heading(9).spaceBefore, 10, accuracy: 1e-9, "levels past 6 are level 6")
        XCTAssertEqual(type.codePadding, 8.6, accuracy: 1e-9)
        XCTAssertEqual(type.tableSize, 10, accuracy: 1e-9)
    }

    func testColoursAcceptHexAndCSSRGB() {
        XCTAssertEqual(Color(css: "rgb(100%, 93%, 55%)"), Color(1, 0.93, 0.55))
        XCTAssertEqual(Color(css: "rgb(255, 0, 51)"), Color(hex: "#ff0033"))
        XCTAssertEqual(Color(css: "#abc"), Color(hex: "#aabbcc"))
        XCTAssertNil(Color(css: "rgb(300, 0, 0)"))
        XCTAssertNil(Color(css: "rgb(1, 2)"))
        XCTAssertNil(Color(css: "red"))
    }

    /// The heading rule, quote bar and highlight come from their keys, not from literals.
    func testHeadingRuleQuoteBarAndHighlightFollowTheirKeys() throws {
        let markdown = "# Title\n\n> quoted <mark>marked</mark>\n"
        func lines(_ doc: LaidOutDocument) -> [(Double, Color)] {
            doc.pages[0].items.compactMap { if case .line(_, _, let w, let c) = $0 { return (w, c) } else { return nil } }
        }
        let plain = layout(markdown)
        XCTAssertTrue(lines(plain).contains { $0.0 == 1.0 }, "a level-1 heading has a 1 pt rule by default")
        let styled = layout(markdown, style: try style(["heading.rules=[0,0,0,0,0,0]", "quote.rule-width=4",
                                                        "quote.rule-color=#ff0000", "highlight.color=#00ff00"]))
        XCTAssertFalse(lines(styled).contains { $0.0 == 1.0 }, "no heading rule")
        XCTAssertTrue(lines(styled).contains { $0.0 == 4 && $0.1 == Color(1, 0, 0) }, "the quote's bar")
        let painter = LinePainter()
        let fills = styled.pages[0].bodyLines.flatMap(painter.paint).compactMap { paint -> Color? in
            if case .fill(_, let c) = paint { return c } else { return nil }
        }
        XCTAssertTrue(fills.contains(Color(0, 1, 0)), "the highlight behind <mark>: \(fills)")
    }
}
