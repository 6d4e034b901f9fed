// The HarfBuzz boundary (with OpenTypeFace.swift, HarfBuzzFont.swift and TextShaping.swift):
// the math engine's font, a face's MATH table read through HarfBuzz's MATH functions.
import CHarfBuzz
import QuireModel
import Foundation

/// An OpenType MATH font: a layer over the font file's `OpenTypeFace` (the one face wrapper)
/// that reads its MATH table through HarfBuzz's `hb_ot_math_*` functions and caches what the
/// math engine asks, the one place that engine meets C. A concept of its own over the face,
/// not a second face: constants, variants, assemblies, kerns and italic corrections, and
/// shaping for `\text`. Everything it answers is in em (font units over units per em), so a
/// layout multiplies by the size it sets at.
///
/// Not `Sendable`: it caches glyph lookups without a lock, so each thread has its own
/// (`forThisThread`). The HarfBuzz objects are never written after they are made.
package final class MathFont {
    /// The font file and face index, as the PDF writer and the preview open it.
    package let file: String
    package let index: Int32
    private let openType: OpenTypeFace
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let upem: Double
    private var constants: [UInt32: Double] = [:]
    private var nominal: [UInt32: UInt32] = [:]
    private var scriptForms: [UInt64: UInt32] = [:]
    private var advances: [UInt32: Double] = [:]
    private var inks: [UInt32: (height: Double, depth: Double)] = [:]
    private var italics: [UInt32: Double] = [:]
    private var shapedTexts: [String: [Shaped]] = [:]

    /// The font at `file` (face `index`); nil when it cannot be read or has no MATH table.
    package init?(file: String, index: Int32 = 0) {
        guard let openType = OpenTypeFace(file: file, index: index, variations: ""),
              hb_ot_math_has_data(openType.face) != 0 else { return nil }
        self.file = file
        self.index = index
        self.openType = openType
        face = openType.face
        font = openType.font.font
        upem = Double(max(1, hb_face_get_upem(face)))
    }

    // MARK: Constants

    /// A MATH constant in em; the percentages (`scriptPercentScaleDown`, …) as fractions.
    package func constant(_ c: MathConstant) -> Double {
        if let known = constants[c.rawValue] { return known }
        let raw = Double(hb_ot_math_get_constant(font, hb_ot_math_constant_t(rawValue: c.rawValue)))
        let value = c.isPercent ? raw / 100 : raw / upem
        constants[c.rawValue] = value
        return value
    }

    // MARK: Glyphs

    /// The font's glyph for `scalar`; nil when it has none. O(1) after the first lookup.
    package func glyph(_ scalar: UInt32) -> UInt32? {
        if let known = nominal[scalar] { return known == 0 ? nil : known }
        let g = openType.font.nominalGlyph(scalar)
        nominal[scalar] = g ?? 0
        return g != 0 ? g : nil
    }

    /// `glyph` as the font draws it at script level 1 or 2 (the `ssty` feature: primes and
    /// letters made for small sizes); the glyph itself at level 0 or when the font has none.
    package func scriptForm(_ glyph: UInt32, scalar: UInt32, level: Int) -> UInt32 {
        guard level > 0 else { return glyph }
        let key = UInt64(scalar) << 8 | UInt64(min(level, 2))
        if let known = scriptForms[key] { return known }
        let shaped = shape(String(UnicodeScalar(scalar).map(Character.init) ?? " "), features: "ssty=\(min(level, 2))")
        let result = shaped.count == 1 ? shaped[0].glyph : glyph
        scriptForms[key] = result
        return result
    }

    /// Advance width in em.
    package func advance(_ glyph: UInt32) -> Double {
        if let known = advances[glyph] { return known }
        let value = Double(openType.font.advance(glyph)) / upem
        advances[glyph] = value
        return value
    }

    /// Height above and depth below the baseline of the glyph's ink, in em (never negative).
    /// O(1) after the first call for the glyph (a CFF glyph's extents run its charstring).
    package func extents(_ glyph: UInt32) -> (height: Double, depth: Double) {
        if let known = inks[glyph] { return known }
        guard let e = openType.font.inkBox(glyph) else { return (0, 0) }
        let top = Double(e.y) / upem, bottom = Double(e.y + e.height) / upem
        let value = (max(0, top), max(0, -bottom))
        inks[glyph] = value
        return value
    }

    package func italicCorrection(_ glyph: UInt32) -> Double {
        if let known = italics[glyph] { return known }
        let value = Double(hb_ot_math_get_glyph_italics_correction(font, glyph)) / upem
        italics[glyph] = value
        return value
    }

    /// Where an accent above the glyph is centred, in em from its origin: the font's top
    /// accent attachment, else half its advance (HarfBuzz's answer when the font has none).
    package func topAccentAttachment(_ glyph: UInt32) -> Double {
        Double(hb_ot_math_get_glyph_top_accent_attachment(font, glyph)) / upem
    }

    /// The math kern at a corner of the glyph at `height` em (cut-ins for scripts).
    package func kern(_ glyph: UInt32, _ corner: MathKernCorner, height: Double) -> Double {
        Double(hb_ot_math_get_glyph_kerning(font, glyph, hb_ot_math_kern_t(rawValue: corner.rawValue), hb_position_t(height * upem))) / upem
    }

    package func isExtendedShape(_ glyph: UInt32) -> Bool { hb_ot_math_is_glyph_extended_shape(face, glyph) != 0 }

    /// The glyph's larger forms, smallest first, each with its size along `horizontal` or
    /// vertical in em (the glyph itself usually first).
    package func variants(_ glyph: UInt32, horizontal: Bool) -> [(glyph: UInt32, size: Double)] {
        let direction = horizontal ? HB_DIRECTION_LTR : HB_DIRECTION_BTT
        var count: UInt32 = 16
        var buffer = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: 16)
        _ = hb_ot_math_get_glyph_variants(font, glyph, direction, 0, &count, &buffer)
        return buffer.prefix(Int(count)).map { ($0.glyph, Double($0.advance) / upem) }
    }

    /// One part of a glyph assembly (in em).
    package struct Part {
        package var glyph: UInt32
        package var startConnector: Double
        package var endConnector: Double
        package var fullAdvance: Double
        package var isExtender: Bool
    }

    /// The parts a glyph is built from when no variant is large enough, bottom to top (or
    /// left to right); empty when it has no assembly.
    package func assembly(_ glyph: UInt32, horizontal: Bool) -> [Part] {
        let direction = horizontal ? HB_DIRECTION_LTR : HB_DIRECTION_BTT
        var count: UInt32 = 8
        var parts = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: 8)
        var italic: hb_position_t = 0
        _ = hb_ot_math_get_glyph_assembly(font, glyph, direction, 0, &count, &parts, &italic)
        return parts.prefix(Int(count)).map {
            Part(glyph: $0.glyph, startConnector: Double($0.start_connector_length) / upem,
                 endConnector: Double($0.end_connector_length) / upem, fullAdvance: Double($0.full_advance) / upem,
                 isExtender: $0.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0)
        }
    }

    package func minConnectorOverlap(horizontal: Bool) -> Double {
        Double(hb_ot_math_get_min_connector_overlap(font, horizontal ? HB_DIRECTION_LTR : HB_DIRECTION_BTT)) / upem
    }

    /// A shaped glyph: id, advance and offsets in em, the UTF-8 offset of its cluster.
    package struct Shaped {
        package var glyph: UInt32
        package var advance: Double
        package var xOffset: Double
        package var yOffset: Double
        package var cluster: Int
    }

    /// `text` shaped left to right with the font's kerning (for `\text` and operator names),
    /// with `features` such as "ssty=1" (comma-separated). O(n); texts already shaped (up to
    /// 4,096 of them: operator names recur) are looked up.
    package func shape(_ text: String, features: String = "") -> [Shaped] {
        let key = features + "\u{0}" + text
        if let known = shapedTexts[key] { return known }
        let shaped = shapeUncached(text, features: features)
        if shapedTexts.count < 4096 { shapedTexts[key] = shaped }
        return shaped
    }

    private func shapeUncached(_ text: String, features: String) -> [Shaped] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        // The math script's lookups hold the `ssty` forms (HarfBuzz picks 'math' for Zmth).
        if !features.isEmpty { hb_buffer_set_script(buffer, HB_SCRIPT_MATH) }
        hb_buffer_guess_segment_properties(buffer)
        var parsed: [hb_feature_t] = features.split(separator: ",").compactMap { f in
            var feature = hb_feature_t()
            return hb_feature_from_string(String(f), -1, &feature) != 0 ? feature : nil
        }
        hb_shape(font, buffer, &parsed, UInt32(parsed.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            Shaped(glyph: infos[i].codepoint, advance: Double(positions[i].x_advance) / upem,
                   xOffset: Double(positions[i].x_offset) / upem, yOffset: Double(positions[i].y_offset) / upem,
                   cluster: Int(infos[i].cluster))
        }
    }
}

