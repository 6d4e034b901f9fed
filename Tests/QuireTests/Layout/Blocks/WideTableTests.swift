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

/// Tables sized to the page (issue 33): a table whose columns cannot fit the measure without
/// breaking a word widens into the margins, then sets its type smaller down to a floor, then
/// turns its page; below the floor only with a warning.
final class WideTableTests: XCTestCase {
    private let style = Style()
    private var textBlock: Column { Column(x: style.margins.left, width: style.contentWidth) }

    private func table(columns: Int, rows: Int, header: (Int) -> String = { "c\($0)" },
                       cell: (Int, Int) -> String = { r, c in "\(100 + r + c)" }) -> String {
        let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
        return ([line((0..<columns).map(header)), line((0..<columns).map { _ in "---" })]
            + (0..<rows).map { r in line((0..<columns).map { cell(r, $0) }) }).joined(separator: "\n") + "\n"
    }

    private func cellLines(_ doc: LaidOutDocument) -> [TextLine] {
        doc.allLines.filter { [.cell, .headerCell].contains($0.tag.element?.role) }
    }

    /// The rule above the first row spans the table: its left edge and width.
    private func tableSpan(_ page: Page) -> (x: Double, width: Double)? {
        for item in page.items {
            if case .fill(let r, _) = item { return (r.x, r.width) }  // the header's shading
        }
        return nil
    }

    /// Issue 33: at A4, a 30-column table of short values broke "c10" into "c1"/"0" and
    /// "105" into "10"/"5" while the margins stayed empty.
    func testRegressionThirtyColumnsOfShortValuesKeepEveryNumberWhole() throws {
        let doc = layout(table(columns: 30, rows: 5))
        let texts = cellLines(doc).map { $0.text.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(texts.count, 30 * 6, "one line per cell")
        for c in 0..<30 { XCTAssertTrue(texts.contains("c\(c)"), "c\(c) whole") }
        XCTAssertTrue(texts.allSatisfy { $0.count >= 2 }, "no cell holds a fragment")
        let span = try XCTUnwrap(tableSpan(doc.pages[0]))
        XCTAssertGreaterThan(span.width, textBlock.width, "the table widened into the margins")
        XCTAssertGreaterThanOrEqual(span.x, style.safeMargin - 0.01)
        XCTAssertEqual(doc.pages.count, 1, "no page turned for it")
    }

    /// The measure grows first: a table a little too wide keeps its size; a wider one is set
    /// at the widest measure, smaller.
    func testATablesMeasureGrowsBeforeItsSizeShrinks() throws {
        let tableSize = Typography(style).tableSize
        let slightly = layout(table(columns: 19, rows: 2))
        let slightlySpan = try XCTUnwrap(tableSpan(slightly.pages[0]))
        XCTAssertGreaterThan(slightlySpan.width, textBlock.width + 1, "wider than the measure")
        XCTAssertLessThan(slightlySpan.width, style.pageSize.width - 2 * style.safeMargin - 1, "not as wide as it may be")
        XCTAssertTrue(cellLines(slightly).allSatisfy { $0.shaped.format.text.size == tableSize }, "at its size")

        let wider = layout(table(columns: 30, rows: 2))
        let widerSpan = try XCTUnwrap(tableSpan(wider.pages[0]))
        XCTAssertEqual(widerSpan.width, style.pageSize.width - 2 * style.safeMargin, accuracy: 0.5, "the widest measure")
        let size = try XCTUnwrap(cellLines(wider).first).shaped.format.text.size
        XCTAssertLessThan(size, tableSize, "then smaller")
        XCTAssertGreaterThanOrEqual(size, style.tableMinimumSize - 0.001, "not below the floor")
        XCTAssertTrue(wider.warnings.isEmpty)
    }

    /// A table still too wide at the floor gets a landscape page of its own; the pages
    /// around it stay upright, and its text runs along the turned page.
    func testATableTooWideUprightTurnsItsPage() throws {
        let doc = layout("Before.\n\n" + table(columns: 45, rows: 60) + "\nAfter.\n")
        let sizes = doc.pages.map { $0.size.width > $0.size.height }
        XCTAssertEqual(sizes.first, false, "the page before is upright")
        XCTAssertEqual(sizes.last, false, "the page after is upright")
        let turned = doc.pages.indices.filter { sizes[$0] }
        XCTAssertGreaterThanOrEqual(turned.count, 2, "sixty rows take more than one turned page")
        for index in turned {
            let page = doc.pages[index]
            XCTAssertEqual(page.size, style.pageSize.turned(.landscape))
            let lines = page.bodyLines
            XCTAssertTrue(lines.allSatisfy { [.cell, .headerCell].contains($0.tag.element?.role) || $0.tag == .artifact },
                          "the turned page holds the table alone")
            XCTAssertEqual(lines.first?.text.trimmingCharacters(in: .whitespaces), "c0", "its header on every turned page")
            for line in lines {
                XCTAssertLessThanOrEqual(line.x + line.width, page.size.width - style.safeMargin + 0.5)
                XCTAssertLessThanOrEqual(line.baseline, page.size.height, "inside the turned page")
            }
            let number = page.furnitureLines.first { $0.text == "\(index + 1)" }
            XCTAssertEqual(number?.baseline ?? 0, page.size.height - 30, accuracy: 10, "the page number at the turned page's foot")
            XCTAssertEqual((number?.x ?? 0) + (number?.width ?? 0) / 2, page.size.width / 2, accuracy: 1, "centred on it")
        }
        XCTAssertTrue(doc.allLines.contains { $0.text == "After." })
        XCTAssertTrue(doc.warnings.isEmpty, "it fits the turned page at the floor")
    }

    /// Below the floor only with a warning naming the table's line; `table.rotate=never`
    /// keeps every page upright.
    func testBelowTheFloorWarnsWithTheTablesLine() throws {
        var never = try Templates.style(template: nil, sets: ["table.rotate=never"])
        never.excerptLines = nil
        let doc = layout("Intro.\n\n" + table(columns: 45, rows: 3), style: never)
        XCTAssertTrue(doc.pages.allSatisfy { $0.size == never.pageSize }, "no page turned")
        XCTAssertEqual(doc.warnings.count, 1)
        let warning = try XCTUnwrap(doc.warnings.first)
        XCTAssertEqual(warning.line, 3, "the table's line")
        XCTAssertTrue(warning.message.contains("below table.min-size"), warning.message)
        let size = try XCTUnwrap(cellLines(doc).first).shaped.format.text.size
        XCTAssertLessThan(size, never.tableMinimumSize)
        let texts = cellLines(doc).map { $0.text.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(texts.count, 45 * 4, "still no number broken")
    }

    /// Nested tables (in a list item) and tables in notes never turn a page.
    func testOnlyATableInTheTextColumnTurnsItsPage() {
        let nested = layout("- item\n\n" + table(columns: 45, rows: 2).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n")
        XCTAssertTrue(nested.pages.allSatisfy { $0.size == style.pageSize })
        XCTAssertEqual(nested.warnings.count, 1, "set below the floor instead, with a warning")
    }
}
