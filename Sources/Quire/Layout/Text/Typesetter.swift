// Layout/Text is the Pango boundary: Typesetter.swift, LinePainter.swift, MetricsPatterns.swift
// and Paragraph/FontTable.swift, Itemizer.swift, WordCache.swift and
// WordShaper.swift are the only files of Layout that import CPango.
import CPango
import Foundation
import QuireModel
import QuireStyle
import QuireMath
import QuireFonts

/// How a block of text is set: its look (a text role: font, size, colour, line height) and
/// how its lines are made (width, alignment, indent).
package struct ParagraphFormat: Sendable, Equatable {
    /// The base font (a fontconfig family, size in points, weight and slant), the code runs'
    /// family and size, the colour, and the smallest distance between baselines (a taller
    /// line grows its box).
    package var text: Typography.TextRole
    /// Width available for the lines, in points; text wraps to it. `.infinity`: no wrapping
    /// (lines end only at hard breaks), to measure a text's preferred width.
    package var width: Double
    package var alignment: TextAlignment = .left
    /// Indent of every line after a paragraph's first (code continuation lines), in points.
    package var hangingIndent: Double = 0
    /// Set on one line, cut with "…" at the end when too long (table of contents entries).
    package var singleLine = false
    /// The paragraph's direction, as HTML's `dir` sets it; nil: its first strong character
    /// decides. `alignment` is relative to it: `.left` is the start (the right edge when right
    /// to left), as for a paragraph whose text decides.
    package var direction: WritingDirection?
    /// Hyphenated (soft hyphens at the language's pattern points) before it is broken into lines.
    package var hyphenate = false
    /// Code: a source line wider than the width may break anywhere in it, spaces or not
    /// (Unicode's line breaking finds no opportunity in `    .a, .b, .c` or `f(x).g(y)`).
    package var isCode = false
    /// Lines as even as they can be, as many as filling each would make (CSS's
    /// `text-wrap: balance`): headings.
    package var balanced = false
}

