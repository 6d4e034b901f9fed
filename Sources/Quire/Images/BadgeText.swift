// Pango's functions for measuring a badge's text, found at run time (Pango is loaded with the
// process: layout links it), so that Images imports only Cairo and GLib, not Pango.
import CCairo
import QuireModel

/// Text widths in a badge's font, measured by Pango on this thread's default font map (the
/// one librsvg draws with), without hinting. O(n) in the text.
package enum BadgeText {
    /// The width in pixels of `text` at `size` pixels, bold or not; 0 when Pango cannot be
    /// reached.
    package static func width(_ text: String, size: Double, bold: Bool) -> Double {
        guard !text.isEmpty, let pango = try? PangoFunctions(), let fontMap = pango.cairoFontMapGetDefault(),
              let context = pango.fontMapCreateContext(fontMap) else { return 0 }
        defer { pango.objectUnref(UnsafeMutableRawPointer(context)) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango.cairoContextSetFontOptions(context, options)
        cairo_font_options_destroy(options)
        let layout = pango.layoutNew(context)!
        defer { pango.objectUnref(UnsafeMutableRawPointer(layout)) }
        let font = pango.fontDescriptionNew()!
        defer { pango.fontDescriptionFree(font) }
        pango.fontDescriptionSetFamily(font, BadgeDrawing.fontFamily)
        pango.fontDescriptionSetAbsoluteSize(font, PangoLength.fractionalUnits(points: size))
        if bold { pango.fontDescriptionSetWeight(font, PangoFunctions.weightBold) }
        pango.layoutSetFontDescription(layout, font)
        pango.layoutSetText(layout, text, -1)
        var logical: (x: Int32, y: Int32, width: Int32, height: Int32) = (0, 0, 0, 0)  // a PangoRectangle
        withUnsafeMutablePointer(to: &logical) { pango.layoutGetExtents(layout, nil, UnsafeMutableRawPointer($0)) }
        return PangoLength(logical.width).points
    }

    package static func measure(_ text: String, _ size: Double, _ bold: Bool) -> Double { width(text, size: size, bold: bold) }
}

/// The Pango functions `BadgeText` calls, one to one with the C ones, looked up in the loaded
/// `libpangocairo` (which reaches Pango and GObject). About 13 `dlsym` calls: a badge measures
/// a few texts.
private struct PangoFunctions {
    typealias Object = OpaquePointer
    /// `PANGO_WEIGHT_BOLD`.
    static let weightBold: Int32 = 700

    let cairoFontMapGetDefault: @convention(c) () -> Object?
    let fontMapCreateContext: @convention(c) (Object?) -> Object?
    /// context, `cairo_font_options_t *`.
    let cairoContextSetFontOptions: @convention(c) (Object?, OpaquePointer?) -> Void
    let layoutNew: @convention(c) (Object?) -> Object?
    let fontDescriptionNew: @convention(c) () -> Object?
    let fontDescriptionFree: @convention(c) (Object?) -> Void
    let fontDescriptionSetFamily: @convention(c) (Object?, UnsafePointer<CChar>?) -> Void
    let fontDescriptionSetAbsoluteSize: @convention(c) (Object?, Double) -> Void
    let fontDescriptionSetWeight: @convention(c) (Object?, Int32) -> Void
    let layoutSetFontDescription: @convention(c) (Object?, Object?) -> Void
    let layoutSetText: @convention(c) (Object?, UnsafePointer<CChar>?, Int32) -> Void
    /// layout, ink rectangle, logical rectangle (`PangoRectangle`s: four `int`s).
    let layoutGetExtents: @convention(c) (Object?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void

    init() throws(LibraryError) {
        let pango = try openLibrary("libpangocairo-1.0.so.0")
        cairoFontMapGetDefault = try symbol(pango, "pango_cairo_font_map_get_default")
        fontMapCreateContext = try symbol(pango, "pango_font_map_create_context")
        cairoContextSetFontOptions = try symbol(pango, "pango_cairo_context_set_font_options")
        layoutNew = try symbol(pango, "pango_layout_new")
        fontDescriptionNew = try symbol(pango, "pango_font_description_new")
        fontDescriptionFree = try symbol(pango, "pango_font_description_free")
        fontDescriptionSetFamily = try symbol(pango, "pango_font_description_set_family")
        fontDescriptionSetAbsoluteSize = try symbol(pango, "pango_font_description_set_absolute_size")
        fontDescriptionSetWeight = try symbol(pango, "pango_font_description_set_weight")
        layoutSetFontDescription = try symbol(pango, "pango_layout_set_font_description")
        layoutSetText = try symbol(pango, "pango_layout_set_text")
        layoutGetExtents = try symbol(pango, "pango_layout_get_extents")
        objectUnref = try symbol(pango, "g_object_unref")
    }
}
