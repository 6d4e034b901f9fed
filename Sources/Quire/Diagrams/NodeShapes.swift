/// Each node shape's geometry: how large it is around its label, how dot should clip edges to
/// it, and its outline as drawn (in the proportions of Mermaid's default theme).

/// One piece of an outline, in points.
package enum OutlineSegment: Sendable, Equatable {
    case move(DiagramPoint)
    case line(DiagramPoint)
    case curve(DiagramPoint, DiagramPoint, DiagramPoint)
    case close
}

extension NodeShape {
    /// The node's size around a label `text` wide and high, at text size `em`: a padding of
    /// about an em around the text, and what the shape's slants, caps and curves add.
    package func size(text: (width: Double, height: Double), em: Double) -> (width: Double, height: Double) {
        let padX = 0.95 * em, padY = 0.6 * em
        let w = text.width + 2 * padX, h = max(text.height, em) + 2 * padY
        switch self {
        case .rectangle, .round, .note: return (w, h)
        case .start, .end: return (0.875 * em, 0.875 * em)
        case .bar: return (4.4 * em, 0.45 * em)
        case .barVertical: return (0.45 * em, 4.4 * em)
        case .stadium: return (w + h / 2, h)
        case .subroutine: return (w + em, h)
        case .cylinder:
            return (w, h + Self.cylinderCap(w) * 2)
        case .circle:
            let d = max(text.width, text.height) + 2 * padY
            return (d, d)
        case .doubleCircle:
            let d = max(text.width, text.height) + 2 * padY + 0.5 * em
            return (d, d)
        case .rhombus where text.width == 0:
            return (1.75 * em, 1.75 * em)
        case .rhombus:
            let s = text.width + text.height + 2 * padY
            return (s, s * 0.75 > text.height * 2 ? s * 0.75 : s)
        case .hexagon: return (w + h / 2, h)
        case .parallelogram, .parallelogramAlt, .trapezoid, .trapezoidAlt: return (w + h * 2 / 3, h)
        case .asymmetric: return (w + h / 3, h)
        }
    }

    /// The height of a cylinder's elliptic cap (half its ellipse) for a width `w`.
    package static func cylinderCap(_ w: Double) -> Double { min(w / 2, max(3, w / 10)) / 2 }

    /// The shape dot clips edges to: its own where it is the same outline (diamond, circle);
    /// a box otherwise, whose top, bottom and sides are the outline's.
    package var dotShape: String {
        switch self {
        case .rhombus: return "diamond"
        case .circle, .doubleCircle, .start, .end: return "ellipse"
        default: return "box"
        }
    }

    /// Where the label sits inside `box`: its centre, a little lower in a cylinder (below its cap).
    package func labelCenter(in box: DiagramBox) -> DiagramPoint {
        self == .cylinder ? DiagramPoint(x: box.center.x, y: box.center.y + Self.cylinderCap(box.width) / 2) : box.center
    }

