import QuireLayout
import QuireDrawing

/// A laid-out page as PNG bytes: painted here (layout's `paintPage`), drawn by Drawing, which
/// sees only painted pages. See `renderPagePNG(_:dpi:on:)` for the contract.
package func renderPagePNG(_ page: Page, dpi: Double, on thread: DrawingThread) throws -> [UInt8] {
    try renderPagePNG(paintPage(page, with: LinePainter()), dpi: dpi, on: thread)
}
