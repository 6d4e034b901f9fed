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

/// Spaces as HTML shows them: a run collapses to one; a non-breaking space stays; code keeps its own.
final class WhitespaceTests: XCTestCase {
    private func text(_ markdown: String) -> String { layout(markdown).allLines.map(\.text).joined(separator: "\n") }

    /// Regression: two spaces after a full stop printed as two.
    func testTwoSpacesAfterAFullStopPrintAsOne() {
        XCTAssertEqual(text("End.  Next sentence.   And\tthe third.\n"), "End. Next sentence. And the third.")
        XCTAssertEqual(text("A *b*  c **d**\n"), "A b c d")
        XCTAssertEqual(text("A  <!-- c -->  b\n"), "A b")
    }

    func testNonBreakingSpacesStay() {
        XCTAssertEqual(text("a&nbsp;&nbsp;b a\u{00A0} b\n"), "a\u{00A0}\u{00A0}b a\u{00A0} b")
    }

    func testCodeKeepsItsSpaces() {
        XCTAssertEqual(text("`a  b` c\n"), "a  b c")
        XCTAssertEqual(text("`a ` b\n"), "a  b", "a space closing code does not swallow the next")
    }
}
