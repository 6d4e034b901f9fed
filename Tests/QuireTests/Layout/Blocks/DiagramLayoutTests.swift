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

/// Mermaid flowcharts on the page: drawn inside the frame as paths and real text of the label
/// sizes, a figure with an Alt text, nodes apart, edges ending on their nodes' borders.
final class DiagramLayoutTests: XCTestCase {
    private let style = Style()
    private let source = """
    Text.

    ```mermaid
    flowchart TD
      A[Start here] -->|yes| B(Round)
      A --> C{Decide}
      C --> D[(Store)]
      subgraph group [A group]
        B --> E((End))
      end
      C -.-> E
    ```

    After.
    """

    private func paths(_ page: Page) -> [PathPaint] {
        page.items.compactMap { if case .path(let p, _) = $0 { return p } else { return nil } }
    }

    func testAFlowchartIsDrawnAsPathsAndLabelsInsideTheFrame() {
        let doc = layout(source)
        XCTAssertEqual(doc.warnings.map(\.description), [])
        let lines = doc.allLines.map(\.text)
        for label in ["Start here", "yes", "Round", "Decide", "Store", "A group", "End"] {
            XCTAssertTrue(lines.contains(label), "\(label) in \(lines)")
        }
        XCTAssertFalse(lines.contains { $0.contains("-->") || $0.contains("subgraph") }, "no source as text")
        let page = doc.pages[0]
        let drawn = paths(page)
        XCTAssertGreaterThan(drawn.count, 10)
        let left = style.margins.left, right = style.pageSize.width - style.margins.right
        for path in drawn {
            let b = path.bounds
            XCTAssertGreaterThanOrEqual(b.x, left - 0.5)
            XCTAssertLessThanOrEqual(b.maxX, right + 0.5)
            XCTAssertGreaterThanOrEqual(b.y, style.margins.top - 0.5)
            XCTAssertLessThanOrEqual(b.maxY, style.pageSize.height - style.margins.bottom + 0.5)
        }
        let labels = doc.allLines.filter { ["Start here", "Decide"].contains($0.text) }
        for label in labels {
            XCTAssertEqual(label.shaped.format.text.size, style.bodySize * 0.9, accuracy: 0.01, "labels at 0.9 of the body size")
            XCTAssertEqual(label.shaped.text.attributes(at: 0).color, style.diagram.text)
        }
        XCTAssertTrue(drawn.contains { $0.fill == style.diagram.nodeFill && $0.stroke == style.diagram.nodeBorder })
        XCTAssertTrue(drawn.contains { $0.fill == style.diagram.clusterFill })
        XCTAssertTrue(drawn.contains { $0.stroke == style.diagram.edge && !$0.dash.isEmpty }, "the dotted link")
    }

    func testTheFlowchartIsOneFigureWithItsLabelsAsAltText() {
        let doc = layout(source)
        let tags = doc.pages[0].items.compactMap { item -> StructureElement? in
            if case .path(_, .element(let e)) = item { return e } else { return nil }
        }
        XCTAssertFalse(tags.isEmpty)
        XCTAssertTrue(tags.allSatisfy { $0 === tags[0] })
        XCTAssertEqual(tags[0].role, .figure)
        XCTAssertEqual(tags[0].alt, "Flowchart: groups A group; Start here, Round, Decide, Store, End, yes")
        let label = doc.allLines.first { $0.text == "Decide" }
        XCTAssertTrue(label.map { if case .element(let e) = $0.tag { return e === tags[0] } else { return false } } ?? false)
    }

    func testNodesDoNotOverlapAndEdgesEndOnTheirBorders() throws {
        var chart = Flowchart()
        for (i, shape) in [NodeShape.rectangle, .rhombus, .circle, .rectangle, .round].enumerated() {
            chart.nodes.append(FlowNode(id: "n\(i)", label: DiagramText("x"), shape: shape, line: 1))
        }
        chart.edges = [FlowEdge(from: "n0", to: "n1", line: 2), FlowEdge(from: "n1", to: "n2", line: 2),
                       FlowEdge(from: "n1", to: "n3", line: 2), FlowEdge(from: "n0", to: "n4", line: 2), FlowEdge(from: "n4", to: "n3", line: 2)]
        let sizes = DiagramLabelSizes(nodes: Array(repeating: (30, 12), count: 5), edges: Array(repeating: (0, 0), count: 5), clusters: [], fontSize: 10)
        let library = try testEngine.graphviz.library.get()
        let g = try DotLayout(chart: chart, sizes: sizes).layout(with: library)
        for i in g.nodes.indices {
            let a = g.nodes[i]
            XCTAssertTrue(a.x >= -0.5 && a.y >= -0.5 && a.maxX <= g.width + 0.5 && a.maxY <= g.height + 0.5, "inside the diagram")
            for b in g.nodes[(i + 1)...] {
                XCTAssertFalse(a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY, "\(a) overlaps \(b)")
            }
        }
        for (edge, placed) in zip(chart.edges, g.edges) {
            let from = g.nodes[chart.nodeIndex(edge.from)!], to = g.nodes[chart.nodeIndex(edge.to)!]
            let start = try XCTUnwrap(placed.spline.first), tip = try XCTUnwrap(placed.endTip)
            XCTAssertLessThan(borderDistance(start, from, chart.nodes[chart.nodeIndex(edge.from)!].shape), 1.0, "\(edge.from) start")
            XCTAssertLessThan(borderDistance(tip, to, chart.nodes[chart.nodeIndex(edge.to)!].shape), 1.0, "\(edge.to) tip")
        }
    }

