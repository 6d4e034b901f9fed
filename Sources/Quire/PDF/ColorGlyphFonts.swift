/// Colour glyphs (emoji) as text: Type 3 fonts (ISO 32000-1, 9.6.5) whose glyphs draw the
/// font's own bitmaps (Noto Color Emoji's CBDT strikes, as PNG, from HarfBuzz) as images, with
/// a ToUnicode map from Pango's clusters.
///
/// So an emoji is drawn as the picture the font holds, and is text all the same: copying,
/// searching and screen readers get its characters back, whole sequences included (a family,
/// a flag, a skin tone is one glyph standing for all its characters), in every reader that
/// reads ToUnicode, which an image with ActualText alone is not (poppler attaches ActualText
/// only to the glyphs inside it).
///
/// A Type 3 font has one-byte codes: a font holds up to 256 glyphs, and a run whose glyphs do
/// not all fit in the current font goes whole into a new one. Glyph space is thousandths of
/// an em, as the outline fonts' widths.
final class ColorGlyphFonts {
    private let file: PDFFile
    private let faces: FontFaces
    /// The font being filled, per face; earlier full ones stay in `fonts`.
    private var current: [FontFaces.Key: Font] = [:]
    private var fonts: [Font] = []

    init(file: PDFFile, faces: FontFaces) {
        self.file = file
        self.faces = faces
    }

    var resources: [(name: [UInt8], object: PDFReference)] { fonts.map { ($0.name, $0.object) } }

    /// The font holding every glyph of `run` (added as needed); nil when the run's font file
    /// cannot be read.
    func font(for run: GlyphRun) -> Font? {
        let key = FontFaces.Key(run.font)
        guard let face = faces.face(key)?.face else { return nil }
        var font = current[key] ?? newFont(face, key)
        let missing = Set(run.glyphs.map(\.index)).filter { !font.has($0) }
        if font.count + missing.count > Font.capacity {
            font = newFont(face, key)
        }
        for glyph in run.glyphs.map(\.index) where !font.has(glyph) { font.add(glyph) }
        return font
    }

    private func newFont(_ face: OpenTypeFace, _ key: FontFaces.Key) -> Font {
        let font = Font(face: face, file: file, object: file.reserve(), name: Array("T\(fonts.count + 1)".utf8))
        fonts.append(font)
        current[key] = font
        return font
    }

    /// Writes every font's dictionary, glyph procedures' resources and ToUnicode map.
    func write() {
        for font in fonts { font.write() }
    }

    /// One Type 3 font of up to 256 colour glyphs.
    final class Font: ShownFont {
        static let capacity = 256
        let object: PDFReference
        let name: [UInt8]
        private let face: OpenTypeFace
        private let file: PDFFile
        /// Code by glyph, and per code: the glyph, its width (thousandths of an em), the
        /// glyph procedure's object, the bitmap's image object, and the text it stands for.
        private var codes: [UInt32: UInt8] = [:]
        private var glyphs: [(glyph: UInt32, width: Double, procedure: PDFReference, image: PDFReference?, text: [UInt8]?)] = []
        /// The union of the bitmaps' boxes, in glyph space (left, bottom, right, top).
        private var box: [Double] = [0, 0, 0, 0]
        /// For a glyph standing for several characters: the codes of the invisible glyphs
        /// that follow it, one per character after the first (`claim`).
        private var tails: [UInt8: [UInt8]] = [:]
        /// The invisible, zero-width glyph standing for each character, by its UTF-8.
        private var ghosts: [[UInt8]: UInt8] = [:]

        fileprivate init(face: OpenTypeFace, file: PDFFile, object: PDFReference, name: [UInt8]) {
            self.face = face
            self.file = file
            self.object = object
            self.name = name
            // Code 0, never shown, is an empty "m" 0.6 em wide: poppler guesses a Type 3
            // font's size from its "m" (assuming 0.6 em), else from any glyph's width
            // (assuming 0.5 em), which for emoji (1.25 em) made a line's text 2.5 times its
            // size and broke the line apart when extracting its text.
            let calibration = file.reserve()
            file.addStream(calibration, data: Array("600 0 d0\n".utf8))
            glyphs.append((UInt32.max, 600, calibration, nil, nil))
        }

        var count: Int { glyphs.count }
        func has(_ glyph: UInt32) -> Bool { codes[glyph] != nil }

