/// The objects of a font (ISO 32000-1, 9.6 to 9.8): a Type 0 font and its CIDFont, a font
/// descriptor, a Type 3 font.

/// A Type 0 font (9.7): a composite font of two-byte codes, shown through its one CIDFont.
package struct PDFType0FontWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .font)
        self.dictionary.pair(.subtype, .type0)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// The font's name, with its subset tag ("ABCDEF+NotoSans-Regular").
    package mutating func baseFont(_ name: String) { dictionary.pair(.baseFont, PDFName(name)) }

    /// Codes are two bytes, read as they are (Identity-H): each code is a CID.
    package mutating func identityEncoding() { dictionary.pair(.encoding, .identityH) }

    package mutating func descendantFont(_ font: PDFReference) {
        dictionary.array(.descendantFonts) { $0.item(font) }
    }

    package mutating func toUnicode(_ cmap: PDFReference) { dictionary.pair(.toUnicode, cmap) }
}

/// A CIDFont (9.7.4): the glyphs of a Type 0 font, by CID, with their widths.
package struct PDFCIDFontWriter: PDFTypedDictionaryWriter, ~Copyable {
    /// What its glyphs' outlines are.
    package enum Outlines {
        /// CFF (PostScript) outlines: /CIDFontType0.
        case cff
        /// TrueType outlines: /CIDFontType2.
        case trueType
    }

    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .font)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// Its subtype, by its outlines: written first, after /Type.
    package mutating func outlines(_ outlines: Outlines) {
        dictionary.pair(.subtype, outlines == .cff ? .cidFontType0 : .cidFontType2)
    }

    package mutating func baseFont(_ name: String) { dictionary.pair(.baseFont, PDFName(name)) }

    /// CIDs that are the codes themselves (Adobe-Identity-0).
    package mutating func identityCharacterCollection() {
        dictionary.dictionary(.cidSystemInfo) { info in
            info.pair(.registry, bytes: "Adobe".utf8)
            info.pair(.ordering, bytes: "Identity".utf8)
            info.pair(.supplement, 0)
        }
    }

    package mutating func descriptor(_ descriptor: PDFReference) { dictionary.pair(.fontDescriptor, descriptor) }

    /// The widths (thousandths of an em, to 2 decimals) of the CIDs in `byCID` (ascending),
    /// as /W ranges of consecutive CIDs; any other CID is 0 wide (/DW 0).
    /// - Complexity: O(widths).
    package mutating func widths(_ byCID: [(cid: Int, width: Double)]) {
        dictionary.pair(.dw, 0)
        dictionary.array(.w) { ranges in
            var i = 0
            while i < byCID.count {
                var j = i + 1
                while j < byCID.count, byCID[j].cid == byCID[j - 1].cid + 1 { j += 1 }
                ranges.item(byCID[i].cid)
                ranges.array { widths in
                    for entry in byCID[i..<j] { widths.item(entry.width) }
                }
                i = j
            }
        }
    }

    /// The map from CIDs to the glyph indices of its TrueType program (a stream).
    package mutating func cidToGIDMap(_ map: PDFReference) { dictionary.pair(.cidToGIDMap, map) }
}

/// A font descriptor (9.8): what a reader needs to stand in for a font it cannot use, and
/// the font's program.
package struct PDFFontDescriptorWriter: PDFTypedDictionaryWriter, ~Copyable {
    /// The font's flags (9.8.2).
    package struct Flags: OptionSet {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let fixedPitch = Flags(rawValue: 1)
        /// Glyphs outside the standard Latin set: every subset font is, to a reader.
        package static let symbolic = Flags(rawValue: 4)
        package static let italic = Flags(rawValue: 64)
    }

    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .fontDescriptor)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    package mutating func fontName(_ name: String) { dictionary.pair(.fontName, PDFName(name)) }

    package mutating func flags(_ flags: Flags) { dictionary.pair(.flags, flags.rawValue) }

    /// The glyphs' bounding box (left, bottom, right, top), thousandths of an em, whole.
    package mutating func fontBBox(_ box: [Double]) {
        dictionary.array(.fontBBox) { $0.items(box, decimals: 0) }
    }

    /// Degrees counter-clockwise from the vertical (negative for a forward slant).
    package mutating func italicAngle(_ degrees: Double) { dictionary.pair(.italicAngle, degrees, decimals: 2) }

    /// The ascent, descent and cap height, in thousandths of an em, whole.
    package mutating func verticalMetrics(ascent: Double, descent: Double, capHeight: Double) {
        dictionary.pair(.ascent, ascent, decimals: 0)
        dictionary.pair(.descent, descent, decimals: 0)
        dictionary.pair(.capHeight, capHeight, decimals: 0)
    }

    /// The thickness of the dominant vertical stems, in thousandths of an em.
    package mutating func stemV(_ width: Int) { dictionary.pair(.stemV, width) }

    /// The font's program (a stream): TrueType (/FontFile2), or CFF or OpenType (/FontFile3).
    package mutating func fontFile(_ program: PDFReference, cff: Bool) {
        dictionary.pair(cff ? .fontFile3 : .fontFile2, program)
    }
}

/// A Type 3 font (9.6.5): glyphs that are content streams (here each draws a colour glyph's
/// bitmap), one-byte codes, glyph space in thousandths of a text unit.
package struct PDFType3FontWriter: PDFTypedDictionaryWriter, ~Copyable {
    private var dictionary: PDFDictionaryWriter

    package init(_ dictionary: consuming PDFDictionaryWriter) {
        self.dictionary = dictionary
        self.dictionary.pair(.type, .font)
        self.dictionary.pair(.subtype, .type3)
    }

    package consuming func end() -> PDFDictionaryWriter { dictionary }

    /// The union of the glyphs' boxes (left, bottom, right, top), in glyph space, whole.
    package mutating func fontBBox(_ box: [Double]) {
        dictionary.array(.fontBBox) { $0.items(box, decimals: 0) }
    }

    /// Glyph space in thousandths of a text space unit, as an outline font's.
    package mutating func thousandthsMatrix() {
        dictionary.array(.fontMatrix) { $0.items([0.001, 0, 0, 0.001, 0, 0], decimals: 3) }
    }

    /// Each glyph's name and its procedure (a content stream), in code order: `names[i]`
    /// stands for code `i`, which the encoding maps to it.
    package mutating func glyphs(_ names: [PDFName], procedures: [PDFReference]) {
        dictionary.dictionary(.charProcs) { procs in
            for (name, procedure) in zip(names, procedures) { procs.pair(name, procedure) }
        }
        dictionary.dictionary(.encoding) { encoding in
            encoding.pair(.type, .encoding)
            encoding.array(.differences) { differences in
                differences.item(0)
                for name in names { differences.item(name) }
            }
        }
        dictionary.pair(.firstChar, 0)
        dictionary.pair(.lastChar, max(0, names.count - 1))
    }

    /// Each code's width, in glyph space (to 2 decimals), from code 0.
    package mutating func widths(_ widths: [Double]) { dictionary.array(.widths) { $0.items(widths) } }

    /// The images the glyph procedures draw, by resource name.
    package mutating func images(_ images: [(name: PDFName, object: PDFReference)]) {
        dictionary.dictionary(.resources) { resources in
            resources.dictionary(.xObject) { xObjects in
                for image in images { xObjects.pair(image.name, image.object) }
            }
        }
    }

    package mutating func toUnicode(_ cmap: PDFReference) { dictionary.pair(.toUnicode, cmap) }
}
