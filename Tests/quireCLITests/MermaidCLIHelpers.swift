import Foundation
import XCTest

extension BinaryTestCase {
    /// Renders `# Title`, a ```` ```mermaid ```` block holding `diagram` (its lines each ending in
    /// a newline) and `After.`, and asserts that the diagram is its source: the render succeeds,
    /// warns `FILE:LINE: mermaid diagram not drawn: MESSAGE…` with `line` the source line (the
    /// fence is line 3), and the PDF's text holds `shown` (a piece of the source) and what follows.
    func assertDiagramShownAsSource(_ diagram: String, warningAt line: Int, _ message: String, shows shown: String,
                                    file: StaticString = #filePath, testLine: UInt = #line) throws {
        let input = folder.url.appendingPathComponent("broken.md")
        try Data("# Title\n\n```mermaid\n\(diagram)```\n\nAfter.\n".utf8).write(to: input)
        let output = folder.url.appendingPathComponent("broken.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText, file: file, line: testLine)
        XCTAssertTrue(run.stderrText.contains("\(input.path):\(line): mermaid diagram not drawn: \(message)"), run.stderrText,
                      file: file, line: testLine)
        let text = try PDFInspector(pdf: output).text()
        XCTAssertTrue(text.contains(shown) && text.contains("After."), text, file: file, line: testLine)
    }
}
