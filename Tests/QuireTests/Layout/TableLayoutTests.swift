@testable import Quire
import XCTest

final class TableLayoutTests: XCTestCase {
    func testWideTableFitsTheColumnAndKeepsAllText() {
        let row = (1...6).map { "cell \($0) " + prose(8, seed: "c\($0)w") }.joined(separator: " | ")
        let doc = layout("| A | B | C | D | E | F |\n|---|---|---|---|---|---|\n| \(row) |\n")
        let style = Style()
        for line in doc.allLines {
            XCTAssertLessThanOrEqual(line.x + line.width, style.margins.left + style.contentWidth + 0.5)
        }
        let text = doc.allLines.map(\.text).joined(separator: " ")
        for i in 1...6 { XCTAssertTrue(text.contains("c\(i)w8"), "cell \(i) text kept") }
    }

    func testFitGivesNaturalWidthsWhenTheyFit() {
        XCTAssertEqual(LayoutSession.fit([10, 20], into: 100), [10, 20])
        let fitted = LayoutSession.fit([10, 300, 300], into: 200)
        XCTAssertEqual(fitted.reduce(0, +), 200, accuracy: 0.001)
        XCTAssertEqual(fitted[0], 10, accuracy: 0.001)
    }
}
