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

/// Raw HTML around Markdown read as a browser reads it (gumbo), and lowered in Parse: tables,
/// details, `dir`, `align`, breaks, and what the rest shows as ordinary blocks.
final class HTMLStructureTests: XCTestCase {
    private func blocks(_ markdown: String) -> [Block] { parseMarkdown(markdown).blocks }

    private func table(_ markdown: String, file: StaticString = #filePath, line: UInt = #line) -> Table? {
        for block in blocks(markdown) { if case .table(let t) = block.kind { return t } }
        XCTFail("no table", file: file, line: line)
        return nil
    }

    func testDirAndAlignGoOntoEveryBlockInside() {
        let doc = blocks("<div dir=\"rtl\" align=\"center\">\n\n# Title\n\nText\n\n- item\n\n</div>\n\nAfter\n")
        let inside = doc.filter { if case .html = $0.kind { return false } else { return true } }
        XCTAssertEqual(inside.map(\.direction), [.rightToLeft, .rightToLeft, .rightToLeft, nil])
        XCTAssertEqual(inside.map(\.alignment), [.center, .center, .center, nil])
        if case .heading = inside[0].kind {} else { XCTFail("the heading stays a top-level heading (sections, titles)") }
    }

    func testInnerElementsOverrideAndStyleCounts() {
        let doc = blocks("<div style=\"direction: rtl; text-align: right\">\n\n<div dir=\"ltr\">\n\nInner\n\n</div>\n\nOuter\n\n</div>\n")
        let paragraphs = doc.filter { if case .paragraph = $0.kind { return true } else { return false } }
        XCTAssertEqual(paragraphs.map(\.direction), [.leftToRight, .rightToLeft])
        XCTAssertEqual(paragraphs.map(\.alignment), [.right, .right])
    }

    func testDirAutoTakesTheFirstStrongCharacter() {
        let doc = blocks("<div dir=\"auto\">\n\n123 שלום\n\nEnglish\n\n</div>\n\n<div dir=\"auto\">\n\nEnglish first\n\n</div>\n")
        let paragraphs = doc.filter { if case .paragraph = $0.kind { return true } else { return false } }
        XCTAssertEqual(paragraphs.map(\.direction), [.rightToLeft, .rightToLeft, .leftToRight])
    }

    func testUnclosedDivRunsToTheEndAndStrayClosingTagsAreIgnored() {
        let doc = blocks("</div>\n\n<div dir=\"rtl\">\n\nOne\n\nTwo\n")
        let directions: [WritingDirection?] = doc.compactMap { if case .paragraph = $0.kind { return $0.direction } else { return nil } }
        XCTAssertEqual(directions, [.rightToLeft, .rightToLeft])
    }

    func testParagraphWithDirInsideOneHTMLBlockIsCutOut() {
        let doc = blocks("<p>Before</p>\n<p dir=\"rtl\">Inside</p>\n<p>After</p>\n")
        XCTAssertEqual(doc.count, 3)
        XCTAssertEqual(doc.map(\.direction), [nil, .rightToLeft, nil])
        XCTAssertEqual(doc.map(\.line), [1, 2, 3])
        XCTAssertEqual(doc[1].kind, .html(HTMLBlock(blocks: [Block(.paragraph([.text("Inside")]), line: 2)])))
    }

    /// What Layout used to read from tags arrives typed: the parts of a block, their
    /// alignment, an image's declared size and the line it is on.
    func testHTMLWithoutStructureIsLoweredToOrdinaryBlocks() {
        let html = "<p align=\"center\">\n  <img src=\"logo.png\" width=\"50%\" height=\"20px\">\n</p>\n"
        let image = HTMLImage(source: "logo.png", width: .percent(50), height: .pixels(20))
        let paragraph = Block(.paragraph([.located(line: 2, content: [.htmlImage(image)])]), line: 2, alignment: .center)
        XCTAssertEqual(blocks(html), [Block(.html(HTMLBlock(blocks: [paragraph])), line: 1)])
    }

