import QuireModel
import QuireStyle
import QuireDiagrams

/// The edge ends of class and entity-relationship diagrams, drawn in the room dot leaves
/// between a spline's end `base` and the node's border `tip` (as Mermaid draws its markers):
/// a hollow triangle, a filled or hollow diamond, and the crow's-foot ends (a bar for one, a
/// circle for zero, a three-toed foot for many; the foot touches the entity).
extension DiagramPainter {
    package func recordHead(_ kind: EdgeHead, from base: Point, to tip: Point, color: Color, width: Double) -> [PageItem] {
        let dx = tip.x - base.x, dy = tip.y - base.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0.01 else { return [] }
        let ux = dx / length, uy = dy / length
        /// The point `back` from the tip along the edge, `side` across it.
        func at(_ back: Double, _ side: Double) -> Point {
            Point(x: tip.x - ux * back * length - uy * side * length, y: tip.y - uy * back * length + ux * side * length)
        }
        let white = Color(1, 1, 1)
        func shape(_ points: [Point], fill: Color?) -> PageItem {
            .path(PathPaint(segments: [.move(points[0])] + points.dropFirst().map { .line($0) } + [.close], fill: fill, stroke: color, lineWidth: width / 1.5), tag: tag)
        }
        func stroke(_ segments: [PathPaint.Segment]) -> PageItem { .path(PathPaint(segments: segments, stroke: color, lineWidth: width / 1.5), tag: tag) }
        let shaft = stroke([.move(base), .line(tip)])
        switch kind {
        case .triangle: return [shape([tip, at(1, 0.45), at(1, -0.45)], fill: white)]
        case .diamond: return [shape([tip, at(0.5, 0.3), at(1, 0), at(0.5, -0.3)], fill: color)]
        case .hollowDiamond: return [shape([tip, at(0.5, 0.3), at(1, 0), at(0.5, -0.3)], fill: white)]
        default: break
        }
        var items = [shaft]
        func bar(_ back: Double) { items.append(stroke([.move(at(back, 0.35)), .line(at(back, -0.35))])) }
        func circle(_ back: Double) {
            let c = at(back, 0), r = 0.17 * length
            let box = DiagramBox(x: c.x - r - origin.x, y: c.y - r - origin.y, width: 2 * r, height: 2 * r)
            items.append(.path(PathPaint(segments: path(ellipse(box)), fill: white, stroke: color, lineWidth: width / 1.5), tag: tag))
        }
        func foot() { items.append(stroke([.move(at(0, 0.45)), .line(at(0.5, 0)), .line(at(0, -0.45)), .move(at(0.5, 0)), .line(at(0, 0))])) }
        switch kind {
        case .one: bar(0.3); bar(0.55)
        case .zeroOrOne: bar(0.3); circle(0.7)
        case .oneOrMore: foot(); bar(0.75)
        case .zeroOrMore: foot(); circle(0.8)
        default: break
        }
        return items
    }

    /// An edge's start and end texts (a relation's cardinalities), beside the spline's ends.
    package func endLabels(_ edge: DiagramGeometry.Edge, _ labels: [DiagramLabel]) -> [PageItem] {
        guard edge.spline.count >= 4, labels.count == 2 else { return [] }
        var items: [PageItem] = []
        let ends = [(edge.startTip ?? edge.spline[0], edge.spline[1]), (edge.endTip ?? edge.spline[edge.spline.count - 1], edge.spline[edge.spline.count - 2])]
        for (label, (end, toward)) in zip(labels, ends) where label.width > 0 {
            let dx = toward.x - end.x, dy = toward.y - end.y, d = max(0.01, (dx * dx + dy * dy).squareRoot())
            let ux = dx / d, uy = dy / d
            let back = 0.9 * em + label.height / 2, side = 0.4 * em + label.width / 2
            let c = DiagramPoint(x: end.x + ux * back - uy * side, y: end.y + uy * back + ux * side)
            items += label.placed(at: point(c), tag: tag)
        }
        return items
    }
}
