import QuireModel

/// A state diagram as the graph dot lays out, in Mermaid's look: states as rounded boxes (the
/// name over a rule and the descriptions when there are several), `[*]` as a filled dot or a
/// bullseye, choices as diamonds, forks and joins as bars across the flow, composite states as
/// clusters (white, bordered in the node colour) and their concurrent regions as dashed ones,
/// notes as yellow boxes beside their state joined by a dotted line, transitions as arrows.
extension StateDiagram {
    private static let noteStyle = DiagramStyle(fill: Color(hex: "#fff5ad"), stroke: Color(hex: "#aaaa33"))
    private static let compositeStyle = DiagramStyle(fill: Color(hex: "#ffffff"), stroke: Color(hex: "#9370DB"))

    /// The graph. O(states + transitions + notes).
    package var graph: Flowchart {
        var chart = Flowchart()
        chart.kind = "State diagram"
        chart.direction = direction
        var scope: [String: Int] = [:]  // a composite's id (or its region's) to its subgraph
        for state in states where state.isComposite {
            let parent = state.parent.flatMap { scopeKey($0, region: state.region) }.flatMap { scope[$0] }
            var title = state.name ?? DiagramText(state.id)
            if !state.descriptions.isEmpty { title = DiagramText(lines: title.lines + state.descriptions.flatMap(\.lines)) }
            chart.subgraphs.append(FlowSubgraph(id: state.id, title: title, direction: state.direction, parent: parent,
                                                style: Self.compositeStyle.overlaid(with: state.style), line: state.line))
            let own = chart.subgraphs.count - 1
            scope[state.id] = own
            guard state.regions > 1 else { continue }
            for region in 0..<state.regions {
                var style = Self.compositeStyle
                style.dashed = true
                chart.subgraphs.append(FlowSubgraph(id: "\(state.id)/--\(region)", title: DiagramText(""), parent: own, style: style, line: state.line))
                scope["\(state.id)/--\(region)"] = chart.subgraphs.count - 1
            }
        }
        for state in states where !state.isComposite {
            chart.nodes.append(node(state))
            if let key = state.parent.flatMap({ scopeKey($0, region: state.region) }), let s = scope[key] { chart.subgraphs[s].nodes.append(state.id) }
        }
        for t in transitions {
            chart.edges.append(FlowEdge(from: t.from, to: t.to, label: t.label, line: t.line))
        }
        for (k, note) in notes.enumerated() {
            let id = "note/\(k)"
            chart.nodes.append(FlowNode(id: id, label: note.text, shape: .note, style: Self.noteStyle, line: note.line))
            let target = stateIndex(note.target).map { states[$0] }
            if let t = target, let key = t.parent.flatMap({ scopeKey($0, region: t.region) }), let s = scope[key] { chart.subgraphs[s].nodes.append(id) }
            guard target?.isComposite == false else { continue }
            chart.edges.append(FlowEdge(from: note.left ? id : note.target, to: note.left ? note.target : id,
                                        stroke: .dotted, endHead: .none, line: note.line))
            chart.sameRank.append([id, note.target])
        }
        return chart
    }

    /// Which subgraph a child of composite `parent` in `region` goes in (its region's, when it
    /// has several).
    private func scopeKey(_ parent: String, region: Int) -> String {
        guard let p = stateIndex(parent), states[p].regions > 1 else { return parent }
        return "\(parent)/--\(min(region, states[p].regions - 1))"
    }

    private func node(_ state: State) -> FlowNode {
        var node = FlowNode(id: state.id, label: state.name ?? DiagramText(state.id), shape: .round, classes: state.classes, style: state.style, line: state.line)
        switch state.kind {
        case .start: node.shape = .start
        case .end: node.shape = .end
        case .choice: node.shape = .rhombus
        case .fork, .join: node.shape = scopeDirection(state).isVertical ? .bar : .barVertical
        case .state:
            if state.descriptions.count == 1 && state.name == nil {
                node.label = state.descriptions[0]
            } else if !state.descriptions.isEmpty {
                node.compartments = [state.descriptions.map { [$0] }]
            }
        }
        if state.kind != .state { node.label = DiagramText("") }
        return node
    }

    /// The direction the state's ranks run in: its nearest composite's own, or the diagram's.
    private func scopeDirection(_ state: State) -> Flowchart.Direction {
        var current = state.parent, steps = 0
        while let id = current, let p = stateIndex(id), steps <= states.count {
            if let d = states[p].direction { return d }
            current = states[p].parent
            steps += 1
        }
        return direction
    }
}

extension Flowchart.Direction {
    /// True for top to bottom and bottom to top.
    package var isVertical: Bool { self == .topToBottom || self == .bottomToTop }
}
