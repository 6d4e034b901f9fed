/// The images of one PDF, each written once however often it is drawn: a JPEG as its own
/// bytes (DCTDecode), PNG and GIF decoded and compressed, with their transparency as a soft
/// mask, SVG as a form XObject of vectors (`SVGForms`). Each is written when first drawn, so
/// its bytes are not held to the end.
final class PDFImages {
    private let file: PDFFile
    /// Each image drawn, by identity (the image is kept, so its identifier is never reused),
    /// with its resource name; nil for one that could not be written (drawn as nothing).
    private var written: [ObjectIdentifier: (image: LoadedImage, xobject: XObject?)] = [:]
    private(set) var resources: [(name: [UInt8], object: PDFReference)] = []
    /// The fonts colour glyphs are shown in.
    let colorGlyphs: ColorGlyphFonts

    /// An image's resource name and how it maps to the page.
    private struct XObject {
        var name: [UInt8]
        /// For a form (SVG): its size in its own units, scaled to the rectangle drawn into.
        var formSize: (width: Double, height: Double)?
    }

    init(file: PDFFile, faces: FontFaces) {
        self.file = file
        colorGlyphs = ColorGlyphFonts(file: file, faces: faces)
    }

    /// Writes what waits for the document's end: the colour glyphs' fonts.
    func write() { colorGlyphs.write() }

    /// The Type 3 fonts of colour glyphs, for the resource dictionary.
    var fontResources: [(name: [UInt8], object: PDFReference)] { colorGlyphs.resources }

    /// Draws `image` scaled into `rect` (page coordinates); an image that cannot be decoded
    /// now (it was when loaded) draws nothing.
    func draw(_ image: LoadedImage, in rect: Rect, _ content: inout ContentStream) {
        guard rect.width > 0, rect.height > 0, let xobject = xobject(for: image) else { return }
        if let size = xobject.formSize {
            let sx = rect.width / size.width, sy = rect.height / size.height
            content.drawForm(xobject.name, matrix: [sx, 0, 0, sy, rect.x, content.height - rect.maxY])
        } else {
            content.drawXObject(xobject.name, in: rect)
        }
    }

    /// Shows a colour run (emoji) as text in a Type 3 font whose glyphs are the bitmaps.
    func drawColorGlyphs(_ run: GlyphRun, box: Rect, _ content: inout ContentStream) {
        guard let font = colorGlyphs.font(for: run) else { return }
        content.show(run, font: font, dx: box.x, dy: box.y)
    }

    private func xobject(for image: LoadedImage) -> XObject? {
        let key = ObjectIdentifier(image)
        if let known = written[key] { return known.xobject }
        var xobject: XObject?
        let name = Array("I\(resources.count + 1)".utf8)
        if image.format == .svg {
            if let form = SVGForms.write(image, to: file) {
                xobject = XObject(name: name, formSize: (form.width, form.height))
                resources.append((name, form.object))
            }
        } else if let object = Self.writeImage(image, to: file) {
            xobject = XObject(name: name, formSize: nil)
            resources.append((name, object))
        }
        written[key] = (image, xobject)
        return xobject
    }

    /// Writes a raster image as an image XObject: a JPEG's bytes as they are when a reader
    /// can take them, anything else decoded. Nil when it cannot be decoded.
    private static func writeImage(_ image: LoadedImage, to file: PDFFile) -> PDFReference? {
        if let jpeg = image.jpegInfo {
            let number = file.reserve()
            var d: [UInt8] = []
            d.appendLiteral(" /Type /XObject /Subtype /Image /Width ")
            d.appendInteger(jpeg.width)
            d.appendLiteral(" /Height ")
            d.appendInteger(jpeg.height)
            d.appendLiteral(jpeg.components == 1 ? " /ColorSpace /DeviceGray" : jpeg.components == 3 ? " /ColorSpace /DeviceRGB" : " /ColorSpace /DeviceCMYK")
            // Adobe's CMYK JPEGs store the inks inverted.
            if jpeg.components == 4, jpeg.isAdobe { d.appendLiteral(" /Decode [ 1 0 1 0 1 0 1 0 ]") }
            d.appendLiteral(" /BitsPerComponent 8 /Interpolate true /Filter /DCTDecode")
            file.addEncodedStream(number, dictionary: d, data: image.bytes)
            return number
        }
        return image.rasterPixels().map { writePixels($0, to: file) }
    }

    /// Writes decoded pixels as an image XObject, its alpha as a soft mask. O(pixels).
    static func writePixels(_ pixels: RasterPixels, to file: PDFFile) -> PDFReference {
        func dictionary(components: Int, mask: PDFReference?) -> [UInt8] {
            var d: [UInt8] = []
            d.appendLiteral(" /Type /XObject /Subtype /Image /Width ")
            d.appendInteger(pixels.width)
            d.appendLiteral(" /Height ")
            d.appendInteger(pixels.height)
            d.appendLiteral(components == 1 ? " /ColorSpace /DeviceGray" : " /ColorSpace /DeviceRGB")
            d.appendLiteral(" /BitsPerComponent 8 /Interpolate true")
            if let mask {
                d.appendLiteral(" /SMask ")
                d.appendReference(mask)
            }
            return d
        }
        var mask: PDFReference?
        if let alpha = pixels.alpha {
            let number = file.reserve()
            file.addStream(number, dictionary: dictionary(components: 1, mask: nil), data: alpha)
            mask = number
        }
        let number = file.reserve()
        file.addStream(number, dictionary: dictionary(components: pixels.components, mask: mask), data: pixels.color)
        return number
    }
}
