import CPangoCairo

/// What the PDF says about itself.
public struct PDFMetadata: Sendable, Equatable {
    public var title: String
    public var author: String = ""
    public var creator: String = "Quire \(Quire.version)"

    public init(title: String) { self.title = title }
}

/// A failure writing the PDF (Cairo's status).
public struct RenderError: Error, CustomStringConvertible {
    public var description: String
}

/// Draws a laid-out document into PDF bytes: the one place that draws with Cairo.
///
/// It only reads the page model: text lines as shaped by layout, fills, strokes, markers,
/// images (drawn by `LoadedImage.draw`, the image library boundary), link rectangles, named
/// destinations; then the outline and metadata.
///
/// Cairo 1.16 writes a damaged file (a reserved object never written) when link tags are
/// used outside any structure element, so every page is drawn inside one "Document" tag.
///
/// - Throws: `RenderError` when Cairo reports a failure.
/// - Complexity: O(items on all pages).
public func renderPDF(_ document: LaidOutDocument, metadata: PDFMetadata) throws -> [UInt8] {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    let first = document.pages.first?.size ?? Style().pageSize
    let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
    let surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(),
                                                      first.width, first.height)!
    let cr = cairo_create(surface)!
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, metadata.creator)
    if !metadata.author.isEmpty { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, metadata.author) }

    cairo_tag_begin(cr, "Document", "")
    var currentSize = first
    for page in document.pages {
        // Cairo 1.16 also damages the file if the size is set on the first page inside a tag:
        // set it only when it changes (the surface starts at the first page's size).
        if page.size != currentSize {
            cairo_pdf_surface_set_size(surface, page.size.width, page.size.height)
            currentSize = page.size
        }
        for destination in page.destinations {
            cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(escape(destination.name))' x=0 y=\(destination.y)")
            cairo_tag_end(cr, CAIRO_TAG_DEST)
        }
        for link in page.links {
            let r = link.rect
            let target: String
            switch link.target {
            case .uri(let uri): target = "uri='\(escape(uri))'"
            case .destination(let name): target = "dest='\(escape(name))'"
            }
            cairo_tag_begin(cr, CAIRO_TAG_LINK, "\(target) rect=[\(r.x) \(r.y) \(r.width) \(r.height)]")
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        }
        for item in page.items + page.furniture { draw(item, cr) }
        cairo_show_page(cr)
    }
    cairo_tag_end(cr, "Document")
    addOutline(document.outline, surface)

    cairo_destroy(cr)
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    cairo_surface_destroy(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
        throw RenderError(description: "PDF output failed: \(String(cString: cairo_status_to_string(status)))")
    }
    return sink.bytes
}

/// Nests outline entries by heading level (a level-3 under the nearest level 1 or 2 before it).
private func addOutline(_ entries: [OutlineEntry], _ surface: OpaquePointer) {
    var parents: [(level: Int, id: Int32)] = []
    for entry in entries {
        while let last = parents.last, last.level >= entry.level { parents.removeLast() }
        let parent = parents.last?.id ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
        let id = cairo_pdf_surface_add_outline(surface, parent, entry.title,
                                               "dest='\(escape(entry.destination))'",
                                               cairo_pdf_outline_flags_t(rawValue: 0))
        parents.append((entry.level, id))
    }
}

/// Escapes a value for a Cairo tag attribute string (single-quoted).
private func escape(_ value: String) -> String {
    var out = ""
    for c in value {
        if c == "'" || c == "\\" { out.append("\\") }
        out.append(c)
    }
    return out
}

private func setColor(_ c: Color, _ cr: OpaquePointer) {
    cairo_set_source_rgb(cr, c.red, c.green, c.blue)
}

private func draw(_ item: PageItem, _ cr: OpaquePointer) {
    switch item {
    case .text(let line):
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
        drawMarker(m, cr)
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

private func drawMarker(_ m: Marker, _ cr: OpaquePointer) {
    setColor(m.color, cr)
    cairo_new_path(cr)  // drawing text leaves a current point an arc would connect to
    let c = m.center, s = m.size
    switch m.kind {
    case .shape(.disc):
        cairo_arc(cr, c.x, c.y, s / 2, 0, 2 * Double.pi)
        cairo_fill(cr)
    case .shape(.circle):
        let w = s * 0.16
        cairo_set_line_width(cr, w)
        cairo_new_sub_path(cr)
        cairo_arc(cr, c.x, c.y, (s - w) / 2, 0, 2 * Double.pi)
        cairo_stroke(cr)
    case .shape(.square):
        cairo_rectangle(cr, c.x - s / 2, c.y - s / 2, s, s)
        cairo_fill(cr)
    case .shape(.dash):
        cairo_rectangle(cr, c.x - s * 0.75, c.y - s * 0.12, s * 1.5, s * 0.24)
        cairo_fill(cr)
    case .taskBox(let checked):
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
}
