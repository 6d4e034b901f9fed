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

/// Issue 47's Graphviz-laid-out parts beyond plain flowcharts, on the layout model: a subgraph's
/// own direction followed, edge labels on their edges, and state, class and entity-relationship
/// diagrams drawn with nodes apart, edges ending on their borders, inside the frame.
final class DiagramKindsLayoutTests: XCTestCase {
    private let style = Style()

    /// The geometry dot gives `chart` with every label `label` large (edge labels half as wide).
    private func geometry(_ chart: Flowchart, label: (Double, Double) = (30, 12)) throws -> DiagramGeometry {
        let sizes = DiagramLabelSizes(nodes: chart.nodes.map { $0.label.isEmpty ? (0, 0) : label },
                                      edges: chart.edges.map { $0.label == nil ? (0, 0) : (label.0 / 2, label.1) },
                                      clusters: chart.subgraphs.map { $0.title.isEmpty ? (0, 0) : label }, fontSize: 10)
        return try DotLayout(chart: chart, sizes: sizes).layout(with: try testEngine.graphviz.library.get())
    }

    private func graph(_ source: String) throws -> Flowchart {
        try XCTUnwrap(try MermaidParser.parse(source).get().graph)
    }

    private func flowchart(_ source: String) throws -> Flowchart {
        guard case .flowchart(let chart) = try MermaidParser.parse(source).get() else { throw MermaidError(line: 0, message: "not a flowchart") }
        return chart
    }

    private func overlaps(_ a: DiagramBox, _ b: DiagramBox) -> Bool { a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY }

    /// How far `p` is from the border of a node of `shape` in `box` (a box, a diamond, an ellipse).
    private func borderDistance(_ p: DiagramPoint, _ box: DiagramBox, _ shape: NodeShape) -> Double {
        let dx = abs(p.x - box.center.x), dy = abs(p.y - box.center.y), w = box.width / 2, h = box.height / 2
        switch shape.dotShape {
        case "diamond": return abs(dx / w + dy / h - 1) * min(w, h)
        case "ellipse": return abs((dx * dx / (w * w) + dy * dy / (h * h)).squareRoot() - 1) * min(w, h)
        default: return min(abs(dx - w) + max(0, dy - h), abs(dy - h) + max(0, dx - w))
        }
    }

    /// Nodes apart and inside the drawing, every edge's ends on its nodes' (or clusters') borders.
    private func assertWellPlaced(_ chart: Flowchart, _ g: DiagramGeometry, file: StaticString = #filePath, line: UInt = #line) throws {
        for i in g.nodes.indices {
            let a = g.nodes[i]
            XCTAssertTrue(a.x >= -0.5 && a.y >= -0.5 && a.maxX <= g.width + 0.5 && a.maxY <= g.height + 0.5, "\(chart.nodes[i].id) inside", file: file, line: line)
            for j in g.nodes.indices where j > i {
                XCTAssertFalse(overlaps(a, g.nodes[j]), "\(chart.nodes[i].id) overlaps \(chart.nodes[j].id)", file: file, line: line)
            }
        }
        for (edge, placed) in zip(chart.edges, g.edges) {
            let start = try XCTUnwrap(placed.startTip ?? placed.spline.first, file: file, line: line)
            let end = try XCTUnwrap(placed.endTip ?? placed.spline.last, file: file, line: line)
            for (id, point) in [(edge.from, start), (edge.to, end)] {
                if let n = chart.nodeIndex(id) {
                    XCTAssertLessThan(borderDistance(point, g.nodes[n], chart.nodes[n].shape), 1.0, "\(id)'s end of \(edge.from) → \(edge.to)", file: file, line: line)
                } else if let s = chart.subgraphIndex(id) {
                    XCTAssertLessThan(borderDistance(point, g.clusters[s].box, .rectangle), 1.0, "cluster \(id)'s end", file: file, line: line)
                }
            }
        }
    }

    func testASubgraphsOwnDirectionIsFollowed() throws {
        let chart = try flowchart("""
        flowchart TB
          start --> pipeline
          subgraph pipeline [Pipeline]
            direction LR
            a --> b --> c
          end
          pipeline --> done
        """)
        let g = try geometry(chart)
        let a = g.nodes[chart.nodeIndex("a")!], b = g.nodes[chart.nodeIndex("b")!], c = g.nodes[chart.nodeIndex("c")!]
        XCTAssertEqual(a.center.y, b.center.y, accuracy: 0.5, "left to right inside a top-to-bottom chart")
        XCTAssertEqual(b.center.y, c.center.y, accuracy: 0.5)
        XCTAssertLessThan(a.maxX, b.x)
        XCTAssertLessThan(b.maxX, c.x)
        let start = g.nodes[chart.nodeIndex("start")!], done = g.nodes[chart.nodeIndex("done")!], box = g.clusters[0].box
        XCTAssertLessThan(start.maxY, box.y, "the chart itself still runs top to bottom")
        XCTAssertLessThan(box.maxY, done.y)
        for n in [a, b, c] { XCTAssertTrue(n.x >= box.x && n.maxX <= box.maxX && n.y >= box.y && n.maxY <= box.maxY, "inside its subgraph") }
        try assertWellPlaced(chart, g)
        // As in Mermaid, an edge crossing into the subgraph keeps it in the chart's direction.
        let crossed = try flowchart("flowchart TB\n  x --> b\n  subgraph s\n    direction LR\n    a --> b\n  end\n")
        let kept = try geometry(crossed)
        XCTAssertLessThan(kept.nodes[crossed.nodeIndex("a")!].maxY, kept.nodes[crossed.nodeIndex("b")!].y)
    }

