import QuireModel
import QuireImages

/// The images of one PDF, each written once however often it is drawn: a JPEG as its own
/// bytes (DCTDecode), PNG and GIF decoded and compressed, with their transparency as a soft
/// mask, SVG as a form XObject of vectors (`SVGForms`). Each is written when first drawn, so
/// its bytes are not held to the end.
package final class PDFImages {
    private let file: PDFFile
    /// Each image drawn, by identity (the image is kept, so its identifier is never reused),
    /// with its resource name; nil for one that could not be written (drawn as nothing).
    private var written: [ObjectIdentifier: (image: any PaintedImage, xobject: XObject?)] = [:]
    package private(set) var resources: [(name: [UInt8], object: PDFReference)] = []
    /// The fonts colour glyphs are shown in.
    package let colorGlyphs: ColorGlyphFonts
    /// Whether images are smoothed when scaled up (/Interpolate), which PDF/A forbids
    /// (ISO 19005-2, 6.2.8): set before the first image. A CMYK JPEG is then written as RGB
    /// pixels too, since PDF/A's output intent is sRGB.
    package var interpolates = true {
        didSet { colorGlyphs.interpolates = interpolates }
    }

    /// An image's resource name and how it maps to the page.
    private struct XObject {
        var name: [UInt8]
        /// For a form (SVG): its size in its own units, scaled to the rectangle drawn into.
        var formSize: (width: Double, height: Double)?
    }

    package init(file: PDFFile, faces: FontFaces) {
        self.file = file
        colorGlyphs = ColorGlyphFonts(file: file, faces: faces)
    }

    /// Writes what waits for the document's end: the colour glyphs' fonts.
    package func write() { colorGlyphs.write() }

    /// The Type 3 fonts of colour glyphs, for the resource dictionary.
    package var fontResources: [(name: [UInt8], object: PDFReference)] { colorGlyphs.resources }

    /// Draws `image` scaled into `rect` (page coordinates); an image that cannot be decoded
    /// now (it was when loaded) draws nothing.
    package func draw(_ image: any PaintedImage, in rect: Rect, _ content: inout ContentStream) {
        guard rect.width > 0, rect.height > 0, let xobject = xobject(for: image) else { return }
        if let size = xobject.formSize {
            let sx = rect.width / size.width, sy = rect.height / size.height
            content.drawForm(xobject.name, matrix: [sx, 0, 0, sy, rect.x, content.height - rect.maxY])
        } else {
            content.drawXObject(xobject.name, in: rect)
        }
    }

    /// Shows a colour run (emoji) as text in a Type 3 font whose glyphs are the bitmaps.
    package func drawColorGlyphs(_ run: GlyphRun, box: Rect, _ content: inout ContentStream) {
        guard let font = colorGlyphs.font(for: run) else { return }
        content.show(run, font: font, dx: box.x, dy: box.y)
    }

    private func xobject(for image: any PaintedImage) -> XObject? {
        let key = ObjectIdentifier(image)
        if let known = written[key] { return known.xobject }
        var xobject: XObject?
        let name = Array("I\(resources.count + 1)".utf8)
        if image.format == .svg {
            if let form = SVGForms.write(image, to: file) {
                xobject = XObject(name: name, formSize: (form.width, form.height))
                resources.append((name, form.object))
            }
        } else if let object = Self.writeImage(image, to: file, archival: !interpolates) {
            xobject = XObject(name: name, formSize: nil)
            resources.append((name, object))
        }
        written[key] = (image, xobject)
        return xobject
    }

    /// Writes a raster image as an image XObject: a JPEG's bytes as they are when a reader
    /// can take them, anything else decoded. Nil when it cannot be decoded.
    private static func writeImage(_ image: any PaintedImage, to file: PDFFile, archival: Bool) -> PDFReference? {
        if let jpeg = image.jpegInfo, !(archival && jpeg.components == 4) {
            let object = file.reserve()
            file.addEncodedStream(object, as: PDFImageWriter.self, data: image.bytes) { d in
                d.pixels(width: jpeg.width, height: jpeg.height, jpeg.components == 1 ? .gray : jpeg.components == 3 ? .rgb : .cmyk)
                // Adobe's CMYK JPEGs store the inks inverted.
                if jpeg.components == 4, jpeg.isAdobe { d.invertedCMYK() }
                d.eightBits(interpolated: !archival)
                d.jpeg()
            }
            return object
        }
        return image.rasterPixels().map { writePixels($0, to: file, interpolated: !archival) }
    }

    /// Writes decoded pixels as an image XObject, its alpha as a soft mask. O(pixels).
    package static func writePixels(_ pixels: RasterPixels, to file: PDFFile, interpolated: Bool) -> PDFReference {
        func write(_ image: inout PDFImageWriter, components: Int, mask: PDFReference?) {
            image.pixels(width: pixels.width, height: pixels.height, components == 1 ? .gray : .rgb)
            image.eightBits(interpolated: interpolated)
            if let mask { image.softMask(mask) }
        }
        var mask: PDFReference?
        if let alpha = pixels.alpha {
            let object = file.reserve()
            file.addStream(object, as: PDFImageWriter.self, data: alpha) { write(&$0, components: 1, mask: nil) }
            mask = object
        }
        let object = file.reserve()
        file.addStream(object, as: PDFImageWriter.self, data: pixels.color) { write(&$0, components: pixels.components, mask: mask) }
        return object
    }
}
