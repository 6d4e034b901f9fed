/// A Mermaid flowchart as Swift values: what `MermaidParser` reads from a ```` ```mermaid ````
/// block and what `DotLayout` lays out. Values only (no C type, no layout), so tests build
/// them by hand and they cross threads. Lines are 1-based within the diagram's source.
struct Flowchart: Sendable, Equatable {
    /// Which way ranks run: top to bottom, bottom to top, left to right, right to left.
    enum Direction: String, Sendable, Equatable {
        case topToBottom = "TB", bottomToTop = "BT", leftToRight = "LR", rightToLeft = "RL"

        /// `TB`, `TD`, `BT`, `LR`, `RL` (any case); nil otherwise.
        init?(mermaid: String) {
            switch mermaid.uppercased() {
            case "TB", "TD": self = .topToBottom
            case "BT": self = .bottomToTop
            case "LR": self = .leftToRight
            case "RL": self = .rightToLeft
            default: return nil
            }
        }
    }

    var direction: Direction = .topToBottom
    /// In order of first appearance (which is the reading order of the labels).
    var nodes: [FlowNode] = []
    var edges: [FlowEdge] = []
    /// In order of appearance; a nested one names its parent.
    var subgraphs: [FlowSubgraph] = []

    /// The index of the node named `id`, if any. O(nodes).
    func nodeIndex(_ id: String) -> Int? { nodes.firstIndex { $0.id == id } }
    /// The index of the subgraph named `id`, if any. O(subgraphs).
    func subgraphIndex(_ id: String) -> Int? { subgraphs.firstIndex { $0.id == id } }
}

/// The outlines Mermaid's flowchart syntax draws a node as.
enum NodeShape: String, Sendable, Equatable, CaseIterable {
    case rectangle, round, stadium, subroutine, cylinder, circle, doubleCircle, rhombus, hexagon
    case parallelogram, parallelogramAlt, trapezoid, trapezoidAlt, asymmetric
}

struct FlowNode: Sendable, Equatable {
    var id: String
    var label: DiagramText
    var shape: NodeShape = .rectangle
    /// Class names from `class` and `:::`, in order.
    var classes: [String] = []
    /// What `style` set on the node itself (over its classes').
    var style = DiagramStyle()
    /// The line that first named it.
    var line: Int
}

/// How an edge's line is drawn.
enum EdgeStroke: String, Sendable, Equatable {
    case normal, thick, dotted, invisible
}

/// What ends an edge: nothing, an arrowhead, a circle (`o`) or a cross (`x`).
enum EdgeHead: String, Sendable, Equatable {
    case none, arrow, circle, cross
}

/// An edge between two nodes or subgraphs (`from` and `to` are ids of either).
struct FlowEdge: Sendable, Equatable {
    var from: String
    var to: String
    var label: DiagramText?
    var stroke: EdgeStroke = .normal
    var startHead: EdgeHead = .none
    var endHead: EdgeHead = .arrow
    /// 1 for `-->`, one more per extra dash (`--->`): how many ranks it spans at least.
    var length = 1
    /// What `linkStyle` set on it.
    var style = DiagramStyle()
    var line: Int
}

struct FlowSubgraph: Sendable, Equatable {
    var id: String
    var title: DiagramText
    /// Its own `direction` (dot lays every cluster out in the graph's direction; kept for
    /// what a later layout may do).
    var direction: Flowchart.Direction?
    /// Nodes first named inside it (not in a nested one), by id.
    var nodes: [String] = []
    /// The subgraph it is nested in, by index.
    var parent: Int?
    var style = DiagramStyle()
    var classes: [String] = []
    var line: Int
}

/// What `style`, `classDef` and `linkStyle` say: CSS properties Quire applies (colours as
/// written, resolved by `DiagramStyle.color`), unset ones nil.
struct DiagramStyle: Sendable, Equatable {
    var fill: Color?
    var stroke: Color?
    var textColor: Color?
    var strokeWidth: Double?
    var dashed = false

    /// `other`'s set properties over these.
    func overlaid(with other: DiagramStyle) -> DiagramStyle {
        DiagramStyle(fill: other.fill ?? fill, stroke: other.stroke ?? stroke, textColor: other.textColor ?? textColor,
                     strokeWidth: other.strokeWidth ?? strokeWidth, dashed: other.dashed || dashed)
    }
}

/// A label: lines (from `<br>` or a Markdown string's newlines) of runs, each bold, italic or
/// neither, entities already decoded.
struct DiagramText: Sendable, Equatable {
    struct Run: Sendable, Equatable {
        var text: String
        var bold = false
        var italic = false
    }

    var lines: [[Run]]

    /// One line of plain `text`.
    init(_ text: String) { lines = [[Run(text: text)]] }
    init(lines: [[Run]]) { self.lines = lines }

    /// The label's characters, its lines joined by spaces (for an Alt text).
    var plain: String { lines.map { $0.map(\.text).joined() }.joined(separator: " ") }
    /// True when no line shows a character.
    var isEmpty: Bool { lines.allSatisfy { $0.allSatisfy { $0.text.isEmpty } } }
}
