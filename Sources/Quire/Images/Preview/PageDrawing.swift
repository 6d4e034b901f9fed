// Images is the Cairo boundary: its files are the only ones that draw with Cairo (PNG previews,
// and SVG images into a PDF in memory) and open fonts with FreeType, all on the drawing thread
// (Drawing/DrawingThread.swift).
import CCairo
import QuireModel

/// Drawing painted pages with Cairo, for PNG previews.

private func setColor(_ c: Color, _ cr: OpaquePointer) {
    cairo_set_source_rgb(cr, c.red, c.green, c.blue)
}

/// Draws a painted page's items with Cairo, in their order; `fonts` opens the glyph runs' fonts.
///
/// Consecutive list markers of one shape, size and colour become one path and one stroke or
/// fill.
package func drawPage(_ page: PaintedPage, fonts: PreviewFonts, _ cr: OpaquePointer) {
    let items = page.items
    var i = 0
    while i < items.count {
        if case .marker(let first) = items[i], case .shape = first.kind {
            var j = i + 1
            while j < items.count, case .marker(let next) = items[j], next.looksLike(first) { j += 1 }
            let markers = items[i..<j].compactMap { item -> MarkerDrawing? in
                if case .marker(let m) = item { return m.drawing } else { return nil }
            }
            drawMarkers(markers, cr)
            i = j
        } else {
            draw(items[i], fonts: fonts, cr)
            i += 1
        }
    }
}

/// Draws one painted item with Cairo.
package func draw(_ item: PaintItem, fonts: PreviewFonts, _ cr: OpaquePointer) {
    switch item {
    case .text(let paints):
        for paint in paints { draw(paint, fonts: fonts, cr) }
    case .fill(let r, let color):
        setColor(color, cr)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_fill(cr)
    case .line(let a, let b, let width, let color):
        setColor(color, cr)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_move_to(cr, a.x, a.y)
        cairo_line_to(cr, b.x, b.y)
        cairo_stroke(cr)
    case .marker(let m):
        drawMarkers([m.drawing], cr)
    case .image(let rect, let image):
        image.draw(in: rect, cr)
    case .frame(let r, let width, let color):
        drawFrame(r, width: width, color: color, cr)
    case .path(let path):
        drawPath(path, cr)
    }
}

/// A vector path: filled, then stroked, as the PDF writer draws it.
private func drawPath(_ path: PathPaint, _ cr: OpaquePointer) {
    cairo_new_path(cr)
    for segment in path.segments {
        switch segment {
        case .move(let p): cairo_move_to(cr, p.x, p.y)
        case .line(let p): cairo_line_to(cr, p.x, p.y)
        case .curve(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
        case .close: cairo_close_path(cr)
        }
    }
    if let fill = path.fill {
        setColor(fill, cr)
        if path.stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }
    guard let stroke = path.stroke else { cairo_new_path(cr); return }
    setColor(stroke, cr)
    cairo_set_line_width(cr, path.lineWidth)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    path.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
    cairo_stroke(cr)
    cairo_set_dash(cr, nil, 0, 0)
}

private func drawFrame(_ r: Rect, width: Double, color: Color, _ cr: OpaquePointer) {
    setColor(color, cr)
    cairo_new_path(cr)
    cairo_set_line_width(cr, width)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    cairo_rectangle(cr, r.x, r.y, r.width, r.height)
    cairo_stroke(cr)
}

/// Draws one operation of a text line: glyphs, a rectangle, or colour glyphs.
private func draw(_ paint: TextPaint, fonts: PreviewFonts, _ cr: OpaquePointer) {
    switch paint {
    case .glyphs(let run):
        guard let font = fonts.scaledFont(run.font) else { return }
        setColor(run.color, cr)
        cairo_set_scaled_font(cr, font)
        let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
        if run.text.isEmpty || run.clusters.isEmpty {
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
        } else {
            let clusters = stride(from: 0, to: run.clusters.count - 1, by: 2).map {
                cairo_text_cluster_t(num_bytes: run.clusters[$0], num_glyphs: run.clusters[$0 + 1])
            }
            run.text.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { chars in
                    cairo_show_text_glyphs(cr, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                           clusters, Int32(clusters.count),
                                           run.backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0))
                }
            }
        }
    case .fill(let r, let color):
        setColor(color, cr)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_fill(cr)
    case .colorGlyphs(let run, let box):
        drawColorGlyphs(run, box: box, fonts: fonts, cr)
    }
}

/// Draws colour glyphs (emoji): their positions are relative to `box`.
private func drawColorGlyphs(_ run: GlyphRun, box: Rect, fonts: PreviewFonts, _ cr: OpaquePointer) {
    guard let font = fonts.scaledFont(run.font) else { return }
    setColor(run.color, cr)
    cairo_set_scaled_font(cr, font)
    let glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.index), x: box.x + $0.x, y: box.y + $0.y) }
    cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
}

/// Draws list markers that look alike (each with the parts and paints of the first, in other
/// places): each part of all of them as one path, painted once.
private func drawMarkers(_ markers: [MarkerDrawing], _ cr: OpaquePointer) {
    guard let first = markers.first else { return }
    draw(first.body.paint, first.color, markers.map(\.body.shape), cr)
    if let tick = first.tick { draw(tick.paint, first.color, markers.compactMap { $0.tick?.shape }, cr) }
}

/// Paints `shapes` as one path, as `paint` says, in `color`.
private func draw(_ paint: MarkerDrawing.Paint, _ color: Color, _ shapes: [MarkerDrawing.Shape], _ cr: OpaquePointer) {
    setColor(color, cr)
    cairo_new_path(cr)  // drawing text leaves a current point an arc would connect to
    if case .stroke(let width, let cap, let join) = paint {
        cairo_set_line_width(cr, width)
        if let cap { cairo_set_line_cap(cr, cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT) }
        if let join { cairo_set_line_join(cr, join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER) }
    }
    for shape in shapes { addPath(shape, cr) }
    if case .fill = paint { cairo_fill(cr) } else { cairo_stroke(cr) }
}

/// Adds `shape` to the current path.
package func addPath(_ shape: MarkerDrawing.Shape, _ cr: OpaquePointer) {
    switch shape {
    case .dot(let c):
        cairo_move_to(cr, c.x, c.y)
        cairo_line_to(cr, c.x, c.y)
    case .circle(let c, let radius):
        cairo_new_sub_path(cr)
        cairo_arc(cr, c.x, c.y, radius, 0, 2 * Double.pi)
    case .rectangle(let r):
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
    case .tick(let start, let corner, let end):
        cairo_move_to(cr, start.x, start.y)
        cairo_line_to(cr, corner.x, corner.y)
        cairo_line_to(cr, end.x, end.y)
    }
}
