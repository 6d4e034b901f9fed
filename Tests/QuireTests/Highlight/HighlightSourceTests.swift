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

/// The text GtkSourceView is given and the way back to the code's bytes.
final class HighlightSourceTests: XCTestCase {
    func testEveryLineIsAPieceAndRangesComeBackJoinedAcrossLines() {
        let source = HighlightSource(code: "ab\ncd\n\nef", isSession: false)
        XCTAssertEqual(String(decoding: source.bytes, as: UTF8.self), "ab\ncd\n\nef\n")
        XCTAssertEqual(source.pieces.map(\.code), [0, 3, 6, 7])
        var cursor = 0
        XCTAssertEqual(source.codeRanges(1..<2, cursor: &cursor), [1..<2])
        // "b\ncd\n\ne": whole lines in between, one range with the newlines.
        XCTAssertEqual(source.codeRanges(1..<8, cursor: &cursor), [1..<8])
        XCTAssertNil(source.longLine)
    }

    func testSessionGivesOnlyCommandsAndNeverColoursOutput() {
        let code = "$ ls -la \\\n  /tmp\nfile one\nuser@host:~/src$ make\n# apt-get install x\noutput"
        let source = HighlightSource(code: code, isSession: true)
        XCTAssertEqual(String(decoding: source.bytes, as: UTF8.self), "ls -la \\\n  /tmp\nmake\napt-get install x\n")
        // A range over everything given maps to the commands only, never to "file one" or "output".
        var cursor = 0
        let ranges = source.codeRanges(0..<source.bytes.count, cursor: &cursor)
        let utf8 = Array(code.utf8)
        let coloured = ranges.map { String(decoding: utf8[$0], as: UTF8.self) }
        XCTAssertEqual(coloured, ["ls -la \\\n  /tmp", "make", "apt-get install x"])
    }

    func testLongLinesAreCutAtACharacterBoundaryAndNoted() {
        let long = String(repeating: "é", count: 800)  // 1,600 bytes
        let source = HighlightSource(code: "x\n" + long + "\ny", isSession: false)
        XCTAssertEqual(source.longLine?.index, 1)
        XCTAssertEqual(source.longLine?.length, 1600)
        XCTAssertEqual(source.pieces[1].length, HighlightSource.longestLine)
        XCTAssertNotNil(String(validating: source.bytes, as: UTF8.self), "still UTF-8")
        // A range running over the cut line does not join across its tail.
        var cursor = 0
        let ranges = source.codeRanges(0..<source.bytes.count, cursor: &cursor)
        XCTAssertEqual(ranges.count, 2)
        XCTAssertEqual(ranges[0], 0..<(2 + HighlightSource.longestLine))
        XCTAssertEqual(ranges[1], (2 + 1600 + 1)..<(2 + 1600 + 2))
    }

    func testNULIsGivenAsASpace() {
        let source = HighlightSource(code: "a\u{0}b", isSession: false)
        XCTAssertEqual(source.bytes, Array("a b\n".utf8))
    }
}