    /// The outline in `box`, closed; a double circle's two rings and a subroutine's inner rules,
    /// a cylinder's front rim, come as further subpaths (stroked, not filled: `extraStrokes`).
    package func outline(_ b: DiagramBox, em: Double) -> [OutlineSegment] {
        func p(_ x: Double, _ y: Double) -> DiagramPoint { DiagramPoint(x: x, y: y) }
        func polygon(_ points: [DiagramPoint]) -> [OutlineSegment] {
            [.move(points[0])] + points.dropFirst().map { .line($0) } + [.close]
        }
        let x0 = b.x, y0 = b.y, x1 = b.maxX, y1 = b.maxY, h = b.height
        switch self {
        case .rectangle, .subroutine, .note, .bar, .barVertical: return polygon([p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)])
        case .round: return roundedRectangle(b, radius: min(0.35 * em, h / 2))
        case .stadium: return roundedRectangle(b, radius: h / 2)
        case .circle, .doubleCircle, .start, .end: return ellipse(b)
        case .rhombus: return polygon([p(b.center.x, y0), p(x1, b.center.y), p(b.center.x, y1), p(x0, b.center.y)])
        case .hexagon:
            let m = h / 4
            return polygon([p(x0 + m, y0), p(x1 - m, y0), p(x1, b.center.y), p(x1 - m, y1), p(x0 + m, y1), p(x0, b.center.y)])
        case .parallelogram: return polygon([p(x0 + h / 3, y0), p(x1, y0), p(x1 - h / 3, y1), p(x0, y1)])
        case .parallelogramAlt: return polygon([p(x0, y0), p(x1 - h / 3, y0), p(x1, y1), p(x0 + h / 3, y1)])
        case .trapezoid: return polygon([p(x0 + h / 3, y0), p(x1 - h / 3, y0), p(x1, y1), p(x0, y1)])
        case .trapezoidAlt: return polygon([p(x0, y0), p(x1, y0), p(x1 - h / 3, y1), p(x0 + h / 3, y1)])
        case .asymmetric: return polygon([p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1), p(x0 + h / 3, b.center.y)])
        case .cylinder:
            let ry = Self.cylinderCap(b.width), k = 0.552_284_75
            let rx = b.width / 2, cx = b.center.x
            return [.move(p(x0, y0 + ry)),
                    .curve(p(x0, y0 + ry - k * ry), p(cx - k * rx, y0), p(cx, y0)),
                    .curve(p(cx + k * rx, y0), p(x1, y0 + ry - k * ry), p(x1, y0 + ry)),
                    .line(p(x1, y1 - ry)),
                    .curve(p(x1, y1 - ry + k * ry), p(cx + k * rx, y1), p(cx, y1)),
                    .curve(p(cx - k * rx, y1), p(x0, y1 - ry + k * ry), p(x0, y1 - ry)),
                    .close]
        }
    }

    /// The strokes drawn over the filled outline: a subroutine's two inner rules, a double
    /// circle's inner ring, a cylinder's front rim.
    package func extraStrokes(_ b: DiagramBox, em: Double) -> [OutlineSegment] {
        let p = { (x: Double, y: Double) in DiagramPoint(x: x, y: y) }
        switch self {
        case .subroutine:
            let inset = em / 2
            return [.move(p(b.x + inset, b.y)), .line(p(b.x + inset, b.maxY)), .move(p(b.maxX - inset, b.y)), .line(p(b.maxX - inset, b.maxY))]
        case .doubleCircle:
            let g = 0.25 * em
            return ellipse(DiagramBox(x: b.x + g, y: b.y + g, width: b.width - 2 * g, height: b.height - 2 * g))
        case .cylinder:
            let ry = Self.cylinderCap(b.width), k = 0.552_284_75, rx = b.width / 2, cx = b.center.x
            return [.move(p(b.x, b.y + ry)),
                    .curve(p(b.x, b.y + ry + k * ry), p(cx - k * rx, b.y + 2 * ry), p(cx, b.y + 2 * ry)),
                    .curve(p(cx + k * rx, b.y + 2 * ry), p(b.maxX, b.y + ry + k * ry), p(b.maxX, b.y + ry))]
        default: return []
        }
    }
}

/// An ellipse filling `b`, as four Bézier arcs.
package func ellipse(_ b: DiagramBox) -> [OutlineSegment] {
    let k = 0.552_284_75, rx = b.width / 2, ry = b.height / 2, c = b.center
    func p(_ x: Double, _ y: Double) -> DiagramPoint { DiagramPoint(x: x, y: y) }
    return [.move(p(c.x + rx, c.y)),
            .curve(p(c.x + rx, c.y + k * ry), p(c.x + k * rx, c.y + ry), p(c.x, c.y + ry)),
            .curve(p(c.x - k * rx, c.y + ry), p(c.x - rx, c.y + k * ry), p(c.x - rx, c.y)),
            .curve(p(c.x - rx, c.y - k * ry), p(c.x - k * rx, c.y - ry), p(c.x, c.y - ry)),
            .curve(p(c.x + k * rx, c.y - ry), p(c.x + rx, c.y - k * ry), p(c.x + rx, c.y)),
            .close]
}

/// A rectangle with corners rounded to `radius`.
package func roundedRectangle(_ b: DiagramBox, radius r: Double) -> [OutlineSegment] {
    let k = 0.552_284_75 * r
    func p(_ x: Double, _ y: Double) -> DiagramPoint { DiagramPoint(x: x, y: y) }
    let x0 = b.x, y0 = b.y, x1 = b.maxX, y1 = b.maxY
    return [.move(p(x0 + r, y0)), .line(p(x1 - r, y0)), .curve(p(x1 - r + k, y0), p(x1, y0 + r - k), p(x1, y0 + r)),
            .line(p(x1, y1 - r)), .curve(p(x1, y1 - r + k), p(x1 - r + k, y1), p(x1 - r, y1)),
            .line(p(x0 + r, y1)), .curve(p(x0 + r - k, y1), p(x0, y1 - r + k), p(x0, y1 - r)),
            .line(p(x0, y0 + r)), .curve(p(x0, y0 + r - k), p(x0 + r - k, y0), p(x0 + r, y0)), .close]
}
