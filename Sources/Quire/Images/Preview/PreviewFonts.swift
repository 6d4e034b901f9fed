// Images is the Cairo boundary: its files are the only ones that draw with Cairo (PNG previews,
// and SVG images into a PDF in memory) and open fonts with FreeType, all on the drawing thread
// (Drawing/DrawingThread.swift).
import CCairo
import QuireModel

/// The fonts glyph runs are drawn with: each font file opened with FreeType by the preview
/// itself, never one of layout's Pango fonts.
///
/// So drawing shares no font object with layout and may run on another thread while layout
/// goes on: Cairo 1.16 and FreeType have crashed when two threads used the same fonts. One
/// thread uses a `PreviewFonts` (the drawing thread's lives in its `DrawingState`). Faces and
/// scaled fonts are kept for the owner's life, which for the drawing thread is the process's
/// (a document uses a handful; a batch worker reuses them): Cairo may still hold a face after
/// its last scaled font is released, so none is ever closed.
package final class PreviewFonts {
    private var library: FT_Library?
    private var faces: [FaceKey: OpaquePointer] = [:]
    private var scaled: [FontRef: OpaquePointer] = [:]

    private struct FaceKey: Hashable {
        var file: String
        var index: Int32
        var embolden: Bool
        var isColor: Bool
    }

    package init() {
        if FT_Init_FreeType(&library) != 0 { library = nil }
    }

    /// The Cairo font for `font` (owned by this cache), or nil when its file cannot be opened
    /// (the run is then not drawn). O(1) after a font's first use.
    package func scaledFont(_ font: FontRef) -> OpaquePointer? {
        if let known = scaled[font] { return known }
        guard let face = face(FaceKey(file: font.file, index: font.index, embolden: font.embolden, isColor: font.isColor)),
              font.matrix.count == 4 else { return nil }
        var matrix = cairo_matrix_t(xx: font.matrix[0], yx: font.matrix[1], xy: font.matrix[2], yy: font.matrix[3], x0: 0, y0: 0)
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        // Unhinted, as layout measured (see Typesetter).
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        if !font.variations.isEmpty { cairo_font_options_set_variations(options, font.variations) }
        guard let result = cairo_scaled_font_create(face, &matrix, &identity, options),
              cairo_scaled_font_status(result) == CAIRO_STATUS_SUCCESS else { return nil }
        scaled[font] = result
        return result
    }

    private func face(_ key: FaceKey) -> OpaquePointer? {
        if let known = faces[key] { return known }
        guard let library, !key.file.isEmpty else { return nil }
        var ftFace: FT_Face?
        guard FT_New_Face(library, key.file, FT_Long(key.index), &ftFace) == 0, let ftFace else { return nil }
        let flags = FT_LOAD_NO_HINTING | (key.isColor ? FT_LOAD_COLOR : 0)
        guard let face = cairo_ft_font_face_create_for_ft_face(ftFace, Int32(flags)),
              cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            FT_Done_Face(ftFace)
            return nil
        }
        if key.embolden { cairo_ft_font_face_set_synthesize(face, CAIRO_FT_SYNTHESIZE_BOLD.rawValue) }
        faces[key] = face
        return face
    }
}