        /// Adds `glyph`: its bitmap as an image and its glyph procedure, written now.
        fileprivate func add(_ glyph: UInt32) {
            let code = UInt8(glyphs.count)
            codes[glyph] = code
            let scale = 1000 / Double(face.unitsPerEm)
            let width = (Double(face.advance(glyph)) * scale * 100).rounded() / 100
            var image: PDFReference?
            var procedure: [UInt8] = []
            procedure.appendNumber(width)
            procedure.appendLiteral(" 0 d0\n")
            if let bitmap = face.colorBitmap(glyph), let decoded = try? LoadedImage.decode(bitmap.png),
               let pixels = decoded.rasterPixels() {
                image = PDFImages.writePixels(pixels, to: file)
                let left = Double(bitmap.left) * scale, bottom = Double(bitmap.top - bitmap.height) * scale
                box = [min(box[0], left), min(box[1], bottom), max(box[2], left + Double(bitmap.width) * scale),
                       max(box[3], Double(bitmap.top) * scale)]
                procedure.appendLiteral("q ")
                procedure.appendNumbers([Double(bitmap.width) * scale, 0, 0, Double(bitmap.height) * scale,
                                         Double(bitmap.left) * scale, Double(bitmap.top - bitmap.height) * scale], decimals: 3)
                procedure.appendLiteral("cm /E")
                procedure.appendInteger(Int(code))
                procedure.appendLiteral(" Do Q\n")
            }
            let number = file.reserve()
            file.addStream(number, data: procedure)
            glyphs.append((glyph, width, number, image, nil))
        }

        private func code(_ glyph: UInt32) -> Int { Int(codes[glyph] ?? 0) }

        func appendCode(_ glyph: UInt32, to bytes: inout ByteBuffer) {
            let c = UInt8(code(glyph))
            bytes.appendStringByte(c)
            for ghost in tails[c] ?? [] { bytes.appendStringByte(ghost) }
        }

        func width(_ glyph: UInt32) -> Double { glyphs[code(glyph)].width }

        /// A glyph standing for one character maps to it. One standing for a sequence (a
        /// flag, a family, a skin tone) maps to its first character, and is followed in the
        /// content by invisible glyphs of no width mapping to the others: MuPDF (1.21) reads
        /// a ToUnicode entry of several characters beyond the Basic Multilingual Plane as
        /// garbage, and every reader joins the pieces, drawn at one place in order.
        func claim(_ glyph: UInt32, utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
            let c = code(glyph)
            if let known = glyphs[c].text {
                let tail = (tails[UInt8(c)] ?? []).flatMap { ghost in glyphs[Int(ghost)].text ?? [] }
                return (known + tail).elementsEqual(text)
            }
            let characters = String(decoding: text, as: UTF8.self).unicodeScalars.map { Array(String($0).utf8) }
            let newGhosts = Set(characters.dropFirst().filter { ghosts[$0] == nil })
            guard characters.count > 1, glyphs.count + newGhosts.count <= Self.capacity else {
                glyphs[c].text = Array(text)
                return true
            }
            glyphs[c].text = characters[0]
            tails[UInt8(c)] = characters.dropFirst().map { ghost($0) }
            return true
        }

        /// The code of the invisible glyph standing for `character`, added on first use.
        private func ghost(_ character: [UInt8]) -> UInt8 {
            if let known = ghosts[character] { return known }
            let code = UInt8(glyphs.count)
            let number = file.reserve()
            file.addStream(number, data: Array("0 0 d0\n".utf8))
            glyphs.append((UInt32.max, 0, number, nil, character))
            ghosts[character] = code
            return code
        }

        func suggest(_ glyph: UInt32, utf8 text: UnsafeBufferPointer<UInt8>) {
            let c = code(glyph)
            if glyphs[c].text == nil { glyphs[c].text = Array(text) }
        }

        fileprivate func write() {
            let toUnicode = file.reserve()
            let mappings = glyphs.enumerated().compactMap { code, entry -> (code: Int, text: [UInt16])? in
                guard let text = entry.text, !text.isEmpty else { return nil }
                return (code, Array(String(decoding: text, as: UTF8.self).utf16))
            }
            file.addStream(toUnicode, data: ToUnicodeCMap.text(mappings, codeBytes: 1))
            file.add(object, as: PDFType3FontWriter.self) { font in
                font.fontBBox(box)
                font.thousandthsMatrix()
                // Code 0 is the calibration glyph "m"; the others are named for their codes.
                font.glyphs(glyphs.indices.map { $0 == 0 ? .m : PDFName("g\($0)") }, procedures: glyphs.map(\.procedure))
                font.widths(glyphs.map(\.width))
                font.images(glyphs.enumerated().compactMap { code, entry in entry.image.map { (PDFName("E\(code)"), $0) } })
                font.toUnicode(toUnicode)
            }
        }
    }
}
