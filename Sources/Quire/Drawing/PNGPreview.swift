// The PNG preview, run on the drawing thread; the drawing itself is Images' (Preview/PagePNG.swift).
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
        Result { () throws(DrawingError) in
            do throws(ImageError) { return try pagePNG(painted, dpi: dpi, fonts: state.fonts) } catch { throw DrawingError(description: error.message) }
        }
    }.get()
}
