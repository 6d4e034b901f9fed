import Foundation
import QuireModel
import QuireStyle

/// GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`) as
/// GitHub shows them: a bar in the alert's colour beside the text, and above the text a title
/// line in that colour, bold, after a drawn icon (GitHub's octicons: info, light bulb, report,
/// alert, stop). Colours and titles are template keys (`alert.note.color`,
/// `alert.note.title`, ...). Right to left, bar and icon stand on the right.
///
/// Reads the environment and the caches and writes to `sink` as the title line is set; the
/// alert's blocks, of any kind, are set by `blocks` (`LayoutSession.layoutBlocks`).
package struct AlertLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
    /// Sets the alert's blocks in the context given.
    package let blocks: ([Block], BlockContext) -> [Slice]
}

extension LayoutSession {
    /// The layouter of alerts, setting their blocks in this session.
    package var alerts: AlertLayouter {
        AlertLayouter(environment: environment, caches: caches, sink: sink, blocks: { self.layoutBlocks($0, $1) })
    }
}

extension AlertLayouter {
    /// `title`: a DocC aside's own ("Precondition"), else nil: the kind's (`alert.note.title`).
    package func alert(_ kind: AlertKind, _ children: [Block], title: String? = nil, _ context: BlockContext) -> [Slice] {
        var look = style.alerts[kind]
        if let title { look.title = .plain(title) }
        let bar = Typography.Rule(width: typography.alertBarWidth, color: look.color)
        return besideBar(bar, role: .blockQuote, context) { inner in
            var body = blocks(children, inner)
            if !body.isEmpty { body[0].spaceBefore = typography.alertTitleSpace }
            return alertTitle(kind, look, inner) + body
        }
    }

    /// The title line: the icon at the column's start edge, the title after it, both in the
    /// alert's colour, the line kept with the text that follows (in an excerpt, counted as a
    /// heading's line: never cut, never the last before the label).
    private func alertTitle(_ kind: AlertKind, _ look: AlertStyle, _ context: BlockContext) -> [Slice] {
        let iconSize = typography.alertIconSize
        let room = iconSize + typography.alertIconGap
        let column = context.column
        var text = StyledText()
        text.append(wording(look.title, width: column.width - room), StyledText.Attributes(bold: true, color: look.color))
        var format = format(typography.alertTitle, width: max(1, column.width - room), alignment: .left)
        format.direction = context.direction
        let rtl = context.isRightToLeft
        var slices = paragraphSlices(text, format, x: rtl ? column.x : column.x + room, spaceBefore: 0, spaceAfter: 0,
                                     tag: .element(element(.paragraph, in: context, text: text.string)))
        guard let baseline = slices[0].firstBaseline else { return slices }
        let xHeight = typesetter.xHeight(family: typography.body.family, size: typography.body.size)
        let center = Point(x: rtl ? column.maxX - iconSize / 2 : column.x + iconSize / 2, y: baseline - xHeight / 2)
        slices[0].items += Self.alertIcon(kind, center: center, size: iconSize,
                                          stroke: iconSize * typography.alertIconStroke, color: look.color)
        // Like a heading's: kept with the text, and never the last line an excerpt shows.
        for i in slices.indices { slices[i].keepWithNext = true; slices[i].excerptRole = .heading }
        return slices
    }

