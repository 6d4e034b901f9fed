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

final class TableLayoutTests: XCTestCase {
    private let style = Style()
    private var columnRight: Double { style.margins.left + style.contentWidth }

    private func table(_ header: [String], _ rows: [[String]], align: String? = nil) -> String {
        let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
        let rule = align ?? line(header.map { _ in "---" })
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    func testWideTableFitsTheColumnAndKeepsAllText() {
        let row = (1...6).map { "cell \($0) " + prose(8, seed: "c\($0)w") }.joined(separator: " | ")
        let doc = layout("| A | B | C | D | E | F |\n|---|---|---|---|---|---|\n| \(row) |\n")
        for line in doc.allLines {
            XCTAssertLessThanOrEqual(line.x + line.width, columnRight + 0.5)
        }
        let text = doc.allLines.map(\.text).joined(separator: " ")
        for i in 1...6 { XCTAssertTrue(text.contains("c\(i)w8"), "cell \(i) text kept") }
    }

    // MARK: Column widths

    func testPreferredWidthsWhenTheyFit() {
        let fit = TableColumns(minimum: [5, 10], preferred: [10, 20], padding: 0, available: 100, floor: 0.7)
        XCTAssertEqual(fit.widths, [10, 20])
        XCTAssertEqual(fit.scale, 1)
    }

    func testRoomBeyondTheMinimumsGoesToTheColumnsThatWantIt() {
        let fit = TableColumns(minimum: [10, 20, 20], preferred: [10, 300, 300], padding: 0, available: 200, floor: 0.7)
        XCTAssertEqual(fit.widths.reduce(0, +), 200, accuracy: 0.001)
        XCTAssertEqual(fit.widths[0], 10, accuracy: 0.001)
        XCTAssertEqual(fit.widths[1], fit.widths[2], accuracy: 0.001)
        let uneven = TableColumns(minimum: [10, 10, 10], preferred: [10, 110, 210], padding: 0, available: 130, floor: 0.7)
        XCTAssertEqual(uneven.widths[1], 10 + 100.0 / 3, accuracy: 0.001, "a share in proportion to what it wants")
        XCTAssertEqual(uneven.widths[2], 10 + 200.0 / 3, accuracy: 0.001)
    }

    func testTooWideShrinksTheTypeThenCapsTheWidestColumns() {
        let shrunk = TableColumns(minimum: [100, 100], preferred: [200, 200], padding: 0, available: 160, floor: 0.7)
        XCTAssertEqual(shrunk.scale, 0.8, accuracy: 0.001)
        XCTAssertEqual(shrunk.widths, [80, 80])
        let floored = TableColumns(minimum: [20, 100, 300], preferred: [20, 100, 300], padding: 0, available: 210, floor: 0.5)
        XCTAssertEqual(floored.scale, 0.5, accuracy: 0.001)
        XCTAssertEqual(floored.widths, [10, 50, 150], "at the floor the minimums fit")
        let capped = TableColumns(minimum: [20, 100, 300], preferred: [20, 100, 300], padding: 0, available: 105, floor: 0.5)
        XCTAssertEqual(capped.widths[0], 10, accuracy: 0.001, "a narrow column keeps its minimum")
        XCTAssertEqual(capped.widths[1], 47.5, accuracy: 0.001)
        XCTAssertEqual(capped.widths[2], 47.5, accuracy: 0.001)
        XCTAssertEqual(TableColumns.capped([10, 100, 300], to: 200), [10, 95, 95])
    }

    func testPaddingNeverTakesTheWholeWidth() {
        let fit = TableColumns(minimum: Array(repeating: 5, count: 100), preferred: Array(repeating: 5, count: 100),
                               padding: 5, available: 400, floor: 0.7)
        XCTAssertLessThanOrEqual(fit.totalWidth, 400 + 0.001)
        XCTAssertTrue(fit.widths.allSatisfy { $0 > 0 })
    }

    /// A column of short words keeps them whole; the long-text column wraps at word boundaries.
    func testLongTextWrapsInItsColumnWithoutBreakingWords() {
        let long = prose(60, seed: "long")
        let doc = layout(table(["Key", "Value"], [["alpha", long], ["beta", "short"]]))
        let lines = doc.allLines
        let keys = lines.filter { ["Key", "alpha", "beta"].contains($0.text.trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(keys.count, 3, "each key on one line")
        let valueLines = lines.filter { $0.text.contains("long") }
        XCTAssertGreaterThan(valueLines.count, 3, "the long cell wraps")
        let words = valueLines.flatMap { $0.text.split(separator: " ") }
        XCTAssertEqual(words.count, 60, "no word broken across lines")
        let valueX = valueLines[0].x
        XCTAssertGreaterThan(valueX, keys[1].x + keys[1].width, "the value column starts after the key column")
        for line in valueLines {
            XCTAssertEqual(line.x, valueX, accuracy: 0.01)
            XCTAssertLessThanOrEqual(line.x + line.width, columnRight + 0.5)
        }
    }

    func testNarrowTableKeepsItsPreferredWidths() {
        let doc = layout(table(["A", "B"], [["one", "two"]]))
        let lines = doc.allLines
        let a = lines.first { $0.text == "one" }!, b = lines.first { $0.text == "two" }!
        XCTAssertLessThan(b.x + b.width, style.margins.left + style.contentWidth / 2, "not stretched to the column")
        XCTAssertGreaterThan(b.x, a.x + a.width)
    }

    func testColumnAlignment() {
        let rows = [["1", "a", "7"], ["22222", "bbbbbbbbbb", "88888888"]]
        let doc = layout(table(["Left", "Center", "Right"], rows, align: "|:--|:-:|--:|"))
        func line(_ t: String) -> TextLine { doc.allLines.first { $0.text == t }! }
        XCTAssertEqual(line("1").x, line("22222").x, accuracy: 0.01)
        XCTAssertEqual(line("a").x + line("a").width / 2, line("bbbbbbbbbb").x + line("bbbbbbbbbb").width / 2, accuracy: 0.01)
        XCTAssertEqual(line("7").x + line("7").width, line("88888888").x + line("88888888").width, accuracy: 0.01)
        XCTAssertEqual(line("Right").x + line("Right").width, line("7").x + line("7").width, accuracy: 0.01)
    }

    /// Kept to the measure (`table.max-width=measure`), a table too wide sets its type smaller.
    func testTooWideTableUsesSmallerTypeDownToTheFloor() throws {
        // Three words too wide for the column at the table's size, narrow enough at the floor's.
        let words = (1...3).map { "Unbreakable\($0)Wordxxxxxxxx" }
        let doc = layout(table(words.map { _ in "h" }, [words]), style: try Templates.style(template: nil, sets: ["table.max-width=measure"]))
        let sizes = Set(doc.allLines.filter { $0.text.hasPrefix("Unbreakable") }.map(\.shaped.format.text.size))
        XCTAssertEqual(sizes.count, 1)
        let size = sizes.first!
        let type = Typography(style)
        XCTAssertLessThan(size, type.tableSize)
        XCTAssertGreaterThanOrEqual(size, type.tableSize * type.tableMinimumScale - 0.001)
        for line in doc.allLines { XCTAssertLessThanOrEqual(line.x + line.width, columnRight + 0.5) }
        XCTAssertEqual(doc.allLines.filter { $0.text.hasPrefix("Unbreakable") }.map(\.text), words, "no word broken")
    }

    /// Regression: "Default" was set "Defaul|t" in a column measured to its exact width: the
    /// width scaled from the measured size fell a few thousandths of a point short.
    func testHeaderWordInAColumnAsWideAsItIsNotBroken() {
        let doc = layout(table(["Parameter", "Environment variable", "Default", "Description"],
                               [["`resourceRoot`", "`QUIRE_RESOURCE_ROOT_DIRECTORY_OVERRIDE`", "the input's folder",
                                 "https://example.com/a/very/long/address/that/has/to/wrap/somewhere"],
                                ["`baseDirectory`", "`QUIRE_BASE`", "`.`", "Where relative image paths start"]]))
        let header = doc.allLines.filter { $0.shaped.format.text.bold }.map(\.text)
        XCTAssertEqual(header, ["Parameter", "Environment variable", "Default", "Description"])
    }

    /// At the floor size, the widest columns are capped, but not below their header's longest
    /// word while others can give way.
    func testCappedColumnsKeepTheirHeaderWords() throws {
        let capped = TableColumns(minimum: [20, 200, 300], preferred: [20, 200, 300], header: [10, 40, 200],
                                  padding: 0, available: 160, floor: 0.5)
        XCTAssertEqual(capped.scale, 0.5)
        XCTAssertEqual(capped.widths.reduce(0, +), 160, accuracy: 0.01)
        XCTAssertGreaterThanOrEqual(capped.widths[2], 100 - 0.001, "header word kept (at the floor's scale)")
        XCTAssertEqual(capped.widths[0], 10, accuracy: 0.01, "narrow column at its minimum")
        let plain = TableColumns(minimum: [20, 200, 300], preferred: [20, 200, 300], padding: 0, available: 160, floor: 0.5)
        XCTAssertEqual(plain.widths, [10, 75, 75], "without header words the cap cuts deeper")
        // Kept to the measure and upright, the table goes below its floor to the least size,
        // then caps its columns.
        let words = (1...5).map { "Head\($0)word" }
        let kept = try Templates.style(template: nil, sets: ["table.max-width=measure", "table.rotate=never"])
        let doc = layout(table(words, [(1...5).map { "Unbreakable\($0)Longerxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }]), style: kept)
        let headerLines = doc.allLines.filter { $0.shaped.format.text.bold }.map(\.text)
        XCTAssertEqual(headerLines, words, "header words whole while body words wrap")
        XCTAssertGreaterThan(doc.allLines.filter { !$0.shaped.format.text.bold }.count, 5)
        XCTAssertEqual(doc.warnings.count, 1, "a warning: below table.min-size, words broken")
        XCTAssertTrue(doc.warnings.first?.message.contains("words break") ?? false, "\(doc.warnings)")
    }

    func testHeaderRowIsShadedAndRepeatedOnEveryPageTheTableContinuesOn() {
        let rows = (1...120).map { ["row \($0)", "text of row \($0)"] }
        let doc = layout("# T\n\n" + table(["Name", "Text"], rows))
        XCTAssertGreaterThan(doc.pages.count, 2)
        for (i, page) in doc.pages.enumerated() {
            let lines = page.bodyLines
            let headers = lines.filter { $0.text == "Name" }
            XCTAssertEqual(headers.count, 1, "page \(i + 1) has the header once")
            let firstRow = lines.first { $0.text.hasPrefix("row ") }!
            XCTAssertLessThan(headers[0].baseline, firstRow.baseline, "page \(i + 1): header above the rows")
            let fills = page.items.filter { if case .fill = $0 { return true } else { return false } }
            XCTAssertEqual(fills.count, 1, "page \(i + 1): one shaded header row")
        }
        let all = doc.allLines.map(\.text)
        for n in 1...120 { XCTAssertEqual(all.filter { $0 == "row \(n)" }.count, 1, "row \(n) once") }
    }

    func testARowIsNotSplitAcrossPages() {
        let rows = (1...60).map { ["r\($0)", prose(25, seed: "r\($0)w")] }
        let doc = layout(table(["K", "V"], rows), style: { var s = Style(); s.pageSize = .a6; return s }())
        for n in 1...60 {
            let pages = Set(doc.pages.indices.filter { p in doc.pages[p].bodyLines.contains { $0.text.contains("r\(n)w") } })
            XCTAssertEqual(pages.count, 1, "row \(n) on one page")
        }
    }

    func testARowTallerThanAPageIsCutBetweenLinesAndKeepsAllText() {
        var style = Style()
        style.pageSize = .a6
        let doc = layout(table(["K", "V"], [["first", prose(600, seed: "t")], ["last", "x"]]), style: style)
        XCTAssertGreaterThan(doc.pages.count, 2)
        let text = doc.allLines.map(\.text).joined(separator: " ")
        for n in [1, 300, 600] { XCTAssertTrue(text.contains("t\(n)"), "t\(n) kept") }
        let bottom = style.pageSize.height - style.margins.bottom
        for page in doc.pages {
            for line in page.bodyLines { XCTAssertLessThanOrEqual(line.baseline, bottom + 0.5, line.text) }
        }
        XCTAssertEqual(doc.pages[1].bodyLines.first?.text, "K", "the header repeats above the rest of the row")
    }

    func testInlineStylesAndLinksInCells() {
        let doc = layout(table(["A", "B"], [["**bold** and *it*", "[site](https://example.com) `code`"]]))
        let links = doc.pages[0].links
        XCTAssertEqual(links.map(\.target), [.uri("https://example.com")])
        let cell = doc.allLines.first { $0.text.contains("site") }!
        XCTAssertEqual(links[0].rect.x, cell.x, accuracy: 0.01)
        let bold = doc.allLines.first { $0.text.contains("bold") }!
        XCTAssertTrue(bold.shaped.text.runs.contains { $0.attributes.bold })
    }

    func testRepeatedHeaderInAQuoteKeepsTheQuoteBar() {
        let rows = (1...120).map { ["row \($0)", "x"] }
        let quoted = table(["Name", "Text"], rows).split(separator: "\n").map { "> " + $0 }.joined(separator: "\n")
        let doc = layout(quoted)
        let second = doc.pages[1]
        let header = second.bodyLines.first { $0.text == "Name" }!
        let bars = second.items.compactMap { item -> (Point, Point)? in
            if case .line(let a, let b, _, _) = item, a.x == b.x { return (a, b) } else { return nil }
        }
        XCTAssertTrue(bars.contains { $0.0.y <= header.baseline && $0.1.y >= header.baseline }, "a bar beside the repeated header")
    }

    func testRowCutsFallBetweenLines() {
        let lines = (0..<10).map { (top: Double($0) * 10, bottom: Double($0) * 10 + 10) }
        XCTAssertEqual(TableLayouter.rowCuts(height: 100, lines: lines, limit: 35), [30, 60, 90])
        let overlapping = [(top: 0.0, bottom: 25.0), (top: 20.0, bottom: 45.0), (top: 50.0, bottom: 60.0)]
        XCTAssertEqual(TableLayouter.rowCuts(height: 60, lines: overlapping, limit: 48), [48], "in the gap between lines")
        XCTAssertEqual(TableLayouter.rowCuts(height: 100, lines: [(0, 100)], limit: 40), [40, 80], "one line taller than a page")
    }
    /// Issue 46 (9): a cell of code sat 1 pt above the serif text beside it: the cells of a
    /// row share their first baseline.
    func testRegressionCellsOfARowShareTheirFirstBaseline() {
        let doc = layout("| Name | Flag | Note |\n|---|---|---|\n| serif text | `code` | `x` and text |\n| plain | ok | `only` |\n")
        let lines = doc.pages[0].bodyLines
        for row in [["serif text", "code", "x and text"], ["plain", "ok", "only"]] {
            let baselines = row.compactMap { cell in lines.first { $0.text.trimmingCharacters(in: .whitespaces) == cell }?.baseline }
            XCTAssertEqual(baselines.count, 3, "\(lines.map(\.text))")
            for b in baselines { XCTAssertEqual(b, baselines[0], accuracy: 0.01, "\(row)") }
        }
    }
}
