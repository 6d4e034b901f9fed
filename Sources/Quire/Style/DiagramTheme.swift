import QuireModel

/// The colours diagrams are drawn in: GitHub's default Mermaid theme unless a template says
/// otherwise (`diagram.*`). A dark code theme does not change them.
public struct DiagramTheme: Sendable, Equatable, Encodable {
    /// A node's fill and border (Mermaid's `mainBkg` and `nodeBorder`).
    public var nodeFill = Color(hex: "#ECECFF")!
    public var nodeBorder = Color(hex: "#9370DB")!
    /// Edges and arrowheads (`lineColor`).
    public var edge = Color(hex: "#333333")!
    /// A subgraph's fill and border (`clusterBkg`, `clusterBorder`).
    public var clusterFill = Color(hex: "#ffffde")!
    public var clusterBorder = Color(hex: "#aaaa33")!
    /// Labels (`textColor`).
    public var text = Color(hex: "#333333")!
    /// The ground of an edge's label (`edgeLabelBackground`).
    public var labelBackground = Color(hex: "#e8e8e8")!

    public init() {}
}
