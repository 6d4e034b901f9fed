import QuireModel

/// A class diagram as the graph dot lays out, in Mermaid's look: each class a box of three
/// compartments (its annotations and name, its attributes, its methods), namespaces as
/// clusters, relations as edges with their ends (hollow triangle, filled or hollow diamond,
/// arrow, circle), cardinalities beside their ends, labels on them, dashed for `..`; notes as
/// yellow boxes joined to their class by a dotted line.
extension ClassDiagram {
    private static let noteStyle = DiagramStyle(fill: Color(hex: "#fff5ad"), stroke: Color(hex: "#aaaa33"))

    /// The graph. O(classes + relations + notes).
    package var graph: Flowchart {
        var chart = Flowchart()
        chart.kind = "Class diagram"
        chart.direction = direction
        for (k, namespace) in namespaces.enumerated() {
            chart.subgraphs.append(FlowSubgraph(id: "namespace/\(k)", title: DiagramText(namespace.name), line: namespace.line))
        }
        for c in classes {
            var title = (c.annotations.map { [DiagramText.Run(text: "«\($0)»", italic: true)] })
            let name = (c.label?.plain ?? c.id) + (c.generic.map { "<\($0)>" } ?? "")
            title.append([DiagramText.Run(text: name, bold: true)])
            var node = FlowNode(id: c.id, label: DiagramText(lines: title), classes: c.classes, style: c.style, line: c.line)
            node.compartments = [c.attributes.map { [Self.member($0)] }, c.methods.map { [Self.member($0)] }]
            chart.nodes.append(node)
            if let n = c.namespace { chart.subgraphs[n].nodes.append(c.id) }
        }
        for r in relations {
            var edge = FlowEdge(from: r.from, to: r.to, label: r.label.map { MermaidLabel.text($0, markdown: false) },
                                stroke: r.dashed ? .dotted : .normal, startHead: Self.head(r.fromEnd), endHead: Self.head(r.toEnd), line: r.line)
            edge.startLabel = r.fromCardinality.map(DiagramText.init)
            edge.endLabel = r.toCardinality.map(DiagramText.init)
            chart.edges.append(edge)
        }
        for (k, note) in notes.enumerated() {
            let id = "note/\(k)"
            let text = DiagramText(lines: note.text.components(separatedBy: "\\n").flatMap { MermaidLabel.text($0, markdown: false).lines })
            chart.nodes.append(FlowNode(id: id, label: text, shape: .note, style: Self.noteStyle, line: note.line))
            if let target = note.target {
                chart.edges.append(FlowEdge(from: id, to: target, stroke: .dotted, endHead: .none, line: note.line))
            }
        }
        return chart
    }

    /// A member as shown: `*` at its end (abstract) italic, `$` (static) dropped.
    private static func member(_ text: String) -> DiagramText {
        if text.hasSuffix("*") { return DiagramText(lines: [[DiagramText.Run(text: String(text.dropLast()), italic: true)]]) }
        return DiagramText(text.hasSuffix("$") ? String(text.dropLast()) : text)
    }

    private static func head(_ end: End) -> EdgeHead {
        switch end {
        case .inheritance: return .triangle
        case .composition: return .diamond
        case .aggregation: return .hollowDiamond
        case .arrow: return .arrow
        case .lollipop: return .circle
        case .none: return .none
        }
    }
}