    func testTableRowsHeaderSpansAndAlignment() {
        let t = table("""
            <table>
            <thead><tr><th>A</th><th colspan="2">B</th></tr></thead>
            <tbody>
            <tr align="right"><td rowspan="2">x</td><td style="text-align:center">y</td><td dir="rtl">z</td></tr>
            <tr><td>w</td><td><b>v</b> <a href="#a">link</a></td></tr>
            </tbody>
            </table>
            """)
        guard let t else { return }
        XCTAssertEqual(t.headerRows, 1)
        XCTAssertEqual(t.cells.map(\.count), [2, 3, 2])
        XCTAssertEqual(t.cells[0][1].columnSpan, 2)
        XCTAssertTrue(t.cells[0][0].isHeader)
        XCTAssertEqual(t.cells[1][0].rowSpan, 2)
        XCTAssertEqual(t.cells[1].map(\.alignment), [.right, .center, .right], "a row's align, a cell's own")
        XCTAssertEqual(t.cells[1][2].direction, .rightToLeft)
        XCTAssertEqual(t.cells[2][1].blocks.map(\.kind), [.html(HTMLBlock(blocks: [
            Block(.paragraph([.styled(.bold, [.text("v")]), .text(" "),
                              .located(line: 5, content: [.link(destination: "#a", title: "", content: [.text("link")])])]), line: 5)]))])
        let grid = t.grid
        XCTAssertEqual(grid.columns, 3)
        XCTAssertEqual(grid.cells.map { [$0.row, $0.column] }, [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 1], [2, 2]],
                       "the second body row skips the column the rowspan takes")
    }

    func testLeadingRowsOfHeaderCellsAreTheHeader() {
        XCTAssertEqual(table("<table><tr><th>a</th></tr><tr><th>b</th></tr><tr><td>c</td></tr></table>\n")?.headerRows, 2)
        XCTAssertEqual(table("<table><tr><td>a</td></tr><tr><th>b</th></tr></table>\n")?.headerRows, 0)
    }

    func testMarkdownInsideACellWhenABlankLineFollowsTheTag() {
        let t = table("<table>\n<tr>\n<td>\n\n**Bold** text\n\n- one\n- two\n\n</td>\n<td>plain **not bold**</td>\n</tr>\n</table>\n")
        guard let t else { return }
        let first = t.cells[0][0].blocks
        XCTAssertEqual(first.count, 2)
        if case .paragraph(let c) = first[0].kind { XCTAssertEqual(c.first, .strong([.text("Bold")])) } else { XCTFail() }
        if case .list = first[1].kind {} else { XCTFail() }
        XCTAssertEqual(t.cells[0][1].blocks.map(\.kind), [.html(HTMLBlock(blocks: [Block(.paragraph([.text("plain **not bold**")]), line: 11)]))],
                       "no Markdown inside HTML")
    }

    func testATableInACellIsTextThatNamesItsLine() {
        let t = table("<table><tr><td>outer\n<table><tr><td>inner</td><td>two</td></tr></table>\n</td><td>next</td></tr></table>\n")
        guard let t else { return }
        XCTAssertEqual(t.cells[0].count, 2)
        guard case .html(let html) = t.cells[0][0].blocks.last?.kind else { return XCTFail("\(t.cells[0][0].blocks)") }
        XCTAssertEqual(html.nestedTableLine, 2)
        XCTAssertEqual(html.blocks.map { $0.inlineContent.first?.plainText }, ["outer", "inner two"], "a part per row, cells spaced")
    }

    /// As a browser repairs it: what follows an unclosed table outside any cell is moved before it.
    func testMarkdownAfterAnUnclosedTableGoesBeforeIt() {
        let doc = blocks("<table><tr><td>cell</td></tr>\n\nA paragraph after.\n")
        XCTAssertEqual(doc.count, 2)
        if case .paragraph = doc[0].kind, case .table = doc[1].kind {} else { XCTFail("\(doc)") }
    }

    func testDetailsHoldTheirSummaryAndBlocks() {
        let doc = blocks("<details>\n<summary>Click <b>here</b></summary>\n\nHidden *text*.\n\n```\ncode\n```\n</details>\n\nAfter.\n")
        XCTAssertEqual(doc.count, 2)
        guard case .details(let summary, let children) = doc[0].kind else { return XCTFail("\(doc)") }
        XCTAssertEqual(summary, [.text("Click "), .styled(.bold, [.text("here")])])
        XCTAssertEqual(children.count, 2)
        let nested = blocks("<details><summary>Outer</summary>\n<details><summary>Inner</summary>\n\ntext\n\n</details>\n</details>\n")
        guard case .details(_, let inner) = nested[0].kind, case .details([.text("Inner")], _)? = inner.first?.kind else {
            return XCTFail("\(nested)")
        }
    }

    /// Deep nesting costs no stack: details past `maximumNesting` stay raw HTML, text kept.
    func testTenThousandNestedDetails() {
        let depth = 10_000
        let markdown = String(repeating: "<details><summary>s</summary>\n\n", count: depth) + "core\n\n"
            + String(repeating: "</details>\n\n", count: depth)
        var levels = 0
        var current = blocks(markdown)
        while case .details(_, let children)? = current.first(where: { if case .details = $0.kind { return true } else { return false } })?.kind {
            levels += 1
            current = children
        }
        XCTAssertEqual(levels, HTMLStructure.maximumNesting)
        XCTAssertEqual(current.filter { if case .paragraph([.text("core")]) = $0.kind { return true } else { return false } }.count, 1)
    }

    func testPageBreakConventions() {
        func breaks(_ md: String) -> [String] {
            blocks(md).map { block in
                switch block.kind {
                case .pageBreak: return "break"
                case .paragraph(let c): return c.plainText
                default: return "html"
                }
            }
        }
        XCTAssertEqual(breaks("A\n\n<div style=\"page-break-before: always\"></div>\n\nB\n"), ["A", "break", "html", "B"])
        XCTAssertEqual(breaks("A\n\n<div style=\"page-break-after:always;\"></div>\n\nB\n"), ["A", "html", "break", "B"])
        XCTAssertEqual(breaks("A\n\n<div style=\"break-before: page\"></div>\n\nB\n"), ["A", "break", "html", "B"])
        XCTAssertEqual(breaks("A\n\n<div style=\"break-after: page\"></div>\n\nB\n"), ["A", "html", "break", "B"])
        XCTAssertEqual(breaks("A\n\n<div class=\"page-break\"></div>\n\nB\n"), ["A", "html", "break", "B"])
        XCTAssertEqual(breaks("<div style=\"page-break-after: always\">\n\nInside\n\n</div>\n\nB\n"), ["html", "Inside", "html", "break", "B"],
                       "after the element's end")
        XCTAssertEqual(breaks("<p style=\"page-break-before: always\">Text</p>\n"), ["break", "html"])
        XCTAssertEqual(breaks("A\n\n<div style=\"break-before: avoid\"></div>\n\nB\n"), ["A", "html", "B"])
        XCTAssertEqual(breaks("<table><tr><td><div style=\"page-break-after: always\"></div>x</td></tr></table>\n").filter { $0 == "break" }, [],
                       "never inside a table cell")
    }
}
