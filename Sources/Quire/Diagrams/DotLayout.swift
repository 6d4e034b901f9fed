/// A flowchart laid out by Graphviz's dot: its nodes as fixed-size boxes (diamonds, ellipses)
/// of the sizes Quire measured, its edge labels as fixed-size nodes on their edges (as Mermaid's
/// dagre does: the edge runs through its label, which never overlaps a node) and cluster titles
/// as fixed-size empty HTML tables, so that dot places everything around sizes it never
/// measures itself; then the positions, splines and cluster boxes read back, in points from
/// the top-left corner. A subgraph with its own direction and no edge into its inside is laid
/// out on its own first (`DotSubgraphLayout`).
package struct DotLayout {
    package let chart: Flowchart
    package let sizes: DiagramLabelSizes
    /// Sizes given for nodes by id, over their shape's size around their label (a subgraph
    /// laid out on its own, standing as one node).
    package var fixedNodeSizes: [String: (width: Double, height: Double)] = [:]

    /// The most dot is given: boxes (nodes, and the labels standing on edges) and links (a
    /// labelled edge is two). Dot's time grows steeply with them: a random flowchart of 300
    /// nodes and 600 labelled links (within `MermaidLimits`) took minutes; 450 boxes and 600
    /// links take seconds at worst with `effort`'s lighter limits.
    package static let mostBoxes = 450, mostLinks = 600
    /// Up to this many boxes and links together, dot searches as hard as it likes (every real
    /// diagram seen holds far fewer); past it, its iterations are cut (`effort`).
    package static let thoroughUpTo = 300

    /// The boxes and links of the graph dot is given.
    package var dotSize: (boxes: Int, links: Int) {
        let labelled = chart.edges.indices.filter { labelIsNode($0) }.count
        return (chart.nodes.count + labelled, chart.edges.count + labelled)
    }

    /// Dot's iteration limits: network simplex (`nslimit`, `nslimit1`: times the nodes),
    /// crossing minimisation (`mclimit`) and the simplex's search (`searchsize`).
    private var effort: String {
        let size = dotSize
        return size.boxes + size.links <= Self.thoroughUpTo
            ? "nslimit=20, nslimit1=20, mclimit=0.5, searchsize=30"
            : "nslimit=2, nslimit1=2, mclimit=0.05, searchsize=10"
    }

    /// The geometry, or why dot failed or was not asked (a graph past `mostBoxes` or
    /// `mostLinks`). O(dot's layout: about quadratic in boxes and links at worst, which those
    /// bound; its iteration limits are set low).
    package func layout(with library: GraphvizLibrary) throws -> DiagramGeometry {
        let size = dotSize
        guard size.boxes <= Self.mostBoxes, size.links <= Self.mostLinks else {
            throw GraphvizError(message: "too large to lay out: \(size.boxes) boxes and \(size.links) links with the labels on them (at most \(Self.mostBoxes) and \(Self.mostLinks))")
        }
        let isolated = isolatedSubgraphs()
        if !isolated.isEmpty { return try layout(isolating: isolated, with: library) }
        let nodeSizes = chart.nodes.indices.map {
            fixedNodeSizes[chart.nodes[$0].id] ?? chart.nodes[$0].shape.size(text: sizes.nodes[$0], em: sizes.fontSize)
        }
        return try library.layout(dotText(nodeSizes)) { graph in try read(graph, nodeSizes) }
    }

    /// Inches, as dot takes sizes.
    private static func inches(_ points: Double) -> String { String(format: "%.4f", points / 72) }

    /// True when edge `i` has its label as a node on it (every labelled edge but a loop).
    package func labelIsNode(_ i: Int) -> Bool {
        let edge = chart.edges[i]
        return edge.label != nil && sizes.edges[i].width > 0 && edge.from != edge.to
    }

    /// The DOT text of the chart.
    package func dotText(_ nodeSizes: [(width: Double, height: Double)]) -> String {
        let em = sizes.fontSize
        // Labels as nodes take a rank of their own, so ranks come twice as close (dagre's way).
        let labelRanks = chart.edges.indices.contains { labelIsNode($0) }
        // Cardinalities and large ends (diamonds, crow's feet) need the whole gap beside a label.
        let roomy = chart.edges.contains { $0.startLabel != nil || $0.endLabel != nil || $0.startHead.room > 0 || $0.endHead.room > 0 }
        var out = "digraph G {\n"
        out += "graph [rankdir=\(chart.direction.rawValue), compound=true, nodesep=\(Self.inches(1.6 * em)), ranksep=\(Self.inches((labelRanks && !roomy ? 1.0 : 2.0) * em)), "
        out += "splines=spline, \(effort), pad=0, margin=0];\n"
        out += "node [fixedsize=true, label=\"\", margin=0, penwidth=1];\n"
        out += "edge [dir=both, arrowsize=\(String(format: "%.3f", 0.6 * em / 10)), penwidth=1];\n"
        // Every node first, in the order the diagram names them: dot breaks cycles by a
        // depth-first search in that order, so edges point the way the source reads (a node
        // first named in a subgraph would otherwise come first).
        for i in chart.nodes.indices { out += nodeLine(i, nodeSizes) }
        for i in chart.edges.indices where labelIsNode(i) { out += labelNodeLine(i) }
        let homes = labelHomes()
        var placed = Set<String>()
        for (i, subgraph) in chart.subgraphs.enumerated() where subgraph.parent == nil {
            out += cluster(i, homes, &placed)
        }
        for group in chart.sameRank {
            let names = group.compactMap { chart.nodeIndex($0).map { "n\($0)" } }
            if names.count > 1 { out += "{ rank=same; \(names.joined(separator: "; ")); }\n" }
        }
        for (i, edge) in chart.edges.enumerated() {
            out += edgeLines(i, edge, doubled: labelRanks)
        }
        return out + "}\n"
    }

    private func nodeLine(_ i: Int, _ nodeSizes: [(width: Double, height: Double)]) -> String {
        "n\(i) [shape=\(chart.nodes[i].shape.dotShape), width=\(Self.inches(nodeSizes[i].width)), height=\(Self.inches(nodeSizes[i].height))];\n"
    }

    /// Edge `i`'s label as a box node `l<i>`, the size of its label and a little ground.
    private func labelNodeLine(_ i: Int) -> String {
        let size = labelGround(i)
        return "l\(i) [shape=box, width=\(Self.inches(size.width)), height=\(Self.inches(size.height))];\n"
    }

    /// The room an edge's label takes: its text and a little ground around it.
    package func labelGround(_ i: Int) -> (width: Double, height: Double) {
        (sizes.edges[i].width + 0.4 * sizes.fontSize, sizes.edges[i].height + 0.2 * sizes.fontSize)
    }

    /// Where each labelled edge's label node goes: the innermost subgraph holding both its ends
    /// (-1: the graph itself), so that a label stays inside the cluster its edge is in.
    private func labelHomes() -> [Int: [Int]] {
        var home: [String: Int] = [:]
        for (s, subgraph) in chart.subgraphs.enumerated() {
            for id in subgraph.nodes where home[id] == nil { home[id] = s }
        }
        func ancestors(_ id: String) -> [Int] {
            var current = chart.nodeIndex(id) != nil ? home[id] : chart.subgraphIndex(id).flatMap { chart.subgraphs[$0].parent }
            var out: [Int] = []
            while let s = current, out.count <= chart.subgraphs.count {
                out.append(s)
                current = chart.subgraphs[s].parent
            }
            return out
        }
        var homes: [Int: [Int]] = [:]
        for i in chart.edges.indices where labelIsNode(i) {
            let other = Set(ancestors(chart.edges[i].to))
            homes[ancestors(chart.edges[i].from).first { other.contains($0) } ?? -1, default: []].append(i)
        }
        return homes
    }

    /// An empty HTML table `size` large: a label dot makes room for and Quire fills.
    private static func room(_ size: (width: Double, height: Double)) -> String {
        let w = Int(size.width.rounded(.up)), h = Int(size.height.rounded(.up))
        return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"\(max(1, w))\" HEIGHT=\"\(max(1, h))\"></TD></TR></TABLE>>"
    }

    /// Subgraph `i` as a cluster naming its members (declared before).
    private func cluster(_ i: Int, _ homes: [Int: [Int]], _ placed: inout Set<String>) -> String {
        let subgraph = chart.subgraphs[i]
        var out = "subgraph cluster_\(i) {\n"
        let title = sizes.clusters[i]
        out += "margin=\(Int((0.8 * sizes.fontSize).rounded())); labelloc=t; "
        out += title.width > 0 ? "label=\(Self.room((title.width + sizes.fontSize, title.height + 0.4 * sizes.fontSize)));\n" : "label=\"\";\n"
        for (j, child) in chart.subgraphs.enumerated() where child.parent == i {
            out += cluster(j, homes, &placed)
        }
        out += (homes[i] ?? []).map { "l\($0);\n" }.joined()
        for id in subgraph.nodes {
            guard let n = chart.nodeIndex(id), !placed.contains(id) else { continue }
            placed.insert(id)
            out += "n\(n);\n"
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

    /// Edge `i` as DOT: one edge, or two through its label node (`e<i>` to it, `f<i>` on).
    /// `doubled`: ranks are twice as close, so an edge without a label node spans twice as many.
    private func edgeLines(_ i: Int, _ edge: FlowEdge, doubled: Bool) -> String {
        let (tail, tailCluster) = end(edge.from), (head, headCluster) = end(edge.to)
        let length = min(edge.length, 10)
        var common: [String] = []
        if edge.stroke == .invisible { common.append("style=invis") }
        let room = max(edge.startHead.room, edge.endHead.room)
        if room > 0 { common.append("arrowsize=\(String(format: "%.3f", room * sizes.fontSize / 10))") }
        let ltail = tailCluster.flatMap { $0 != headCluster ? "ltail=\($0)" : nil }
        let lhead = headCluster.flatMap { $0 != tailCluster ? "lhead=\($0)" : nil }
        func line(_ from: String, _ to: String, _ attributes: [String]) -> String {
            "\(from) -> \(to) [\((attributes + common).joined(separator: ", "))];\n"
        }
        let tailHead = "arrowtail=\(edge.startHead == .none ? "none" : "normal")", headHead = "arrowhead=\(edge.endHead == .none ? "none" : "normal")"
        if labelIsNode(i) {
            return line(tail, "l\(i)", ["key=e\(i)", "minlen=\(length)", "arrowhead=none", tailHead] + [ltail].compactMap { $0 })
                + line("l\(i)", head, ["key=f\(i)", "minlen=\(length)", "arrowtail=none", headHead] + [lhead].compactMap { $0 })
        }
        var attributes = ["key=e\(i)", "minlen=\(doubled ? 2 * length : length)", headHead, tailHead] + [ltail, lhead].compactMap { $0 }
        if edge.label != nil, sizes.edges[i].width > 0 {
            let ground = labelGround(i)
            attributes.append("label=\(Self.room((ground.width, ground.height)))")
        }
        return line(tail, head, attributes)
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
            if labelIsNode(i) {
                edges.append(joined(graph, i, tail: tail, head: head, point))
                continue
            }
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

    /// Edge `i` drawn through its label node: the spline to it, straight pieces to the
    /// label's centre and on to where the next spline leaves (under the label's ground), the
    /// spline from it; the label at the node's centre, on the edge.
    private func joined(_ graph: GraphvizLibrary.LaidOutGraph, _ i: Int, tail: String, head: String,
                        _ point: (Double, Double) -> DiagramPoint) -> DiagramGeometry.Edge {
        let first = Self.spline(graph.edgeAttribute(tail: tail, head: "l\(i)", key: "e\(i)", "pos") ?? "", point)
        let second = Self.spline(graph.edgeAttribute(tail: "l\(i)", head: head, key: "f\(i)", "pos") ?? "", point)
        var edge = DiagramGeometry.Edge(spline: [], startTip: first.startTip, endTip: second.endTip)
        if let pos = graph.nodeAttribute("l\(i)", "pos").flatMap(Self.numbers), pos.count == 2 {
            edge.labelCenter = point(pos[0], pos[1])
        }
        if let a = first.spline.last, let b = second.spline.first {
            let c = edge.labelCenter ?? a
            func straight(_ p: DiagramPoint, _ q: DiagramPoint) -> [DiagramPoint] {
                [1.0 / 3, 2.0 / 3, 1].map { t in DiagramPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
            }
            edge.spline = first.spline + straight(a, c) + straight(c, b) + second.spline.dropFirst()
        }
        return edge
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
