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

/// One code frame per document (issue 46): every code block of a document shares one frame
/// width and one type size, chosen from all of the document's code lines (98% of them fit),
/// where each block used to widen and shrink on its own (the swift-sdk README showed three
/// box widths and two sizes on one page).
final class CodeFrameTests: XCTestCase {
    private let style = Style()
    private var textBlock: Column { Column(x: style.margins.left, width: style.contentWidth) }

    private func line(_ columns: Int, _ tag: String) -> String {
        let body = (0..<columns).map { $0 % 8 == 7 ? " " : "x" }.joined()
        return String((tag + body).prefix(columns))
    }

    private func fence(_ lines: [String]) -> String { "```\n" + lines.joined(separator: "\n") + "\n```\n" }

    /// The code blocks' shadings (fills) and the sizes of the code lines.
    private func frames(_ doc: LaidOutDocument) -> (shadings: Set<[Double]>, sizes: Set<Double>) {
        var shadings: Set<[Double]> = []
        for page in doc.pages {
            for case .fill(let r, _) in page.items { shadings.insert([(r.x * 10).rounded() / 10, (r.width * 10).rounded() / 10]) }
        }
        let sizes = Set(doc.allLines.filter { $0.tag.element?.role == .code }.map(\.shaped.format.text.size))
        return (shadings, sizes)
    }

    /// Regression: one block with a long line widened into the margins and shrank while its
    /// neighbours kept the measure at the code's size. A line under 2% of the document's
    /// code lines wraps instead, and every block keeps one frame.
    func testARareLongLineWrapsAndEveryBlockKeepsTheMeasure() throws {
        let short = (0..<20).map { line(40, "s\($0)") }
        let doc = layout("Intro.\n\n" + fence(short) + "\nMore.\n\n" + fence([line(110, "long")] + short) + "\nEnd.\n\n" + fence(short))
        let (shadings, sizes) = frames(doc)
        XCTAssertEqual(shadings, [[(textBlock.x * 10).rounded() / 10, (textBlock.width * 10).rounded() / 10]], "one frame, the measure")
        XCTAssertEqual(sizes, [Typography(style).code.size], "one size, the code's")
        let wrapped = doc.allLines.filter { $0.tag.element?.role == .code && $0.actualText == "" }
        XCTAssertEqual(wrapped.count, 1, "the long line wraps once")
    }

    /// Lines over the measure that are more than 2% of the code: every block widens to them,
    /// not only the blocks that hold them.
    func testCommonWideLinesWidenEveryBlock() throws {
        let short = (0..<10).map { line(30, "s\($0)") }
        let wide = (0..<3).map { line(85, "w\($0)") }
        let doc = layout("Intro.\n\n" + fence(short) + "\nMore.\n\n" + fence(wide + short) + "\nEnd.\n\n" + fence(["one"]))
        let (shadings, sizes) = frames(doc)
        XCTAssertEqual(shadings.count, 1, "one frame: \(shadings)")
        XCTAssertEqual(sizes.count, 1, "one size: \(sizes)")
        let frame = try XCTUnwrap(shadings.first)
        XCTAssertGreaterThan(frame[1], textBlock.width + 20, "wider than the measure")
        XCTAssertGreaterThanOrEqual(frame[0], style.safeMargin - 0.1, "inside the safe area")
        XCTAssertTrue(doc.allLines.filter { $0.tag.element?.role == .code }.allSatisfy { $0.actualText == nil }, "nothing wraps")
    }

    /// A block in a list item keeps its start edge and ends where the document's frame does.
    func testANestedBlockEndsWhereTheFrameDoes() throws {
        let wide = (0..<3).map { line(85, "w\($0)") }
        let doc = layout(fence(wide) + "\n- An item:\n\n  " + fence(["nested one", "nested two"]).replacingOccurrences(of: "\n", with: "\n  ") + "\n")
        var fills: [Rect] = []
        for page in doc.pages { for case .fill(let r, _) in page.items { fills.append(r) } }
        let top = try XCTUnwrap(fills.first), nested = try XCTUnwrap(fills.last)
        XCTAssertGreaterThan(nested.x, top.x + 10, "the nested block starts at its item's text")
        XCTAssertEqual(nested.maxX, top.maxX, accuracy: 0.1, "and ends with the frame")
    }
}
