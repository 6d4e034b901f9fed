/// A flowchart laid out by Graphviz's dot: its nodes as fixed-size boxes (diamonds, ellipses)
/// of the sizes Quire measured, its edge labels and cluster titles as fixed-size empty HTML
/// tables, so that dot places everything around sizes it never measures itself; then the
/// positions, splines and cluster boxes read back, in points from the top-left corner.
package struct DotLayout {
    package let chart: Flowchart
    package let sizes: DiagramLabelSizes

    /// The geometry, or why dot failed. O(dot's layout: about quadratic in nodes and edges at
    /// worst, which `MermaidLimits` bounds; its iteration limits are set low).
    package func layout(with library: GraphvizLibrary) throws -> DiagramGeometry {
        let nodeSizes = chart.nodes.indices.map { chart.nodes[$0].shape.size(text: sizes.nodes[$0], em: sizes.fontSize) }
        return try library.layout(dotText(nodeSizes)) { graph in try read(graph, nodeSizes) }
    }

    /// Inches, as dot takes sizes.
    private static func inches(_ points: Double) -> String { String(format: "%.4f", points / 72) }

    /// The DOT text of the chart.
    package func dotText(_ nodeSizes: [(width: Double, height: Double)]) -> String {
        let em = sizes.fontSize
        var out = "digraph G {\n"
        out += "graph [rankdir=\(chart.direction.rawValue), compound=true, nodesep=\(Self.inches(1.6 * em)), ranksep=\(Self.inches(2.0 * em)), "
        out += "splines=spline, nslimit=20, nslimit1=20, mclimit=0.5, searchsize=30, pad=0, margin=0];\n"
        out += "node [fixedsize=true, label=\"\", margin=0, penwidth=1];\n"
        out += "edge [dir=both, arrowsize=\(String(format: "%.3f", 0.6 * em / 10)), penwidth=1];\n"
        var placed = Set<String>()
        for (i, subgraph) in chart.subgraphs.enumerated() where subgraph.parent == nil {
            out += cluster(i, nodeSizes, &placed)
        }
        for (i, node) in chart.nodes.enumerated() where !placed.contains(node.id) {
            out += nodeLine(i, nodeSizes)
        }
        for (i, edge) in chart.edges.enumerated() {
            out += edgeLine(i, edge)
        }
        return out + "}\n"
    }

    private func nodeLine(_ i: Int, _ nodeSizes: [(width: Double, height: Double)]) -> String {
        "n\(i) [shape=\(chart.nodes[i].shape.dotShape), width=\(Self.inches(nodeSizes[i].width)), height=\(Self.inches(nodeSizes[i].height))];\n"
    }

    /// An empty HTML table `size` large: a label dot makes room for and Quire fills.
    private static func room(_ size: (width: Double, height: Double)) -> String {
        let w = Int(size.width.rounded(.up)), h = Int(size.height.rounded(.up))
        return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"\(max(1, w))\" HEIGHT=\"\(max(1, h))\"></TD></TR></TABLE>>"
    }

    private func cluster(_ i: Int, _ nodeSizes: [(width: Double, height: Double)], _ placed: inout Set<String>) -> String {
        let subgraph = chart.subgraphs[i]
        var out = "subgraph cluster_\(i) {\n"
        let title = sizes.clusters[i]
        out += "margin=\(Int((0.8 * sizes.fontSize).rounded())); labelloc=t; "
        out += title.width > 0 ? "label=\(Self.room((title.width + sizes.fontSize, title.height + 0.4 * sizes.fontSize)));\n" : "label=\"\";\n"
        for (j, child) in chart.subgraphs.enumerated() where child.parent == i {
            out += cluster(j, nodeSizes, &placed)
        }
        for id in subgraph.nodes {
            guard let n = chart.nodeIndex(id), !placed.contains(id) else { continue }
            placed.insert(id)
            out += nodeLine(n, nodeSizes)
        }
        if representative(i) == nil {
            out += "s\(i) [shape=point, width=0.01, height=0.01, style=invis];\n"
        }
        return out + "}\n"
    }

    /// The node an edge to or from subgraph `i` is attached to: its first node, or its first
    /// nested subgraph's; nil when it holds none (it then holds an invisible point, `s<i>`).
    package func representative(_ i: Int) -> String? {
        if let id = chart.subgraphs[i].nodes.first, let n = chart.nodeIndex(id) { return "n\(n)" }
        for (j, child) in chart.subgraphs.enumerated() where child.parent == i {
            if let r = representative(j) { return r }
        }
        return nil
    }

    /// The dot name of an end (`n<i>` for a node) and the cluster it stands for, if any.
    package func end(_ id: String) -> (name: String, cluster: String?) {
        if let n = chart.nodeIndex(id) { return ("n\(n)", nil) }
        if let s = chart.subgraphIndex(id) { return (representative(s) ?? "s\(s)", "cluster_\(s)") }
        return ("missing", nil)
    }

    private func edgeLine(_ i: Int, _ edge: FlowEdge) -> String {
        let (tail, tailCluster) = end(edge.from), (head, headCluster) = end(edge.to)
        var attributes = ["key=e\(i)", "minlen=\(min(edge.length, 10))",
                          "arrowhead=\(edge.endHead == .none ? "none" : "normal")", "arrowtail=\(edge.startHead == .none ? "none" : "normal")"]
        if let c = tailCluster, c != headCluster { attributes.append("ltail=\(c)") }
        if let c = headCluster, c != tailCluster { attributes.append("lhead=\(c)") }
        if edge.stroke == .invisible { attributes.append("style=invis") }
        if edge.label != nil, sizes.edges[i].width > 0 {
            attributes.append("label=\(Self.room((sizes.edges[i].width + 0.4 * sizes.fontSize, sizes.edges[i].height + 0.2 * sizes.fontSize)))")
        }
        return "\(tail) -> \(head) [\(attributes.joined(separator: ", "))];\n"
    }

    /// The geometry read from the laid-out graph, flipped to y down.
    private func read(_ graph: GraphvizLibrary.LaidOutGraph, _ nodeSizes: [(width: Double, height: Double)]) throws -> DiagramGeometry {
        guard let bb = graph.graphAttribute("bb").flatMap(Self.numbers), bb.count == 4 else {
            throw GraphvizError(message: "dot gave no bounding box")
        }
        let top = bb[3], left = bb[0]
        func point(_ x: Double, _ y: Double) -> DiagramPoint { DiagramPoint(x: x - left, y: top - y) }
        var nodes: [DiagramBox] = []
        for i in chart.nodes.indices {
            guard let pos = graph.nodeAttribute("n\(i)", "pos").flatMap(Self.numbers), pos.count == 2 else {
                throw GraphvizError(message: "dot gave no position for node \(chart.nodes[i].id)")
            }
            let c = point(pos[0], pos[1])
            nodes.append(DiagramBox(x: c.x - nodeSizes[i].width / 2, y: c.y - nodeSizes[i].height / 2, width: nodeSizes[i].width, height: nodeSizes[i].height))
        }
        var edges: [DiagramGeometry.Edge] = []
        for (i, edge) in chart.edges.enumerated() {
            let tail = end(edge.from).name, head = end(edge.to).name
            let pos = graph.edgeAttribute(tail: tail, head: head, key: "e\(i)", "pos") ?? ""
            var placed = Self.spline(pos, point)
            if let lp = graph.edgeAttribute(tail: tail, head: head, key: "e\(i)", "lp").flatMap(Self.numbers), lp.count == 2 {
                placed.labelCenter = point(lp[0], lp[1])
            }
            edges.append(placed)
        }
        var clusters: [DiagramGeometry.Cluster] = []
        for i in chart.subgraphs.indices {
            let path = clusterPath(i)
            let box = graph.subgraphAttribute(path, "bb").flatMap(Self.numbers) ?? [0, 0, 0, 0]
            let corner = point(box[0], box[3])
            var cluster = DiagramGeometry.Cluster(box: DiagramBox(x: corner.x, y: corner.y, width: box[2] - box[0], height: box[3] - box[1]))
            if let lp = graph.subgraphAttribute(path, "lp").flatMap(Self.numbers), lp.count == 2 { cluster.titleCenter = point(lp[0], lp[1]) }
            clusters.append(cluster)
        }
        return DiagramGeometry(width: bb[2] - bb[0], height: bb[3] - bb[1], nodes: nodes, edges: edges, clusters: clusters)
    }

    private func clusterPath(_ i: Int) -> [String] {
        var path = ["cluster_\(i)"], current = chart.subgraphs[i].parent
        while let p = current {
            path.insert("cluster_\(p)", at: 0)
            current = chart.subgraphs[p].parent
        }
        return path
    }

    /// An edge's `pos`: `e,x,y` (the end arrow's tip), `s,x,y` (the start's), then the
    /// spline's 1 + 3k points (the first spline only, where there are several).
    package static func spline(_ pos: String, _ point: (Double, Double) -> DiagramPoint) -> DiagramGeometry.Edge {
        var edge = DiagramGeometry.Edge(spline: [])
        let first = pos.split(separator: ";").first ?? ""
        for token in first.split(separator: " ") {
            let parts = token.split(separator: ",")
            if parts.count == 3, let x = Double(parts[1]), let y = Double(parts[2]) {
                if parts[0] == "e" { edge.endTip = point(x, y) } else { edge.startTip = point(x, y) }
            } else if parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) {
                edge.spline.append(point(x, y))
            }
        }
        if (edge.spline.count - 1) % 3 != 0 { edge.spline = [] }
        return edge
    }

    /// Comma-separated numbers ("1,2" or "0,0,54,108").
    package static func numbers(_ s: String) -> [Double]? {
        let values = s.split(separator: ",").map { Double($0.filter { $0 != "!" }) }
        return values.contains(nil) ? nil : values.compactMap { $0 }
    }

    package init(chart: Flowchart, sizes: DiagramLabelSizes) {
        self.chart = chart
        self.sizes = sizes
    }
}
