// The HarfBuzz boundary (with OpenTypeFace.swift, MathFont.swift and TextShaping.swift): a
// HarfBuzz font, the handle every question about a glyph goes through.
import CHarfBuzz

/// A HarfBuzz font (`hb_font_t *`): a face at a scale, asked what a glyph is and how it is
/// measured. Either borrowed (a font Pango opened, as `pango_font_get_hb_font` gives it: the
/// text engine's questions) or owned by the `OpenTypeFace` it was made from (the PDF writer's
/// and, through it, `MathFont`'s), never released here. Values are in the font's scale: font
/// units for a face's own font, Pango units for Pango's.
package struct HarfBuzzFont {
    package let font: OpaquePointer

    package init(_ font: OpaquePointer) { self.font = font }

    /// The font's glyph for `scalar` (its cmap); nil when it has none. O(log n) in the cmap.
    package func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    /// The glyph's horizontal advance. O(1) (a variable font's: its deltas).
    package func advance(_ glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(font, glyph)
    }

    /// The glyph's ink box (x right, y up: left, top, width, and height, negative downwards);
    /// nil when the font cannot say. A CFF glyph's runs its charstring.
    package func inkBox(_ glyph: UInt32) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
        return (extents.x_bearing, extents.y_bearing, extents.width, extents.height)
    }

    /// Whether its glyphs are colour images or layers (an emoji font: CBDT, sbix, COLR, SVG).
    package var hasColorGlyphs: Bool {
        guard let face = hb_font_get_face(font) else { return false }
        return hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
    }
}
