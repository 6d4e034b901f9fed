import QuireModel
import QuireStyle
import QuireDiagrams

/// A laid-out flowchart as page items, in the look of GitHub's default Mermaid theme: subgraphs
/// (filled boxes, titles at their top), edges (Bézier paths, dotted or thick as written) and
/// their heads (arrow, circle, cross), nodes (their outline filled and stroked, their label
/// over it), edge labels on their ground last, so that nothing hides one. Strokes are in
/// proportion to the text size `em` (Mermaid's at 16 px: a node's border 1 px, an edge 2 px).
package struct DiagramPainter {
    package let theme: DiagramTheme
    package let em: Double
    /// Where the diagram's top-left corner is on the slice.
    package let origin: Point
    /// The figure everything is part of.
    package let tag: ContentTag

    package func point(_ p: DiagramPoint) -> Point { Point(x: origin.x + p.x, y: origin.y + p.y) }

    package func path(_ outline: [OutlineSegment]) -> [PathPaint.Segment] {
        outline.map { segment in
            switch segment {
            case .move(let p): return .move(point(p))
            case .line(let p): return .line(point(p))
            case .curve(let a, let b, let c): return .curve(point(a), point(b), point(c))
            case .close: return .close
            }
        }
    }

    /// Every item, in painting order. O(nodes + edges + subgraphs + label lines).
    package func paint(_ chart: Flowchart, _ drawn: DrawnFlowchart) -> [PageItem] {
        var items: [PageItem] = []
        let g = drawn.geometry
        for (i, cluster) in g.clusters.enumerated() where cluster.box.width > 0 {
            let style = chart.subgraphs[i].style
            let outline = path(roundedRectangle(cluster.box, radius: 0))
            items.append(.path(PathPaint(segments: outline, fill: style.fill ?? theme.clusterFill, stroke: style.stroke ?? theme.clusterBorder,
                                         lineWidth: em / 16 * (style.strokeWidth ?? 1), dash: style.dashed ? [em / 4, em / 8] : []), tag: tag))
            if let center = cluster.titleCenter {
                items += drawn.clusters[i].placed(at: point(center), tag: tag)
            }
        }
        for (i, edge) in g.edges.enumerated() where chart.edges[i].stroke != .invisible && !edge.spline.isEmpty {
            items += self.edge(edge, chart.edges[i])
        }
        for (i, box) in g.nodes.enumerated() {
            items += node(chart.nodes[i], box, drawn.nodes[i])
        }
        for (i, edge) in g.edges.enumerated() where chart.edges[i].stroke != .invisible {
            guard let center = edge.labelCenter, drawn.edges[i].width > 0 else { continue }
            let label = drawn.edges[i], c = point(center), pad = 0.15 * em
            let ground = Rect(x: c.x - label.width / 2 - pad, y: c.y - label.height / 2, width: label.width + 2 * pad, height: label.height)
            items.append(.path(PathPaint(segments: [.move(Point(x: ground.x, y: ground.y)), .line(Point(x: ground.maxX, y: ground.y)),
                                                    .line(Point(x: ground.maxX, y: ground.maxY)), .line(Point(x: ground.x, y: ground.maxY)), .close],
                                         fill: theme.labelBackground), tag: tag))
            items += label.placed(at: c, tag: tag)
        }
        for (i, edge) in g.edges.enumerated() where i < drawn.endLabels.count && chart.edges[i].stroke != .invisible {
            items += endLabels(edge, drawn.endLabels[i])
        }
        return items
    }

    private func node(_ node: FlowNode, _ box: DiagramBox, _ label: DiagramLabel) -> [PageItem] {
        let style = node.style
        let width = em / 16 * (style.strokeWidth ?? 1)
        let solid = [NodeShape.start, .end, .bar, .barVertical].contains(node.shape)
        let stroke = style.stroke ?? (solid ? theme.edge : theme.nodeBorder)
        let fill = style.fill ?? (solid && node.shape != .end ? theme.edge : theme.nodeFill)
        var items: [PageItem] = [.path(PathPaint(segments: path(node.shape.outline(box, em: em)), fill: fill,
                                                 stroke: stroke, lineWidth: width, dash: style.dashed ? [em / 4, em / 8] : []), tag: tag)]
        let extra = node.shape.extraStrokes(box, em: em)
        if !extra.isEmpty {
            items.append(.path(PathPaint(segments: path(extra), stroke: stroke, lineWidth: width), tag: tag))
        }
        if node.shape == .end {
            let g = box.width * 0.22
            items.append(.path(PathPaint(segments: path(ellipse(DiagramBox(x: box.x + g, y: box.y + g, width: box.width - 2 * g, height: box.height - 2 * g))),
                                         fill: stroke), tag: tag))
        }
        let center = node.shape.labelCenter(in: box)
        for divider in label.dividers {
            let y = center.y - label.height / 2 + divider
            items.append(.path(PathPaint(segments: [.move(point(DiagramPoint(x: box.x, y: y))), .line(point(DiagramPoint(x: box.maxX, y: y)))],
                                         stroke: stroke, lineWidth: width), tag: tag))
        }
        return items + label.placed(at: point(center), tag: tag)
    }

    private func edge(_ edge: DiagramGeometry.Edge, _ flow: FlowEdge) -> [PageItem] {
        let color = flow.style.stroke ?? theme.edge
        let base = em / 8 * (flow.stroke == .thick ? 1.75 : 1)
        let width = flow.style.strokeWidth.map { em / 16 * $0 } ?? base
        var segments: [PathPaint.Segment] = [.move(point(edge.spline[0]))]
        var i = 1
        while i + 2 < edge.spline.count {
            segments.append(.curve(point(edge.spline[i]), point(edge.spline[i + 1]), point(edge.spline[i + 2])))
            i += 3
        }
        let dash = flow.stroke == .dotted || flow.style.dashed ? [1.5 * width, 1.5 * width] : []
        var items: [PageItem] = [.path(PathPaint(segments: segments, stroke: color, lineWidth: width, dash: dash), tag: tag)]
        if let tip = edge.endTip, let last = edge.spline.last {
            items += head(flow.endHead, from: point(last), to: point(tip), color: color, width: width)
        }
        if let tip = edge.startTip, let first = edge.spline.first {
            items += head(flow.startHead, from: point(first), to: point(tip), color: color, width: width)
        }
        return items
    }

    /// An edge's head between the spline's end `base` and `tip`: a filled triangle, a filled
    /// circle, or a cross.
    private func head(_ kind: EdgeHead, from base: Point, to tip: Point, color: Color, width: Double) -> [PageItem] {
        let dx = tip.x - base.x, dy = tip.y - base.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0.01 else { return [] }
        let ux = dx / length, uy = dy / length
        switch kind {
        case .none: return []
        case .arrow:
            let half = length * 0.4
            let a = Point(x: base.x - uy * half, y: base.y + ux * half), b = Point(x: base.x + uy * half, y: base.y - ux * half)
            return [.path(PathPaint(segments: [.move(tip), .line(a), .line(b), .close], fill: color, stroke: color, lineWidth: width / 2), tag: tag)]
        case .circle:
            let r = length / 2
            let box = DiagramBox(x: base.x + ux * r - r - origin.x, y: base.y + uy * r - r - origin.y, width: 2 * r, height: 2 * r)
            return [.path(PathPaint(segments: path(ellipse(box)), fill: color), tag: tag)]
        case .triangle, .diamond, .hollowDiamond, .one, .zeroOrOne, .oneOrMore, .zeroOrMore:
            return recordHead(kind, from: base, to: tip, color: color, width: width)
        case .cross:
            let c = Point(x: base.x + ux * length / 2, y: base.y + uy * length / 2), r = length / 2 * 0.7
            let k = 0.7071
            let d1 = (x: (ux - uy) * k * r, y: (uy + ux) * k * r), d2 = (x: (ux + uy) * k * r, y: (uy - ux) * k * r)
            return [.path(PathPaint(segments: [.move(Point(x: c.x - d1.x, y: c.y - d1.y)), .line(Point(x: c.x + d1.x, y: c.y + d1.y)),
                                               .move(Point(x: c.x - d2.x, y: c.y - d2.y)), .line(Point(x: c.x + d2.x, y: c.y + d2.y))],
                                    stroke: color, lineWidth: width * 1.2), tag: tag)]
        }
    }
}
