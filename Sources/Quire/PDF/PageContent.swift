/// A painted page's items as content-stream operators: text, rules, boxes, list markers and
/// images, in the page's drawing order.
extension ContentStream {
    /// What the items refer to beyond themselves: the document's fonts and images.
    struct Resources {
        var fonts: EmbeddedFonts
        var images: PDFImages
    }

    /// Writes `items` (a page's, in drawing order). Consecutive list markers of one look are
    /// one path; the rectangles Pango draws with a line (backgrounds, underlines) go before
    /// its glyphs, so lines without them share one text object. O(items + glyphs).
    mutating func draw(_ items: [PaintItem], _ resources: Resources) {
        var i = 0
        while i < items.count {
            if case .marker(let first) = items[i], case .shape(let shape) = first.kind {
                var j = i + 1
                while j < items.count, case .marker(let next) = items[j], next.looksLike(first) { j += 1 }
                let centers = items[i..<j].compactMap { item -> Point? in
                    if case .marker(let m) = item { return m.center } else { return nil }
                }
                endText()
                drawMarkers(shape, size: first.size, color: first.color, centers)
                i = j
            } else {
                draw(items[i], resources)
                i += 1
            }
        }
        endText()
    }

    private mutating func draw(_ item: PaintItem, _ resources: Resources) {
        switch item {
        case .text(let paints):
            drawLine(paints, resources)
        case .fill(let r, let color):
            endText()
            setFillColor(color)
            rectangle(r)
            fill()
        case .line(let a, let b, let width, let color):
            endText()
            setStrokeColor(color)
            setLineWidth(width)
            setLineCap(0)
            move(a.x, a.y)
            line(b.x, b.y)
            stroke()
        case .marker(let m):
            endText()
            switch m.kind {
            case .shape(let shape): drawMarkers(shape, size: m.size, color: m.color, [m.center])
            case .taskBox(let checked): drawTaskBox(m, checked: checked)
            }
        case .image(let rect, let image):
            endText()
            resources.images.draw(image, in: rect, &self)
        case .frame(let r, let width, let color):
            endText()
            setStrokeColor(color)
            setLineWidth(width)
            setLineJoin(0)
            rectangle(r)
            stroke()
        }
    }

    /// One line of text: its rectangles, then its glyph runs in reading order (Pango gives
    /// them in visual order: in a right-to-left line, or a right-to-left phrase in a
    /// left-to-right one, the reverse).
    private mutating func drawLine(_ paints: [TextPaint], _ resources: Resources) {
        var runs: [(offset: Int, index: Int)] = []
        for (index, paint) in paints.enumerated() {
            switch paint {
            case .fill(let r, let color):
                endText()
                setFillColor(color)
                rectangle(r)
                fill()
            case .glyphs(let run), .colorGlyphs(let run, _):
                runs.append((run.textOffset, index))
            }
        }
        if !runs.isEmpty, zip(runs, runs.dropFirst()).contains(where: { $0.offset > $1.offset }) {
            runs.sort { ($0.offset, $0.index) < ($1.offset, $1.index) }
        }
        for (_, index) in runs {
            switch paints[index] {
            case .glyphs(let run):
                guard let font = resources.fonts.font(for: run.font) else { continue }
                show(run, font: font)
            case .colorGlyphs(let run, let box):
                resources.images.drawColorGlyphs(run, box: box, &self)
            case .fill:
                continue
            }
        }
    }

    /// Markers of one shape, size and colour, centred at `centers`, as one path (the shapes
    /// of `PageDrawing`'s, so the PDF and a PNG preview look alike).
    private mutating func drawMarkers(_ shape: MarkerShape, size s: Double, color: Color, _ centers: [Point]) {
        switch shape {
        case .disc:
            // Zero-length strokes with round caps: a disc in a few numbers (lists of thousands).
            setStrokeColor(color)
            setLineWidth(s)
            setLineCap(1)
            for c in centers {
                move(c.x, c.y)
                line(c.x, c.y)
            }
            stroke()
        case .circle:
            let w = s * 0.16
            setStrokeColor(color)
            setLineWidth(w)
            for c in centers { circle(center: c, radius: (s - w) / 2) }
            stroke()
        case .square:
            setFillColor(color)
            for c in centers { rectangle(Rect(x: c.x - s / 2, y: c.y - s / 2, width: s, height: s)) }
            fill()
        case .dash:
            setFillColor(color)
            for c in centers { rectangle(Rect(x: c.x - s * 0.75, y: c.y - s * 0.12, width: s * 1.5, height: s * 0.24)) }
            fill()
        }
    }

    private mutating func drawTaskBox(_ m: Marker, checked: Bool) {
        let c = m.center, s = m.size
        let w = s * 0.09
        setStrokeColor(m.color)
        setLineWidth(w)
        setLineJoin(0)
        rectangle(Rect(x: c.x - s / 2 + w / 2, y: c.y - s / 2 + w / 2, width: s - w, height: s - w))
        stroke()
        guard checked else { return }
        setLineWidth(s * 0.14)
        setLineCap(1)
        setLineJoin(1)
        move(c.x - s * 0.28, c.y + s * 0.02)
        line(c.x - s * 0.06, c.y + s * 0.24)
        line(c.x + s * 0.30, c.y - s * 0.26)
        stroke()
    }
}
