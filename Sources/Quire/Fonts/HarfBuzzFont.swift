// The HarfBuzz boundary (with MathFont.swift and OpenTypeFace.swift): questions about a font
// Pango opened, asked of the HarfBuzz font behind it.
import CHarfBuzz

/// A HarfBuzz font (`hb_font_t *`, as `pango_font_get_hb_font` gives it) asked what the text
/// engine needs to know of it. The font is borrowed, never released here.
package struct HarfBuzzFont {
    package let font: OpaquePointer

    package init(_ font: OpaquePointer) { self.font = font }

    /// The font's glyph for `scalar` (its cmap); nil when it has none. O(log n) in the cmap.
    package func nominalGlyph(_ scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    /// Whether its glyphs are colour images or layers (an emoji font: CBDT, sbix, COLR, SVG).
    package var hasColorGlyphs: Bool {
        guard let face = hb_font_get_face(font) else { return false }
        return hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
    }
}
