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

/// Mermaid sequence diagrams on the page (issue 47): drawn inside the frame as paths and real
/// text, in GitHub's default colours, one figure with the participants and messages as Alt
/// text; too large, set smaller or shown as source with a warning.
final class SequenceDiagramLayoutTests: XCTestCase {
    private let style = Style()
    private let source = """
    Text.

    ```mermaid
    sequenceDiagram
      participant A as Alice
      actor J as John
      A->>+J: Hello John
      loop Every minute
        J-->>A: Great!
      end
      Note right of J: Thinks
      J--xA: Bye
      deactivate J
    ```

    After.
    """

    func testASequenceDiagramIsDrawnAsPathsAndTextInsideTheFrame() {
        let doc = layout(source)
        XCTAssertEqual(doc.warnings.map(\.description), [])
        let lines = doc.allLines.map(\.text)
        for label in ["Alice", "John", "Hello John", "Great!", "[Every minute]", "loop", "Thinks", "Bye"] {
            XCTAssertTrue(lines.contains(label), "\(label) in \(lines)")
        }
        XCTAssertFalse(lines.contains { $0.contains("->>") || $0.contains("participant") || $0.contains("sequenceDiagram") }, "no source as text")
        XCTAssertEqual(lines.filter { $0 == "Alice" }.count, 2, "a participant's box at the top and the bottom")
        let drawn = doc.pages[0].paths
        let left = style.margins.left, right = style.pageSize.width - style.margins.right
        for path in drawn {
            let b = path.bounds
            XCTAssertTrue(b.x >= left - 0.5 && b.maxX <= right + 0.5, "\(b) inside the text block across")
            XCTAssertTrue(b.y >= style.margins.top - 0.5 && b.maxY <= style.pageSize.height - style.margins.bottom + 0.5)
        }
        let label = doc.allLines.first { $0.text == "Hello John" }
        XCTAssertEqual(label?.shaped.format.text.size ?? 0, style.bodySize * 0.9, accuracy: 0.01)
        XCTAssertTrue(drawn.contains { $0.fill == style.diagram.nodeFill && $0.stroke == style.diagram.nodeBorder }, "participant boxes")
        XCTAssertTrue(drawn.contains { $0.stroke == style.diagram.edge && !$0.dash.isEmpty }, "the dotted reply")
        XCTAssertTrue(drawn.contains { $0.fill == SequencePainter.noteFill }, "the note")
        XCTAssertTrue(drawn.contains { $0.fill == SequencePainter.activationFill }, "the activation bar")
        XCTAssertTrue(drawn.contains { $0.stroke == style.diagram.nodeBorder && !$0.dash.isEmpty }, "the loop's dashed frame")
        let after = doc.allLines.first { $0.text == "After." }!, bottom = drawn.map(\.bounds.maxY).max()!
        XCTAssertGreaterThan(after.top, bottom, "the text after it below it")
    }

    func testTheDiagramIsOneFigureWithParticipantsAndMessagesAsAltText() {
        let doc = layout(source)
        let tags = doc.pages[0].items.compactMap { item -> StructureElement? in
            if case .path(_, .element(let e)) = item { return e } else { return nil }
        }
        XCTAssertFalse(tags.isEmpty)
        XCTAssertTrue(tags.allSatisfy { $0 === tags[0] })
        XCTAssertEqual(tags[0].role, .figure)
        XCTAssertEqual(tags[0].alt, "Sequence diagram: Alice, John; Alice to John: Hello John; loop Every minute; John to Alice: Great!; note: Thinks; John to Alice: Bye")
    }

    func testALineThatDoesNotParseIsTheSourceWithAWarningAtItsLine() {
        let doc = layout("Text.\n\n```mermaid\nsequenceDiagram\n  A->>B: fine\n  A=>B: wrong\n```\n")
        XCTAssertEqual(doc.warnings.map(\.description), [
            "6: mermaid diagram not drawn: expected a message such as `Alice->>Bob: Hello` or a statement (`participant`, `Note`, `loop`, `end` …), found `A=>B: wrong`; its source is set as code",
        ])
        XCTAssertTrue(doc.allLines.contains { $0.text == "  A=>B: wrong" })
    }

    /// Seven participants at Mermaid's 150 px boxes and 50 px gaps are wider than the page; with
    /// boxes as large as their names they fit at the natural text size, unshrunk.
    func testAWideDiagramTakesTighterBoxesBeforeSmallerText() {
        let wide = "```mermaid\nsequenceDiagram\n" + (0..<6).map { "P\($0)->>P\($0 + 1): go" }.joined(separator: "\n") + "\n```\n"
        let doc = layout(wide)
        XCTAssertEqual(doc.warnings.map(\.description), [])
        let label = doc.allLines.first { $0.text == "P6" }
        XCTAssertEqual(label?.shaped.format.text.size ?? 0, style.bodySize * 0.9, accuracy: 0.01)
        for path in doc.pages[0].paths {
            XCTAssertLessThanOrEqual(path.bounds.maxX, style.pageSize.width - style.safeMargin + 0.5)
            XCTAssertGreaterThanOrEqual(path.bounds.x, style.safeMargin - 0.5)
        }
    }

    func testATallDiagramIsShrunkToOnePageOrShownAsSource() {
        let tall = "```mermaid\nsequenceDiagram\n" + (0..<25).map { "A->>B: message \($0)" }.joined(separator: "\n") + "\n```\n"
        let doc = layout(tall)
        XCTAssertTrue(doc.warnings.contains { $0.description.hasPrefix("1: mermaid diagram shrunk to") }, "\(doc.warnings)")
        XCTAssertEqual(doc.pages.count, 1)
        let drawn = doc.pages[0].paths
        XCTAssertLessThanOrEqual(drawn.map(\.bounds.maxY).max() ?? .infinity, style.pageSize.height - style.margins.bottom + 0.5)
        let label = doc.allLines.first { $0.text == "message 24" }
        XCTAssertGreaterThanOrEqual(label?.shaped.format.text.size ?? 0, DiagramLayouter.minimumDiagramSize)

        let huge = "```mermaid\nsequenceDiagram\n" + (0..<300).map { "A->>B: message \($0)" }.joined(separator: "\n") + "\n```\n"
        let source = layout(huge)
        XCTAssertTrue(source.warnings.contains { $0.description == "1: mermaid diagram not drawn: too large for the page at a readable text size (6.0 pt); its source is set as code" }, "\(source.warnings)")
        XCTAssertTrue(source.allLines.contains { $0.text == "A->>B: message 299" })
    }
}
