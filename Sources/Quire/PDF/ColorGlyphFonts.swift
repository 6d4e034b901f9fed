import QuireModel
import QuireImages
import QuireFonts

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
package final class ColorGlyphFonts {
    private let file: PDFFile
    private let faces: FontFaces
    /// The font being filled, per face; earlier full ones stay in `fonts`.
    private var current: [FontFaces.Key: Font] = [:]
    private var fonts: [Font] = []
    /// Whether the bitmaps are smoothed when scaled (`PDFImages.interpolates`).
    package var interpolates = true

    package init(file: PDFFile, faces: FontFaces) {
        self.file = file
        self.faces = faces
    }

    package var resources: [(name: [UInt8], object: PDFReference)] { fonts.map { ($0.name, $0.object) } }

    /// The font holding every glyph of `run` (added as needed); nil when the run's font file
    /// cannot be read.
    package func font(for run: GlyphRun) -> Font? {
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
        let font = Font(face: face, file: file, object: file.reserve(), name: Array("T\(fonts.count + 1)".utf8),
                        interpolates: interpolates)
        fonts.append(font)
        current[key] = font
        return font
    }

    /// Writes every font's dictionary, glyph procedures' resources and ToUnicode map.
    package func write() {
        for font in fonts { font.write() }
    }

    /// One Type 3 font of up to 256 colour glyphs.
    package final class Font: ShownFont {
        package static let capacity = 256
        package let object: PDFReference
        package let name: [UInt8]
        private let face: OpenTypeFace
        private let file: PDFFile
        /// Colour bitmaps are PNG, which Cairo decodes: these libraries are never opened.
        private let pngDecoding = ImageLibraries()
        /// Code by glyph, and per code: the glyph, its width (thousandths of an em, as
        /// /Widths says), the glyph procedure's object and what it draws (written with the
        /// font, when the width is final), the bitmap's image object, and the text it stands for.
        private var codes: [UInt32: UInt8] = [:]
        private var glyphs: [(glyph: UInt32, width: Double, procedure: PDFReference, drawing: [UInt8], image: PDFReference?,
                              text: [UInt8]?)] = []
        /// Each glyph's whole advance (its own width and its tail's), by code.
        private var advances: [UInt8: Double] = [:]
        /// The codes shown so far: a glyph's width is final once shown.
        private var shown: Set<UInt8> = []
        /// The union of the bitmaps' boxes, in glyph space (left, bottom, right, top).
        private var box: [Double] = [0, 0, 0, 0]
        /// For a glyph standing for several characters: the codes of the invisible glyphs
        /// that follow it, one per character after the first (`claim`).
        private var tails: [UInt8: [UInt8]] = [:]
        /// The invisible glyph standing for each character, by its UTF-8 and its width.
        private var ghosts: [Ghost: UInt8] = [:]

        private struct Ghost: Hashable {
            var character: [UInt8]
            var width: Double
        }

        private let interpolates: Bool

        fileprivate init(face: OpenTypeFace, file: PDFFile, object: PDFReference, name: [UInt8], interpolates: Bool) {
            self.interpolates = interpolates
            self.face = face
            self.file = file
            self.object = object
            self.name = name
            // Code 0, never shown, is an empty "m" 0.6 em wide: poppler guesses a Type 3
            // font's size from its "m" (assuming 0.6 em), else from any glyph's width
            // (assuming 0.5 em), which for emoji (1.25 em) made a line's text 2.5 times its
            // size and broke the line apart when extracting its text.
            glyphs.append((UInt32.max, 600, file.reserve(), [], nil, nil))
        }

        package var count: Int { glyphs.count }
        package var joinsEmptyClusters: Bool { true }
        package func has(_ glyph: UInt32) -> Bool { codes[glyph] != nil }

        /// Adds `glyph`: its bitmap as an image and its glyph procedure, written now.
        fileprivate func add(_ glyph: UInt32) {
            let code = UInt8(glyphs.count)
            codes[glyph] = code
            let scale = 1000 / Double(face.unitsPerEm)
            let width = (Double(face.advance(glyph)) * scale * 100).rounded() / 100
            var image: PDFReference?
            var procedure: [UInt8] = []
            if let bitmap = face.colorBitmap(glyph), let decoded = try? LoadedImage.decode(bitmap.png, pngDecoding),
               let pixels = decoded.rasterPixels() {
                image = PDFImages.writePixels(pixels, to: file, interpolated: interpolates)
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
            glyphs.append((glyph, width, file.reserve(), procedure, image, nil))
        }

        private func code(_ glyph: UInt32) -> Int { Int(codes[glyph] ?? 0) }

        package func appendCode(_ glyph: UInt32, to bytes: inout ByteBuffer) {
            let c = UInt8(code(glyph))
            shown.insert(c)
            bytes.appendStringByte(c)
            for ghost in tails[c] ?? [] { bytes.appendStringByte(ghost) }
        }

        /// The glyph's whole advance: its own width and its tail's.
        package func width(_ glyph: UInt32) -> Double {
            let c = code(glyph)
            return advances[UInt8(c)] ?? glyphs[c].width
        }

        /// A glyph standing for one character maps to it. One standing for a sequence (a
        /// flag, a family, a skin tone) maps to its first character, and is followed in the
        /// content by invisible glyphs mapping to the others: MuPDF (1.21) reads a ToUnicode
        /// entry of several characters beyond the Basic Multilingual Plane as garbage. The
        /// sequence's advance is shared between its characters (the picture is drawn whole
        /// by the first), each at its own place in order, as a ligature's parts: poppler
        /// drops a character drawn where the same one was just drawn (its fake-bold filter),
        /// which lost the third joiner of 👨‍👩‍👧‍👦 when the pieces had no width.
        package func claim(_ glyph: UInt32, utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
            let c = code(glyph)
            if let known = glyphs[c].text {
                let tail = (tails[UInt8(c)] ?? []).flatMap { ghost in glyphs[Int(ghost)].text ?? [] }
                return (known + tail).elementsEqual(text)
            }
            let characters = String(decoding: text, as: UTF8.self).unicodeScalars.map { Array(String($0).utf8) }
            // Each character's share of the advance, to hundredths; the first takes the rest.
            let whole = glyphs[c].width
            let share = (whole / Double(characters.count) * 100).rounded(.down) / 100
            let newGhosts = Set(characters.dropFirst().map { Ghost(character: $0, width: share) }.filter { ghosts[$0] == nil })
            guard characters.count > 1, !shown.contains(UInt8(c)), glyphs.count + newGhosts.count <= Self.capacity else {
                // A whole sequence on one code only within what a ToUnicode entry may say; a
                // longer one is said by the caller's ActualText span.
                guard ToUnicodeCMap.fits(text) else { return false }
                glyphs[c].text = Array(text)
                return true
            }
            glyphs[c].text = characters[0]
            tails[UInt8(c)] = characters.dropFirst().map { ghost(Ghost(character: $0, width: share)) }
            advances[UInt8(c)] = whole
            glyphs[c].width = ((whole - share * Double(characters.count - 1)) * 100).rounded() / 100
            return true
        }

        /// The code of the invisible glyph standing for a character, added on first use.
        private func ghost(_ ghost: Ghost) -> UInt8 {
            if let known = ghosts[ghost] { return known }
            let code = UInt8(glyphs.count)
            glyphs.append((UInt32.max, ghost.width, file.reserve(), [], nil, ghost.character))
            ghosts[ghost] = code
            return code
        }

        package func suggest(_ glyph: UInt32, utf8 text: UnsafeBufferPointer<UInt8>) {
            let c = code(glyph)
            if glyphs[c].text == nil, ToUnicodeCMap.fits(text) { glyphs[c].text = Array(text) }
        }

        fileprivate func write() {
            // Each glyph procedure: its width (as /Widths says), then what it draws.
            for glyph in glyphs {
                var procedure: [UInt8] = []
                procedure.appendNumber(glyph.width)
                procedure.appendLiteral(" 0 d0\n")
                file.addStream(glyph.procedure, data: procedure + glyph.drawing)
            }
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
