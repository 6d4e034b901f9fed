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

/// `<details>` shown whole, its summary bold and its body beside a thin rule; Mermaid as code.
final class DetailsAndMermaidTests: XCTestCase {
    private let style = Style()

    func testDetailsShowTheSummaryBoldAndTheBodyIndentedByAThinRule() {
        let doc = layout("<details>\n<summary>Click to expand</summary>\n\nThe folded text.\n\n- and a list\n\n</details>\n\nAfter.\n")
        let lines = doc.allLines
        XCTAssertEqual(lines.map(\.text), ["Click to expand", "The folded text.", "and a list", "After."])
        XCTAssertEqual(lines[0].shaped.text.attributes(at: 0).bold, true)
        XCTAssertEqual(lines[0].x, style.margins.left, accuracy: 0.5)
        XCTAssertEqual(lines[1].x, style.margins.left + Typography(style).quoteIndent, accuracy: 0.5, "indented")
        XCTAssertEqual(lines[3].x, style.margins.left, accuracy: 0.5)
        let rule = Typography(style).detailsRule
        let bars = doc.pages[0].items.compactMap { item -> (Point, Point)? in
            if case .line(let a, let b, let w, let c) = item, a.x == b.x, w == rule.width, c == rule.color { return (a, b) } else { return nil }
        }
        XCTAssertFalse(bars.isEmpty)
        XCTAssertTrue(bars.allSatisfy { $0.0.x < lines[1].x && $0.0.y >= lines[0].baseline && $0.1.y <= lines[3].top })
    }

    func testDetailsWithoutASummary() {
        XCTAssertEqual(layout("<details>\n\nBody.\n\n</details>\n").allLines.map(\.text), ["Details", "Body."])
    }

    func testAnUndrawnMermaidTypeIsCodeWithACaptionAndAWarningAtItsLine() {
        let doc = layout("Text.\n\n```mermaid\ngitGraph\n  commit\n```\n")
        let lines = doc.allLines
        XCTAssertEqual(lines.map(\.text), ["Text.", "gitGraph", "  commit", "Mermaid diagram (not drawn)"])
        XCTAssertEqual(lines[1].shaped.format.text.family, style.codeFont)
        XCTAssertEqual(lines[3].shaped.text.attributes(at: 0).italic, true)
        XCTAssertLessThan(lines[3].shaped.format.text.size, style.bodySize)
        XCTAssertEqual(doc.warnings.map(\.description),
                       ["4: mermaid diagram not drawn: `gitGraph` diagrams are not drawn (Quire draws `flowchart`, `graph`, `sequenceDiagram`, `stateDiagram`, `classDiagram` and `erDiagram`); its source is set as code"])
    }
}
