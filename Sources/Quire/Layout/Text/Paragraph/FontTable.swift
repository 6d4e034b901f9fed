// The Pango boundary of the paragraph engine: FontTable.swift, Itemizer.swift, WordCache.swift
// and WordShaper.swift import CPango; the engine's other files work on Swift values.
import CPango
import QuireFonts
import QuireModel

/// What the paragraph engine needs to know of a font Pango chose, measured once per font:
/// its logical extents (a line's height), its hyphen, whether it is a colour font. Pango
/// units (1/1024 pt) throughout, as the shaper gives widths.
package struct FontInfo {
    /// Above and below the baseline, as Pango's logical extents of a glyph of the font.
    package var ascent: Int32
    package var descent: Int32
    /// The advance of the hyphen Pango shows at a soft hyphen (U+2010, else "-").
    package var hyphenWidth: Int32
    /// A colour font (emoji): its glyphs are pictures.
    package var isColor: Bool
}

/// Where a font draws its underline and strikethrough (up from the baseline) and how thick.
package struct DecorationMetrics {
    package var underlinePosition: PangoLength
    package var underlineThickness: PangoLength
    package var strikethroughPosition: PangoLength
    package var strikethroughThickness: PangoLength

    /// `font`'s, from Pango's font metrics (which cost Pango a layout of a sample text: asked
    /// only for a font that draws a line, once).
    package init(_ font: UnsafeMutablePointer<PangoFont>) {
        let metrics = pango_font_get_metrics(font, nil)
        defer { if let metrics { pango_font_metrics_unref(metrics) } }
        underlinePosition = PangoLength(metrics.map { pango_font_metrics_get_underline_position($0) } ?? 0)
        underlineThickness = PangoLength(metrics.map { pango_font_metrics_get_underline_thickness($0) } ?? 0)
        strikethroughPosition = PangoLength(metrics.map { pango_font_metrics_get_strikethrough_position($0) } ?? 0)
        strikethroughThickness = PangoLength(metrics.map { pango_font_metrics_get_strikethrough_thickness($0) } ?? 0)
    }
}

/// The fonts a typesetter's paragraphs use, each measured once. It holds a reference to every
/// font it describes, so that a font's address (its key, and the key of the shaping cache)
/// names one font for as long as the typesetter lives. Used by one thread.
package final class FontTable {
    private var known: [UnsafeMutablePointer<PangoFont>: FontInfo] = [:]
    /// The last font asked for, answered without hashing (most runs of a paragraph share one).
    private var last: (font: UnsafeMutablePointer<PangoFont>, info: FontInfo)?

    deinit {
        for font in known.keys { g_object_unref(UnsafeMutableRawPointer(font)) }
    }

    /// The description of `font`. O(1) after its first use (which costs a metrics lookup).
    package func info(_ font: UnsafeMutablePointer<PangoFont>) -> FontInfo {
        if let last, last.font == font { return last.info }
        if let info = known[font] {
            last = (font, info)
            return info
        }
        let info = Self.measure(font)
        g_object_ref(UnsafeMutableRawPointer(font))
        known[font] = info
        last = (font, info)
        return info
    }

    private static func measure(_ font: UnsafeMutablePointer<PangoFont>) -> FontInfo {
        // An empty glyph's logical extents are the font's (Pango's Cairo fonts give every
        // glyph the font's ascent and descent as its logical height).
        var logical = PangoRectangle()
        pango_font_get_glyph_extents(font, PANGO_GLYPH_EMPTY, nil, &logical)
        var info = FontInfo(ascent: -logical.y, descent: logical.y + logical.height, hyphenWidth: 0, isColor: isColorFont(font))
        if let hb = pango_font_get_hb_font(font).map(HarfBuzzFont.init) {
            if let glyph = hb.nominalGlyph(0x2010) ?? hb.nominalGlyph(0x2D) {
                var ink = PangoRectangle(), glyphLogical = PangoRectangle()
                pango_font_get_glyph_extents(font, glyph, &ink, &glyphLogical)
                info.hyphenWidth = glyphLogical.width
            }
        }
        return info
    }
}

/// True for fonts whose glyphs are colour images or layers (emoji fonts).
package func isColorFont(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
    pango_font_get_hb_font(font).map { HarfBuzzFont($0).hasColorGlyphs } ?? false
}

extension Typesetter {
    /// The font an empty line is measured in: `item`'s (the item at the line's place), else
    /// `format`'s base font, as Pango measures an empty line.
    package func emptyLineFont(_ format: ParagraphFormat, item: TextItem?) -> FontInfo {
        if let item { return fontTable.info(item.font) }
        guard let font = pango_context_load_font(pangoContext(for: format), font(format)) else {
            let size = PangoLength(points: format.text.size).pango
            return FontInfo(ascent: size, descent: size / 4, hyphenWidth: 0, isColor: false)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        return fontTable.info(font)
    }

    /// The height of the ink of `glyphs` set in `font` (Pango units): from the highest point
    /// any of them reaches to the lowest, raised by `rise`.
    package func inkExtents(_ glyphs: [ShapedGlyph], font: UnsafeMutablePointer<PangoFont>) -> (top: Int32, bottom: Int32)? {
        var top = Int32.max, bottom = Int32.min
        for glyph in glyphs where glyph.id != ShapedGlyph.empty {
            var ink = PangoRectangle()
            pango_font_get_glyph_extents(font, glyph.id, &ink, nil)
            guard ink.height > 0 else { continue }
            top = min(top, ink.y + glyph.yOffset)
            bottom = max(bottom, ink.y + ink.height + glyph.yOffset)
        }
        return top <= bottom ? (top, bottom) : nil
    }
}
