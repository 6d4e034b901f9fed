/// A sequence diagram's events walked top to bottom, each placed below the one before: a
/// message's text and then its line (ending on its lifelines, or on the edge of an activation
/// bar there), notes beside or over lifelines, frames that grow to hold what they enclose
/// (and each nested frame 10 px more), activation bars stacked half a bar to the right per
/// level. Used by `SequenceLayout`; `y` is where the next event starts. O(events).
package struct SequenceWalk {
    package let layout: SequenceLayout
    package let centers: [Double]
    package var geometry = SequenceGeometry()
    package var y = 0.0
    /// Where `box` groups start (below the title).
    package var groupTop = 0.0
    /// Each participant's open activation bars: where each starts.
    private var bars: [[Double]]
    /// The frames open at this point, innermost last: their index in `geometry.frames` and the
    /// x range of what they enclose so far.
    private var open: [(frame: Int, lo: Double, hi: Double)] = []
    /// The line of the last message, when the last event was one (where an `activate` or
    /// `deactivate` written after it takes effect).
    private var lastLine: Double?

    package init(layout: SequenceLayout, centers: [Double]) {
        self.layout = layout
        self.centers = centers
        bars = Array(repeating: [], count: centers.count)
    }

    private var u: Double { layout.u }
    private var sizes: SequenceLabelSizes { layout.sizes }

    package mutating func run() {
        top()
        for (e, event) in layout.diagram.events.enumerated() {
            switch event {
            case .message(let m):
                lastLine = message(m, e)
            case .note(let n):
                note(n, e)
                lastLine = nil
            case .activate(let p, _):
                bars[p].append(lastLine ?? y)
            case .deactivate(let p, _):
                closeBar(p, at: lastLine ?? y)
            case .blockStart(let block):
                openFrame(block, e)
                lastLine = nil
            case .blockDivider:
                divide(e)
                lastLine = nil
            case .blockEnd:
                closeFrame()
                lastLine = nil
            }
        }
        for p in bars.indices { while !bars[p].isEmpty { closeBar(p, at: y) } }
        geometry.activations.sort { ($0.participant, $0.box.x) < ($1.participant, $1.box.x) }
        geometry.frames.sort { $0.depth < $1.depth || ($0.depth == $1.depth && $0.event < $1.event) }
        y += 5 * u
    }

    /// The title, the `box` titles and the participants' boxes.
    private mutating func top() {
        if sizes.title.height > 0 { y = sizes.title.height + 10 * u }
        groupTop = y
        if !layout.diagram.boxes.isEmpty {
            let titles = sizes.boxes.map(\.height).max() ?? 0
            y += titles > 0 ? titles + 10 * u : 10 * u
        }
        y += layout.boxHeight
        geometry.lifelineTop = y
        y += 10 * u
    }

    /// Where a participant's lifeline ends on the left and on the right: the lifeline, or the
    /// edges of its activation bars.
    private func edges(_ p: Int) -> (left: Double, right: Double) {
        let c = centers[p], d = bars[p].count, w = 10 * u
        guard d > 0 else { return (c, c) }
        return (c - w / 2, c + w / 2 + Double(d - 1) * w / 2)
    }

    /// Widens the innermost open frame to hold `a`…`b`.
    private mutating func include(_ a: Double, _ b: Double) {
        guard !open.isEmpty else { return }
        open[open.count - 1].lo = min(open[open.count - 1].lo, a, b)
        open[open.count - 1].hi = max(open[open.count - 1].hi, a, b)
    }

    private mutating func closeBar(_ p: Int, at end: Double) {
        guard let start = bars[p].popLast() else { return }
        let w = 10 * u, x = centers[p] - w / 2 + Double(bars[p].count) * w / 2
        let bottom = max(end, start + 8 * u)
        y = max(y, bottom)
        geometry.activations.append(SequenceGeometry.Activation(participant: p, box: DiagramBox(x: x, y: start, width: w, height: bottom - start)))
        include(x, x + w)
    }

    /// A message: its text, then its line; returns the line's y.
    private mutating func message(_ m: SequenceMessage, _ e: Int) -> Double {
        let label = sizes.events[e], number = sizes.numbers[e]
        // A frame holds its messages' lifelines with their activation bars, not only the arrows.
        for p in [m.from, m.to] { include(centers[p] - 5 * u, centers[p] + 5 * u) }
        let textTop = y + 8 * u
        let radius = number.width > 0 ? max(7 * u, number.width / 2 + 3 * u) : 0
        let lineY = max(label.height > 0 ? textTop + label.height + 4 * u : y + 12 * u, y + radius + 2 * u)
        var placed: SequenceGeometry.Message
        if m.isSelf {
            if m.activatesTarget { bars[m.to].append(lineY) }
            let x0 = edges(m.from).right
            placed = SequenceGeometry.Message(event: e, start: DiagramPoint(x: x0, y: lineY), end: DiagramPoint(x: x0, y: lineY + 20 * u))
            if label.width > 0 { placed.labelCenter = DiagramPoint(x: centers[m.from], y: textTop + label.height / 2) }
            include(min(x0, centers[m.from] - label.width / 2), max(x0 + 45 * u, centers[m.from] + label.width / 2))
            y = lineY + 30 * u
        } else {
            let rightwards = m.from < m.to
            let sx = rightwards ? edges(m.from).right : edges(m.from).left
            if m.activatesTarget { bars[m.to].append(lineY) }
            let ex = rightwards ? edges(m.to).left : edges(m.to).right
            placed = SequenceGeometry.Message(event: e, start: DiagramPoint(x: sx, y: lineY), end: DiagramPoint(x: ex, y: lineY))
            let mid = (sx + ex) / 2
            if label.width > 0 { placed.labelCenter = DiagramPoint(x: mid, y: textTop + label.height / 2) }
            include(min(sx, ex, mid - label.width / 2), max(sx, ex, mid + label.width / 2))
            y = lineY + 10 * u
        }
        if radius > 0 {
            placed.numberCenter = placed.start
            placed.numberRadius = radius
            include(placed.start.x - radius, placed.start.x + radius)
        }
        geometry.messages.append(placed)
        if m.deactivatesSource { closeBar(m.from, at: lineY) }
        return lineY
    }

    private mutating func note(_ n: SequenceNote, _ e: Int) {
        let label = sizes.events[e]
        var width = layout.noteWidth(label.width)
        let top = y + 4 * u, height = label.height + 14 * u
        let p = n.participants[0]
        var x: Double
        switch n.placement {
        case .rightOf: x = edges(p).right + 12.5 * u
        case .leftOf: x = edges(p).left - 12.5 * u - width
        case .over where n.participants.count == 2:
            let a = min(centers[p], centers[n.participants[1]]), b = max(centers[p], centers[n.participants[1]])
            let span = b - a + 50 * u
            width = max(span, label.width + 20 * u)
            x = (a + b) / 2 - width / 2
        case .over: x = centers[p] - width / 2
        }
        let box = DiagramBox(x: x, y: top, width: width, height: height)
        for p in n.participants { include(centers[p] - 5 * u, centers[p] + 5 * u) }
        geometry.notes.append(SequenceGeometry.Note(event: e, box: box))
        include(box.x, box.maxX)
        y = box.maxY + 10 * u
    }

    private mutating func openFrame(_ block: SequenceBlock, _ e: Int) {
        let top = y + 4 * u
        var frame = SequenceGeometry.Frame(event: e, box: DiagramBox(x: 0, y: top, width: 0, height: 0), depth: open.count)
        if block.kind == .rect {
            y = top + 10 * u
        } else {
            let tab = sizes.tabs[e], label = sizes.events[e]
            let tabWidth = max(50 * u, tab.width + 16 * u), tabHeight = max(20 * u, tab.height + 6 * u)
            frame.tab = DiagramBox(x: 0, y: top, width: tabWidth, height: tabHeight)
            let head = max(tabHeight, label.height + 6 * u)
            if label.width > 0 { frame.labelCenter = DiagramPoint(x: 0, y: top + head / 2) }
            y = top + head + 6 * u
        }
        geometry.frames.append(frame)
        open.append((geometry.frames.count - 1, .infinity, -.infinity))
    }

    private mutating func divide(_ e: Int) {
        guard let f = open.last?.frame else { return }
        let label = sizes.events[e]
        let lineY = y + 4 * u
        var divider = SequenceGeometry.Frame.Divider(event: e, y: lineY)
        if label.width > 0 { divider.labelCenter = DiagramPoint(x: 0, y: lineY + 4 * u + label.height / 2) }
        geometry.frames[f].dividers.append(divider)
        y = lineY + (label.height > 0 ? label.height + 8 * u : 0) + 6 * u
    }

    /// The innermost frame closed around what it holds, wide enough for its tab and labels.
    private mutating func closeFrame() {
        guard let (f, enclosed, enclosedEnd) = open.popLast() else { return }
        var lo = enclosed, hi = enclosedEnd
        if lo > hi { (lo, hi) = (centers.first ?? 0, centers.last ?? 0) }
        var frame = geometry.frames[f]
        let left = lo - 10 * u
        var right = hi + 10 * u
        let event = frame.event
        let labelWidth = sizes.events[event].width
        right = max(right, left + (frame.tab?.width ?? 0) + labelWidth + 20 * u)
        for d in frame.dividers { right = max(right, left + sizes.events[d.event].width + 20 * u) }
        let bottom = y
        frame.box = DiagramBox(x: left, y: frame.box.y, width: right - left, height: bottom - frame.box.y)
        frame.tab?.x = left
        if let c = frame.labelCenter {
            let centered = (left + right) / 2
            frame.labelCenter = DiagramPoint(x: max(centered, left + (frame.tab?.width ?? 0) + 6 * u + labelWidth / 2), y: c.y)
        }
        for i in frame.dividers.indices where frame.dividers[i].labelCenter != nil {
            frame.dividers[i].labelCenter!.x = (left + right) / 2
        }
        geometry.frames[f] = frame
        y = bottom + 10 * u
        include(left, right)
    }
}
