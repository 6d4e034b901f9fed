import QuireModel
import QuireImages

/// A painted page's items as content-stream operators: text, rules, boxes, list markers and
/// images, in the page's order (reading order), each piece marked as the content of its
/// structure element (by MCID) or as an artifact.
extension ContentStream {
    /// What the items refer to beyond themselves: the document's fonts and images, and the
    /// page's marked content.
    package struct Resources {
        package var fonts: EmbeddedFonts
        package var images: PDFImages
        package var marks: PageMarks
    }

    /// Writes `page`'s items. Decoration (rules, shading, frames, a line's underlines and
    /// backgrounds, running headers) is marked as artifacts, consecutive ones together; text,
    /// list markers and images as their elements' content. The rectangles Pango draws with a
    /// line go before its glyphs, so lines without them share one text object.
    /// O(items + glyphs).
    package mutating func draw(_ page: PaintedPage, _ resources: Resources) {
        var artifactOpen = false
        for (i, item) in page.items.enumerated() {
            let tag = i < page.tags.count ? page.tags[i] : .none
            if case .text(let paints) = item {
                if artifactOpen { endMarkedContent(); artifactOpen = false }
                drawLine(paints, tag, resources, actualText: page.actualTexts[i])
                continue
            }
            endText()
            var node: StructureTree.Node?
            switch (item, tag) {
            case (.marker, .element(let e)), (.image, .element(let e)), (.path, .element(let e)): node = resources.marks.node(for: e)
            default: node = nil
            }
            if let node {
                if artifactOpen { endMarkedContent(); artifactOpen = false }
                beginMarkedContent(node, resources.marks)
                if case .image(let rect, _) = item { resources.marks.figure(node, in: rect) }
                draw(item, resources)
                endMarkedContent()
            } else {
                if !artifactOpen { beginMarkedContent(.artifact); artifactOpen = true }
                draw(item, resources)
            }
        }
        if artifactOpen { endMarkedContent() }
        endText()
        if let furniture = page.deferredFurniture {
            beginMarkedContent(.artifact)
            drawForm(PDFDocumentWriter.furnitureName(furniture), matrix: [1, 0, 0, 1, 0, 0])
            endMarkedContent()
        }
    }

    /// Begins content of `node`: `/Role << /MCID n >> BDC`.
    private mutating func beginMarkedContent(_ node: StructureTree.Node, _ marks: PageMarks) {
        beginMarkedContent(role: node.role, mcid: marks.mcid(for: node))
    }

    private mutating func draw(_ item: PaintItem, _ resources: Resources) {
        switch item {
        case .text:
            break  // drawLine
        case .fill(let r, let color):
            endText()
            setFillColor(color)
            rectangle(r)
            fill()
        case .line(let a, let b, let width, let color):
            endText()
            setStrokeColor(color)
            setLineWidth(width)
            setLineCap(.butt)
            move(a.x, a.y)
            line(b.x, b.y)
            stroke()
        case .marker(let m):
            endText()
            draw(m.drawing)
        case .image(let rect, let image):
            endText()
            resources.images.draw(image, in: rect, &self)
        case .frame(let r, let width, let color):
            endText()
            setStrokeColor(color)
            setLineWidth(width)
            setLineJoin(.miter)
            rectangle(r)
            stroke()
        case .path(let path):
            endText()
            draw(path)
        }
    }

    /// A vector path: filled, then stroked (round joins, butt caps), dashed if it says so.
    private mutating func draw(_ path: PathPaint) {
        if let fill = path.fill { setFillColor(fill) }
        if let stroke = path.stroke {
            setStrokeColor(stroke)
            setLineWidth(path.lineWidth)
            setLineJoin(.round)
            setLineCap(.butt)
            setDash(path.dash)
        }
        for segment in path.segments {
            switch segment {
            case .move(let p): move(p.x, p.y)
            case .line(let p): line(p.x, p.y)
            case .curve(let a, let b, let c): curve(a.x, a.y, b.x, b.y, c.x, c.y)
            case .close: closePath()
            }
        }
        switch (path.fill != nil, path.stroke != nil) {
        case (true, true): fillAndStroke()
        case (true, false): fill()
        case (false, true): stroke()
        case (false, false): endPath()
        }
        if path.stroke != nil && !path.dash.isEmpty { setDash([]) }
    }

