import Foundation
import XCTest

/// Issue 47 end to end for the Graphviz-laid-out kinds beyond flowcharts: Samples/diagrams.md's
/// state, class and entity-relationship diagrams drawn with their labels in the text layer and
/// no Mermaid syntax; a state diagram that does not parse shown as its source with a warning at
/// its line.
final class MermaidGraphKindsCLITests: BinaryTestCase {
    override class var folderPrefix: String { "mermaid-kinds" }

    func testStateClassAndEntityDiagramsAreDrawnWithTheirLabelsAsText() throws {
        let input = Paths.packageRoot.appendingPathComponent("Samples/diagrams.md")
        let output = folder.url.appendingPathComponent("diagrams.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let notDrawn = run.stderrText.split(separator: "\n").filter { $0.contains("not drawn") }
        XCTAssertEqual(notDrawn.count, 1, "only the pie chart is not drawn: \(run.stderrText)")
        let pdf = PDFInspector(pdf: output)
        let check = try pdf.check()
        XCTAssertTrue(check.passed, check.output)
        XCTAssertEqual(try pdf.readerProblems(), [])
        let text = try pdf.text()
        for label in ["Loading data", "shows the error", "copies files", "Pipeline", "Package",
                      "Canvas<T>", "«interface»", "+area() double", "holds", "many",
                      "CUSTOMER", "LINE-ITEM", "appears in", "login"] {
            XCTAssertTrue(text.contains(label), "\(label) in the text layer")
        }
        for syntax in ["-->", "stateDiagram", "classDiagram", "erDiagram", "<<choice>>", "[*]", "||--o{", "<|..", "~T~", "direction LR"] {
            XCTAssertFalse(text.contains(syntax), "\(syntax) in the text layer")
        }
    }

    func testABrokenStateDiagramIsItsSourceWithAWarningAtItsLine() throws {
        try assertDiagramShownAsSource("stateDiagram-v2\n  [*] --> A\n  note above A : no\n", warningAt: 6,
                                       "expected `note left of` or `note right of`", shows: "note above A")
    }
}
