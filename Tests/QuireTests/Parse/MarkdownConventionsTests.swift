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

/// GitHub's alerts and other tools' page breaks, read from ordinary Markdown.
final class MarkdownConventionsTests: XCTestCase {
    private func kinds(_ markdown: String) -> [String] {
        parseMarkdown(markdown).blocks.map { block in
            switch block.kind {
            case .alert(let kind, _, _): return "alert:\(kind.rawValue)"
            case .blockQuote: return "quote"
            case .pageBreak: return "break"
            case .paragraph(let c): return "p:\(c.plainText)"
            default: return "\(block.kind)"
            }
        }
    }

    func testTheFiveAlertsInAnyCase() {
        for (marker, kind) in [("NOTE", AlertKind.note), ("Tip", .tip), ("important", .important), ("WARNING", .warning), ("caution", .caution)] {
            let blocks = parseMarkdown("> [!\(marker)]\n> Body *text*.\n").blocks
            XCTAssertEqual(blocks.count, 1)
            guard case .alert(let k, let children, _) = blocks[0].kind else { return XCTFail("\(marker): \(blocks[0].kind)") }
            XCTAssertEqual(k, kind)
            XCTAssertEqual(children, [Block(.paragraph([.text("Body "), .emphasis([.text("text")]), .text(".")]), line: 2)],
                           "the marker line is gone, the text stays")
        }
    }

    func testAlertKeepsEveryBlockAfterTheMarker() {
        let blocks = parseMarkdown("> [!WARNING]  \n> First.\n>\n> - a list\n>\n> Last.\n").blocks
        guard case .alert(.warning, let children, _) = blocks[0].kind else { return XCTFail("\(blocks[0].kind)") }
        XCTAssertEqual(children.count, 3)
        XCTAssertEqual(children.map(\.line), [2, 4, 6])
    }

    /// The marker must stand alone on the quote's first line; anything else stays a quote.
    func testLookalikesStayBlockQuotes() {
        XCTAssertEqual(kinds("> [!NOTE] Title on the line\n> text\n"), ["quote"])
        XCTAssertEqual(kinds("> [!HINT]\n> unknown kind\n"), ["quote"])
        XCTAssertEqual(kinds("> [NOTE]\n> no bang\n"), ["quote"])
        XCTAssertEqual(kinds("> **[!NOTE]**\n> emphasised\n"), ["quote"])
        XCTAssertEqual(kinds("> [!NOTE]\n"), ["quote"], "a marker and nothing else")
        XCTAssertEqual(kinds("> Text first\n> [!NOTE]\n"), ["quote"])
        XCTAssertEqual(kinds("> [!NOTE]\n\n> [!TIP]\n> tip\n"), ["quote", "alert:tip"])
    }

    func testAlertsInsideListsAndQuotes() {
        let blocks = parseMarkdown("- item\n\n  > [!TIP]\n  > inside\n").blocks
        guard case .list(let list) = blocks[0].kind else { return XCTFail() }
        guard case .alert(.tip, _, _) = list.items[0].blocks[1].kind else { return XCTFail("\(list.items[0].blocks)") }
    }

    func testNewpageAndPagebreakAloneOnALineBreakThePage() {
        XCTAssertEqual(kinds("Before.\n\n\\newpage\n\nAfter.\n"), ["p:Before.", "break", "p:After."])
        XCTAssertEqual(kinds("Before.\n\\pagebreak\nAfter.\n"), ["p:Before.", "break", "p:After."])
        XCTAssertEqual(kinds("  \\newpage  \n"), ["break"])
        XCTAssertEqual(kinds("Text \\newpage inside a line.\n"), ["p:Text \\newpage inside a line."])
        XCTAssertEqual(kinds("`\\newpage`\n"), ["p:\\newpage"], "code is not a command")
        let blocks = parseMarkdown("one\ntwo\n\\newpage\nthree\n").blocks
        XCTAssertEqual(blocks.map(\.line), [1, 3, 4], "each piece keeps its line")
    }
}