/// The font machinery: a Pango context at 72 dpi, unhinted, so that what layout measures is
/// exactly what the PDF shows. One per engine (`Engine`), reused across its documents so fonts
/// are loaded once, with the caches that belong with fonts: words shaped, MATH fonts found,
/// hyphenation dictionaries loaded; all let go with the engine.
///
/// Cairo 1.16 with Pango and FreeType is not safe to use from two threads at once on the same
/// objects (crashes in FreeType and in PDF font subsetting were reproduced), so an engine
/// renders one document at a time; `quire batch` runs parallel worker processes.
package final class Typesetter {
    package let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Pango contexts of one font map: for paragraphs whose text decides their direction, and
    /// for those set left to right and right to left (a layout's base direction is its
    /// context's; switching one context back and forth would make Pango lay out again every
    /// paragraph made in it).
    package let context: OpaquePointer
    private let leftToRightContext: OpaquePointer
    private let rightToLeftContext: OpaquePointer
    private var xHeights: [FontKey: Double] = [:]
    /// `substitute(for:)`'s answers by family list.
    private var substitutes: [FontKey: String?] = [:]
    /// Font descriptions by family, size, weight and slant: parsing a description string costs
    /// Pango about 6,000 instructions, and a document asks for a handful, thousands of times.
    private var fonts: [FontKey: OpaquePointer] = [:]
    /// The MATH fonts formulas are set in, found once per family list.
    package let mathFonts = MathFonts()
    /// The hyphenation dictionaries, loaded once per language.
    package let hyphenators = Hyphenators()
    /// The fonts paragraphs are set in, each measured once (`FontInfo`).
    package let fontTable = FontTable()
    /// Words shaped once, for every paragraph this typesetter sets.
    package let words = WordCache()
    /// The item Pango makes in each font choice, for ASCII paragraphs (`asciiItems`).
    package var itemTemplates: [ItemTemplateKey: ItemTemplate?] = [:]
    /// The templates of the last format asked for, by `FontChoice.index` × 2 + letter.
    package var recentTemplates: (context: ItemTemplateKey, templates: [ItemTemplate??])?

    private struct FontKey: Hashable {
        var family: String
        var size: Double
        var bold: Bool
        var italic: Bool
    }

    /// Sets the language glyphs are picked for; nil or empty: the process's default.
    package func setLanguage(_ language: String?) {
        let pangoLanguage = language.flatMap { $0.isEmpty ? nil : pango_language_from_string($0) } ?? pango_language_get_default()
        for c in [context, leftToRightContext, rightToLeftContext] where pango_context_get_language(c) != pangoLanguage {
            pango_context_set_language(c, pangoLanguage)
        }
    }

    /// A typesetter set to `language` (an engine's, made at its first render; tests').
    package init(language: String? = nil) {
        let fontMap = pango_cairo_font_map_new()!
        self.fontMap = fontMap
        // The fonts Pango measures for itself share the patterns of those asked for (the font
        // map keeps it).
        MetricsPatterns().install(on: OpaquePointer(fontMap))
        func makeContext(_ direction: PangoDirection?) -> OpaquePointer {
            let context = pango_font_map_create_context(fontMap)!
            pango_cairo_context_set_resolution(context, MetricsPatterns.resolution)
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(context, 0)
            if let direction { pango_context_set_base_dir(context, direction) }
            return context
        }
        context = makeContext(nil)
        leftToRightContext = makeContext(PANGO_DIRECTION_LTR)
        rightToLeftContext = makeContext(PANGO_DIRECTION_RTL)
        setLanguage(language)
    }

    deinit {
        for font in fonts.values { pango_font_description_free(font) }
        for c in [context, leftToRightContext, rightToLeftContext] { g_object_unref(UnsafeMutableRawPointer(c)) }
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The Pango context for `format`'s direction: the one of the text's own, or the one set
    /// left to right or right to left.
    package func pangoContext(for format: ParagraphFormat) -> OpaquePointer {
        switch format.direction {
        case nil: return context
        case .leftToRight?: return leftToRightContext
        case .rightToLeft?: return rightToLeftContext
        }
    }

    /// The base font of `format` (owned by this typesetter).
    package func font(_ format: ParagraphFormat) -> OpaquePointer {
        let key = FontKey(family: format.text.family, size: format.text.size, bold: format.text.bold, italic: format.text.italic)
        if let font = fonts[key] { return font }
        let font = pango_font_description_from_string(format.text.family)!
        pango_font_description_set_size(font, PangoLength(points: format.text.size).pango)
        if format.text.bold { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
        if format.text.italic { pango_font_description_set_style(font, PANGO_STYLE_ITALIC) }
        fonts[key] = font
        return font
    }

    /// The family Pango sets text of `role` in, when it is not the first family its list
    /// names: that font is not installed and another stands in. Nil when it is installed.
    /// Whether it is installed is asked of fontconfig's list (about 0.2 M instructions); only
    /// a missing font is loaded through Pango to learn its stand-in (about 1.3 M, and font
    /// sorts on Pango's threads). Cached per font.
    package func substitute(for role: Typography.TextRole) -> String? {
        let families = role.family
        let key = FontKey(family: families, size: role.size, bold: role.bold, italic: role.italic)
        if let known = substitutes[key] { return known }
        let wanted = families.split(separator: ",").first.map { $0.trimmingWhitespace() } ?? families
        if isInstalled(family: wanted) {
            substitutes[key] = .some(nil)
            return nil
        }
        var result: String?
        let probe = ParagraphFormat(text: role, width: 1000)
        if let font = pango_font_map_load_font(fontMap, context, self.font(probe)), let used = pango_font_describe(font) {
            let family = pango_font_description_get_family(used).map { String(cString: $0) } ?? ""
            if family.lowercased() != wanted.lowercased() { result = family }
            pango_font_description_free(used)
            g_object_unref(UnsafeMutableRawPointer(font))
        }
        substitutes[key] = .some(result)
        return result
    }

    /// Whether fontconfig lists a font of `family` (compared as fontconfig compares families:
    /// case and spaces ignored), in the configuration Pango loaded for this font map (asking
    /// fontconfig's default one would load the configuration a second time, about 25 M
    /// instructions). O(installed fonts).
    private func isInstalled(family: String) -> Bool {
        InstalledFonts.lists(family, config: pango_fc_font_map_get_config(OpaquePointer(fontMap)))
    }

    /// The x-height of a font in points (the ink height of "x"), cached per font.
    package func xHeight(family: String, size: Double) -> Double {
        let key = FontKey(family: family, size: size, bold: false, italic: false)
        if let cached = xHeights[key] { return cached }
        var probe = StyledText()
        probe.append("x")
        let probeRole = Typography.TextRole(family: family, size: size, color: Color(0, 0, 0), lineHeight: size,
                                            monospaceFamily: family, monospaceSize: size)
        let format = ParagraphFormat(text: probeRole, width: 1000)
        let shaped = shape(probe, format)
        var value = size / 2
        if let run = shaped.paragraph.lines.first?.runs.first,
           let ink = inkExtents(run.glyphs, font: shaped.paragraph.analysis.items[Int(run.item)].font) {
            value = PangoLength(ink.bottom - ink.top).points
        }
        let result = value > 0 ? value : size / 2
        xHeights[key] = result
        return result
    }
}
