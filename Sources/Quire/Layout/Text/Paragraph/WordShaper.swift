// The Pango boundary of the paragraph engine: FontTable.swift, Itemizer.swift, WordCache.swift
// and WordShaper.swift import CPango; the engine's other files work on Swift values.
import CPango

/// Shapes a word with HarfBuzz exactly as `pango_shape_with_flags` does for an item that is
/// its own paragraph (Pango 1.50's `pango_hb_shape`): the same font functions over the font's
/// HarfBuzz font (a character no font has becomes Pango's unknown glyph, measured as Pango's
/// hex box), the same buffer settings, the font's own features, a hyphen added the same way.
///
/// Why not call Pango: per call, Pango makes a HarfBuzz sub-font, looks up the language by
/// name, reads the font's features from its pattern and asks HarfBuzz whether each glyph is
/// a colour glyph; that was half the cost of shaping a word (3.6 µs against 1.6 µs for a
/// word of Noto Serif). Here the sub-font, features and languages are made once per font.
///
/// What Pango's analysis can carry that this does not handle (extra attributes, a vertical
/// or upside-down gravity) is shaped by Pango itself, as is a word HarfBuzz gives no glyphs.
/// Used by one thread (its font functions' data are its own).
package final class WordShaper {
    /// What a sub-font's functions read: Pango's font (for a missing glyph's box) and the
    /// HarfBuzz font under it.
    private struct FontData {
        var font: UnsafeMutablePointer<PangoFont>
        var parent: OpaquePointer

        /// The data a font function is given.
        static func of(_ fontData: UnsafeMutableRawPointer?) -> FontData {
            fontData!.assumingMemoryBound(to: FontData.self).pointee
        }

        /// Pango's box for an unknown glyph (`PANGO_GET_UNKNOWN_GLYPH`): its ink and logical
        /// rectangles, Pango units.
        func box(_ glyph: hb_codepoint_t) -> (ink: PangoRectangle, logical: PangoRectangle) {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_font_get_glyph_extents(font, glyph, &ink, &logical)
            return (ink, logical)
        }
    }

    private struct ShapingFont {
        var font: OpaquePointer
        var data: UnsafeMutablePointer<FontData>
        var features: [hb_feature_t]
    }

    /// One buffer for words shaped alone, one for words shaped together: a word of a batch
    /// that must be shaped alone is, while the batch's glyphs are still read.
    private let buffer: OpaquePointer
    private let batchBuffer: OpaquePointer
    private var fonts: [UnsafeMutablePointer<PangoFont>: ShapingFont] = [:]
    /// HarfBuzz's language for each Pango language met (a document has a handful: a list,
    /// not a dictionary, whose key type would cost the Swift runtime a scan of every
    /// conformance in the binary the first time).
    private var languages: [(pango: OpaquePointer?, harfBuzz: hb_language_t?)] = []
    private let glyphString = pango_glyph_string_new()!
    /// The words of the last batch, one after another, each followed by a space.
    private var batchText: [UInt8] = []
    /// Each word of the last batch: its offset in `batchText`, and the range of its glyphs in
    /// `batchBuffer` (nil when it must be shaped alone).
    private var batchWords: [(offset: Int32, glyphs: Range<Int>?)] = []
    /// Batches shaped and the longest one's bytes, for tests and measurements.
    package private(set) var batches = 0
    package private(set) var longestBatch = 0

    package init() {
        buffer = hb_buffer_create()
        batchBuffer = hb_buffer_create()
    }

    deinit {
        for shaping in fonts.values {
            hb_font_destroy(shaping.font)
            shaping.data.deallocate()
        }
        hb_buffer_destroy(buffer)
        hb_buffer_destroy(batchBuffer)
        pango_glyph_string_free(glyphString)
    }

    /// Appends the glyphs of `text[range]` shaped alone with `analysis` to `glyphs`, clusters
    /// from `range`'s start; a hyphen added at its end when `hyphen` (the word broken at a soft
    /// hyphen, as Pango shows it). O(length).
    package func shape(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, _ analysis: PangoAnalysis, hyphen: Bool,
               into glyphs: inout [ShapedGlyph]) {
        var analysis = analysis
        if hyphen { analysis.flags |= UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) }
        let start = text + range.lowerBound
        guard Self.isHarfBuzzShaped(analysis), !range.isEmpty,
              shape(buffer, UnsafeBufferPointer(start: start, count: range.count), analysis) else {
            // The word is its own paragraph: no context across the spaces around it.
            let chars = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
            pango_shape_with_flags(chars, Int32(range.count), chars, Int32(range.count), &analysis, glyphString, PANGO_SHAPE_NONE)
            appendPango(glyphString, to: &glyphs)
            return
        }
        append(buffer, 0..<Int(hb_buffer_get_length(buffer)), clusterBase: 0, to: &glyphs)
    }

    /// Shapes `words` (pieces of `text` in one item, shaped with `analysis`) in one call, each
    /// followed by a space: one HarfBuzz call per item's new words rather than one per word (on
    /// free-programming-books-langs 1,776 calls instead of 4,217; with Noto Serif HarfBuzz's cost
    /// is mostly per glyph, about 2,000 instructions, so the saving is the calls' own cost).
    /// `appendGlyphs(ofWord:to:)` then gives each word's glyphs where they are exactly those of the
    /// word shaped alone: where HarfBuzz marks neither the word's first cluster nor the space after
    /// it unsafe to break (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: no kerning, ligature or context across
    /// them) and the word starts with no mark or format character (which shaped alone meet the
    /// text's start). O(total length).
    package func shapeTogether(_ text: UnsafePointer<UInt8>, _ words: [Range<Int>], _ analysis: PangoAnalysis) {
        batchText.removeAll(keepingCapacity: true)
        batchWords.removeAll(keepingCapacity: true)
        for word in words {
            batchWords.append((Int32(batchText.count), nil))
            batchText.append(contentsOf: UnsafeBufferPointer(start: text + word.lowerBound, count: word.count))
            batchText.append(0x20)
        }
        batches += 1
        longestBatch = max(longestBatch, batchText.count)
        guard Self.isHarfBuzzShaped(analysis), !words.isEmpty,
              batchText.withUnsafeBufferPointer({ shape(batchBuffer, UnsafeBufferPointer(rebasing: $0.dropLast()), analysis) })
        else { return }
        findWordGlyphs(words)
    }

    /// Appends word `index` of the last `shapeTogether` to `glyphs` (clusters from the word's
    /// start) and returns true, or returns false when the word must be shaped alone.
    package func appendGlyphs(ofWord index: Int, to glyphs: inout [ShapedGlyph]) -> Bool {
        guard index < batchWords.count, let range = batchWords[index].glyphs else { return false }
        append(batchBuffer, range, clusterBase: batchWords[index].offset, to: &glyphs)
        return true
    }

    /// Sets each batch word's glyph range where its glyphs can be taken as its own.
    private func findWordGlyphs(_ words: [Range<Int>]) {
        let count = Int(hb_buffer_get_length(batchBuffer))
        guard let infos = hb_buffer_get_glyph_infos(batchBuffer, nil) else { return }
        var first = [Int](repeating: Int.max, count: words.count), last = [Int](repeating: -1, count: words.count)
        var safe = [Bool](repeating: true, count: words.count), spaceGlyphs = [Int](repeating: 0, count: words.count)
        var word = 0
        let rightToLeft = hb_buffer_get_direction(batchBuffer) == HB_DIRECTION_RTL  // glyphs in visual order
        for g in 0..<count {
            let i = rightToLeft ? count - 1 - g : g  // logical order
            let cluster = Int32(bitPattern: infos[i].cluster)
            while word + 1 < words.count, cluster >= batchWords[word + 1].offset { word += 1 }
            let unsafe = hb_glyph_info_get_glyph_flags(&infos[i]).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
            if cluster - batchWords[word].offset >= Int32(words[word].count) {
                // The space after the word: one glyph of its own, safe on both sides.
                spaceGlyphs[word] += 1
                if unsafe || cluster != batchWords[word].offset + Int32(words[word].count) {
                    safe[word] = false
                    if word + 1 < words.count { safe[word + 1] = false }
                }
                continue
            }
            if first[word] == Int.max && cluster != batchWords[word].offset { safe[word] = false }
            if unsafe && cluster == batchWords[word].offset { safe[word] = false }
            first[word] = min(first[word], i)
            last[word] = max(last[word], i)
        }
        for w in words.indices where safe[w] && last[w] >= 0 && (w == words.count - 1 || spaceGlyphs[w] == 1)
            && Self.startsBatchable(batchText, at: Int(batchWords[w].offset)) {
            batchWords[w].glyphs = first[w]..<(last[w] + 1)
        }
    }

    /// Whether a word starting at `offset` may be shaped after a space: its first character
    /// is no mark (which alone gets a dotted circle, after a space joins the space's cluster)
    /// and no format character (a joiner).
    private static func startsBatchable(_ bytes: [UInt8], at offset: Int) -> Bool {
        let lead = bytes[offset]
        if lead < 0x80 { return true }
        let char = bytes.withUnsafeBufferPointer { g_utf8_get_char(UnsafeRawPointer($0.baseAddress! + offset).assumingMemoryBound(to: CChar.self)) }
        switch g_unichar_type(char) {
        case G_UNICODE_SPACING_MARK, G_UNICODE_ENCLOSING_MARK, G_UNICODE_NON_SPACING_MARK, G_UNICODE_FORMAT: return false
        default: return true
        }
    }

    /// Whether Pango's shaping of an item with `analysis` is what `shape(_:_:_:)` does: no
    /// extra attributes (show flags, text transforms, features), horizontal.
    private static func isHarfBuzzShaped(_ analysis: PangoAnalysis) -> Bool {
        analysis.extra_attrs == nil && UInt32(analysis.gravity) == PANGO_GRAVITY_SOUTH.rawValue
    }

    /// `pango_hb_shape` of `text` as its own paragraph into `buffer`, and `pango_shape_internal`'s
    /// checks; false (nothing to keep) when HarfBuzz gives no glyphs or an item right to left
    /// comes out left to right, which Pango handles its own way.
    private func shape(_ buffer: OpaquePointer, _ text: UnsafeBufferPointer<UInt8>, _ analysis: PangoAnalysis) -> Bool {
        let shaping = shapingFont(analysis.font)
        hb_buffer_reset(buffer)
        hb_buffer_set_direction(buffer, analysis.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: g_unicode_script_to_iso15924(GUnicodeScript(rawValue: Int32(analysis.script)))))
        hb_buffer_set_language(buffer, language(analysis.language))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_buffer_set_invisible_glyph(buffer, hb_codepoint_t(ShapedGlyph.empty))
        let start = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
        let length = Int32(text.count)
        hb_buffer_add_utf8(buffer, start, length, 0, length)
        if analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) != 0 { addHyphen(buffer, start, length, shaping.font) }
        shaping.features.withUnsafeBufferPointer { hb_shape(shaping.font, buffer, $0.baseAddress, UInt32($0.count)) }
        let count = Int(hb_buffer_get_length(buffer))
        guard count > 0, let infos = hb_buffer_get_glyph_infos(buffer, nil) else { return false }
        return !(analysis.level & 1 == 1 && infos[0].cluster < infos[count - 1].cluster)
    }

    /// Appends `buffer`'s glyphs `range` as Pango gives them (y offsets up, a negative advance
    /// turned round), clusters less `clusterBase`.
    private func append(_ buffer: OpaquePointer, _ range: Range<Int>, clusterBase: Int32, to glyphs: inout [ShapedGlyph]) {
        guard let infos = hb_buffer_get_glyph_infos(buffer, nil), let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        for i in range {
            var advance = positions[i].x_advance, xOffset = positions[i].x_offset
            if advance < 0 {
                advance = -advance
                xOffset += advance
            }
            glyphs.append(ShapedGlyph(id: infos[i].codepoint, advance: advance, xOffset: xOffset, yOffset: -positions[i].y_offset,
                                      cluster: Int32(bitPattern: infos[i].cluster) - clusterBase))
        }
    }

    private func appendPango(_ string: UnsafeMutablePointer<PangoGlyphString>, to glyphs: inout [ShapedGlyph]) {
        guard let infos = string.pointee.glyphs, let clusters = string.pointee.log_clusters else { return }
        for g in 0..<Int(string.pointee.num_glyphs) {
            let info = infos[g]
            glyphs.append(ShapedGlyph(id: info.glyph, advance: info.geometry.width, xOffset: info.geometry.x_offset,
                                      yOffset: info.geometry.y_offset, cluster: clusters[g]))
        }
    }

    /// Pango's hyphen: U+2010 where the font has it, else "-", in the cluster of the word's
    /// last character.
    private func addHyphen(_ buffer: OpaquePointer, _ start: UnsafePointer<CChar>, _ length: Int32, _ font: OpaquePointer) {
        var lastStart = Int(length) - 1
        while lastStart > 0, UInt8(bitPattern: start[lastStart]) & 0xC0 == 0x80 { lastStart -= 1 }
        var glyph: hb_codepoint_t = 0
        if hb_font_get_nominal_glyph(font, 0x2010, &glyph) != 0 {
            hb_buffer_add(buffer, 0x2010, UInt32(lastStart))
        } else if hb_font_get_nominal_glyph(font, 0x2D, &glyph) != 0 {
            hb_buffer_add(buffer, 0x2D, UInt32(lastStart))
        }
    }

    /// HarfBuzz's language for Pango's, looked up by name once per language.
    private func language(_ language: OpaquePointer?) -> hb_language_t? {
        if let known = languages.first(where: { $0.pango == language }) { return known.harfBuzz }
        let found = hb_language_from_string(pango_language_to_string(language), -1)
        languages.append((language, found))
        return found
    }

    /// The sub-font with Pango's functions over `font`'s HarfBuzz font, and `font`'s features,
    /// made on its first use. The font must outlive the shaper (the typesetter's `FontTable`
    /// holds every font its items name).
    private func shapingFont(_ font: UnsafeMutablePointer<PangoFont>) -> ShapingFont {
        if let known = fonts[font] { return known }
        let parent = pango_font_get_hb_font(font)!
        let data = UnsafeMutablePointer<FontData>.allocate(capacity: 1)
        data.initialize(to: FontData(font: font, parent: parent))
        let sub = hb_font_create_sub_font(parent)!
        hb_font_set_funcs(sub, Self.functions, data, nil)
        var features = [hb_feature_t](repeating: hb_feature_t(), count: 32)
        var count: UInt32 = 0
        features.withUnsafeMutableBufferPointer { pango_font_get_features(font, $0.baseAddress, 32, &count) }
        let shaping = ShapingFont(font: sub, data: data, features: Array(features.prefix(Int(count))))
        fonts[font] = shaping
        return shaping
    }

    /// Pango's font functions (`pango_font_get_hb_font_for_context`, without show flags): a
    /// character the font lacks becomes `PANGO_GET_UNKNOWN_GLYPH` (reported as found only for
    /// U+0020, which HarfBuzz must not synthesize, and past U+10FFFF; other spaces are left to
    /// HarfBuzz's fallback), measured by Pango's box. Pango's vertical advance is left out: only
    /// horizontal text is shaped here (`isHarfBuzzShaped`). Immutable once made (HarfBuzz then
    /// allows any thread to use it), shared by all shapers.
    nonisolated(unsafe) private static let functions: OpaquePointer = {
        let f = hb_font_funcs_create()!
        hb_font_funcs_set_nominal_glyph_func(f, { _, fontData, unicode, glyph, _ in
            if hb_font_get_nominal_glyph(FontData.of(fontData).parent, unicode, glyph) != 0 { return 1 }
            if g_unichar_type(unicode) == G_UNICODE_SPACE_SEPARATOR {
                guard unicode == 0x20 else { return 0 }
                glyph!.pointee = 0x20 | ShapedGlyph.unknownFlag
                return 1
            }
            glyph!.pointee = unicode | ShapedGlyph.unknownFlag
            return unicode > 0x10FFFF ? 1 : 0
        }, nil, nil)
        hb_font_funcs_set_glyph_h_advance_func(f, { _, fontData, glyph, _ in
            let data = FontData.of(fontData)
            guard glyph & ShapedGlyph.unknownFlag != 0 else { return hb_font_get_glyph_h_advance(data.parent, glyph) }
            return data.box(glyph).logical.width
        }, nil, nil)
        hb_font_funcs_set_glyph_extents_func(f, { _, fontData, glyph, extents, _ in
            let data = FontData.of(fontData)
            guard glyph & ShapedGlyph.unknownFlag != 0 else { return hb_font_get_glyph_extents(data.parent, glyph, extents) }
            let ink = data.box(glyph).ink
            extents!.pointee = hb_glyph_extents_t(x_bearing: ink.x, y_bearing: ink.y, width: ink.width, height: ink.height)
            return 1
        }, nil, nil)
        hb_font_funcs_make_immutable(f)
        return f
    }()
}
