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

/// The measure: how many characters a line of body text holds.
final class MeasureTests: XCTestCase {
    /// English prose as documents hold it (from this project's README).
    static let english = """
        Quire typesets Markdown into PDF that reads like a typeset book: Pango shapes and breaks the text in \
        any script, Quire's own layout engine paginates it, and Cairo writes a PDF with clickable links, named \
        destinations, an outline and metadata. Bullets are drawn shapes, never characters, with hanging indents; \
        markers stay at the list's edge whatever the alignment or direction, and their size follows the font. \
        Sections can be cut to exactly a given number of typeset lines; the last line ends with a coloured link \
        to the full text, which links back. The cut is exact, never inside a word or a grapheme, styles kept, \
        and it costs the same whatever the section's length. A file that cannot be read is listed with its \
        reason; the digest is still made and the exit status says so.
        """

    /// Average characters of the full lines (all but the last) of `text` set with `style`.
    private func averageLine(_ text: String, _ style: Style) -> Double {
        let lines = layout(text, style: style).allLines.dropLast()
        return Double(lines.map(\.text.count).reduce(0, +)) / Double(lines.count)
    }

    /// Regression: at the default A4 and size lines ran to about 90 characters; a book's are 60–75.
    func testDefaultA4LinesHoldAboutSeventyCharacters() {
        let average = averageLine(Self.english, Style())
        XCTAssertGreaterThan(average, 64, "\(average)")
        XCTAssertLessThan(average, 76, "\(average)")
    }

    /// A larger body size keeps the measure (the margins narrow); A5 and A6 get margins in
    /// proportion to their width rather than A4's.
    func testMeasureFollowsSizeAndPage() throws {
        var large = Style()
        large.bodySize = 12
        let average = averageLine(Self.english, large)
        XCTAssertGreaterThan(average, 64, "\(average)")
        XCTAssertLessThan(average, 76, "\(average)")
        for size in ["a5", "a6"] {
            let style = try Templates.style(template: nil, sets: ["page.size=\(size)"])
            XCTAssertEqual(style.margins.left / style.pageSize.width, Style.minimumSideMargin, accuracy: 0.001, size)
            XCTAssertLessThan(averageLine(Self.english, style), 70, size)
        }
    }
}
