/// Reads a ```` ```mermaid ```` block: its diagram type from the first line that is not blank,
/// a `%%` comment, a `%%{init}%%` directive or front matter, then the diagram. Quire draws
/// flowcharts (`flowchart`, `graph`) and sequence diagrams (`sequenceDiagram`); every other
/// type is an error naming it, so the caller shows the source. Never traps; bounded by `MermaidLimits`.

/// Why a diagram was not drawn, at a 1-based line of the diagram's source (0: the whole).
package struct MermaidError: Error, Equatable, Sendable {
    package var line: Int
    package var message: String
}

/// A diagram Quire can draw.
package enum MermaidDiagram: Sendable, Equatable {
    case flowchart(Flowchart)
    case sequence(SequenceDiagram)
    case state(StateDiagram)
    case classes(ClassDiagram)
    case entityRelationship(EntityRelationshipDiagram)

    /// "flowchart" and the like, for an Alt text.
    package var kindName: String {
        switch self {
        case .flowchart: return "Flowchart"
        case .sequence: return "Sequence diagram"
        case .state: return "State diagram"
        case .classes: return "Class diagram"
        case .entityRelationship: return "Entity relationship diagram"
        }
    }
}

/// The most a diagram may hold before Quire gives up drawing it (and shows its source): dot's
/// time grows faster than linearly in nodes and edges, and a page cannot show more anyway.
package struct MermaidLimits: Sendable, Equatable {
    package var sourceBytes = 200_000
    package var nodes = 300
    package var edges = 600
    package var subgraphDepth = 12
    package var labelCharacters = 1_000
}

package enum MermaidParser {
    /// Diagram types Mermaid knows and Quire does not draw (yet), as the first line spells them.
    package static let undrawnTypes = ["gantt",
                               "pie", "gitGraph", "mindmap", "timeline", "journey", "quadrantChart", "requirementDiagram",
                               "C4Context", "C4Container", "C4Component", "C4Dynamic", "C4Deployment", "sankey-beta",
                               "xychart-beta", "block-beta", "packet-beta", "architecture-beta", "kanban", "radar-beta",
                               "zenuml", "info"]

    /// The diagram `source` describes, or the first thing wrong with it. O(n) in the source.
    package static func parse(_ source: String, limits: MermaidLimits = MermaidLimits()) -> Result<MermaidDiagram, MermaidError> {
        guard source.utf8.count <= limits.sourceBytes else {
            return .failure(MermaidError(line: 0, message: "the diagram is larger than \(limits.sourceBytes / 1000) KB"))
        }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.filter { $0 != "\r" }) }
        guard let (index, header) = headerLine(lines) else {
            return .failure(MermaidError(line: 0, message: "the diagram is empty; expected a diagram type such as `flowchart TD`"))
        }
        let words = header.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" }).map(String.init)
        let kind = words.first ?? ""
        switch kind {
        case "flowchart", "graph", "flowchart-elk":
            var reader = FlowchartReader(lines: lines, limits: limits)
            return reader.read(headerIndex: index, headerWords: Array(words.dropFirst())).map { .flowchart($0) }
        case "sequenceDiagram":
            var reader = SequenceReader(lines: lines, limits: limits)
            return reader.read(headerIndex: index).map { .sequence($0) }
        case "stateDiagram-v2", "stateDiagram", "classDiagram", "classDiagram-v2", "erDiagram":
            return parseGraphDiagram(kind, lines: lines, headerIndex: index, limits: limits)
        default:
            if undrawnTypes.contains(kind) {
                return .failure(MermaidError(line: index + 1, message: "`\(kind)` diagrams are not drawn (Quire draws `flowchart`, `graph`, `sequenceDiagram`, `stateDiagram`, `classDiagram` and `erDiagram`)"))
            }
            return .failure(MermaidError(line: index + 1, message: "expected a diagram type such as `flowchart TD`, found `\(kind)`"))
        }
    }

    /// The first line saying something (its index and text, trimmed): past blank lines,
    /// comments, directives and a `---` front matter block.
    private static func headerLine(_ lines: [String]) -> (Int, String)? {
        var i = 0
        if let first = lines.firstIndex(where: { !$0.diagramTrimmed.isEmpty }), lines[first].diagramTrimmed == "---" {
            i = (lines[(first + 1)...].firstIndex { $0.diagramTrimmed == "---" } ?? first) + 1
        }
        while i < lines.count {
            let line = lines[i].diagramTrimmed
            if !line.isEmpty && !line.hasPrefix("%%") { return (i, line) }
            i += 1
        }
        return nil
    }
}

extension String {
    /// Without spaces and tabs at either end.
    package var diagramTrimmed: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
