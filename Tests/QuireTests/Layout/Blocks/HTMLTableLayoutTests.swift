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

/// HTML tables, set by the GFM table engine: spans, per-cell alignment, Markdown in cells,
/// right to left, logos, nested tables.
final class HTMLTableLayoutTests: XCTestCase {
    private let style = Style()

    private func line(_ text: String, in doc: LaidOutDocument, file: StaticString = #filePath, line: UInt = #line) -> TextLine? {
        let found = doc.allLines.first { $0.text.trimmingCharacters(in: .whitespaces) == text }
        if found == nil { XCTFail("no line '\(text)' in \(doc.allLines.map(\.text))", file: file, line: line) }
        return found
    }

    private func rules(_ page: Page) -> [(from: Point, to: Point)] {
        page.items.compactMap { if case .line(let a, let b, _, _) = $0, a.y == b.y { return (a, b) } else { return nil } }
    }

    func testAnHTMLTableIsSetLikeTheSameGFMTable() {
        let gfm = layout("| Name | Role |\n|---|---|\n| Ada | Engineer |\n")
        let html = layout("<table><thead><tr><th>Name</th><th>Role</th></tr></thead><tbody><tr><td>Ada</td><td>Engineer</td></tr></tbody></table>\n")
        XCTAssertEqual(html.allLines.map(\.text), gfm.allLines.map(\.text))
        for (a, b) in zip(html.allLines, gfm.allLines) {
            XCTAssertEqual(a.x, b.x, accuracy: 0.01)
            XCTAssertEqual(a.baseline, b.baseline, accuracy: 0.01)
            XCTAssertEqual(a.shaped.format.text.bold, b.shaped.format.text.bold)
        }
        XCTAssertEqual(rules(html.pages[0]).count, rules(gfm.pages[0]).count)
    }

    func testColspanCoversItsColumnsAndRowspanItsRows() {
        let doc = layout("""
            <table>
            <tr><th>A</th><th colspan="2">Wide heading over two</th></tr>
            <tr><td rowspan="2">Tall</td><td>b1</td><td>c1</td></tr>
            <tr><td>b2</td><td>c2</td></tr>
            <tr><td>a3</td><td>b3</td><td>c3</td></tr>
            </table>
            """)
        guard let wide = line("Wide heading over two", in: doc), let b1 = line("b1", in: doc), let c1 = line("c1", in: doc),
              let tall = line("Tall", in: doc), let b2 = line("b2", in: doc), let a3 = line("a3", in: doc) else { return }
        XCTAssertEqual(wide.x, b1.x, accuracy: 0.01, "the spanning cell starts at its first column")
        XCTAssertGreaterThan(wide.x + wide.width, c1.x, "and reaches into the second")
        XCTAssertEqual(b2.x, b1.x, accuracy: 0.01, "the row under the rowspan skips its column")
        XCTAssertEqual(a3.x, tall.x, accuracy: 0.01)
        XCTAssertGreaterThan(b2.baseline, b1.baseline)
        // The rule under the first body row stops where the tall cell goes on.
        let under = rules(doc.pages[0]).filter { $0.from.y > b1.baseline && $0.from.y < b2.baseline }
        XCTAssertEqual(under.count, 1)
        XCTAssertGreaterThan(under[0].from.x, tall.x + tall.width, "not through the tall cell")
    }

    func testRowsJoinedByARowspanStayTogether() {
        let filler = (1...52).map { "Line \($0)\n" }.joined(separator: "\n")
        let doc = layout(filler + "\n<table><tr><td rowspan=\"3\">Tall</td><td>one</td></tr><tr><td>two</td></tr><tr><td>three</td></tr></table>\n")
        let pageOf = { (t: String) in doc.pages.firstIndex { $0.bodyLines.contains { $0.text == t } } }
        XCTAssertEqual(pageOf("one"), pageOf("three"))
        XCTAssertEqual(pageOf("Tall"), pageOf("three"))
    }

    func testCellAlignmentAndStyleTextAlign() {
        let doc = layout("<table><tr><td>a long cell to widen the column</td><td>x</td></tr>"
                         + "<tr><td align=\"right\">right</td><td>y</td></tr><tr><td style=\"text-align: center\">mid</td><td>z</td></tr></table>\n")
        guard let long = line("a long cell to widen the column", in: doc), let right = line("right", in: doc),
              let mid = line("mid", in: doc) else { return }
        XCTAssertEqual(right.x + right.width, long.x + long.width, accuracy: 0.5)
        XCTAssertEqual(mid.x + mid.width / 2, long.x + long.width / 2, accuracy: 0.5)
    }

