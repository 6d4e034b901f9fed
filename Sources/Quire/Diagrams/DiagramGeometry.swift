/// A laid-out diagram in points, origin at its top-left corner, y growing downwards (as on a
/// page): what `DotLayout` returns and Layout paints. Values only.
struct DiagramPoint: Sendable, Equatable {
    var x, y: Double
}

struct DiagramBox: Sendable, Equatable {
    var x, y, width, height: Double
    var center: DiagramPoint { DiagramPoint(x: x + width / 2, y: y + height / 2) }
    var maxX: Double { x + width }
    var maxY: Double { y + height }
}

struct DiagramGeometry: Sendable, Equatable {
    struct Edge: Sendable, Equatable {
        /// A cubic Bézier spline: its start, then three points per segment (two controls and
        /// the segment's end), so `1 + 3k` points.
        var spline: [DiagramPoint]
        /// Where the arrowhead at the start or end points to (its tip), past the spline's end;
        /// nil where the edge has no head there.
        var startTip: DiagramPoint?
        var endTip: DiagramPoint?
        /// The centre of the edge's label, if it has one.
        var labelCenter: DiagramPoint?
    }

    struct Cluster: Sendable, Equatable {
        var box: DiagramBox
        /// The centre of its title.
        var titleCenter: DiagramPoint?
    }

    var width: Double
    var height: Double
    /// By index of the flowchart's nodes, edges and subgraphs.
    var nodes: [DiagramBox]
    var edges: [Edge]
    var clusters: [Cluster]
}

/// The sizes Quire measured for a flowchart's labels, by index of its nodes, edges and
/// subgraphs (width and height in points; zero for no label), and the text size they were set
/// at (which proportions padding and spacing).
struct DiagramLabelSizes: Sendable, Equatable {
    var nodes: [(width: Double, height: Double)]
    var edges: [(width: Double, height: Double)]
    var clusters: [(width: Double, height: Double)]
    var fontSize: Double

    static func == (a: Self, b: Self) -> Bool {
        a.fontSize == b.fontSize && a.nodes.elementsEqual(b.nodes, by: ==) && a.edges.elementsEqual(b.edges, by: ==)
            && a.clusters.elementsEqual(b.clusters, by: ==)
    }
}
