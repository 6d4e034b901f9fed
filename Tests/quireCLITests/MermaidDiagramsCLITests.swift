import Foundation
import XCTest

/// Issue 47 end to end: Samples/diagrams.md through the built binary: every flowchart drawn
/// (its labels in the text layer, no Mermaid syntax), each a Figure, the PDF clean for qpdf,
/// poppler, MuPDF and Ghostscript; an undrawn type as its source with a warning at its line.
final class MermaidDiagramsCLITests: BinaryTestCase {
    override class var folderPrefix: String { "mermaid" }

    func testTheSampleDiagramsAreDrawnAsFiguresWithRealText() throws {
        let input = Paths.packageRoot.appendingPathComponent("Samples/diagrams.md")
        let output = folder.url.appendingPathComponent("diagrams.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let pdf = PDFInspector(pdf: output)
        let check = try pdf.check()
        XCTAssertTrue(check.passed, check.output)
        XCTAssertEqual(try pdf.readerProblems(), [])
        let text = try pdf.text()
        for label in ["Rectangle", "Subroutine", "Database", "Hexagon", "Asymmetric", "valid", "invalid", "Retry", "Back end",
                      "Workers", "Worker 2", "Object", "store", "Quoted (with brackets)", "\"quoted\" & ♥"] {
            XCTAssertTrue(text.contains(label), "\(label) in the text layer")
        }
        for syntax in ["-->", "subgraph", "classDef", ":::", "<br>", "#quot;"] {
            XCTAssertFalse(text.contains(syntax), "\(syntax) in the text layer")
        }
        XCTAssertTrue(text.contains("\"Dogs\" : 386"), "the pie chart's source")
        XCTAssertTrue(run.stderrText.contains("quire: warning: \(input.path):218: mermaid diagram not drawn: `pie` diagrams are not drawn"), run.stderrText)
        let structure = try Run.run(try Run.tool("pdfinfo"), ["-struct-text", output.path])
        let figures = structure.stdoutText.components(separatedBy: "Figure").count - 1
        XCTAssertGreaterThanOrEqual(figures, 4, structure.stdoutText)
    }

    func testABrokenDiagramIsItsSourceWithAWarningAtTheOffendingLine() throws {
        try assertDiagramShownAsSource("flowchart TD\n  A --> B\n  C[unclosed\n", warningAt: 6,
                                       "expected `]` to close the node's label", shows: "C[unclosed")
    }
}