    func testMarkdownInACellIsLaidOutAsBlocks() {
        let doc = layout("<table>\n<tr>\n<td>\n\n**Bold** first\n\n- item one\n- item two\n\n</td>\n<td>next</td>\n</tr>\n</table>\n")
        guard let first = line("Bold first", in: doc), let item = line("item one", in: doc), let next = line("next", in: doc) else { return }
        XCTAssertEqual(first.shaped.text.attributes(at: 0).bold, true)
        XCTAssertEqual(first.shaped.format.text.size, Typography(style).tableSize, accuracy: 0.01, "in the table's type")
        XCTAssertGreaterThan(item.x, first.x + 5, "the list indented inside the cell")
        let marker = doc.pages[0].markers.first!
        XCTAssertGreaterThan(marker.center.x, first.x, "the bullet inside the cell")
        XCTAssertGreaterThan(next.x, item.x + item.width, "the next cell beyond the list")
    }

    func testRightToLeftTableHasItsFirstColumnOnTheRight() {
        let doc = layout("<div dir=\"rtl\">\n\n| ראשון | שני |\n|---|---|\n| א | ב |\n\n</div>\n")
        guard let first = line("ראשון", in: doc), let second = line("שני", in: doc) else { return }
        XCTAssertGreaterThan(first.x, second.x)
        XCTAssertEqual(first.x + first.width, style.margins.left + style.contentWidth - Typography(style).tableSize * Typography(style).tablePadding,
                       accuracy: 1, "the table against the right edge")
    }

    func testATableOfLogosIsABareGridOfImages() throws {
        let folder = Fixtures.images.path
        let html = "<table><tr><td><img src=\"logo.svg\" width=\"40\"></td><td><a href=\"https://x.org\"><img src=\"diagram.png\" width=\"40\"></a></td></tr></table>\n"
        let doc = layout(html, style: style) { options in
            options.baseDirectory = folder
            options.resourceRoot = folder
        }
        let images = doc.pages[0].items.compactMap { if case .image(let r, _, _) = $0 { return r } else { return nil } }
        XCTAssertEqual(images.count, 2)
        XCTAssertGreaterThan(images[1].x, images[0].maxX)
        XCTAssertEqual(images[0].y, images[1].y, accuracy: 0.5, "side by side")
        XCTAssertTrue(rules(doc.pages[0]).isEmpty, "no rules around logos")
        XCTAssertEqual(doc.pages[0].links.count, 1)
    }

    func testANestedTableIsTextInItsCellWithAWarning() {
        let doc = layout("<table><tr><td>outer\n<table><tr><td>inner one</td><td>inner two</td></tr></table>\n</td><td>next</td></tr></table>\n")
        let text = doc.allLines.map(\.text)
        XCTAssertTrue(text.contains { $0.contains("inner one inner two") }, "\(text)")
        XCTAssertEqual(doc.warnings.map(\.description), ["2: table inside a table cell set as text"])
    }

    func testAnAnchorAloneInACellIsPlaced() {
        let doc = layout("[jump](#here)\n\n<table><tr><td><a name=\"here\"></a></td><td>x</td></tr></table>\n\n| <a id=\"there\"></a> |\n|---|\n\n[back](#there)\n")
        XCTAssertEqual(doc.warnings, [])
        let targets = doc.pages[0].links.compactMap { if case .destination(let d) = $0.target { return d } else { return nil } }
        XCTAssertEqual(targets.count, 2)
        XCTAssertTrue(doc.allDestinations.isSuperset(of: targets))
    }

    func testTheHeaderOfAnHTMLTableRepeatsOnEveryPage() {
        let rows = (1...80).map { "<tr><td>row \($0)</td></tr>" }.joined(separator: "\n")
        let doc = layout("<table>\n<thead><tr><th>Head</th></tr></thead>\n<tbody>\n" + rows + "\n</tbody>\n</table>\n")
        XCTAssertGreaterThan(doc.pages.count, 1)
        for page in doc.pages { XCTAssertEqual(page.bodyLines.first?.text, "Head") }
    }
}
