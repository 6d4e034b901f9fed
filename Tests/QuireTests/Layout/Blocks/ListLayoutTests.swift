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

final class ListLayoutTests: XCTestCase {
    func testOneDrawnMarkerPerItemAndNoBulletCharacter() {
        let doc = layout("- one\n- two " + prose(60) + "\n- three\n")
        XCTAssertEqual(doc.pages[0].markers.count, 3)
        XCTAssertFalse(doc.allLines.contains { $0.text.contains("•") })
    }

    func testWrappedLinesHangUnderTheFirstWord() {
        let doc = layout("- " + prose(80) + "\n\n  Second paragraph " + prose(40, seed: "q") + "\n")
        let lines = doc.allLines
        XCTAssertGreaterThan(lines.count, 4)
        for line in lines { XCTAssertEqual(line.x, lines[0].x, accuracy: 0.5) }
        let marker = doc.pages[0].markers[0]
        XCTAssertLessThan(marker.center.x + marker.size / 2, lines[0].x)
    }

    func testMarkerIsCentredOnTheFirstLineXHeight() {
        let doc = layout("- item " + prose(40))
        let marker = doc.pages[0].markers[0]
        let first = doc.allLines[0]
        let xHeight = Typesetter().xHeight(family: Style().bodyFont, size: Style().bodySize)
        XCTAssertEqual(marker.center.y, first.baseline - xHeight / 2, accuracy: 0.5)
        XCTAssertEqual(marker.size, xHeight * 0.72, accuracy: 0.01, "size from the font's metrics")
    }

    func testShapesByDepth() {
        let doc = layout("- a\n  - b\n    - c\n      - d\n")
        let kinds = doc.pages[0].markers.map(\.kind)
        XCTAssertEqual(kinds, [.shape(.disc), .shape(.circle), .shape(.square), .shape(.disc)])
    }

    func testOrderedNumbersAreTextRightAlignedInOneGutter() {
        let doc = layout("8. a\n9. b\n10. c\n")
        let numbers = doc.allLines.filter { $0.text.hasSuffix(".") }
        XCTAssertEqual(numbers.map(\.text), ["8.", "9.", "10."])
        let rightEdges = numbers.map { $0.x + $0.width }
        for edge in rightEdges { XCTAssertEqual(edge, rightEdges[0], accuracy: 0.5) }
        let bodies = doc.allLines.filter { !$0.text.hasSuffix(".") }
        for body in bodies { XCTAssertEqual(body.x, bodies[0].x, accuracy: 0.5) }
        XCTAssertGreaterThan(bodies[0].x, rightEdges[0])
    }

    func testTaskItemsDrawBoxes() {
        let doc = layout("- [ ] todo\n- [x] done\n")
        XCTAssertEqual(doc.pages[0].markers.map(\.kind), [.taskBox(checked: false), .taskBox(checked: true)])
        XCTAssertFalse(doc.allLines.contains { $0.text.contains("[") })
    }

    func testRightToLeftItemMirrorsMarkerAndIndent() {
        let doc = layout("- " + String(repeating: "שלום עולם ", count: 30) + "\n")
        let marker = doc.pages[0].markers[0]
        let lines = doc.allLines
        let right = lines.map { $0.x + $0.width }.max()!
        XCTAssertGreaterThan(marker.center.x, right, "marker on the right")
        let style = Style()
        XCTAssertLessThan(right, style.margins.left + style.contentWidth - 10, "indent mirrored on the right")
        XCTAssertGreaterThanOrEqual(lines.map(\.x).min()!, style.margins.left - 0.5)
    }

    func testTightListIsDenserThanLooseList() {
        func spacing(_ md: String) -> Double {
            let lines = layout(md).allLines
            return lines[1].baseline - lines[0].baseline
        }
        XCTAssertLessThan(spacing("- a\n- b\n"), spacing("- a\n\n- b\n") - 3)
    }

    func testDeepNestingKeepsAUsableColumn() {
        var markdown = ""
        for depth in 0..<100 { markdown += String(repeating: "  ", count: depth) + "- level \(depth)\n" }
        let doc = layout(markdown)
        let style = Style()
        for line in doc.allLines {
            XCTAssertLessThanOrEqual(line.x, style.margins.left + style.contentWidth - style.minimumColumnWidth + 0.5)
        }
        XCTAssertEqual(doc.pages.flatMap(\.markers).count, 100)
    }

    func testThousandItemsAndEmptyItems() {
        let doc = layout((1...1000).map { "- item \($0)" }.joined(separator: "\n") + "\n-\n- \n")
        XCTAssertEqual(doc.pages.flatMap(\.markers).count, 1002)
    }

    func testCentredBodyKeepsMarkersAtTheListEdge() {
        var style = Style()
        style.bodyAlign = .center
        let doc = layout("- short\n- a much longer item text\n", style: style)
        let xs = doc.pages[0].markers.map(\.center.x)
        XCTAssertEqual(xs[0], xs[1], accuracy: 0.01)
        XCTAssertNotEqual(doc.allLines[0].x, doc.allLines[1].x, "text is centred inside the item column")
    }
}
