import Foundation
import XCTest

/// Issue 47 end to end: Mermaid sequence diagrams through the built binary, drawn by Quire
/// (no Graphviz needed): their texts in the text layer, no Mermaid syntax there, a Figure in
/// the structure tree, the PDF clean for qpdf and the other readers.
final class SequenceDiagramsCLITests: BinaryTestCase {
    override class var folderPrefix: String { "sequence" }

    func testASequenceDiagramIsDrawnWithItsTextsAndNoSyntaxInTheTextLayer() throws {
        let input = folder.url.appendingPathComponent("sequence.md")
        try Data("""
        # Login

        ```mermaid
        sequenceDiagram
          autonumber
          participant B as Browser
          actor U as Customer
          U->>+B: Types password
          B-)Server: POST /login
          alt valid
            Server-->>B: Session cookie
          else invalid
            Server--xB: Rejected
          end
          Note over B,Server: TLS all the way
          B-->>-U: Welcome page
        ```

        After.
        """.utf8).write(to: input)
        let output = folder.url.appendingPathComponent("sequence.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertFalse(run.stderrText.contains("warning"), run.stderrText)
        let pdf = PDFInspector(pdf: output)
        let check = try pdf.check()
        XCTAssertTrue(check.passed, check.output)
        XCTAssertEqual(try pdf.readerProblems(), [])
        let text = try pdf.text()
        for label in ["Browser", "Customer", "Server", "Types password", "POST /login", "[valid]", "Session cookie", "[invalid]",
                      "Rejected", "TLS all the way", "Welcome page", "alt", "After."] {
            XCTAssertTrue(text.contains(label), "\(label) in the text layer")
        }
        for syntax in ["sequenceDiagram", "participant", "->>", "-->>", "--x", "-)", "Note over", "autonumber", "actor", "else"] {
            XCTAssertFalse(text.contains(syntax), "\(syntax) in the text layer")
        }
        let structure = try Run.run(try Run.tool("pdfinfo"), ["-struct-text", output.path])
        XCTAssertTrue(structure.stdoutText.contains("Figure"), structure.stdoutText)
    }

    func testTheSampleSequenceDiagramsAreDrawn() throws {
        let input = Paths.packageRoot.appendingPathComponent("Samples/diagrams.md")
        let output = folder.url.appendingPathComponent("diagrams.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let text = try PDFInspector(pdf: output).text()
        for label in ["Checkout", "Web shop", "Charge card", "Three-D Secure", "[card accepted]", "Ask for another card",
                      "Front end", "Poll status", "[Every minute]", "Check cache", "[to the browser]", "Give up", "Writes go",
                      "The user waits"] {
            XCTAssertTrue(text.contains(label), "\(label) in the text layer")
        }
        XCTAssertFalse(text.contains("sequenceDiagram"))
        XCTAssertFalse(text.contains("<br>"))
    }
}
