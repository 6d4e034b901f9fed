/// A subgraph's own `direction`, followed as Mermaid follows it: dot has one rank direction
/// per graph, so a subgraph with its own direction and no edge crossing into its inside is laid
/// out on its own (recursively, so nested ones work too), then stands in its parent's layout as
/// one node of its size, to and from which its edges run, ending on its border. Where an edge
/// does cross into it, it stays a cluster of the parent's layout, in the parent's direction
/// (as in Mermaid, whose own layout ignores the direction then).
extension DotLayout {
    /// The outermost subgraphs with their own direction and no edge crossing their border to
    /// a node (or nested subgraph) inside, by index. O(subgraphs × (nodes + edges)).
    package func isolatedSubgraphs() -> [Int] {
        var chosen: [Int] = []
        for (s, subgraph) in chart.subgraphs.enumerated() where subgraph.direction != nil {
            if ancestors(of: s).contains(where: chosen.contains) { continue }
            let inside = insideIDs(s)
            let crossing = chart.edges.contains { inside.contains($0.from) != inside.contains($0.to) }
            if !crossing { chosen.append(s) }
        }
        return chosen
    }

    /// The subgraphs `s` is nested in, innermost first.
    private func ancestors(of s: Int) -> [Int] {
        var out: [Int] = [], current = chart.subgraphs[s].parent
        while let p = current, out.count <= chart.subgraphs.count {
            out.append(p)
            current = chart.subgraphs[p].parent
        }
        return out
    }

    /// The subgraphs nested in `s` at any depth (not `s`).
    private func descendants(of s: Int) -> Set<Int> {
        Set(chart.subgraphs.indices.filter { ancestors(of: $0).contains(s) })
    }

    /// The ids of the nodes and subgraphs inside `s` (not `s` itself).
    private func insideIDs(_ s: Int) -> Set<String> {
        let nested = descendants(of: s)
        var ids = Set(chart.subgraphs[s].nodes)
        for d in nested { ids.insert(chart.subgraphs[d].id); ids.formUnion(chart.subgraphs[d].nodes) }
        return ids
    }

    /// The layout with each subgraph in `isolated` laid out on its own and placed as a node.
    package func layout(isolating isolated: [Int], with library: GraphvizLibrary) throws -> DiagramGeometry {
        let em = sizes.fontSize
        var inner: [(s: Int, geometry: DiagramGeometry, nodes: [Int], edges: [Int], subgraphs: [Int])] = []
        var removedNodes = Set<Int>(), removedEdges = Set<Int>(), removedSubgraphs = Set<Int>()
        var fixed: [String: (width: Double, height: Double)] = [:]
        for s in isolated {
            let part = subchart(s)
            var layout = DotLayout(chart: part.chart, sizes: part.sizes)
            layout.fixedNodeSizes = fixedNodeSizes
            let geometry = try layout.layout(with: library)
            inner.append((s, geometry, part.nodes, part.edges, part.subgraphs))
            removedNodes.formUnion(part.nodes)
            removedEdges.formUnion(part.edges)
            removedSubgraphs.formUnion(part.subgraphs + [s])
            fixed[chart.subgraphs[s].id] = (max(geometry.width, sizes.clusters[s].width + em) + 1.6 * em, geometry.height + 1.6 * em + titleRoom(s))
        }
        let outer = outerChart(isolated, removedNodes, removedEdges, removedSubgraphs)
        var layout = DotLayout(chart: outer.chart, sizes: outer.sizes)
        layout.fixedNodeSizes = fixedNodeSizes.merging(fixed) { $1 }
        let placed = try layout.layout(with: library)
        return merge(placed, outer, inner)
    }

    /// The height a subgraph's title takes above its contents (none without one).
    private func titleRoom(_ s: Int) -> Double {
        sizes.clusters[s].width > 0 ? sizes.clusters[s].height + 0.4 * sizes.fontSize : 0
    }

    private struct Part {
        var chart: Flowchart
        var sizes: DiagramLabelSizes
        /// Indices in the whole chart of the part's nodes, edges and subgraphs, in the part's order.
        var nodes: [Int], edges: [Int], subgraphs: [Int]
    }

    /// Subgraph `s`'s inside as a chart of its own, in its direction.
    private func subchart(_ s: Int) -> Part {
        let inside = insideIDs(s)
        let subgraphs = chart.subgraphs.indices.filter { descendants(of: s).contains($0) }
        let nodes = chart.nodes.indices.filter { inside.contains(chart.nodes[$0].id) }
        let edges = chart.edges.indices.filter { inside.contains(chart.edges[$0].from) && inside.contains(chart.edges[$0].to) }
        var part = Flowchart()
        part.direction = chart.subgraphs[s].direction ?? chart.direction
        part.kind = chart.kind
        part.nodes = nodes.map { chart.nodes[$0] }
        part.edges = edges.map { chart.edges[$0] }
        part.subgraphs = subgraphs.map { d in
            var copy = chart.subgraphs[d]
            copy.parent = copy.parent == s ? nil : copy.parent.flatMap { subgraphs.firstIndex(of: $0) }
            return copy
        }
        part.sameRank = chart.sameRank.filter { $0.allSatisfy(inside.contains) }
        return Part(chart: part, sizes: subsizes(nodes, edges, subgraphs), nodes: nodes, edges: edges, subgraphs: subgraphs)
    }

