@testable import Quire
import XCTest

/// Regression (issue 17): a warning inside an HTML block named the block's first line, not
/// the line of the element it is about.
final class HTMLWarningLineTests: XCTestCase {
    func testWarningsInsideAnHTMLBlockNameTheElementsLine() {
        let markdown = "# T\n\n<div align=\"center\">\n  <p>Intro.</p>\n  <img src=\"gone.png\" alt=\"Gone\">\n  <a href=\"#nowhere\">x</a>\n"
            + "  <h2><a href=\"#lost\">Heading</a></h2>\n</div>\n"
        let warnings = layout(markdown).warnings
        XCTAssertEqual(warnings.map(\.line), [5, 6, 7], "\(warnings)")
    }

    func testLocatedPiecesCountLinesAcrossCommentsAndTags() {
        let pieces = HTMLText.locatedPieces("a\n<!-- x\ny -->b\n<i>c</i>\n")
        XCTAssertEqual(pieces.map(\.line), [0, 3, 3, 3, 3], "the text around the comment is one piece, from line 0")
    }
}