    /// The icon of `kind` drawn with straight strokes in a square of `size` centred at `center`
    /// (curves as polygons of short strokes: rules are what every writer of painted pages
    /// draws). Coordinates below are in units of `size` from the centre, y growing down.
    package static func alertIcon(_ kind: AlertKind, center: Point, size: Double, stroke: Double, color: Color) -> [PageItem] {
        func point(_ x: Double, _ y: Double) -> Point { Point(x: center.x + x * size, y: center.y + y * size) }
        func segment(_ a: Point, _ b: Point) -> PageItem { .line(from: a, to: b, width: stroke, color: color) }
        /// A closed or open path through `points`; each joint is filled by lengthening both
        /// strokes by half the stroke times the tangent of half the turn (a mitre).
        func path(_ points: [Point], closed: Bool) -> [PageItem] {
            let n = points.count
            var items: [PageItem] = []
            for i in 0..<(closed ? n : n - 1) {
                let a = points[i], b = points[(i + 1) % n]
                func turn(at k: Int, from p: Point, to q: Point) -> Double {
                    let u = (q.x - points[k].x, q.y - points[k].y), v = (points[k].x - p.x, points[k].y - p.y)
                    let cross = abs(v.0 * u.1 - v.1 * u.0), dot = v.0 * u.0 + v.1 * u.1
                    return atan2(cross, dot)
                }
                let before = closed || i > 0 ? turn(at: i, from: points[(i + n - 1) % n], to: b) : 0
                let after = closed || i + 1 < n - 1 ? turn(at: (i + 1) % n, from: a, to: points[(i + 2) % n]) : 0
                // Lengthen by the mitre at each joint, capped for sharp turns.
                let ea = min(1, 0.5 * tan(before / 2)), eb = min(1, 0.5 * tan(after / 2))
                let dx = b.x - a.x, dy = b.y - a.y
                let length = max(1e-9, (dx * dx + dy * dy).squareRoot())
                items.append(.line(from: Point(x: a.x - dx * ea * stroke / length, y: a.y - dy * ea * stroke / length),
                                   to: Point(x: b.x + dx * eb * stroke / length, y: b.y + dy * eb * stroke / length),
                                   width: stroke, color: color))
            }
            return items
        }
        func arc(_ cx: Double, _ cy: Double, _ r: Double, from a0: Double, to a1: Double, steps: Int) -> [Point] {
            (0...steps).map { k in
                let a = a0 + (a1 - a0) * Double(k) / Double(steps)
                return point(cx + r * cos(a), cy + r * sin(a))
            }
        }
        /// An exclamation mark: a stem from `top` to `bottom` and a dot under it.
        func exclamation(top: Double, bottom: Double) -> [PageItem] {
            [segment(point(0, top), point(0, bottom)), segment(point(0, bottom + 0.12), point(0, bottom + 0.12 + stroke / size))]
        }
        switch kind {
        case .note:
            // Info: a circle, the stem and dot of an "i".
            var circle = arc(0, 0, 0.44, from: 0, to: 2 * .pi, steps: 20)
            circle.removeLast()
            return path(circle, closed: true)
                + [segment(point(0, -0.02), point(0, 0.25)), segment(point(0, -0.2), point(0, -0.2 + stroke / size))]
        case .tip:
            // Light bulb: a bulb open at the bottom, its neck, and two lines for the base.
            let bulb = arc(0, -0.1, 0.32, from: .pi * 0.72, to: .pi * 2.28, steps: 16)
            return path([point(-0.13, 0.26)] + bulb + [point(0.13, 0.26)], closed: false)
                + [segment(point(-0.13, 0.32), point(0.13, 0.32)), segment(point(-0.09, 0.44), point(0.09, 0.44))]
        case .important:
            // Report: a speech bubble with a tail at the bottom left, and "!".
            let bubble = [point(-0.45, -0.4), point(0.45, -0.4), point(0.45, 0.22), point(-0.06, 0.22),
                          point(-0.28, 0.44), point(-0.28, 0.22), point(-0.45, 0.22)]
            return path(bubble, closed: true) + exclamation(top: -0.25, bottom: -0.02)
        case .warning:
            // Alert: a triangle, its corners cut a little (as the octicon's are rounded), and "!".
            let corners = [(0.0, -0.45), (0.5, 0.42), (-0.5, 0.42)]
            var triangle: [Point] = []
            for (k, c) in corners.enumerated() {
                let before = corners[(k + 2) % 3], after = corners[(k + 1) % 3]
                let cut = 0.07
                func toward(_ o: (Double, Double)) -> Point {
                    let dx = o.0 - c.0, dy = o.1 - c.1, d = (dx * dx + dy * dy).squareRoot()
                    return point(c.0 + dx / d * cut, c.1 + dy / d * cut)
                }
                triangle += [toward(before), toward(after)]
            }
            return path(triangle, closed: true) + exclamation(top: -0.14, bottom: 0.12)
        case .caution:
            // Stop: an octagon and "!".
            var octagon = arc(0, 0, 0.48, from: .pi / 8, to: .pi / 8 + 2 * .pi, steps: 8)
            octagon.removeLast()
            return path(octagon, closed: true) + exclamation(top: -0.24, bottom: 0.06)
        }
    }
}
