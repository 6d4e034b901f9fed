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

/// Issue 3's geometry, each to within half a point.
final class ListGeometryTests: XCTestCase {
    let style = Style()
    var columnRight: Double { style.margins.left + style.contentWidth }

    func testHangingIndentAtEveryDepth() {
        let markdown = "- " + prose(50, seed: "a") + "\n  - " + prose(50, seed: "b") + "\n    - " + prose(50, seed: "c") + "\n"
        let lines = layout(markdown).allLines
        for seed in ["a", "b", "c"] {
            let xs = lines.filter { $0.text.hasPrefix(seed) }.map(\.x)
            XCTAssertGreaterThan(xs.count, 1, "item \(seed) wraps")
            for x in xs { XCTAssertEqual(x, xs[0], accuracy: 0.5) }
        }
        let a = lines.first { $0.text.hasPrefix("a") }!.x, b = lines.first { $0.text.hasPrefix("b") }!.x
        XCTAssertEqual(b - a, style.listIndent * style.bodySize, accuracy: 0.5, "one gutter per level")
    }

    func testRightToLeftIsTheExactMirrorOfLeftToRight() {
        let ltr = layout("- " + prose(40)).pages[0]
        let rtl = layout("- " + String(repeating: "שלום עולם ", count: 25)).pages[0]
        let ltrMarker = ltr.markers[0].center.x, rtlMarker = rtl.markers[0].center.x
        XCTAssertEqual(ltrMarker - style.margins.left, columnRight - rtlMarker, accuracy: 0.5)
        let ltrIndent = ltr.bodyLines.map(\.x).min()! - style.margins.left
        let rtlIndent = columnRight - rtl.bodyLines.map { $0.x + $0.width }.max()!
        XCTAssertEqual(ltrIndent, rtlIndent, accuracy: 0.5)
        XCTAssertEqual(ltr.markers[0].center.y, rtl.markers[0].center.y, accuracy: 0.5)
    }

    func testMarkersStayAtTheListEdgeForEveryAlignment() {
        for alignment in TextAlignment.allCases {
            var s = style
            s.bodyAlign = alignment
            let doc = layout("- short\n- " + prose(40) + "\n", style: s)
            let markers = doc.pages[0].markers
            XCTAssertEqual(markers[0].center.x, markers[1].center.x, accuracy: 0.01, "\(alignment)")
            XCTAssertLessThan(markers[0].center.x, doc.allLines.map(\.x).min()!, "\(alignment)")
            let short = doc.allLines[0]
            let itemLeft = style.margins.left + style.listIndent * style.bodySize
            switch alignment {
            case .left, .justify: XCTAssertEqual(short.x, itemLeft, accuracy: 0.5)
            case .right: XCTAssertEqual(short.x + short.width, columnRight, accuracy: 0.5)
            case .center: XCTAssertEqual(short.x + short.width / 2, (itemLeft + columnRight) / 2, accuracy: 0.5)
            }
        }
    }

    func testJustifiedItemFillsItsColumnExceptTheLastLine() {
        var s = style
        s.bodyAlign = .justify
        let lines = layout("- " + prose(80), style: s).allLines
        for line in lines.dropLast() { XCTAssertEqual(line.x + line.width, columnRight, accuracy: 0.5) }
        XCTAssertLessThan(lines.last!.x + lines.last!.width, columnRight - 5)
    }

    func testMarkerScalesWithTheFontSizeAndFollowsTheLineHeight() {
        var big = style
        big.bodySize = style.bodySize * 2
        big.bodyLineHeight = 2.2
        let small = layout("- item").pages[0].markers[0]
        let doc = layout("- item", style: big)
        let large = doc.pages[0].markers[0]
        XCTAssertEqual(large.size / small.size, 2, accuracy: 0.05)
        let xHeight = Typesetter().xHeight(family: big.bodyFont, size: big.bodySize)
        XCTAssertEqual(large.center.y, doc.allLines[0].baseline - xHeight / 2, accuracy: 0.5)
    }

    func testItemSplitAcrossPagesKeepsItsMarkerOnTheFirstPartOnly() {
        let doc = layout(prose(700) + "\n\n- " + prose(400, seed: "item"))
        let pagesWithItem = doc.pages.filter { $0.bodyLines.contains { $0.text.contains("item") } }
        XCTAssertGreaterThan(pagesWithItem.count, 1, "the item spans pages")
        XCTAssertEqual(pagesWithItem.map(\.markers.count), [1] + Array(repeating: 0, count: pagesWithItem.count - 1))
    }

    func testMarkerIsNeverAloneAtTheBottomOfAPage() {
        var itemsSplit = 0
        for filler in stride(from: 560, through: 720, by: 3) {
            let items = (1...4).map { "- " + prose(60, seed: "i\($0)w") }.joined(separator: "\n")
            let doc = layout(prose(filler, seed: "f") + "\n\n" + items)
            for page in doc.pages {
                guard let last = page.bodyLines.last, last.text.hasPrefix("i") else { continue }
                if last.lineIndex < last.shaped.lines.count - 1 { itemsSplit += 1 }
                XCTAssertFalse(last.lineIndex == 0 && last.shaped.lines.count > 1,
                               "a marker's line alone at the bottom (filler \(filler))")
            }
        }
        XCTAssertGreaterThan(itemsSplit, 5, "the sweep splits items")
    }
}
