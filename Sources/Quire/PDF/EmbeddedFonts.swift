import QuireModel
import QuireFonts

/// The outline fonts of one PDF: each face the document shows, the glyphs it uses, their
/// widths and the text they stand for; written, subset, when the document ends.
///
/// Each face is one Type 0 font with the Identity-H encoding (ISO 32000-1, 9.7): a glyph's
/// character code is its index in the original face (so pages can be written before the
/// subset is made), mapped to its index in the subset by a CIDToGIDMap (TrueType outlines,
/// `CIDFontType2` with `FontFile2`). CFF outlines are a `CIDFontType0` with a `FontFile3`:
/// a CID-keyed font's code is the glyph's CID, which the subset keeps, and its program the
/// bare CFF table; a name-keyed one's code is its index, which the subset keeps, and its
/// program OpenType. Sizes, synthetic slants and emboldening are the content stream's
/// business, so every size of a face shares it.
package final class EmbeddedFonts {
    private var fonts: [FontFaces.Key: Font?] = [:]
    /// In order of first use (the order they are written in).
    private var ordered: [Font] = []
    private let file: PDFFile
    private let faces: FontFaces

    package init(file: PDFFile, faces: FontFaces) {
        self.file = file
        self.faces = faces
    }

    /// The font for `ref`'s face, opened on first use; nil when its file cannot be read (its
    /// glyphs are then not shown). O(1) after the first use.
    package func font(for ref: FontRef) -> Font? {
        let key = FontFaces.Key(ref)
        // A line's runs are mostly in one font: the last one is compared before hashing a path.
        if let last, last.key == key { return last.font }
        let font: Font?
        if let known = fonts[key] {
            font = known
        } else {
            font = faces.face(key).map { Font(face: $0, key: key, object: file.reserve(), resource: ordered.count + 1) }
            fonts[key] = font
            if let font { ordered.append(font) }
        }
        last = (key, font)
        return font
    }

    /// The font `font(for:)` gave last, and its key.
    private var last: (key: FontFaces.Key, font: Font?)?

    /// Every font used, as resource name and object number (for a resource dictionary).
    package var resources: [(name: [UInt8], object: PDFReference)] { ordered.map { ($0.name, $0.object) } }

    /// Writes every font: subset, descriptor, widths, ToUnicode. O(glyphs used + subsetting).
    package func write() {
        for font in ordered { font.write(to: file) }
    }

    /// One face as a Type 0 font.
    package final class Font: ShownFont {
        package let object: PDFReference
        /// The resource name, "F1", "F2", ...
        package let name: [UInt8]
        package let resource: Int
        private let face: OpenTypeFace
        private let key: FontFaces.Key
        private let isCFF: Bool
        /// For a CID-keyed CFF font, each glyph's CID; nil otherwise (the code is the index).
        private let cids: [UInt16]?
        // Per glyph, read and written for every glyph shown: only ever accessed one at a
        // time on the one thread that writes the document (no access overlaps another), so
        // the run-time exclusivity check Swift makes on a class's stored properties, which
        // cost more than the work, is left out.
        /// Each glyph's width in thousandths of an em, as written in /W (-1: not used yet).
        @exclusivity(unchecked) private var widths: [Float]
        /// The text each glyph stands for (ToUnicode, UTF-8), once known: its bytes in
        /// `textBytes` from `textStarts[glyph]` (-1: not known), `textCounts[glyph]` long. One
        /// buffer for all, so that claiming a glyph's text allocates nothing.
        @exclusivity(unchecked) private var textStarts: [Int32]
        @exclusivity(unchecked) private var textCounts: [Int32]
        @exclusivity(unchecked) private var textBytes: [UInt8] = []
        @exclusivity(unchecked) private var usedGlyphs: [UInt32] = []

        fileprivate init(face opened: FontFaces.Face, key: FontFaces.Key, object: PDFReference, resource: Int) {
            face = opened.face
            self.key = key
            self.object = object
            self.resource = resource
            name = Array("F\(resource)".utf8)
            isCFF = opened.isCFF
            cids = opened.cids
            widths = [Float](repeating: -1, count: face.glyphCount)
            textStarts = [Int32](repeating: -1, count: face.glyphCount)
            textCounts = [Int32](repeating: 0, count: face.glyphCount)
        }

        /// A glyph index the font has (others show glyph 0, .notdef).
        @inline(__always) private func valid(_ glyph: UInt32) -> Int {
            Int(glyph) < widths.count ? Int(glyph) : 0
        }

        package var joinsEmptyClusters: Bool { false }

        /// The glyph's character code in content streams.
        @inline(__always) package func code(_ glyph: UInt32) -> UInt16 {
            let g = valid(glyph)
            return cids.map { $0[g] } ?? UInt16(truncatingIfNeeded: g)
        }

        package func appendCode(_ glyph: UInt32, to bytes: inout ByteBuffer) {
            let c = code(glyph)
            bytes.appendStringByte(UInt8(c >> 8))
            bytes.appendStringByte(UInt8(c & 0xFF))
        }

        /// The glyph's advance in thousandths of an em, as the PDF states it (rounded to
        /// hundredths); records the glyph as used. O(1).
        package func width(_ glyph: UInt32) -> Double {
            let g = valid(glyph)
            if widths[g] < 0 {
                widths[g] = Float((Double(face.advance(UInt32(g))) * 1000 / Double(face.unitsPerEm) * 100).rounded() / 100)
                usedGlyphs.append(UInt32(g))
            }
            return Double(widths[g])
        }

        /// Text longer than a ToUnicode entry may say (`ToUnicodeCMap.maximumUnits`) is never
        /// claimed: the caller's ActualText span says it instead.
        package func claim(_ glyph: UInt32, utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard ToUnicodeCMap.fits(text) else { return false }
            let g = valid(glyph)
            let start = Int(textStarts[g])
            guard start >= 0 else {
                setText(g, text)
                return true
            }
            guard Int(textCounts[g]) == text.count else { return false }
            return textBytes.withUnsafeBufferPointer { known in
                for i in 0..<text.count where known[start + i] != text[i] { return false }
                return true
            }
        }

        package func suggest(_ glyph: UInt32, utf8 text: UnsafeBufferPointer<UInt8>) {
            let g = valid(glyph)
            if textStarts[g] < 0, ToUnicodeCMap.fits(text) { setText(g, text) }
        }

        private func setText(_ g: Int, _ text: UnsafeBufferPointer<UInt8>) {
            textStarts[g] = Int32(truncatingIfNeeded: textBytes.count)
            textCounts[g] = Int32(truncatingIfNeeded: text.count)
            textBytes.append(contentsOf: text)
        }

        /// The text glyph `g` stands for; nil when not known.
        private func text(_ g: Int) -> ArraySlice<UInt8>? {
            let start = Int(textStarts[g])
            return start < 0 ? nil : textBytes[start..<(start + Int(textCounts[g]))]
        }

        // MARK: Writing

        /// Writes the font, subset to the glyphs shown: its program, descriptor, CIDFont (with
        /// the code-to-glyph map of a TrueType font), ToUnicode map and Type 0 font, in that
        /// order. O(glyphs used + subsetting).
        fileprivate func write(to file: PDFFile) {
            let glyphs = usedGlyphs.sorted()
            // A name-keyed CFF font addresses glyphs by index: they keep theirs in the subset.
            let subset = face.subset(glyphs, retainingIDs: isCFF && cids == nil)
            face.releasePages()
            let baseName = Self.subsetTag(glyphs, key) + "+" + Self.postScriptName(face.postScriptName, file: key.file)
            let descriptor = file.reserve(), cidFont = file.reserve(), toUnicode = file.reserve()
            let program = subset.map { writeProgram($0.data, to: file) }
            writeDescriptor(descriptor, name: baseName, program: program, to: file)
            let map = isCFF ? nil : writeCIDToGIDMap(glyphs, subset: subset?.newIndex, to: file)
            file.add(cidFont, as: PDFCIDFontWriter.self) { font in
                font.outlines(isCFF ? .cff : .trueType)
                font.baseFont(baseName)
                font.identityCharacterCollection()
                font.descriptor(descriptor)
                font.widths(glyphs.map { (cid: Int(code($0)), width: Double(widths[Int($0)])) }.sorted { $0.cid < $1.cid })
                if let map { font.cidToGIDMap(map) }
            }
            writeToUnicode(toUnicode, glyphs, to: file)
            file.add(object, as: PDFType0FontWriter.self) { font in
                font.baseFont(baseName)
                font.identityEncoding()
                font.descendantFont(cidFont)
                font.toUnicode(toUnicode)
            }
        }

        /// Writes the subset's program (9.9): a CID-keyed CFF font as its bare CFF table
        /// (FontFile3 /CIDFontType0C, PDF 1.3, what every reader takes: poppler draws nothing
        /// from the OpenType wrapper), another CFF font as OpenType, TrueType as it is.
        private func writeProgram(_ data: [UInt8], to file: PDFFile) -> PDFReference {
            let stream = file.reserve()
            if cids != nil, let cff = CFFCharset.table("CFF ", in: data) {
                file.addStream(stream, data: Array(cff)) { $0.pair(.subtype, .cidFontType0C) }
            } else if isCFF {
                file.addStream(stream, data: data) { $0.pair(.subtype, .openType) }
            } else {
                file.addStream(stream, data: data) { $0.pair(.length1, data.count) }
            }
            return stream
        }

        /// Writes the font descriptor (9.8): its metrics in thousandths of an em, from
        /// HarfBuzz (ascender, descender, cap height, weight) and the face's tables (box, slant,
        /// pitch).
        private func writeDescriptor(_ descriptor: PDFReference, name: String, program: PDFReference?, to file: PDFFile) {
            let scale = 1000 / Double(face.unitsPerEm)
            let tables = FontTables(face)
            let metrics = face.verticalMetrics
            file.add(descriptor, as: PDFFontDescriptorWriter.self) { d in
                d.fontName(name)
                var flags: PDFFontDescriptorWriter.Flags = .symbolic
                if tables.italicAngle != 0 { flags.insert(.italic) }
                if tables.isFixedPitch { flags.insert(.fixedPitch) }
                d.flags(flags)
                d.fontBBox(tables.boundingBox.map { Double($0) * scale })
                d.italicAngle(tables.italicAngle)
                d.verticalMetrics(ascent: Double(metrics.ascender) * scale, descent: Double(metrics.descender) * scale,
                                  capHeight: Double(metrics.capHeight > 0 ? metrics.capHeight : metrics.ascender) * scale)
                d.stemV(Self.stemV(weight: face.weight))
                if let program { d.fontFile(program, cff: isCFF) }
            }
        }

        /// The thickness of a face's vertical stems, in thousandths of an em, estimated from
        /// its weight as other writers do (Typst, krilla: 10 + 0.244 × (weight − 50)): 95 for a
        /// regular face, 169 for a bold one. A reader that cannot use the embedded program
        /// picks a substitute of about that weight.
        package static func stemV(weight: Double) -> Int {
            max(0, Int((10 + 0.244 * (weight - 50)).rounded()))
        }

        /// Writes a TrueType font's CIDToGIDMap (9.7.4.2): each code (the glyph's index in
        /// the face) to the glyph's index in the subset, two bytes each.
        private func writeCIDToGIDMap(_ glyphs: [UInt32], subset newIndex: [UInt32: UInt32]?, to file: PDFFile) -> PDFReference {
            let map = file.reserve()
            var table = [UInt8](repeating: 0, count: 2 * (Int(glyphs.last ?? 0) + 1))
            for glyph in glyphs {
                let new = newIndex?[glyph] ?? glyph
                table[2 * Int(glyph)] = UInt8(truncatingIfNeeded: new >> 8)
                table[2 * Int(glyph) + 1] = UInt8(truncatingIfNeeded: new)
            }
            file.addStream(map, data: table)
            return map
        }

        /// Writes the ToUnicode map (9.10.3): each shown glyph's code to the text it stands for.
        /// A glyph shaping gave no text of its own (the second glyph of a cluster, a math
        /// delimiter's pieces: the text is its cluster's ActualText or its formula's Alt)
        /// maps to the character the font's cmap gives it, else to U+FFFD, since PDF/UA-1
        /// and PDF/A (7.21.7, 6.2.11.7.2) want every glyph shown mapped.
        private func writeToUnicode(_ toUnicode: PDFReference, _ glyphs: [UInt32], to file: PDFFile) {
            let untold = Set(glyphs.filter { text(Int($0))?.isEmpty ?? true })
            let nominal = face.characters(for: untold)
            let mappings = glyphs.map { glyph -> (code: Int, text: [UInt16]) in
                if let text = text(Int(glyph)), !text.isEmpty {
                    return (Int(code(glyph)), Array(String(decoding: text, as: UTF8.self).utf16))
                }
                let character = nominal[glyph].flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                return (Int(code(glyph)), Array(String(character).utf16))
            }.sorted { $0.code < $1.code }
            file.addStream(toUnicode, data: ToUnicodeCMap.text(mappings, codeBytes: 2))
        }

        /// Six capital letters naming this subset (9.6.4), from the glyphs it holds.
        private static func subsetTag(_ glyphs: [UInt32], _ key: FontFaces.Key) -> String {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x0000_0100_0000_01B3 }
            for byte in key.file.utf8 { mix(UInt64(byte)) }
            mix(UInt64(UInt32(bitPattern: key.index)))
            for glyph in glyphs { mix(UInt64(glyph)) }
            var letters = ""
            for _ in 0..<6 {
                letters.append(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(hash % 26))))
                hash /= 26
            }
            return letters
        }

        /// The font's PostScript name, else its file's name, as a PDF name allows.
        private static func postScriptName(_ name: String?, file: String) -> String {
            let raw = name ?? String(file.split(separator: "/").last?.split(separator: ".").first ?? "Font")
            let cleaned = raw.unicodeScalars.filter { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"()<>[]{}/%#".unicodeScalars.contains($0) }
            return cleaned.isEmpty ? "Font" : String(String.UnicodeScalarView(cleaned.prefix(63)))
        }
    }
}
