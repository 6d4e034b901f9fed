// The HarfBuzz boundary (with HarfBuzzFont.swift, MathFont.swift and TextShaping.swift): the
// one face of a font file, read through HarfBuzz's OpenType accessors and subsetter.
import CHarfBuzz
import QuireModel

/// A face of a font file, opened with HarfBuzz, and its font at the face's own scale (font
/// units): glyph advances (at the instance a variable font is set to), the metrics a font
/// descriptor states, its tables, and the subset of the glyphs a document shows. The PDF
/// writer embeds through it; `MathFont` reads a MATH table over it.
///
/// The file is mapped, not read (a CJK collection is 26 MB). Used by one thread: the one
/// writing the document, or the one setting formulas.
package final class OpenTypeFace {
    private let blob: OpaquePointer
    /// The face and its font, for the layers over the face (`MathFont`).
    internal let face: OpaquePointer
    internal let font: HarfBuzzFont
    /// Where each axis of a variable font is set (empty for a static font): pinned when subsetting.
    private let axes: [(tag: hb_tag_t, value: Float)]
    package let unitsPerEm: Int
    package let glyphCount: Int

    /// Opens face `index` of `file` (a named instance of a variable font in the upper 16
    /// bits), set to `variations` ("wght=700,wdth=90"; empty for the default or the named
    /// instance). Nil when the file cannot be read or holds no such face.
    package init?(file: String, index: Int32, variations: String) {
        guard let blob = hb_blob_create_from_file_or_fail(file) else { return nil }
        let faceIndex = UInt32(truncatingIfNeeded: index) & 0xFFFF
        guard faceIndex < hb_face_count(blob), let face = hb_face_create(blob, faceIndex),
              hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        self.face = face
        self.font = HarfBuzzFont(font)
        unitsPerEm = Int(max(16, hb_face_get_upem(face)))
        glyphCount = Int(hb_face_get_glyph_count(face))
        axes = Self.axisSettings(face, namedInstance: Int(UInt32(truncatingIfNeeded: index) >> 16), variations: variations)
        if !axes.isEmpty {
            let settings = axes.map { hb_variation_t(tag: $0.tag, value: $0.value) }
            hb_font_set_variations(self.font.font, settings, UInt32(settings.count))
        }
    }

    deinit {
        hb_font_destroy(font.font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// Every axis's value for a variable font: the named instance's (1-based; 0 for none),
    /// then the settings' over it; empty for a static font.
    private static func axisSettings(_ face: OpaquePointer, namedInstance: Int,
                                     variations: String) -> [(tag: hb_tag_t, value: Float)] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        var values = infos.prefix(Int(count)).map { (tag: $0.tag, value: $0.default_value) }
        if namedInstance > 0, UInt32(namedInstance) <= hb_ot_var_get_named_instance_count(face) {
            var coordinates = [Float](repeating: 0, count: values.count)
            var n = UInt32(values.count)
            _ = hb_ot_var_named_instance_get_design_coords(face, UInt32(namedInstance - 1), &n, &coordinates)
            for i in 0..<min(Int(n), values.count) { values[i].value = coordinates[i] }
        }
        for setting in variations.split(separator: ",") {
            var variation = hb_variation_t()
            let text = String(setting)
            guard hb_variation_from_string(text, Int32(text.utf8.count), &variation) != 0,
                  let i = values.firstIndex(where: { $0.tag == variation.tag }) else { continue }
            values[i].value = variation.value
        }
        return values
    }

    /// Drops the pages of the font file the face has read from memory: they come back from
    /// the file when read again. After a subset, which reads much of a CJK collection (12 MB of
    /// a 26 MB one), so that each font's pages do not add to the next one's. Only a file
    /// HarfBuzz mapped is touched (a copy in memory would lose its bytes). Only a file of at
    /// least `releasedFileSize`: finding the mapping reads /proc/self/maps (hundreds of lines,
    /// a fraction of a millisecond of system time), more than a small font's pages are worth.
    package func releasePages() {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= OpenTypeFace.releasedFileSize else { return }
        let start = UInt(bitPattern: data)
        guard MappedPages.isFileMapping(start..<(start + UInt(length))) else { return }
        MappedPages.release(UnsafeMutableRawPointer(mutating: data), count: Int(length))
    }

    /// The smallest font file whose pages `releasePages` drops: 4 MiB (CJK collections of 16 to
    /// 26 MB, colour emoji; not a Latin, Arabic or monospaced face of a few hundred KB).
    package static let releasedFileSize: UInt32 = 4 << 20

    /// The glyph's advance width in font units (at the face's variation). O(1).
    package func advance(_ glyph: UInt32) -> Int {
        Int(font.advance(glyph))
    }

    /// The character the face's cmap maps to each of `glyphs`, for those it maps (the
    /// lowest character when several do). O(characters of the face): called only for the
    /// few glyphs shaping gave no text of their own (a math delimiter's pieces).
    package func characters(for glyphs: Set<UInt32>) -> [UInt32: UInt32] {
        guard !glyphs.isEmpty, let set = hb_set_create() else { return [:] }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var found: [UInt32: UInt32] = [:]
        var codepoint = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &codepoint) != 0 {
            if let glyph = font.nominalGlyph(codepoint), glyphs.contains(glyph), found[glyph] == nil {
                found[glyph] = codepoint
            }
        }
        return found
    }

    /// `body` with the bytes of table `tag` ("head", "CFF ") where they lie (a collection's
    /// CFF table is megabytes: not copied), or nil when the face has none.
    package func withTable<Result>(_ tag: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard let table = hb_face_reference_table(face, Self.tag(tag)) else { return nil }
        defer { hb_blob_destroy(table) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(table, &length), length > 0 else { return nil }
        return body(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// True when the outlines are CFF (PostScript), false for TrueType (`glyf`).
    package var hasCFFOutlines: Bool { withTable("CFF ") { _ in true } ?? false }

    /// The PostScript name (name ID 6), or nil.
    package var postScriptName: String? {
        var length: UInt32 = 64
        var buffer = [CChar](repeating: 0, count: 64)
        let total = hb_ot_name_get_utf8(face, hb_ot_name_id_t(6), hb_language_from_string("en", -1), &length, &buffer)
        guard total > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a font descriptor states, in font units: ascender and descender (typographic,
    /// from OS/2 or hhea), cap height (0 when unknown).
    package var verticalMetrics: (ascender: Int, descender: Int, capHeight: Int) {
        func metric(_ tag: String) -> Int {
            var position: hb_position_t = 0
            return hb_ot_metrics_get_position(font.font, hb_ot_metrics_tag_t(rawValue: Self.tag(tag)), &position) != 0 ? Int(position) : 0
        }
        return (metric("hasc"), metric("hdsc"), metric("cpht"))
    }

    /// The weight (100 to 900; 400 regular, 700 bold): a variable font's at the instance it is
    /// set to, else the `OS/2` table's weight class (HarfBuzz's style value).
    package var weight: Double { Double(hb_style_get_value(font.font, HB_STYLE_TAG_WEIGHT)) }

    /// The glyph's colour bitmap as PNG bytes (a CBDT or sbix font, such as Noto Color
    /// Emoji; its largest strike) and the box it fills, in font units from the glyph's origin
    /// (x right, y up: left, top, width, height); nil for a glyph without one.
    package func colorBitmap(_ glyph: UInt32) -> (png: [UInt8], left: Int, top: Int, width: Int, height: Int)? {
        guard let blob = hb_ot_color_glyph_reference_png(font.font, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0, let box = font.inkBox(glyph),
              box.width > 0, box.height < 0 else { return nil }
        return (Array(UnsafeRawBufferPointer(start: data, count: Int(length))), Int(box.x), Int(box.y),
                Int(box.width), Int(-box.height))
    }

    /// The subset holding `glyphs` (glyph 0 always added), hinting and layout tables dropped.
    ///
    /// - Parameter retainingIDs: keep every glyph at its index (the others emptied) rather
    ///   than renumbering; for fonts whose glyph ids the PDF must address directly.
    /// - Returns: the font file's bytes and each kept glyph's new index; nil when HarfBuzz
    ///   cannot subset the face.
    /// - Complexity: HarfBuzz's, about linear in the glyphs kept and the tables' sizes.
    package func subset(_ glyphs: [UInt32], retainingIDs: Bool) -> (data: [UInt8], newIndex: [UInt32: UInt32])? {
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let set = hb_subset_input_glyph_set(input)
        hb_set_add(set, 0)
        for glyph in glyphs { hb_set_add(set, glyph) }
        let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for tag in ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "kerx", "DSIG", "hdmx", "VDMX",
                    "LTSH", "PCLT", "vhea", "vmtx", "VORG", "STAT", "meta", "COLR", "CPAL", "SVG ", "CBDT", "CBLC", "sbix", "EBDT", "EBLC"] {
            hb_set_add(dropped, Self.tag(tag))
        }
        var flags = HB_SUBSET_FLAGS_NO_HINTING.rawValue
        if retainingIDs { flags |= HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue }
        // CFF charstrings flattened: twice as fast as keeping the subroutines that the glyphs
        // use (measured: 1,500 glyphs of Noto Sans CJK, 17 ms against 33 to 43), and no larger.
        if hasCFFOutlines { flags |= HB_SUBSET_FLAGS_DESUBROUTINIZE.rawValue }
        hb_subset_input_set_flags(input, flags)
        for axis in axes { _ = hb_subset_input_pin_axis_location(input, face, axis.tag, axis.value) }
        guard let plan = hb_subset_plan_create_or_fail(face, input) else { return nil }
        defer { hb_subset_plan_destroy(plan) }
        let mapping = hb_subset_plan_old_to_new_glyph_mapping(plan)
        var newIndex: [UInt32: UInt32] = [:]
        newIndex.reserveCapacity(glyphs.count + 1)
        for glyph in [0] + glyphs {
            let mapped = hb_map_get(mapping, glyph)
            if mapped != UInt32.max { newIndex[glyph] = mapped }  // HB_MAP_VALUE_INVALID: not kept
        }
        guard let subset = hb_subset_plan_execute_or_fail(plan) else { return nil }
        defer { hb_face_destroy(subset) }
        guard let bytes = hb_face_reference_blob(subset) else { return nil }
        defer { hb_blob_destroy(bytes) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(bytes, &length), length > 0 else { return nil }
        return (Array(UnsafeRawBufferPointer(start: data, count: Int(length))), newIndex)
    }

    /// A four-character tag as HarfBuzz's integer.
    private static func tag(_ text: String) -> hb_tag_t {
        text.utf8.prefix(4).reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
