/// The diagram types besides flowcharts that Quire lays out with dot: state, class and
/// entity-relationship diagrams, each read by its own reader into its own model.
extension MermaidParser {
    /// The `kind` diagram (`stateDiagram-v2`, `stateDiagram`, `classDiagram`, `erDiagram`)
    /// whose header is line `headerIndex`. O(n) in the source.
    package static func parseGraphDiagram(_ kind: String, lines: [String], headerIndex: Int, limits: MermaidLimits) -> Result<MermaidDiagram, MermaidError> {
        switch kind {
        case "stateDiagram-v2", "stateDiagram":
            var reader = StateDiagramReader(lines: lines, limits: limits)
            return reader.read(headerIndex: headerIndex).map { .state($0) }
        case "erDiagram":
            var reader = EntityRelationshipReader(lines: lines, limits: limits)
            return reader.read(headerIndex: headerIndex).map { .entityRelationship($0) }
        default:
            var reader = ClassDiagramReader(lines: lines, limits: limits)
            return reader.read(headerIndex: headerIndex).map { .classes($0) }
        }
    }
}

extension MermaidDiagram {
    /// The graph dot lays out, for the kinds drawn through dot; nil for others (written
    /// without a `switch`, so that a kind laid out otherwise needs no case here).
    package var graph: Flowchart? {
        if case .flowchart(let chart) = self { return chart }
        if case .state(let diagram) = self { return diagram.graph }
        if case .classes(let diagram) = self { return diagram.graph }
        if case .entityRelationship(let diagram) = self { return diagram.graph }
        return nil
    }
}
