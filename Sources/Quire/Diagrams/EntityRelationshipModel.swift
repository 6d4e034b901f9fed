import QuireModel

/// A Mermaid entity-relationship diagram (`erDiagram`) as Swift values: what
/// `EntityRelationshipReader` reads and `graph` turns into attribute tables and crow's-foot
/// edges for dot. Lines are 1-based.
package struct EntityRelationshipDiagram: Sendable, Equatable {
    package struct Attribute: Sendable, Equatable {
        package var type: String
        package var name: String
        /// `PK`, `FK`, `UK`, as written (`PK, FK`).
        package var keys: [String] = []
        package var comment: String?
    }

    package struct Entity: Sendable, Equatable {
        package var id: String
        /// `ENTITY["Alias"]`: the name shown.
        package var alias: String?
        package var attributes: [Attribute] = []
        package var line: Int
    }

    /// How many of an entity a relationship's end allows.
    package enum Cardinality: String, Sendable, Equatable {
        case exactlyOne, zeroOrOne, oneOrMore, zeroOrMore
    }

    package struct Relationship: Sendable, Equatable {
        package var from: String
        package var to: String
        package var fromCardinality: Cardinality
        package var toCardinality: Cardinality
        /// `--` (identifying, solid) rather than `..` (dashed).
        package var identifying: Bool
        package var label: String
        package var line: Int
    }

    package var direction: Flowchart.Direction = .topToBottom
    package var entities: [Entity] = []
    package var relationships: [Relationship] = []
}

extension EntityRelationshipDiagram {
    /// The graph: each entity a box with its name on top and its attributes as a table (type,
    /// name, keys, comment), each relationship an edge with its crow's-foot ends and its label,
    /// dashed when not identifying. O(entities + attributes + relationships).
    package var graph: Flowchart {
        var chart = Flowchart()
        chart.kind = "Entity relationship diagram"
        chart.direction = direction
        for entity in entities {
            var node = FlowNode(id: entity.id, label: DiagramText(lines: [[DiagramText.Run(text: entity.alias ?? entity.id, bold: true)]]), line: entity.line)
            if !entity.attributes.isEmpty {
                node.compartments = [entity.attributes.map { a in
                    [DiagramText(a.type), DiagramText(a.name), DiagramText(a.keys.joined(separator: ", ")), DiagramText(a.comment ?? "")]
                }]
            }
            chart.nodes.append(node)
        }
        for r in relationships {
            chart.edges.append(FlowEdge(from: r.from, to: r.to, label: r.label.isEmpty ? nil : MermaidLabel.text(r.label, markdown: false),
                                        stroke: r.identifying ? .normal : .dotted, startHead: Self.head(r.fromCardinality),
                                        endHead: Self.head(r.toCardinality), line: r.line))
        }
        return chart
    }

    private static func head(_ c: Cardinality) -> EdgeHead {
        switch c {
        case .exactlyOne: return .one
        case .zeroOrOne: return .zeroOrOne
        case .oneOrMore: return .oneOrMore
        case .zeroOrMore: return .zeroOrMore
        }
    }
}