    /// How far `p` is from the border of a node of `shape` in `box` (a box, a diamond, an ellipse).
    private func borderDistance(_ p: DiagramPoint, _ box: DiagramBox, _ shape: NodeShape) -> Double {
        let dx = abs(p.x - box.center.x), dy = abs(p.y - box.center.y), w = box.width / 2, h = box.height / 2
        switch shape {
        case .rhombus: return abs(dx / w + dy / h - 1) * min(w, h)
        case .circle: return abs((dx * dx / (w * w) + dy * dy / (h * h)).squareRoot() - 1) * min(w, h)
        default: return min(abs(dx - w) + max(0, dy - h), abs(dy - h) + max(0, dx - w))
        }
    }

    func testAHugeDiagramIsItsSourceWithAWarning() {
        var big = "```mermaid\nflowchart LR\n"
        for i in 0..<400 { big += "n\(i) --> n\(i + 1)\n" }
        let doc = layout(big + "```\n")
        XCTAssertTrue(doc.warnings.contains { $0.description.hasPrefix("302: mermaid diagram not drawn: more than 300 nodes") }, "\(doc.warnings)")
        XCTAssertTrue(doc.allLines.contains { $0.text == "n0 --> n1" })
    }

    /// Regression: a flowchart within `MermaidLimits` (280 nodes, 560 labelled links) went to
    /// dot as 840 boxes and 1,120 links and took minutes; dot is now given at most
    /// `DotLayout.mostBoxes` boxes and `mostLinks` links, and past them the source is shown.
    func testRegressionAFlowchartOfManyLabelledLinksIsNotGivenToDot() {
        var big = "```mermaid\nflowchart TD\n"
        for i in 0..<560 { big += "n\(i % 280) -->|l\(i)| n\((i * 7 + 3) % 280)\n" }
        let doc = layout(big + "```\n")
        XCTAssertTrue(doc.warnings.contains { $0.description.hasPrefix("1: mermaid diagram not drawn: too large to lay out: 840 boxes and 1120 links") },
                      "\(doc.warnings)")
        XCTAssertTrue(doc.allLines.contains { $0.text == "n0 -->|l0| n3" })
    }

    /// Wider than the column, a diagram grows into the margins (as a wide table does), then shrinks.
    func testADiagramWiderThanThePageIsShrunkWithAWarning() {
        let wide = "```mermaid\nflowchart LR\n" + (0..<5).map { "n\($0)[Node number \($0)] --> n\($0 + 1)[Node number \($0 + 1)]" }.joined(separator: "\n") + "\n```\n"
        let doc = layout(wide)
        XCTAssertTrue(doc.warnings.contains { $0.description.hasPrefix("1: mermaid diagram shrunk to") }, "\(doc.warnings)")
        let label = doc.allLines.first { $0.text == "Node number 3" }
        XCTAssertNotNil(label)
        XCTAssertGreaterThanOrEqual(label?.shaped.format.text.size ?? 0, DiagramLayouter.minimumDiagramSize)
        for path in paths(doc.pages[0]) {
            XCTAssertLessThanOrEqual(path.bounds.maxX, style.pageSize.width - style.safeMargin + 0.5, "within the page's safe area")
            XCTAssertGreaterThanOrEqual(path.bounds.x, style.safeMargin - 0.5)
        }
    }

    /// A drawn diagram after a heading kept with whatever followed it, so headings and diagrams
    /// chained into one block that pagination could not honour: a heading was left at the foot
    /// of a page, its diagram on the next (and in Samples/diagrams.md, the first page empty).
    func testRegressionDiagramsAfterHeadingsLeftAHeadingAtTheFootOfAPage() {
        let section = "## Part\n\n```mermaid\nflowchart TD\n" + (0..<6).map { "n\($0) --> n\($0 + 1)" }.joined(separator: "\n") + "\n```\n\n"
        let doc = layout("# Title\n\nIntro.\n\n" + String(repeating: section, count: 3))
        XCTAssertGreaterThan(doc.pages.count, 1)
        XCTAssertFalse(paths(doc.pages[0]).isEmpty, "the first diagram on the first page")
        for page in doc.pages { XCTAssertNotEqual(page.bodyLines.last?.text, "Part", "a heading at the foot of a page") }
    }

    /// WasmKit's CanonicalABI.md diagram (two subgraphs, labelled links, LR) fitted the column
    /// only below the smallest readable size and was set as its source; it now takes the margins.
    func testRegressionWasmKitsCanonicalABIDiagramWasSetAsSource() {
        let doc = layout("""
        ```mermaid
        graph LR;
            subgraph CA[Component A]
                F1["(string) -> u32"]
                Import["(i32, i32) -> i32"]
                F1 --> |"lower"| Import
            end
            subgraph CB[Component B]
                F2["(string) -> u32"]
                Export["(i32, i32) -> i32"]
                Export --> |"lift"| F2
            end
            Import --> |"invoke"| Export
        ```
        """)
        XCTAssertEqual(doc.warnings.map(\.description), [])
        XCTAssertTrue(doc.allLines.contains { $0.text == "invoke" })
        let right = paths(doc.pages[0]).map(\.bounds.maxX).max() ?? 0
        XCTAssertGreaterThan(right, style.pageSize.width - style.margins.right, "into the margin")
        XCTAssertLessThanOrEqual(right, style.pageSize.width - style.safeMargin + 0.5)
    }
}
