// The Pango boundary of the paragraph engine: FontTable.swift, Itemizer.swift, WordCache.swift
// and WordShaper.swift import CPango; the engine's other files work on Swift values. HarfBuzz
// itself is called by Fonts (TextShaping.swift): this file hands it Pango's fonts.
import CPango
import QuireFonts

/// Shapes a word with HarfBuzz (through Fonts' `ShapingBuffer` and `ShapingFont`) exactly as `pango_shape_with_flags` does for an item that is
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
    /// One buffer for words shaped alone, one for words shaped together: a word of a batch
    /// that must be shaped alone is, while the batch's glyphs are still read.
    private let buffer = ShapingBuffer()
    private let batchBuffer = ShapingBuffer()
    private var fonts: [UnsafeMutablePointer<PangoFont>: ShapingFont] = [:]
    /// HarfBuzz's language for each Pango language met (a document has a handful: a list,
    /// not a dictionary, whose key type would cost the Swift runtime a scan of every
    /// conformance in the binary the first time).
    private var languages: [(pango: OpaquePointer?, harfBuzz: ShapingLanguage)] = []
    private let glyphString = pango_glyph_string_new()!
    /// The words of the last batch, one after another, each followed by a space.
    private var batchText: [UInt8] = []
    /// Each word of the last batch: its offset in `batchText`, and the range of its glyphs in
    /// `batchBuffer` (nil when it must be shaped alone).
    private var batchWords: [(offset: Int32, glyphs: Range<Int>?)] = []
    /// Batches shaped and the longest one's bytes, for tests and measurements.
    package private(set) var batches = 0
    package private(set) var longestBatch = 0

    package init() {}

    deinit {
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
        append(buffer, 0..<buffer.count, clusterBase: 0, to: &glyphs)
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
        let count = batchBuffer.count
        var first = [Int](repeating: Int.max, count: words.count), last = [Int](repeating: -1, count: words.count)
        var safe = [Bool](repeating: true, count: words.count), spaceGlyphs = [Int](repeating: 0, count: words.count)
        var word = 0
        let rightToLeft = batchBuffer.isRightToLeft  // glyphs in visual order
        for g in 0..<count {
            let i = rightToLeft ? count - 1 - g : g  // logical order
            let (cluster, unsafe) = batchBuffer.cluster(i)
            while word + 1 < words.count, cluster >= batchWords[word + 1].offset { word += 1 }
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
    private func shape(_ buffer: ShapingBuffer, _ text: UnsafeBufferPointer<UInt8>, _ analysis: PangoAnalysis) -> Bool {
        buffer.shape(text, font: shapingFont(analysis.font), rightToLeft: analysis.level & 1 == 1,
                     script: g_unicode_script_to_iso15924(GUnicodeScript(rawValue: Int32(analysis.script))),
                     language: language(analysis.language),
                     hyphen: analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) != 0, invisibleGlyph: ShapedGlyph.empty)
    }

    /// Appends `buffer`'s glyphs `range` as Pango gives them (y offsets up, a negative advance
    /// turned round), clusters less `clusterBase`.
    private func append(_ buffer: ShapingBuffer, _ range: Range<Int>, clusterBase: Int32, to glyphs: inout [ShapedGlyph]) {
        for i in range {
            let shaped = buffer.glyph(i)
            var advance = shaped.advance, xOffset = shaped.xOffset
            if advance < 0 {
                advance = -advance
                xOffset += advance
            }
            glyphs.append(ShapedGlyph(id: shaped.glyph, advance: advance, xOffset: xOffset, yOffset: -shaped.yOffset,
                                      cluster: shaped.cluster - clusterBase))
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

    /// HarfBuzz's language for Pango's, looked up by name once per language.
    private func language(_ language: OpaquePointer?) -> ShapingLanguage {
        if let known = languages.first(where: { $0.pango == language }) { return known.harfBuzz }
        let found = ShapingLanguage(name: pango_language_to_string(language))
        languages.append((language, found))
        return found
    }

    /// The shaping font over `font`'s HarfBuzz font, with `font`'s features and Pango's answers
    /// for the characters it lacks, made on its first use. The font must outlive the shaper
    /// (the typesetter's `FontTable` holds every font its items name).
    private func shapingFont(_ font: UnsafeMutablePointer<PangoFont>) -> ShapingFont {
        if let known = fonts[font] { return known }
        let shaping = ShapingFont(parent: pango_font_get_hb_font(font)!, fallback: Self.fallback(font)) { buffer, capacity in
            var count: UInt32 = 0
            pango_font_get_features(font, buffer, capacity, &count)
            return count
        }
        fonts[font] = shaping
        return shaping
    }

    /// Pango's answers for a character a font lacks (`pango_font_get_hb_font_for_context`,
    /// without show flags): it becomes `PANGO_GET_UNKNOWN_GLYPH` (reported as found only for
    /// U+0020, which HarfBuzz must not synthesize, and past U+10FFFF; other spaces are left to
    /// HarfBuzz's fallback), measured by Pango's box for it.
    private static func fallback(_ font: UnsafeMutablePointer<PangoFont>) -> ShapingFont.Fallback {
        ShapingFont.Fallback(flag: ShapedGlyph.unknownFlag, glyph: { unicode in
            if g_unichar_type(unicode) == G_UNICODE_SPACE_SEPARATOR {
                guard unicode == 0x20 else { return (0, false) }
                return (0x20 | ShapedGlyph.unknownFlag, true)
            }
            return (unicode | ShapedGlyph.unknownFlag, unicode > 0x10FFFF)
        }, box: { glyph in
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_font_get_glyph_extents(font, glyph, &ink, &logical)
            return (ShapingFont.Box(x: ink.x, y: ink.y, width: ink.width, height: ink.height), logical.width)
        })
    }
}
