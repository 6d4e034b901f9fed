// Images is the Cairo boundary (with LoadedImage.swift, ImageDrawing.swift): a painted page
// drawn into a PNG, for the preview (`renderPagePNG` runs it on the drawing thread).
import CCairo
import QuireModel

/// Draws `page` into PNG bytes with `fonts` (on the thread they belong to).
package func pagePNG(_ page: PaintedPage, dpi: Double, fonts: PreviewFonts) throws(ImageError) -> [UInt8] {
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
        throw ImageError(message: "PNG output failed: \(String(cString: cairo_status_to_string(status)))")
    }
    return sink.bytes
}
