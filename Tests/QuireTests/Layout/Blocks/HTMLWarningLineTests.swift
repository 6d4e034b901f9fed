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

/// Regression (issue 17): a warning inside an HTML block named the block's first line, not
/// the line of the element it is about.
final class HTMLWarningLineTests: XCTestCase {
    func testWarningsInsideAnHTMLBlockNameTheElementsLine() {
        let markdown = "# T\n\n<div align=\"center\">\n  <p>Intro.</p>\n  <img src=\"gone.png\" alt=\"Gone\">\n  <a href=\"#nowhere\">x</a>\n"
            + "  <h2><a href=\"#lost\">Heading</a></h2>\n</div>\n"
        let warnings = layout(markdown).warnings
        XCTAssertEqual(warnings.map(\.line), [5, 6, 7], "\(warnings)")
    }

    func testLinesCountAcrossCommentsAndHTMLBlocks() {
        let markdown = "<p>a\n<!-- x\ny -->\n<img src=\"gone.png\"></p>\n\nMarkdown\n\n<div>\n\n<img src=\"lost.png\">\n</div>\n"
        XCTAssertEqual(layout(markdown).warnings.map(\.line), [4, 10])
    }
}
