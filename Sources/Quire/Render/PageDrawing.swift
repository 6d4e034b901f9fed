import CPangoCairo

/// Drawing the page model's items with Cairo, shared by the PDF and PNG renderers.

private func setColor(_ c: Color, _ cr: OpaquePointer) {
    cairo_set_source_rgb(cr, c.red, c.green, c.blue)
}

/// Draws a page's items and furniture with Cairo, in `drawingOrder`.
///
/// Consecutive list markers of one shape, size and colour become one path and one stroke or
/// fill: a PDF operation costs Cairo the same whether it draws one disc or forty.
func drawPage(_ page: Page, _ cr: OpaquePointer) {
    let items = drawingOrder(page)
    var i = 0
    while i < items.count {
        if case .marker(let first) = items[i], case .shape(let shape) = first.kind {
            var j = i + 1
            while j < items.count, case .marker(let next) = items[j], next.looksLike(first) { j += 1 }
            drawMarkers(shape, size: first.size, color: first.color, items[i..<j], cr)
            i = j
        } else {
            draw(items[i], cr)
            i += 1
        }
    }
}

/// The page's items and furniture in the order they are painted: backgrounds; images; list
/// markers, those of one look together; text; then rules and frames. Otherwise layout's order.
///
/// The result looks the same as layout's order: layout never puts a background over text,
/// nor an image or marker under or over a line of text; and rules and frames go last because
/// a key cap's frame sits on the shading Pango draws behind the key's text. It is cheaper to
/// write: Cairo ends a PDF text object and restates the colour and text matrix for every text
/// run drawn after a shape, and a path per marker is a PDF operation per marker.
/// - Complexity: O(n · k) for n items and k distinct marker looks (shape, size, colour).
func drawingOrder(_ page: Page) -> [PageItem] {
    var backgrounds: [PageItem] = [], images: [PageItem] = [], text: [PageItem] = [], strokes: [PageItem] = []
    var markerGroups: [(look: Marker, items: [PageItem])] = []
    for item in page.items + page.furniture {
        switch item {
        case .fill: backgrounds.append(item)
        case .image: images.append(item)
        case .marker(let m):
            if let g = markerGroups.firstIndex(where: { $0.look.looksLike(m) }) {
                markerGroups[g].items.append(item)
            } else {
                markerGroups.append((m, [item]))
            }
        case .text: text.append(item)
        case .line, .frame: strokes.append(item)
        }
    }
    return backgrounds + images + markerGroups.flatMap(\.items) + text + strokes
}

private extension Marker {
    /// Same kind, size and colour: such markers are drawn as one path.
    func looksLike(_ other: Marker) -> Bool { kind == other.kind && size == other.size && color == other.color }
}

/// Draws one page item with Cairo (PDF or image surface alike).
func draw(_ item: PageItem, _ cr: OpaquePointer) {
    switch item {
    case .text(let line):
        setColor(line.shaped.format.color, cr)
        cairo_move_to(cr, line.x, line.baseline)
        pango_cairo_show_layout_line(cr, line.shaped.pangoLines[line.lineIndex])
        for run in line.shaped.colorRuns[line.lineIndex] {
            drawColorRun(run, x: line.x, baseline: line.baseline, cr)
        }
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
        switch m.kind {
        case .shape(let shape): drawMarkers(shape, size: m.size, color: m.color, [item], cr)
        case .taskBox(let checked): drawTaskBox(m, checked: checked, cr)
        }
    case .image(let rect, let image):
        image.draw(in: rect, cr)
    case .frame(let r, let width, let color):
        setColor(color, cr)
        cairo_new_path(cr)
        cairo_set_line_width(cr, width)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_stroke(cr)
    }
}

/// Draws colour glyphs as an image, 8 pixels per point. A new image surface each time and
/// a fill rather than a paint: Cairo 1.16 writes duplicate resource keys when one surface is
/// painted twice on a page, and a damaged file when a paint shares a page with a link.
private func drawColorRun(_ run: ColorRun, x: Double, baseline: Double, _ cr: OpaquePointer) {
    let scale = 8.0
    let width = run.width, height = run.ascent + run.descent
    guard width > 0, height > 0 else { return }
    let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)),
                                           Int32((height * scale).rounded(.up)))
    defer { cairo_surface_destroy(image) }
    let ic = cairo_create(image)
    cairo_scale(ic, scale, scale)
    cairo_move_to(ic, 0, run.ascent)
    pango_cairo_show_glyph_string(ic, run.font, run.glyphs)
    cairo_destroy(ic)
    cairo_save(cr)
    cairo_translate(cr, x + run.x, baseline - run.ascent)
    cairo_scale(cr, 1 / scale, 1 / scale)
    cairo_set_source_surface(cr, image, 0, 0)
    cairo_rectangle(cr, 0, 0, width * scale, height * scale)
    cairo_fill(cr)
    cairo_restore(cr)
}

/// Draws markers of one shape, size and colour (all `items` are such markers) as one path.
private func drawMarkers(_ shape: MarkerShape, size s: Double, color: Color, _ items: ArraySlice<PageItem>,
                         _ cr: OpaquePointer) {
    setColor(color, cr)
    cairo_new_path(cr)  // drawing text leaves a current point an arc would connect to
    let centers = items.compactMap { item -> Point? in
        if case .marker(let m) = item { return m.center } else { return nil }
    }
    switch shape {
    case .disc:
        // Zero-length strokes with round caps: the same disc as an arc fill, in a few
        // numbers of PDF instead of four Bézier curves (lists of thousands of items).
        cairo_set_line_width(cr, s)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for c in centers {
            cairo_move_to(cr, c.x, c.y)
            cairo_line_to(cr, c.x, c.y)
        }
        cairo_stroke(cr)
    case .circle:
        let w = s * 0.16
        cairo_set_line_width(cr, w)
        for c in centers {
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, (s - w) / 2, 0, 2 * Double.pi)
        }
        cairo_stroke(cr)
    case .square:
        for c in centers { cairo_rectangle(cr, c.x - s / 2, c.y - s / 2, s, s) }
        cairo_fill(cr)
    case .dash:
        for c in centers { cairo_rectangle(cr, c.x - s * 0.75, c.y - s * 0.12, s * 1.5, s * 0.24) }
        cairo_fill(cr)
    }
}

private func drawTaskBox(_ m: Marker, checked: Bool, _ cr: OpaquePointer) {
    setColor(m.color, cr)
    cairo_new_path(cr)
    let c = m.center, s = m.size
    let w = s * 0.09
    cairo_set_line_width(cr, w)
    cairo_rectangle(cr, c.x - s / 2 + w / 2, c.y - s / 2 + w / 2, s - w, s - w)
    cairo_stroke(cr)
    if checked {
        cairo_set_line_width(cr, s * 0.14)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, c.x - s * 0.28, c.y + s * 0.02)
        cairo_line_to(cr, c.x - s * 0.06, c.y + s * 0.24)
        cairo_line_to(cr, c.x + s * 0.30, c.y - s * 0.26)
        cairo_stroke(cr)
    }
}
