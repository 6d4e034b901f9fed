import QuireModel
import QuireStyle
import QuireDiagrams

/// A laid-out sequence diagram as page items, in the look of GitHub's default Mermaid theme
/// (its sequence colours: participant boxes in the node fill and border, lifelines in the
/// border colour, messages in the edge colour, notes yellow with the cluster border, frames
/// dashed in the border colour with a tab, activation bars light grey). Painting order: `box`
/// groups, `rect` grounds, lifelines, participants, activation bars, messages and their
/// texts, frames, notes, title, so that nothing hides a text. Strokes are in proportion to
/// the text size `em` (Mermaid's at 16 px: a box's border 1 px, a message 1.5 px, a frame 2 px).
package struct SequencePainter {
    package let theme: DiagramTheme
    package let em: Double
    /// Where the diagram's top-left corner is on the slice.
    package let origin: Point
    /// The figure everything is part of.
    package let tag: ContentTag

    /// Mermaid's note fill and activation colours (`noteBkgColor`, `activationBkgColor`,
    /// `activationBorderColor`), which its default theme does not derive from the others.
    package static let noteFill = Color(hex: "#fff5ad")!
    package static let activationFill = Color(hex: "#f4f4f4")!
    package static let activationBorder = Color(hex: "#666666")!
    package static let groupBorder = Color(hex: "#7f7f7f")!

    private var u: Double { em / 16 }
    private func point(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
    private func point(_ p: DiagramPoint) -> Point { point(p.x, p.y) }

    private func rectangle(_ b: DiagramBox, fill: Color?, stroke: Color?, width: Double = 0, dash: [Double] = [], radius: Double = 0) -> PageItem {
        let outline = roundedRectangle(b, radius: radius).map { segment -> PathPaint.Segment in
            switch segment {
            case .move(let p): return .move(point(p))
            case .line(let p): return .line(point(p))
            case .curve(let a, let b, let c): return .curve(point(a), point(b), point(c))
            case .close: return .close
            }
        }
        return .path(PathPaint(segments: outline, fill: fill, stroke: stroke, lineWidth: width, dash: dash), tag: tag)
    }

    private func line(_ segments: [PathPaint.Segment], color: Color, width: Double, dash: [Double] = []) -> PageItem {
        .path(PathPaint(segments: segments, stroke: color, lineWidth: width, dash: dash), tag: tag)
    }

    /// Every item, in painting order. O(participants + events + label lines).
    package func paint(_ diagram: SequenceDiagram, _ drawn: DrawnSequence) -> [PageItem] {
        let g = drawn.geometry
        var items: [PageItem] = []
        for (i, group) in g.groups.enumerated() where group.box.width > 0 {
            items.append(rectangle(group.box, fill: diagram.boxes[i].color, stroke: Self.groupBorder, width: u * 0.75))
            if let c = group.titleCenter { items += drawn.boxes[i].placed(at: point(c), tag: tag) }
        }
        for frame in g.frames {
            guard case .blockStart(let block) = diagram.events[frame.event], block.kind == .rect else { continue }
            items.append(rectangle(frame.box, fill: block.color ?? Color(hex: "#eeeeee")!, stroke: nil))
        }
        for p in g.participants {
            items.append(line([.move(point(p.center, g.lifelineTop)), .line(point(p.center, g.lifelineBottom))], color: theme.nodeBorder, width: u * 0.75))
        }
        for (i, p) in g.participants.enumerated() {
            for box in [p.top, p.bottom] { items += participant(diagram.participants[i], box, drawn.participants[i]) }
        }
        for bar in g.activations {
            items.append(rectangle(bar.box, fill: Self.activationFill, stroke: Self.activationBorder, width: u))
        }
        for m in g.messages {
            guard case .message(let message) = diagram.events[m.event] else { continue }
            items += self.message(message, m, drawn)
        }
        for frame in g.frames {
            guard case .blockStart(let block) = diagram.events[frame.event], block.kind != .rect else { continue }
            items += self.frame(frame, drawn)
        }
        for note in g.notes {
            items.append(rectangle(note.box, fill: Self.noteFill, stroke: theme.clusterBorder, width: u))
            items += drawn.events[note.event].placed(at: point(note.box.center), tag: tag)
        }
        if let c = g.titleCenter { items += drawn.title.placed(at: point(c), tag: tag) }
        return items
    }

    /// A participant's box with its name, or an actor's stick figure with its name below.
    private func participant(_ p: SequenceParticipant, _ box: DiagramBox, _ label: DiagramLabel) -> [PageItem] {
        guard p.kind == .actor else {
            return [rectangle(box, fill: theme.nodeFill, stroke: theme.nodeBorder, width: u, radius: 3 * u)]
                + label.placed(at: point(box.center), tag: tag)
        }
        let c = box.center.x, top = box.y
        let head = DiagramBox(x: c - 7 * u, y: top + 2 * u, width: 14 * u, height: 14 * u)
        let figure: [PathPaint.Segment] = [
            .move(point(c, top + 16 * u)), .line(point(c, top + 30 * u)),
            .move(point(c - 12 * u, top + 21 * u)), .line(point(c + 12 * u, top + 21 * u)),
            .move(point(c - 11 * u, top + 43 * u)), .line(point(c, top + 30 * u)), .line(point(c + 11 * u, top + 43 * u)),
        ]
        let headPath = ellipse(head).map { segment -> PathPaint.Segment in
            switch segment {
            case .move(let q): return .move(point(q))
            case .line(let q): return .line(point(q))
            case .curve(let a, let b, let d): return .curve(point(a), point(b), point(d))
            case .close: return .close
            }
        }
        return [line(figure, color: theme.nodeBorder, width: 2 * u),
                .path(PathPaint(segments: headPath, fill: theme.nodeFill, stroke: theme.nodeBorder, lineWidth: 2 * u), tag: tag)]
            + label.placed(at: point(c, top + 48 * u + label.height / 2), tag: tag)
    }

    private func message(_ message: SequenceMessage, _ m: SequenceGeometry.Message, _ drawn: DrawnSequence) -> [PageItem] {
        let width = 1.5 * u, color = theme.edge
        let dash = message.arrow.dotted ? [2 * u, 2 * u] : []
        let start = point(m.start), end = point(m.end)
        var items: [PageItem] = []
        if message.isSelf {
            let c1 = point(m.start.x + 60 * u, m.start.y - 10 * u), c2 = point(m.start.x + 60 * u, m.start.y + 30 * u)
            items.append(line([.move(start), .curve(c1, c2, end)], color: color, width: width, dash: dash))
            items += head(message.arrow.head, tip: end, from: c2, color: color)
            if message.arrow.bothWays { items += head(message.arrow.head, tip: start, from: c1, color: color) }
        } else {
            // A filled head's tip is sharper than the line is wide: the line stops inside it.
            let inset = message.arrow.head == .filled || message.arrow.head == .open ? 4 * u : 0
            let direction = end.x >= start.x ? 1.0 : -1.0
            let lineStart = message.arrow.bothWays ? Point(x: start.x + direction * inset, y: start.y) : start
            items.append(line([.move(lineStart), .line(Point(x: end.x - direction * inset, y: end.y))], color: color, width: width, dash: dash))
            items += head(message.arrow.head, tip: end, from: start, color: color)
            if message.arrow.bothWays { items += head(message.arrow.head, tip: start, from: end, color: color) }
        }
        if let c = m.labelCenter { items += drawn.events[m.event].placed(at: point(c), tag: tag) }
        if let c = m.numberCenter {
            let r = m.numberRadius
            items.append(.path(PathPaint(segments: circle(point(c), r), fill: color), tag: tag))
            items += drawn.numbers[m.event].placed(at: point(c), tag: tag)
        }
        return items
    }

    private func circle(_ c: Point, _ r: Double) -> [PathPaint.Segment] {
        ellipse(DiagramBox(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)).map { segment in
            switch segment {
            case .move(let p): return .move(Point(x: p.x, y: p.y))
            case .line(let p): return .line(Point(x: p.x, y: p.y))
            case .curve(let a, let b, let d): return .curve(Point(x: a.x, y: a.y), Point(x: b.x, y: b.y), Point(x: d.x, y: d.y))
            case .close: return .close
            }
        }
    }

    /// A message's head with its tip at `tip`, coming from the direction of `from`: a filled
    /// triangle, a cross, or Mermaid's notched asynchronous head.
    private func head(_ kind: SequenceArrow.Head, tip: Point, from: Point, color: Color) -> [PageItem] {
        let dx = tip.x - from.x, dy = tip.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0.01 else { return [] }
        let ux = dx / length, uy = dy / length
        func at(_ back: Double, _ side: Double) -> Point {
            Point(x: tip.x - ux * back - uy * side, y: tip.y - uy * back + ux * side)
        }
        switch kind {
        case .none: return []
        case .filled:
            return [.path(PathPaint(segments: [.move(tip), .line(at(9 * u, 4.5 * u)), .line(at(9 * u, -4.5 * u)), .close],
                                    fill: color, stroke: color, lineWidth: u / 2), tag: tag)]
        case .open:
            return [.path(PathPaint(segments: [.move(tip), .line(at(9 * u, 6 * u)), .line(at(4.5 * u, 0)), .line(at(9 * u, -6 * u)), .close],
                                    fill: color, stroke: color, lineWidth: u / 2), tag: tag)]
        case .cross:
            let r = 4.5 * u
            return [line([.move(at(r * 2, r)), .line(at(0, -r)), .move(at(r * 2, -r)), .line(at(0, r))], color: color, width: 1.5 * u)]
        }
    }

    /// A frame: its dashed outline and dividers, its tab (`loop`) and labels.
    private func frame(_ frame: SequenceGeometry.Frame, _ drawn: DrawnSequence) -> [PageItem] {
        let color = theme.nodeBorder, width = 2 * u, dash = [2 * u, 2 * u]
        let b = frame.box
        var items: [PageItem] = [rectangle(b, fill: nil, stroke: color, width: width, dash: dash)]
        for d in frame.dividers {
            items.append(line([.move(point(b.x, d.y)), .line(point(b.maxX, d.y))], color: color, width: width, dash: dash))
            if let c = d.labelCenter { items += drawn.events[d.event].placed(at: point(c), tag: tag) }
        }
        if let t = frame.tab {
            let cut = 7 * u
            let outline: [PathPaint.Segment] = [.move(point(t.x, t.y)), .line(point(t.maxX, t.y)), .line(point(t.maxX, t.maxY - cut)),
                                                .line(point(t.maxX - cut * 1.2, t.maxY)), .line(point(t.x, t.maxY)), .close]
            items.append(.path(PathPaint(segments: outline, fill: theme.nodeFill, stroke: color, lineWidth: u), tag: tag))
            items += drawn.tabs[frame.event].placed(at: point(t.center), tag: tag)
        }
        if let c = frame.labelCenter { items += drawn.events[frame.event].placed(at: point(c), tag: tag) }
        return items
    }
}
