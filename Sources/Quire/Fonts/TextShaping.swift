// The HarfBuzz boundary of text shaping: the paragraph engine (Layout/Text/Paragraph/
// WordShaper.swift) shapes words through these two types, never calling HarfBuzz itself.
import CHarfBuzz

/// A font to shape with: a HarfBuzz sub-font over a font the text engine opened (Pango's
/// `hb_font_t`), with the font's own features, whose characters the font lacks become the
/// engine's glyphs, measured by the engine (`Fallback`). Pango 1.50 shapes with such a
/// sub-font (`pango_font_get_hb_font_for_context`); this one is made once per font rather than
/// once per call.
///
/// The parent font must outlive it. Immutable once made; used by one thread (the fallback's
/// closures are the caller's).
package final class ShapingFont {
    /// An ink rectangle in the font's units as HarfBuzz measures a glyph (x right, y up from the
    /// origin for HarfBuzz; the fallback gives Pango's rectangle, y down, as Pango's functions do).
    package struct Box {
        package var x, y, width, height: Int32
        package init(x: Int32, y: Int32, width: Int32, height: Int32) { self.x = x; self.y = y; self.width = width; self.height = height }
    }

    /// What the engine answers for characters the font lacks.
    package struct Fallback {
        /// Set in every glyph id the engine makes (Pango's `PANGO_GLYPH_UNKNOWN_FLAG`).
        package var flag: UInt32
        /// The engine's glyph for a character the font has no glyph for, and whether HarfBuzz
        /// is to take it as the font's (else HarfBuzz may compose, decompose or synthesize).
        package var glyph: (UInt32) -> (glyph: UInt32, found: Bool)
        /// An engine glyph's ink rectangle and advance.
        package var box: (UInt32) -> (ink: Box, advance: Int32)

        package init(flag: UInt32, glyph: @escaping (UInt32) -> (glyph: UInt32, found: Bool),
                     box: @escaping (UInt32) -> (ink: Box, advance: Int32)) {
            self.flag = flag
            self.glyph = glyph
            self.box = box
        }
    }

    /// What the font functions read: a trivial value, so a glyph the font has costs them no
    /// reference counting; the fallback is reached only for the engine's glyphs.
    private struct FunctionData {
        var parent: OpaquePointer
        var flag: UInt32
        var fallback: Unmanaged<FallbackBox>

        static func of(_ data: UnsafeMutableRawPointer?) -> FunctionData {
            data!.assumingMemoryBound(to: FunctionData.self).pointee
        }
    }

    private final class FallbackBox {
        let fallback: Fallback
        init(_ fallback: Fallback) { self.fallback = fallback }
    }

    fileprivate let font: OpaquePointer
    fileprivate let features: [hb_feature_t]
    private let data: UnsafeMutablePointer<FunctionData>
    private let fallback: FallbackBox

    /// A sub-font of `parent` (an `hb_font_t *` the caller keeps alive) with `fallback` for the
    /// characters it lacks; `features` fills the buffer it is given (at most `capacity`
    /// features) and returns how many it wrote (Pango's `pango_font_get_features`).
    package init(parent: OpaquePointer, fallback: Fallback,
                 features: (_ buffer: UnsafeMutablePointer<hb_feature_t>, _ capacity: UInt32) -> UInt32) {
        self.fallback = FallbackBox(fallback)
        data = UnsafeMutablePointer<FunctionData>.allocate(capacity: 1)
        data.initialize(to: FunctionData(parent: parent, flag: fallback.flag, fallback: Unmanaged.passUnretained(self.fallback)))
        font = hb_font_create_sub_font(parent)!
        hb_font_set_funcs(font, Self.functions, data, nil)
        var buffer = [hb_feature_t](repeating: hb_feature_t(), count: 32)
        let count = buffer.withUnsafeMutableBufferPointer { features($0.baseAddress!, 32) }
        self.features = Array(buffer.prefix(Int(min(count, 32))))
    }

    deinit {
        hb_font_destroy(font)
        data.deallocate()
    }

    /// Whether the font (with its fallback) has a glyph for `scalar`.
    fileprivate func hasGlyph(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    /// The font functions: the parent's for its own glyphs, the fallback's for the engine's.
    /// Pango's vertical advance is left out: only horizontal text is shaped here. Immutable once
    /// made (HarfBuzz then allows any thread to use it), shared by all shaping fonts.
    nonisolated(unsafe) private static let functions: OpaquePointer = {
        let f = hb_font_funcs_create()!
        hb_font_funcs_set_nominal_glyph_func(f, { _, fontData, unicode, glyph, _ in
            let data = FunctionData.of(fontData)
            if hb_font_get_nominal_glyph(data.parent, unicode, glyph) != 0 { return 1 }
            let fallback = data.fallback.takeUnretainedValue().fallback.glyph(unicode)
            glyph!.pointee = fallback.glyph
            return fallback.found ? 1 : 0
        }, nil, nil)
        hb_font_funcs_set_glyph_h_advance_func(f, { _, fontData, glyph, _ in
            let data = FunctionData.of(fontData)
            guard glyph & data.flag != 0 else { return hb_font_get_glyph_h_advance(data.parent, glyph) }
            return data.fallback.takeUnretainedValue().fallback.box(glyph).advance
        }, nil, nil)
        hb_font_funcs_set_glyph_extents_func(f, { _, fontData, glyph, extents, _ in
            let data = FunctionData.of(fontData)
            guard glyph & data.flag != 0 else { return hb_font_get_glyph_extents(data.parent, glyph, extents) }
            let ink = data.fallback.takeUnretainedValue().fallback.box(glyph).ink
            extents!.pointee = hb_glyph_extents_t(x_bearing: ink.x, y_bearing: ink.y, width: ink.width, height: ink.height)
            return 1
        }, nil, nil)
        hb_font_funcs_make_immutable(f)
        return f
    }()
}

/// A language as HarfBuzz knows it (`hb_language_t`: an interned pointer), looked up by its
/// BCP 47 name once, by the caller that keeps it.
package struct ShapingLanguage {
    fileprivate let language: OpaquePointer?

    /// The language named `name` ("en", "ar-EG"); HarfBuzz's "no language" for nil.
    package init(name: UnsafePointer<CChar>?) {
        language = name.flatMap { hb_language_from_string($0, -1) }
    }
}

/// One glyph as shaping gave it: HarfBuzz's position, in the font's scale (Pango units for a
/// Pango font), y offsets up as HarfBuzz gives them; the byte offset of its cluster.
package struct ShapedPosition {
    package var glyph: UInt32
    package var cluster: Int32
    package var advance: Int32
    package var xOffset: Int32
    package var yOffset: Int32
}

/// A HarfBuzz buffer text is shaped in, and read back from. Used by one thread.
package final class ShapingBuffer {
    private let buffer: OpaquePointer

    package init() { buffer = hb_buffer_create() }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `text` (UTF-8) as a paragraph of its own (`pango_hb_shape`'s settings: beginning
    /// and end of text, monotone character clusters), `invisibleGlyph` for default ignorables,
    /// a hyphen added in the last character's cluster when `hyphen` (U+2010 where the font has
    /// it, else "-", as Pango shows a soft hyphen). `script` is an ISO 15924 tag. False (nothing
    /// to keep) when HarfBuzz gives no glyphs or text right to left comes out left to right.
    /// O(length).
    package func shape(_ text: UnsafeBufferPointer<UInt8>, font: ShapingFont, rightToLeft: Bool, script: UInt32,
                       language: ShapingLanguage, hyphen: Bool, invisibleGlyph: UInt32) -> Bool {
        hb_buffer_reset(buffer)
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        hb_buffer_set_language(buffer, language.language)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_buffer_set_invisible_glyph(buffer, invisibleGlyph)
        let start = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        let length = Int32(text.count)
        hb_buffer_add_utf8(buffer, start, length, 0, length)
        if hyphen { addHyphen(start, length, font) }
        font.features.withUnsafeBufferPointer { hb_shape(font.font, buffer, $0.baseAddress, UInt32($0.count)) }
        let count = Int(hb_buffer_get_length(buffer))
        guard count > 0, let infos = hb_buffer_get_glyph_infos(buffer, nil) else { return false }
        return !(rightToLeft && infos[0].cluster < infos[count - 1].cluster)
    }

    /// Pango's hyphen: U+2010 where the font has it, else "-", in the cluster of the text's
    /// last character.
    private func addHyphen(_ start: UnsafePointer<CChar>, _ length: Int32, _ font: ShapingFont) {
        var lastStart = Int(length) - 1
        while lastStart > 0, UInt8(bitPattern: start[lastStart]) & 0xC0 == 0x80 { lastStart -= 1 }
        if font.hasGlyph(0x2010) {
            hb_buffer_add(buffer, 0x2010, UInt32(lastStart))
        } else if font.hasGlyph(0x2D) {
            hb_buffer_add(buffer, 0x2D, UInt32(lastStart))
        }
    }

    /// The glyphs of the last `shape`, in visual order.
    package var count: Int { Int(hb_buffer_get_length(buffer)) }

    /// Whether the last text was shaped right to left (its glyphs in visual order, last first).
    package var isRightToLeft: Bool { hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL }

    /// Glyph `index` (below `count`). O(1).
    package func glyph(_ index: Int) -> ShapedPosition {
        let info = hb_buffer_get_glyph_infos(buffer, nil)![index]
        let position = hb_buffer_get_glyph_positions(buffer, nil)![index]
        return ShapedPosition(glyph: info.codepoint, cluster: Int32(bitPattern: info.cluster), advance: position.x_advance,
                              xOffset: position.x_offset, yOffset: position.y_offset)
    }

    /// Glyph `index`'s cluster and whether HarfBuzz marks it unsafe to break before
    /// (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: a kerning, ligature or context across it). O(1).
    package func cluster(_ index: Int) -> (cluster: Int32, unsafeToBreak: Bool) {
        let infos = hb_buffer_get_glyph_infos(buffer, nil)!
        let flags = hb_glyph_info_get_glyph_flags(&infos[index]).rawValue
        return (Int32(bitPattern: infos[index].cluster), flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
    }
}
