// Drawing is the Cairo boundary: its files are the only ones that draw with Cairo (PNG previews,
// and SVG images into a PDF in memory) and open fonts with FreeType, all on the drawing thread
// (DrawingThread.swift).
import CPangoCairo
import QuireModel
import QuireImages

/// Draws one painted page into PNG bytes, for a quick look without a PDF viewer.
///
/// - Parameters:
///   - painted: the page (links and destinations are not drawn; they do nothing in an image).
///   - dpi: pixels per inch; the image is the page's size in inches times `dpi`, rounded.
///   - thread: the drawing thread (an engine's) whose fonts draw it.
/// - Throws: `DrawingError` when Cairo fails.
package func renderPagePNG(_ painted: PaintedPage, dpi: Double, on thread: DrawingThread) throws -> [UInt8] {
    try thread.perform { state in
        Result { () throws(DrawingError) in try pngBytes(painted, dpi: dpi, fonts: state.fonts) }
    }.get()
}

/// Draws `page` into PNG bytes with `fonts` (on the thread they belong to).
private func pngBytes(_ page: PaintedPage, dpi: Double, fonts: PreviewFonts) throws(DrawingError) -> [UInt8] {
    let width = Int32((page.size.width / 72 * dpi).rounded())
    let height = Int32((page.size.height / 72 * dpi).rounded())
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_scale(cr, dpi / 72, dpi / 72)
    drawPage(page, fonts: fonts, cr)
    cairo_destroy(cr)
    let sink = ByteSink()
    let status = cairo_surface_write_to_png_stream(surface, ByteSink.write, sink.closure)
    guard status == CAIRO_STATUS_SUCCESS else {
        throw DrawingError(description: "PNG output failed: \(String(cString: cairo_status_to_string(status)))")
    }
    return sink.bytes
}
