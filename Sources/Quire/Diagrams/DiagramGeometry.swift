/// A laid-out diagram in points, origin at its top-left corner, y growing downwards (as on a
/// page): what `DotLayout` returns and Layout paints. Values only.
package struct DiagramPoint: Sendable, Equatable {
    package var x, y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

package struct DiagramBox: Sendable, Equatable {
    package var x, y, width, height: Double
    package var center: DiagramPoint { DiagramPoint(x: x + width / 2, y: y + height / 2) }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }

    package init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

package struct DiagramGeometry: Sendable, Equatable {
    package struct Edge: Sendable, Equatable {
        /// A cubic Bézier spline: its start, then three points per segment (two controls and
        /// the segment's end), so `1 + 3k` points.
        package var spline: [DiagramPoint]
        /// Where the arrowhead at the start or end points to (its tip), past the spline's end;
        /// nil where the edge has no head there.
        package var startTip: DiagramPoint?
        package var endTip: DiagramPoint?
        /// The centre of the edge's label, if it has one.
        package var labelCenter: DiagramPoint?
    }

    package struct Cluster: Sendable, Equatable {
        package var box: DiagramBox
        /// The centre of its title.
        package var titleCenter: DiagramPoint?
    }

    package var width: Double
    package var height: Double
    /// By index of the flowchart's nodes, edges and subgraphs.
    package var nodes: [DiagramBox]
    package var edges: [Edge]
    package var clusters: [Cluster]
}

/// The sizes Quire measured for a flowchart's labels, by index of its nodes, edges and
/// subgraphs (width and height in points; zero for no label), and the text size they were set
/// at (which proportions padding and spacing).
package struct DiagramLabelSizes: Sendable, Equatable {
    package var nodes: [(width: Double, height: Double)]
    package var edges: [(width: Double, height: Double)]
    package var clusters: [(width: Double, height: Double)]
    package var fontSize: Double

    package static func == (a: Self, b: Self) -> Bool {
        a.fontSize == b.fontSize && a.nodes.elementsEqual(b.nodes, by: ==) && a.edges.elementsEqual(b.edges, by: ==)
            && a.clusters.elementsEqual(b.clusters, by: ==)
    }

    package init(nodes: [(width: Double, height: Double)], edges: [(width: Double, height: Double)], clusters: [(width: Double, height: Double)], fontSize: Double) {
        self.nodes = nodes
        self.edges = edges
        self.clusters = clusters
        self.fontSize = fontSize
    }
}
