@testable import QuireModel
@testable import QuireDiagrams
@testable import QuireLayout
import XCTest

// What the Mermaid tests share: a source parsed as the kind of diagram a test expects, the
// error a source gives (and the lines of several), and the paths a page of diagrams holds.

/// The diagram `source` parses to, taken out of `MermaidDiagram` by `kind` (nil for another
/// kind); otherwise a failure recorded at the caller's line (the error's line and message, or
/// the kind found) and `empty`.
func parsedDiagram<Diagram>(_ source: String, _ kind: (MermaidDiagram) -> Diagram?, else empty: Diagram,
                            file: StaticString, line: UInt) -> Diagram {
    switch MermaidParser.parse(source) {
    case .success(let diagram):
        if let wanted = kind(diagram) { return wanted }
        XCTFail("another kind of diagram: \(diagram.kindName)", file: file, line: line)
    case .failure(let error):
        XCTFail("\(error.line): \(error.message)", file: file, line: line)
    }
    return empty
}

/// The error `source` gives with `limits`; nil when it parses.
func mermaidError(_ source: String, limits: MermaidLimits = MermaidLimits()) -> MermaidError? {
    if case .failure(let error) = MermaidParser.parse(source, limits: limits) { return error }
    return nil
}

/// Asserts that each source fails to parse at its line (counted from 1 in the block).
func assertMermaidErrors(atLines cases: KeyValuePairs<String, Int>, file: StaticString = #filePath, line: UInt = #line) {
    for (source, expected) in cases {
        XCTAssertEqual(mermaidError(source)?.line, expected, "\(source.debugDescription)", file: file, line: line)
    }
}

extension Page {
    /// The page's paths (a diagram's boxes, lines and arrowheads among them), in order.
    var paths: [PathPaint] {
        items.compactMap { if case .path(let p, _) = $0 { return p } else { return nil } }
    }
}