/// The MATH fonts found so far, by family list: a typesetter's (`Typesetter.mathFonts`), kept
/// as long as it is and used by one render at a time. Few entries: one per `math.font` value.
package final class MathFonts {
    private var found: [String: MathFont?] = [:]

    package init() {}

    /// The MATH font for a family list ("TeX Gyre Pagella Math, DejaVu Math TeX Gyre"): the
    /// first family fontconfig has (by name, not a substitute) whose face has a MATH table,
    /// else the first of Debian's math fonts installed; nil when no MATH font is installed at
    /// all. Looked up once per family list.
    package func font(families: String) -> MathFont? {
        if let known = found[families] { return known }
        let font = MathFont.locate(families).flatMap { MathFont(file: $0.file, index: $0.index) }
        found[families] = .some(font)
        return font
    }
}

extension MathFont {

    /// Debian's OpenType math fonts, tried after the families asked for.
    package static let fallbackFamilies = ["TeX Gyre Pagella Math", "DejaVu Math TeX Gyre", "TeX Gyre Termes Math",
                                   "Latin Modern Math", "STIX Two Math", "Noto Sans Math"]

    fileprivate static func locate(_ families: String) -> (file: String, index: Int32)? {
        let asked = families.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        for family in asked + fallbackFamilies {
            if let found = FontLookup.file(exactFamily: family), MathFont(file: found.file, index: found.index) != nil {
                return found
            }
        }
        return nil
    }
}
