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

/// `dir` on HTML elements applies to everything inside; a list takes one direction for all items.
final class DirectionTests: XCTestCase {
    private let style = Style()
    private var right: Double { style.margins.left + style.contentWidth }

    func testDirRtlSetsEvenEnglishRightToLeft() {
        let doc = layout("<div dir=\"rtl\">\n\nHello world.\n\n## A heading\n\n</div>\n\nHello again.\n")
        let lines = doc.allLines
        XCTAssertEqual(lines[0].x + lines[0].width, right, accuracy: 0.5, "aligned at the right")
        XCTAssertTrue(lines[0].shaped.isRightToLeft)
        XCTAssertEqual(lines[1].x + lines[1].width, right, accuracy: 0.5, "the heading too")
        XCTAssertEqual(lines[2].x, style.margins.left, accuracy: 0.5, "after the div, left to right again")
        XCTAssertFalse(lines[2].shaped.isRightToLeft)
    }

    func testDirLtrKeepsHebrewLeftToRight() {
        let doc = layout("<p dir=\"ltr\">שלום עולם</p>\n\n<p>שלום עולם</p>\n")
        XCTAssertEqual(doc.allLines[0].x, style.margins.left, accuracy: 0.5)
        XCTAssertEqual(doc.allLines[1].x + doc.allLines[1].width, right, accuracy: 0.5)
    }

    func testDirOnAListPutsEveryMarkerOnTheRight() {
        let doc = layout("<div dir=\"rtl\">\n\n- one\n- two\n\n</div>\n")
        let markers = doc.pages[0].markers
        XCTAssertEqual(markers.count, 2)
        for (marker, line) in zip(markers, doc.allLines) { XCTAssertGreaterThan(marker.center.x, line.x + line.width) }
    }

    /// Regression: a list mixing Hebrew and English items had bullets on both sides.
    func testAListTakesOneDirectionFromItsFirstItemWithAStrongCharacter() {
        let doc = layout("- 123\n- עברית ראשונה\n- English second\n")
        let markers = doc.pages[0].markers
        XCTAssertEqual(markers.count, 3)
        for marker in markers { XCTAssertEqual(marker.center.x, markers[0].center.x, accuracy: 0.01, "one side") }
        XCTAssertGreaterThan(markers[0].center.x, style.margins.left + style.contentWidth / 2, "the Hebrew item's side")
        let english = doc.allLines.first { $0.text.hasPrefix("English") || $0.text.hasSuffix("English") }!
        XCTAssertEqual(english.x + english.width, markers[0].center.x - Typography(style).listMarkerGap - 3, accuracy: 3,
                       "the English item is set right to left too")
        let ltr = layout("- English first\n- עברית\n")
        XCTAssertEqual(ltr.pages[0].markers[0].center.x, ltr.pages[0].markers[1].center.x, accuracy: 0.01)
        XCTAssertLessThan(ltr.pages[0].markers[1].center.x, style.margins.left + 20)
    }

    func testTableCellDir() {
        let doc = layout("<table><tr><td>a much longer first cell</td></tr><tr><td dir=\"rtl\">Hello.</td></tr></table>\n")
        let long = doc.allLines[0], hello = doc.allLines[1]
        XCTAssertTrue(hello.shaped.isRightToLeft)
        XCTAssertEqual(hello.x + hello.width, long.x + long.width, accuracy: 0.5, "at the cell's right edge")
    }

    func testAlignRightIsPhysicalWhateverTheDirection() {
        let doc = layout("<div dir=\"rtl\">\n\n<div align=\"left\">\n\nשלום\n\n</div>\n\n</div>\n\n<p align=\"right\">שלום</p>\n")
        XCTAssertEqual(doc.allLines[0].x, style.margins.left, accuracy: 0.5, "align=left is the left edge")
        XCTAssertEqual(doc.allLines[1].x + doc.allLines[1].width, right, accuracy: 0.5)
    }
}
