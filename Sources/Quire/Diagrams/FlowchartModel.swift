import QuireModel

/// A Mermaid flowchart as Swift values: what `MermaidParser` reads from a ```` ```mermaid ````
/// block and what `DotLayout` lays out. Values only (no C type, no layout), so tests build
/// them by hand and they cross threads. Lines are 1-based within the diagram's source.
package struct Flowchart: Sendable, Equatable {
    /// Which way ranks run: top to bottom, bottom to top, left to right, right to left.
    package enum Direction: String, Sendable, Equatable {
        case topToBottom = "TB", bottomToTop = "BT", leftToRight = "LR", rightToLeft = "RL"

        /// `TB`, `TD`, `BT`, `LR`, `RL` (any case); nil otherwise.
        package init?(mermaid: String) {
            switch mermaid.uppercased() {
            case "TB", "TD": self = .topToBottom
            case "BT": self = .bottomToTop
            case "LR": self = .leftToRight
            case "RL": self = .rightToLeft
            default: return nil
            }
        }
    }

    package var direction: Direction = .topToBottom
    /// In order of first appearance (which is the reading order of the labels).
    package var nodes: [FlowNode] = []
    package var edges: [FlowEdge] = []
    /// In order of appearance; a nested one names its parent.
    package var subgraphs: [FlowSubgraph] = []
    /// What the Alt text calls it ("Flowchart", "State diagram": the other kinds drawn through
    /// dot are turned into this graph).
    package var kind = "Flowchart"
    /// Groups of node ids dot keeps on one rank (a note beside its state).
    package var sameRank: [[String]] = []

    /// The index of the node named `id`, if any. O(nodes).
    package func nodeIndex(_ id: String) -> Int? { nodes.firstIndex { $0.id == id } }
    /// The index of the subgraph named `id`, if any. O(subgraphs).
    package func subgraphIndex(_ id: String) -> Int? { subgraphs.firstIndex { $0.id == id } }
}

/// The outlines Mermaid's flowchart syntax draws a node as.
package enum NodeShape: String, Sendable, Equatable, CaseIterable {
    case rectangle, round, stadium, subroutine, cylinder, circle, doubleCircle, rhombus, hexagon
    case parallelogram, parallelogramAlt, trapezoid, trapezoidAlt, asymmetric
    /// A state diagram's start (a filled dot) and end (a bullseye), fork and join bars (across
    /// the ranks' direction: `bar` in TB and BT, `barVertical` in LR and RL), and a note.
    case start, end, bar, barVertical, note
}

package struct FlowNode: Sendable, Equatable {
    package var id: String
    package var label: DiagramText
    package var shape: NodeShape = .rectangle
    /// Class names from `class` and `:::`, in order.
    package var classes: [String] = []
    /// What `style` set on the node itself (over its classes').
    package var style = DiagramStyle()
    /// The line that first named it.
    package var line: Int
    /// Compartments below the label, each rows of cells (a class's attributes and methods, an
    /// entity's attribute table, a state's descriptions), set left-aligned in columns with a
    /// rule above each compartment.
    package var compartments: [[[DiagramText]]] = []
}

/// How an edge's line is drawn.
package enum EdgeStroke: String, Sendable, Equatable {
    case normal, thick, dotted, invisible
}

/// What ends an edge: nothing, an arrowhead, a circle (`o`) or a cross (`x`).
package enum EdgeHead: String, Sendable, Equatable {
    case none, arrow, circle, cross
    /// A class diagram's ends: a hollow triangle (inheritance, realization), a filled or a
    /// hollow diamond (composition, aggregation).
    case triangle, diamond, hollowDiamond
    /// An entity relationship's crow's-foot ends: exactly one, zero or one, one or more, zero
    /// or more.
    case one, zeroOrOne, oneOrMore, zeroOrMore

    /// How long a head larger than an arrow is, in ems, for dot to leave room (0: an
    /// arrow's length): a class diagram's triangle or diamond, a crow's foot.
    package var room: Double {
        switch self {
        case .none, .arrow, .circle, .cross: return 0
        case .triangle, .diamond, .hollowDiamond: return 1.1
        case .one, .zeroOrOne, .oneOrMore, .zeroOrMore: return 1.5
        }
    }
}

/// An edge between two nodes or subgraphs (`from` and `to` are ids of either).
package struct FlowEdge: Sendable, Equatable {
    package var from: String
    package var to: String
    package var label: DiagramText?
    package var stroke: EdgeStroke = .normal
    package var startHead: EdgeHead = .none
    package var endHead: EdgeHead = .arrow
    /// 1 for `-->`, one more per extra dash (`--->`): how many ranks it spans at least.
    package var length = 1
    /// What `linkStyle` set on it.
    package var style = DiagramStyle()
    package var line: Int
    /// Texts at its start and end (a class relation's cardinalities, `"1"` and `"*"`).
    package var startLabel: DiagramText? = nil
    package var endLabel: DiagramText? = nil
}

package struct FlowSubgraph: Sendable, Equatable {
    package var id: String
    package var title: DiagramText
    /// Its own `direction`: followed when no edge crosses its border to a node inside (it is
    /// then laid out on its own and placed as one node, as Mermaid does); otherwise dot lays it
    /// out in the graph's direction.
    package var direction: Flowchart.Direction?
    /// Nodes first named inside it (not in a nested one), by id.
    package var nodes: [String] = []
    /// The subgraph it is nested in, by index.
    package var parent: Int?
    package var style = DiagramStyle()
    package var classes: [String] = []
    package var line: Int
}

/// What `style`, `classDef` and `linkStyle` say: CSS properties Quire applies (colours as
/// written, resolved by `DiagramStyle.color`), unset ones nil.
package struct DiagramStyle: Sendable, Equatable {
    package var fill: Color?
    package var stroke: Color?
    package var textColor: Color?
    package var strokeWidth: Double?
    package var dashed = false

    /// `other`'s set properties over these.
    package func overlaid(with other: DiagramStyle) -> DiagramStyle {
        DiagramStyle(fill: other.fill ?? fill, stroke: other.stroke ?? stroke, textColor: other.textColor ?? textColor,
                     strokeWidth: other.strokeWidth ?? strokeWidth, dashed: other.dashed || dashed)
    }

    /// The style of an element of `classes` (in order, each `classDef` over the ones before,
    /// over `base`) with its own `style` over them all.
    package static func resolved(_ own: DiagramStyle, classes: [String], definitions: [String: DiagramStyle],
                                 base: DiagramStyle = DiagramStyle()) -> DiagramStyle {
        classes.reduce(base) { $0.overlaid(with: definitions[$1] ?? DiagramStyle()) }.overlaid(with: own)
    }
}

/// A label: lines (from `<br>` or a Markdown string's newlines) of runs, each bold, italic or
/// neither, entities already decoded.
package struct DiagramText: Sendable, Equatable {
    package struct Run: Sendable, Equatable {
        package var text: String
        package var bold = false
        package var italic = false
    }

    package var lines: [[Run]]

    /// One line of plain `text`.
    package init(_ text: String) { lines = [[Run(text: text)]] }
    package init(lines: [[Run]]) { self.lines = lines }

    /// The label's characters, its lines joined by spaces (for an Alt text).
    package var plain: String { lines.map { $0.map(\.text).joined() }.joined(separator: " ") }
    /// True when no line shows a character.
    package var isEmpty: Bool { lines.allSatisfy { $0.allSatisfy { $0.text.isEmpty } } }
}