    func testEdgeLabelsSitOnTheirEdgesAndOverlapNoNode() throws {
        let chart = try flowchart("""
        flowchart TD
          A[Request] -->|valid| B(Handle)
          A -- invalid --> C[Reject]
          B -->|logged| D[(Log)]
          C -->|retry| A
        """)
        let g = try geometry(chart, label: (40, 12))
        for (i, edge) in g.edges.enumerated() {
            let center = try XCTUnwrap(edge.labelCenter)
            // The spline's points, sampled: the label's centre lies on the edge.
            var nearest = Double.infinity
            var k = 0
            while k + 3 < edge.spline.count {
                let p = edge.spline[k], q1 = edge.spline[k + 1], q2 = edge.spline[k + 2], r = edge.spline[k + 3]
                for step in 0...50 {
                    let t = Double(step) / 50, u = 1 - t
                    let x = u * u * u * p.x + 3 * u * u * t * q1.x + 3 * u * t * t * q2.x + t * t * t * r.x
                    let y = u * u * u * p.y + 3 * u * u * t * q1.y + 3 * u * t * t * q2.y + t * t * t * r.y
                    nearest = min(nearest, ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot())
                }
                k += 3
            }
            XCTAssertLessThan(nearest, 2.0, "edge \(i)'s label on its edge")
            let ground = DiagramBox(x: center.x - 12, y: center.y - 7, width: 24, height: 14)
            for (n, node) in g.nodes.enumerated() { XCTAssertFalse(overlaps(ground, node), "edge \(i)'s label over \(chart.nodes[n].id)") }
        }
        try assertWellPlaced(chart, g)
    }

    func testAStateDiagramIsPlacedWithNodesApartAndEdgesOnTheirBorders() throws {
        let chart = try graph("""
        stateDiagram-v2
          [*] --> Idle
          Idle --> Busy : start
          state Busy {
            [*] --> Working
            Working --> Waiting : block
            --
            [*] --> Logging
          }
          Busy --> check
          state check <<choice>>
          check --> Idle : done
          check --> fork : more
          state fork <<fork>>
          fork --> A
          fork --> B
          state join <<join>>
          A --> join
          B --> join
          join --> [*]
          note right of Idle : waits
        """)
        let g = try geometry(chart)
        try assertWellPlaced(chart, g)
        let busy = g.clusters[chart.subgraphIndex("Busy")!].box
        for id in ["Working", "Waiting", "Logging"] {
            let n = g.nodes[chart.nodeIndex(id)!]
            XCTAssertTrue(n.x >= busy.x && n.maxX <= busy.maxX && n.y >= busy.y && n.maxY <= busy.maxY, "\(id) inside its composite state")
        }
        let idle = g.nodes[chart.nodeIndex("Idle")!], note = g.nodes[chart.nodeIndex("note/0")!]
        XCTAssertEqual(idle.center.y, note.center.y, accuracy: 0.5, "a note beside its state")
        XCTAssertGreaterThan(note.x, idle.maxX, "right of it")
    }

    func testClassAndEntityDiagramsArePlacedWithNodesApartAndEdgesOnTheirBorders() throws {
        let classes = try graph("classDiagram\n  Animal <|-- Dog\n  Animal <|-- Cat\n  Dog \"1\" *-- \"4\" Leg : has\n  Cat o-- Toy\n  Dog ..> Bone : chews\n")
        try assertWellPlaced(classes, try geometry(classes))
        let er = try graph("erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER ||--|{ ITEM : contains\n  PRODUCT |o..o{ ITEM : in\n")
        try assertWellPlaced(er, try geometry(er))
    }

    /// Each kind on a page: drawn (no source as text), its labels set, a Figure whose Alt text
    /// names the kind and its labels, every path inside the frame.
    func testEachKindIsAFigureNamingItsKindWithItsLabelsInsideTheFrame() {
        let cases: [(String, String, [String])] = [
            ("stateDiagram-v2\n  [*] --> Idle\n  Idle --> Busy : go\n  Busy --> [*]", "State diagram: ", ["Idle", "Busy", "go"]),
            ("classDiagram\n  class Shape {\n    +area() double\n  }\n  Shape <|-- Square : is", "Class diagram: ", ["Shape", "+area() double", "Square", "is"]),
            ("erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  CUSTOMER {\n    string name PK\n  }", "Entity relationship diagram: ", ["CUSTOMER", "ORDER", "places", "name", "PK"]),
        ]
        for (source, kind, labels) in cases {
            let doc = layout("Text.\n\n```mermaid\n\(source)\n```\n")
            XCTAssertEqual(doc.warnings.map(\.description), [], source)
            let lines = doc.allLines.map(\.text)
            for label in labels { XCTAssertTrue(lines.contains(label), "\(label) in \(lines)") }
            XCTAssertFalse(lines.contains { $0.contains("-->") || $0.contains("Diagram") || $0.contains("||--") }, "no source as text: \(lines)")
            let tags = doc.pages[0].items.compactMap { item -> StructureElement? in
                if case .path(_, .element(let e)) = item { return e } else { return nil }
            }
            XCTAssertEqual(tags.first?.role, .figure)
            XCTAssertTrue(tags.first?.alt?.hasPrefix(kind) ?? false, tags.first?.alt ?? "")
            for label in labels { XCTAssertTrue(tags.first?.alt?.contains(label) ?? false, "\(label) in the Alt text") }
            let left = style.margins.left - 0.5, right = style.pageSize.width - style.margins.right + 0.5
            for case .path(let path, _) in doc.pages[0].items {
                XCTAssertTrue(path.bounds.x >= left && path.bounds.maxX <= right, "inside the frame")
            }
        }
    }
}