    /// One line of text: its rectangles (artifacts), then its glyph runs in reading order
    /// (Pango gives them in visual order: in a right-to-left line, or a right-to-left phrase in
    /// a left-to-right one, the reverse), each as content of the line's element or of the link
    /// it lies in. With `actualText`, the line's glyphs are one span that says it (no span of
    /// a cluster inside it: readers take the outermost).
    private mutating func drawLine(_ paints: [TextPaint], _ tag: ContentTag, _ resources: Resources, actualText: String? = nil) {
        var runs: [(offset: Int, index: Int)] = []
        var fillsOpen = false
        for (index, paint) in paints.enumerated() {
            switch paint {
            case .fill(let r, let color):
                endText()
                if !fillsOpen { beginMarkedContent(.artifact); fillsOpen = true }
                setFillColor(color)
                rectangle(r)
                fill()
            case .glyphs(let run), .colorGlyphs(let run, _):
                runs.append((run.textOffset, index))
            }
        }
        if fillsOpen { endMarkedContent() }
        guard !runs.isEmpty else { return }
        if zip(runs, runs.dropFirst()).contains(where: { $0.offset > $1.offset }) {
            runs.sort { ($0.offset, $0.index) < ($1.offset, $1.index) }
        }
        let marks = resources.marks
        var lineNode: StructureTree.Node?
        switch tag {
        case .element(let e): lineNode = marks.node(for: e)
        case .none: lineNode = marks.untaggedLine()
        case .artifact: lineNode = nil
        }
        beginText()
        var open: StructureTree.Node?
        var artifact = false
        var actualSpan = false
        for (_, index) in runs {
            let run: GlyphRun, dx: Double, dy: Double
            switch paints[index] {
            case .glyphs(let r): (run, dx, dy) = (r, 0, 0)
            case .colorGlyphs(let r, let box): (run, dx, dy) = (r, box.x, box.y)
            case .fill: continue
            }
            // Its node: the line's, or a link's inside it (not in a line that says its text:
            // that is one span).
            var node = lineNode
            if actualText == nil, let lineNode, let first = run.glyphs.first, let link = marks.link(at: first.x + dx, first.y + dy) {
                node = marks.linkNode(link, inside: lineNode)
                marks.addLinkText(link, run.text)
            }
            if let node {
                if node !== open {
                    if open != nil { endMarkedContent() }
                    beginMarkedContent(node, marks)
                    open = node
                }
            } else if !artifact {
                beginMarkedContent(.artifact)
                artifact = true
            }
            if let actualText, !actualSpan, !artifact {
                beginActualText(actualText)
                actualSpan = true
            }
            switch paints[index] {
            case .glyphs(let run):
                if let font = resources.fonts.font(for: run.font) { show(run, font: font, clusterSpans: !actualSpan) }
            case .colorGlyphs(let run, let box):
                resources.images.drawColorGlyphs(run, box: box, &self)
            case .fill:
                continue
            }
        }
        if actualSpan { endMarkedContent() }
        if open != nil || artifact { endMarkedContent() }
    }

    /// A list marker: its shapes, each its own path.
    private mutating func draw(_ marker: MarkerDrawing) {
        draw(marker.body, marker.color)
        if let tick = marker.tick { draw(tick, marker.color) }
    }

    private mutating func draw(_ part: MarkerDrawing.Part, _ color: Color) {
        switch part.paint {
        case .fill:
            setFillColor(color)
        case .stroke(let width, let cap, let join):
            setStrokeColor(color)
            setLineWidth(width)
            if let cap { setLineCap(cap) }
            if let join { setLineJoin(join) }
        }
        switch part.shape {
        case .dot(let c):
            move(c.x, c.y)
            line(c.x, c.y)
        case .circle(let c, let radius):
            circle(center: c, radius: radius)
        case .rectangle(let r):
            rectangle(r)
        case .tick(let start, let corner, let end):
            move(start.x, start.y)
            line(corner.x, corner.y)
            line(end.x, end.y)
        }
        if case .fill = part.paint { fill() } else { stroke() }
    }
}
