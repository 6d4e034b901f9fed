@testable import Quire
import XCTest

final class LongTextTests: XCTestCase {
    /// HarfBuzz under Pango shaped a 500 KB run not at all (one line of width 0) and a 1 MB
    /// run only in part: the words were missing from the PDF.
    func testRegressionHugeParagraphLostText() {
        let words = 120_000
        let doc = layout((1...words).map { "w\($0)" }.joined(separator: " "))
        let shown = doc.allLines.map(\.text).joined().split(separator: " ")
        XCTAssertEqual(shown.count, words)
        XCTAssertEqual(shown.last, "w\(words)")
        // Lines are those of one paragraph: none but the last is short.
        let widths = doc.allLines.dropLast().map(\.width)
        XCTAssertGreaterThan(widths.min()!, Style().contentWidth * 0.8)
    }

    func testHugeCodeBlockKeepsEveryLine() {
        let code = (1...40_000).map { "line \($0)" }.joined(separator: "\n")
        let lines = layout("```\n\(code)\n```").allLines
        XCTAssertEqual(lines.count, 40_000)
        XCTAssertEqual(lines.last?.text, "line 40000")
    }

    func testLongLineWithoutSpacesIsCharWrapped() {
        let word = String(repeating: "x", count: 100_000)
        let lines = layout(word).allLines
        XCTAssertEqual(lines.map(\.text).joined(), word)
        XCTAssertGreaterThan(lines.count, 100)
    }
}
