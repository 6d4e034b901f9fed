/// A sequence diagram laid out by Quire itself, in Mermaid's proportions (its sequence
/// defaults at a 16 px message font: participant boxes at least 150 wide and 65 high, 50
/// between them, activation bars 10 wide, 10 of margin around notes and frames, a frame's
/// tab 50 by 20), scaled to the text size the labels were measured at.
///
/// Across: participants left to right in order, each lifeline as far from the previous one
/// as its box, the texts of messages between them and the notes beside them need (one pass,
/// each distance only pushing the later lifeline right). Down: the events in order, each
/// taking the height its text needs (`SequenceWalk`). Then everything is moved so the
/// leftmost ink is at x = 0. O(participants + events).
///
/// `compact` drops Mermaid's generous minimum box (150 by 65) and margin (50) for boxes as
/// large as their names and 20 between them: what a diagram too large for the page gets
/// before its text is set smaller.
package struct SequenceLayout {
    package let diagram: SequenceDiagram
    package let sizes: SequenceLabelSizes
    package let compact: Bool

    package init(diagram: SequenceDiagram, sizes: SequenceLabelSizes, compact: Bool = false) {
        self.diagram = diagram
        self.sizes = sizes
        self.compact = compact
    }

    /// One Mermaid pixel at the measured text size.
    package var u: Double { sizes.fontSize / 16 }

    /// A participant's box width.
    package func boxWidth(_ i: Int) -> Double { max((compact ? 40 : 150) * u, sizes.participants[i].width + 20 * u) }

    /// The least room between two participants' boxes.
    package var actorMargin: Double { (compact ? 20 : 50) * u }

    /// The stick figure's height above an actor's name.
    package var figureHeight: Double { 45 * u }

    /// The height every participant's box takes (the tallest one's).
    package var boxHeight: Double {
        diagram.participants.indices.reduce((compact ? 30 : 65) * u) { height, i in
            let label = sizes.participants[i].height
            return max(height, diagram.participants[i].kind == .actor ? figureHeight + label + 6 * u : label + 20 * u)
        }
    }

    /// A note's width for a text `width` wide.
    package func noteWidth(_ width: Double) -> Double { max(width + 20 * u, 100 * u) }

    /// The geometry.
    package func layout() -> SequenceGeometry {
        let centers = self.centers()
        var walk = SequenceWalk(layout: self, centers: centers)
        walk.run()
        var g = walk.geometry
        place(&g, centers: centers, groupTop: walk.groupTop, bottom: walk.y)
        return finish(g)
    }

    /// Each lifeline's x: the previous one's plus the room their boxes and the texts between
    /// them need.
    package func centers() -> [Double] {
        let n = diagram.participants.count
        guard n > 0 else { return [] }
        var needs = Array(repeating: [(from: Int, distance: Double)](), count: n)
        func need(_ a: Int, _ b: Int, _ distance: Double) {
            guard a >= 0, b < n, a < b else { return }
            needs[b].append((a, distance))
        }
        for (e, event) in diagram.events.enumerated() {
            let width = sizes.events[e].width
            switch event {
            case .message(let m) where m.isSelf:
                need(m.from - 1, m.from, width / 2 + 10 * u)
                need(m.from, m.from + 1, max(width / 2, 45 * u) + 15 * u)
            case .message(let m):
                need(min(m.from, m.to), max(m.from, m.to), width + 40 * u)
            case .note(let note):
                let p = note.participants[0], w = noteWidth(width)
                switch note.placement {
                case .rightOf: need(p, p + 1, w + 35 * u)
                case .leftOf: need(p - 1, p, w + 35 * u)
                case .over where note.participants.count == 2 && note.participants[1] != p:
                    need(min(p, note.participants[1]), max(p, note.participants[1]), width + 20 * u - 50 * u)
                case .over:
                    need(p - 1, p, w / 2 + 10 * u)
                    need(p, p + 1, w / 2 + 10 * u)
                }
            default: break
            }
        }
        var centers = [boxWidth(0) / 2]
        for j in 1..<n {
            var x = centers[j - 1] + boxWidth(j - 1) / 2 + boxWidth(j) / 2 + actorMargin
            for (i, distance) in needs[j] { x = max(x, centers[i] + distance) }
            centers.append(x)
        }
        return centers
    }

    /// Participant boxes top and bottom, the `box` groups around them and the lifelines'
    /// ends; `bottom` is where the last event ended.
    private func place(_ g: inout SequenceGeometry, centers: [Double], groupTop: Double, bottom: Double) {
        let height = boxHeight
        let bottomTop = bottom + 5 * u
        g.lifelineBottom = bottomTop
        for (i, c) in centers.enumerated() {
            let w = boxWidth(i)
            g.participants.append(SequenceGeometry.Participant(
                center: c, top: DiagramBox(x: c - w / 2, y: g.lifelineTop - height, width: w, height: height),
                bottom: DiagramBox(x: c - w / 2, y: bottomTop, width: w, height: height)))
        }
        for (b, _) in diagram.boxes.enumerated() {
            let members = diagram.participants.indices.filter { diagram.participants[$0].box == b }
            let title = sizes.boxes[b]
            guard let first = members.first, let last = members.last else {
                g.groups.append(SequenceGeometry.Group(box: DiagramBox(x: 0, y: 0, width: 0, height: 0)))
                continue
            }
            let left = g.participants[first].top.x - 10 * u
            let right = max(g.participants[last].top.maxX + 10 * u, left + title.width + 20 * u)
            let box = DiagramBox(x: left, y: groupTop, width: right - left, height: bottomTop + height + 10 * u - groupTop)
            let center = title.width > 0 ? DiagramPoint(x: (left + right) / 2, y: groupTop + 5 * u + title.height / 2) : nil
            g.groups.append(SequenceGeometry.Group(box: box, titleCenter: center))
        }
        g.height = max(bottomTop + height, g.groups.map(\.box.maxY).max() ?? 0)
    }

    /// The title centred over the ink, then everything moved so the ink starts at x = 0.
    private func finish(_ geometry: SequenceGeometry) -> SequenceGeometry {
        var g = geometry
        var lo = Double.infinity, hi = -Double.infinity
        func include(_ a: Double, _ b: Double) { lo = min(lo, a, b); hi = max(hi, a, b) }
        for p in g.participants { include(p.top.x, p.top.maxX) }
        for group in g.groups where group.box.width > 0 { include(group.box.x, group.box.maxX) }
        for f in g.frames { include(f.box.x, f.box.maxX) }
        for n in g.notes { include(n.box.x, n.box.maxX) }
        for a in g.activations { include(a.box.x, a.box.maxX) }
        for m in g.messages {
            include(m.start.x, m.end.x)
            if m.start == m.end || m.start.x == m.end.x { include(m.start.x, m.start.x + 45 * u) }
            if let c = m.labelCenter { include(c.x - sizes.events[m.event].width / 2, c.x + sizes.events[m.event].width / 2) }
            if let c = m.numberCenter { include(c.x - m.numberRadius, c.x + m.numberRadius) }
        }
        if lo > hi { (lo, hi) = (0, 0) }
        if sizes.title.width > 0 {
            let mid = (lo + hi) / 2
            g.titleCenter = DiagramPoint(x: mid, y: sizes.title.height / 2)
            include(mid - sizes.title.width / 2, mid + sizes.title.width / 2)
        }
        g.shift(dx: -lo)
        g.width = hi - lo
        return g
    }
}
