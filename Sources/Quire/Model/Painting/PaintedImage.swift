/// An image on a painted page, as the writers need it: its format and encoded bytes, and the
/// decoding each writer asks for. The one conforming type is Images' `LoadedImage`, which
/// decodes with Cairo, gdk-pixbuf and librsvg; pages hold this view so that they stay values
/// of the model, below the image libraries.
package protocol PaintedImage: AnyObject, Sendable {
    var format: ImageFormat { get }
    var bytes: [UInt8] { get }
    /// The facts to embed a JPEG as it is; nil for another format or a JPEG to re-encode.
    var jpegInfo: JPEGInfo? { get }
    /// The image decoded, alpha un-premultiplied; nil for SVG or when decoding fails now.
    func rasterPixels() -> RasterPixels?
    /// An SVG drawn into a one-page PDF by librsvg and Cairo, for the writer to import.
    func svgAsPDF() -> [UInt8]?
    /// Draws the image into `rect` of a Cairo context (`cairo_t`), for a preview.
    func draw(in rect: Rect, _ cr: OpaquePointer)
}

package enum ImageFormat: String, Sendable { case png, jpeg, gif, webp, svg }

/// A raster image's pixels as a PDF image holds them: 8 bits per component, gray or RGB, rows
/// top to bottom, and an alpha channel when some pixel is not opaque.
package struct RasterPixels: Sendable {
    package var width: Int
    package var height: Int
    /// 1 (gray: every pixel had equal red, green and blue) or 3 (RGB).
    package var components: Int
    package var color: [UInt8]
    package var alpha: [UInt8]?

    package init(width: Int, height: Int, components: Int, color: [UInt8], alpha: [UInt8]? = nil) {
        self.width = width
        self.height = height
        self.components = components
        self.color = color
        self.alpha = alpha
    }
}

/// What a PDF needs to embed a JPEG file as it is (DCTDecode): its size and components, and
/// whether Adobe's marker says its CMYK is stored inverted.
package struct JPEGInfo: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var components: Int
    package var isAdobe: Bool

    package init(width: Int, height: Int, components: Int, isAdobe: Bool) {
        self.width = width
        self.height = height
        self.components = components
        self.isAdobe = isAdobe
    }
}