    private func subsizes(_ nodes: [Int], _ edges: [Int], _ subgraphs: [Int]) -> DiagramLabelSizes {
        DiagramLabelSizes(nodes: nodes.map { sizes.nodes[$0] }, edges: edges.map { sizes.edges[$0] },
                          clusters: subgraphs.map { sizes.clusters[$0] }, fontSize: sizes.fontSize)
    }

    /// The chart without the isolated subgraphs' insides, each of them a node of its id in its
    /// parent (appended after the chart's own nodes).
    private func outerChart(_ isolated: [Int], _ nodes: Set<Int>, _ edges: Set<Int>, _ subgraphs: Set<Int>) -> Part {
        let keptNodes = chart.nodes.indices.filter { !nodes.contains($0) }
        let keptEdges = chart.edges.indices.filter { !edges.contains($0) }
        let keptSubgraphs = chart.subgraphs.indices.filter { !subgraphs.contains($0) }
        var outer = chart
        outer.nodes = keptNodes.map { chart.nodes[$0] }
        outer.edges = keptEdges.map { chart.edges[$0] }
        outer.subgraphs = keptSubgraphs.map { k in
            var copy = chart.subgraphs[k]
            copy.parent = copy.parent.flatMap { keptSubgraphs.firstIndex(of: $0) }
            return copy
        }
        var sizes = subsizes(keptNodes, keptEdges, keptSubgraphs)
        for s in isolated {
            let subgraph = chart.subgraphs[s]
            outer.nodes.append(FlowNode(id: subgraph.id, label: DiagramText(""), line: subgraph.line))
            sizes.nodes.append((0, 0))
            if let p = subgraph.parent, let k = keptSubgraphs.firstIndex(of: p) { outer.subgraphs[k].nodes.append(subgraph.id) }
        }
        let outerIDs = Set(outer.nodes.map(\.id))
        outer.sameRank = chart.sameRank.filter { $0.allSatisfy(outerIDs.contains) }
        return Part(chart: outer, sizes: sizes, nodes: keptNodes, edges: keptEdges, subgraphs: keptSubgraphs)
    }

    /// The whole chart's geometry: the outer layout's, each isolated subgraph's inside moved
    /// into the box its node was given, and that box its cluster.
    private func merge(_ placed: DiagramGeometry, _ outer: Part,
                       _ inner: [(s: Int, geometry: DiagramGeometry, nodes: [Int], edges: [Int], subgraphs: [Int])]) -> DiagramGeometry {
        let empty = DiagramBox(x: 0, y: 0, width: 0, height: 0)
        var g = DiagramGeometry(width: placed.width, height: placed.height, nodes: Array(repeating: empty, count: chart.nodes.count),
                                edges: Array(repeating: DiagramGeometry.Edge(spline: []), count: chart.edges.count),
                                clusters: Array(repeating: DiagramGeometry.Cluster(box: empty), count: chart.subgraphs.count))
        for (k, n) in outer.nodes.enumerated() { g.nodes[n] = placed.nodes[k] }
        for (k, e) in outer.edges.enumerated() { g.edges[e] = placed.edges[k] }
        for (k, s) in outer.subgraphs.enumerated() { g.clusters[s] = placed.clusters[k] }
        for (k, part) in inner.enumerated() {
            let box = placed.nodes[outer.nodes.count + k]
            let dx = box.x + (box.width - part.geometry.width) / 2, dy = box.y + 0.8 * sizes.fontSize + titleRoom(part.s)
            for (j, n) in part.nodes.enumerated() { g.nodes[n] = part.geometry.nodes[j].offsetBy(dx, dy) }
            for (j, e) in part.edges.enumerated() { g.edges[e] = part.geometry.edges[j].offsetBy(dx, dy) }
            for (j, s) in part.subgraphs.enumerated() { g.clusters[s] = part.geometry.clusters[j].offsetBy(dx, dy) }
            let title = titleRoom(part.s)
            g.clusters[part.s] = DiagramGeometry.Cluster(box: box, titleCenter: title > 0 ? DiagramPoint(x: box.center.x, y: box.y + title / 2 + 0.2 * sizes.fontSize) : nil)
        }
        return g
    }
}

extension DiagramPoint {
    package func offsetBy(_ dx: Double, _ dy: Double) -> DiagramPoint { DiagramPoint(x: x + dx, y: y + dy) }
}

extension DiagramBox {
    package func offsetBy(_ dx: Double, _ dy: Double) -> DiagramBox { DiagramBox(x: x + dx, y: y + dy, width: width, height: height) }
}

extension DiagramGeometry.Edge {
    package func offsetBy(_ dx: Double, _ dy: Double) -> DiagramGeometry.Edge {
        DiagramGeometry.Edge(spline: spline.map { $0.offsetBy(dx, dy) }, startTip: startTip?.offsetBy(dx, dy),
                             endTip: endTip?.offsetBy(dx, dy), labelCenter: labelCenter?.offsetBy(dx, dy))
    }
}

extension DiagramGeometry.Cluster {
    package func offsetBy(_ dx: Double, _ dy: Double) -> DiagramGeometry.Cluster {
        DiagramGeometry.Cluster(box: box.offsetBy(dx, dy), titleCenter: titleCenter?.offsetBy(dx, dy))
    }
}
