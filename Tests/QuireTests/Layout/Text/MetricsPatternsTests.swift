import CPango
@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import XCTest

/// The patterns of the fonts Pango measures for line breaking share those Quire asked for
/// (fewer font sorts and threads), without changing what Pango measures.
final class MetricsPatternsTests: XCTestCase {
    private let body = "Noto Serif, Noto Sans Arabic, Noto Sans Hebrew"

    /// A pattern as Pango makes it for `families` (all strongly bound) at 10.5 pixels, in a
    /// context at `dpi` (Quire's are at 72; those Pango makes for itself at 96).
    private func pattern(_ families: [String], language: String = "c", dpi: Double = 72) -> OpaquePointer {
        let pattern = FcPatternCreate()!
        for family in families {
            _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        }
        _ = language.withCString { FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddDouble(pattern, FC_WEIGHT, 80)
        FcPatternAddInteger(pattern, FC_SLANT, 0)
        FcPatternAddDouble(pattern, FC_SIZE, 10.5 * 72 / dpi)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, 10.5)
        FcPatternAddDouble(pattern, FC_DPI, dpi)
        return pattern
    }

    /// `sample` after the hook saw `requested` and then it, on a font map of its own.
    private func substituted(requested: OpaquePointer, sample: OpaquePointer) -> OpaquePointer {
        let fontMap = pango_cairo_font_map_new()!
        let patterns = MetricsPatterns()
        patterns.install(on: OpaquePointer(fontMap))
        patterns.substitute(requested)
        patterns.substitute(sample)
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        addTeardownBlock { FcPatternDestroy(requested); FcPatternDestroy(sample) }
        return sample
    }

    func testTheSampleOfAFamilyListsFirstFontTakesTheListsPattern() {
        let requested = pattern(body.components(separatedBy: ", "))
        let sample = substituted(requested: requested, sample: pattern(["Noto Serif"], dpi: 96))
        XCTAssertNotEqual(FcPatternEqual(sample, requested), 0, "the sample is sorted as the paragraph's font")
    }

    func testAFamilyQuireAsksForAloneKeepsItsOwnPattern() {
        // At Quire's resolution a pattern is a request of Quire's, never a sample.
        let requested = pattern(body.components(separatedBy: ", "))
        let alone = substituted(requested: requested, sample: pattern(["Noto Serif"]))
        XCTAssertEqual(Self.families(alone), ["Noto Serif"])
    }

    func testASampleTheFontCannotSetKeepsItsOwnPattern() {
        // Japanese's sample string is kana and kanji, which Noto Serif has not: Pango sets it in
        // the fallbacks of "Noto Serif" alone, which the list would change.
        let requested = pattern(body.components(separatedBy: ", "), language: "ja")
        let sample = substituted(requested: requested, sample: pattern(["Noto Serif"], language: "ja", dpi: 96))
        XCTAssertEqual(Self.families(sample), ["Noto Serif"])
    }

    func testASampleOfAnotherFamilyKeepsItsOwnPattern() {
        // An Arabic run's font, measured at a break, is a fallback of the list, not its first.
        let requested = pattern(body.components(separatedBy: ", "))
        let sample = substituted(requested: requested, sample: pattern(["Noto Sans Arabic"], dpi: 96))
        XCTAssertEqual(Self.families(sample), ["Noto Sans Arabic"])
        var dpi = 0.0
        FcPatternGetDouble(sample, FC_DPI, 0, &dpi)
        XCTAssertEqual(dpi, 96)
    }

    private static func families(_ pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, Int32(names.count), &name) == FcResultMatch, let name {
            names.append(String(cString: name))
        }
        return names
    }

    /// The metrics Pango breaks lines with (its approximate character width sets how far from
    /// a line's end it measures breaks exactly) are those of a font map without the hook, as
    /// before the patterns were shared.
    func testMetricsPangoBreaksLinesWithAreThoseOfAPlainFontMap() {
        func metrics(_ fontMap: UnsafeMutablePointer<PangoFontMap>, _ context: OpaquePointer, _ family: String, _ size: Double) -> [Int32] {
            let description = pango_font_description_from_string(family)!
            defer { pango_font_description_free(description) }
            pango_font_description_set_size(description, Int32(size * Double(PANGO_SCALE)))
            guard let font = pango_font_map_load_font(fontMap, context, description) else { return [] }
            defer { g_object_unref(UnsafeMutableRawPointer(font)) }
            let m = pango_font_get_metrics(font, pango_language_from_string("c"))!
            defer { pango_font_metrics_unref(m) }
            return [pango_font_metrics_get_approximate_char_width(m), pango_font_metrics_get_approximate_digit_width(m),
                    pango_font_metrics_get_ascent(m), pango_font_metrics_get_descent(m), pango_font_metrics_get_height(m)]
        }
        let plainMap = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(plainMap)) }
        let plain = pango_font_map_create_context(plainMap)!
        defer { g_object_unref(UnsafeMutableRawPointer(plain)) }
        pango_cairo_context_set_resolution(plain, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(plain, options)
        cairo_font_options_destroy(options)
        pango_context_set_language(plain, pango_language_from_string("c"))
        let typesetter = Typesetter(language: "c")
        for (family, size) in [(body, 10.5), ("Noto Sans, Noto Sans Arabic, Noto Sans Hebrew", 16.8), ("DejaVu Sans Mono", 9.03)] {
            let ours = metrics(typesetter.fontMap, typesetter.context, family, size)
            XCTAssertFalse(ours.isEmpty, family)
            XCTAssertEqual(ours, metrics(plainMap, plain, family, size), family)
        }
    }
}
