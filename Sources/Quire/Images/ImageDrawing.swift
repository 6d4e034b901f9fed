// Images is the Cairo boundary: its files are the only ones that draw with Cairo (PNG previews,
// and SVG images into a PDF in memory) and open fonts with FreeType, all on the drawing thread
// (Drawing/DrawingThread.swift).
import CCairo
import CGLib
import QuireModel

/// Images drawn with Cairo (PNG previews, and SVG images into a PDF in memory for the PDF
/// writer), decoded from their bytes at each draw by the image-library boundary
/// (`LoadedImage.rasterSurface`, `LoadedImage.svgHandle`).
extension LoadedImage {
    /// Draws the image scaled into `rect` on the Cairo context `cr`. Draws nothing if decoding
    /// fails now (it succeeded when loaded).
    package func draw(in rect: Rect, _ cr: OpaquePointer) {
        guard rect.width > 0, rect.height > 0 else { return }
        if format == .svg {
            guard let rsvg = try? libraries.svg.value.get(), let handle = try? Self.svgHandle(bytes, libraries).0 else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
            let viewport = [rect.x, rect.y, rect.width, rect.height]  // an RsvgRectangle
            cairo_save(cr)
            _ = rsvg.rsvgRenderDocument(handle, cr, viewport, nil)
            cairo_restore(cr)
            return
        }
        guard let surface = try? Self.rasterSurface(format, bytes, checking: false, libraries) else { return }
        defer { cairo_surface_destroy(surface) }
        let w = Double(cairo_image_surface_get_width(surface)), h = Double(cairo_image_surface_get_height(surface))
        cairo_save(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / w, rect.height / h)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

extension LoadedImage {
    /// An SVG drawn by librsvg into a one-page PDF of its intrinsic size, in memory: Cairo's
    /// vectors, which Quire's PDF writer takes in as a form (`SVGForms`). Nil for another
    /// format or when it cannot be drawn. Shapes its text with Pango: call it where layout
    /// is not running (the drawing thread draws such a page while layout waits).
    package func svgAsPDF() -> [UInt8]? {
        guard format == .svg, width > 0, height > 0 else { return nil }
        let sink = ByteSink()
        guard let surface = cairo_pdf_surface_create_for_stream(ByteSink.write, sink.closure, width, height) else { return nil }
        let cr = cairo_create(surface)!
        draw(in: Rect(x: 0, y: 0, width: width, height: height), cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }
}
