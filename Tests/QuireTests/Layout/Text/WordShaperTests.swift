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

/// The paragraph engine's HarfBuzz boundary (WordShaper): a word shaped alone gives Pango's
/// glyphs, and words shaped together give each word the glyphs it has alone.
final class WordShaperTests: XCTestCase {
    /// Text in many scripts, with what Pango's shaping handles its own way: a character no
    /// font has (U+E000, private use), a word opening with a combining mark, an emoji, a word
    /// with a soft hyphen, kerned pairs ("AV", "To"), ligatures ("ffi").
    private let samples = [
        "The quick brown fox jumps over the lazy dog: AV To Wa ffi fl office",
        "Programming in Haskell, Introduction to Computer Science using Java",
        "مقدمة في البرمجة بلغة بايثون",
        "מבוא לתכנות בשפת פייתון",
        "プログラミング入門 编程入门 프로그래밍 입문",
        "Введение в программирование на языке Python",
        "an \u{301}accent \u{E000}private emoji 🙂 co\u{AD}operate",
    ]

    /// Every word of each sample's items: its range and its item's analysis.
    private func words(_ typesetter: Typesetter, _ string: String) -> [(Range<Int>, PangoAnalysis)] {
        var text = StyledText()
        text.append(string)
        let format = ParagraphFormat(text: Typography(Style()).body, width: 1000, alignment: .left)
        let analysis = typesetter.analyse(text, format, pango: true)
        let bytes = Array(string.utf8)
        var result: [(Range<Int>, PangoAnalysis)] = []
        for item in analysis.items {
            var start = item.range.lowerBound
            for i in item.range where bytes[i] == 0x20 || i == item.range.upperBound - 1 {
                let end = bytes[i] == 0x20 ? i : i + 1
                if end > start { result.append((start..<end, item.analysis)) }
                start = i + 1
            }
        }
        return result
    }

    private func pangoGlyphs(_ text: UnsafePointer<UInt8>, _ range: Range<Int>, _ analysis: PangoAnalysis,
                             hyphen: Bool) -> [ShapedGlyph] {
        var analysis = analysis
        if hyphen { analysis.flags |= UInt8(PANGO_ANALYSIS_FLAG_NEED_HYPHEN) }
        let glyphs = pango_glyph_string_new()!
        defer { pango_glyph_string_free(glyphs) }
        let start = UnsafeRawPointer(text + range.lowerBound).assumingMemoryBound(to: CChar.self)
        pango_shape_with_flags(start, Int32(range.count), start, Int32(range.count), &analysis, glyphs, PANGO_SHAPE_NONE)
        return (0..<Int(glyphs.pointee.num_glyphs)).map { g in
            let info = glyphs.pointee.glyphs[g]
            return ShapedGlyph(id: info.glyph, advance: info.geometry.width, xOffset: info.geometry.x_offset,
                               yOffset: info.geometry.y_offset, cluster: glyphs.pointee.log_clusters[g])
        }
    }

    /// Each word, with and without a hyphen, gets exactly the glyphs `pango_shape_with_flags`
    /// gives it: ids (unknown glyphs for a missing character), advances, offsets, clusters.
    func testAWordShapedAloneHasPangosGlyphs() {
        let typesetter = Typesetter()
        let shaper = WordShaper()
        var compared = 0
        for sample in samples {
            let bytes = Array(sample.utf8)
            bytes.withUnsafeBufferPointer { b in
                for (range, analysis) in words(typesetter, sample) {
                    for hyphen in [false, true] {
                        var glyphs: [ShapedGlyph] = []
                        shaper.shape(b.baseAddress!, range, analysis, hyphen: hyphen, into: &glyphs)
                        XCTAssertEqual(glyphs, pangoGlyphs(b.baseAddress!, range, analysis, hyphen: hyphen),
                                       "\(String(decoding: b[range], as: UTF8.self)) hyphen: \(hyphen)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 80)
    }

    /// Words shaped together in one call: each word taken from the batch has the glyphs it has
    /// shaped alone, and a word the batch cannot give (one opening with a combining mark, which
    /// alone gets a dotted circle) is left to be shaped alone.
    func testWordsShapedTogetherHaveTheirGlyphsShapedAlone() {
        let typesetter = Typesetter()
        let shaper = WordShaper()
        var taken = 0, left = 0
        for sample in samples {
            let bytes = Array(sample.utf8)
            bytes.withUnsafeBufferPointer { b in
                let all = words(typesetter, sample)
                for font in Set(all.map { UInt(bitPattern: $0.1.font) }) {
                    let group = all.filter { UInt(bitPattern: $0.1.font) == font }
                    shaper.shapeTogether(b.baseAddress!, group.map(\.0), group[0].1)
                    for (index, (range, analysis)) in group.enumerated() {
                        var together: [ShapedGlyph] = []
                        guard shaper.appendGlyphs(ofWord: index, to: &together) else {
                            left += 1
                            continue
                        }
                        taken += 1
                        var alone: [ShapedGlyph] = []
                        shaper.shape(b.baseAddress!, range, analysis, hyphen: false, into: &alone)
                        XCTAssertEqual(together, alone, String(decoding: b[range], as: UTF8.self))
                    }
                }
            }
        }
        XCTAssertGreaterThan(taken, 30)
        XCTAssertGreaterThan(left, 0, "the word opening with a combining mark is shaped alone")
    }

    /// An item longer than a batch (`WordCache.batchLimit`): its words are shaped a batch at a
    /// time, and each cached word has the glyphs it has shaped alone.
    func testWordsOfAnItemLongerThanABatchAreCachedAsShapedAlone() {
        let typesetter = Typesetter()
        let string = (0..<2_000).map { "word\($0)" }.joined(separator: " ")
        XCTAssertGreaterThan(string.utf8.count, 3 * WordCache.batchLimit)
        let all = words(typesetter, string)
        XCTAssertEqual(Set(all.map { UInt(bitPattern: $0.1.font) }).count, 1)
        var segments = all.map { Segment(start: Int32($0.0.lowerBound), end: Int32($0.0.upperBound), item: 0, kind: .word) }
        let bytes = Array(string.utf8)
        let cache = WordCache()
        let shaper = WordShaper()
        bytes.withUnsafeBufferPointer { b in
            segments.withUnsafeMutableBufferPointer { cache.shape(b.baseAddress!, $0, all[0].1) }
            for (segment, (range, analysis)) in zip(segments, all) {
                let entry = cache.entries[Int(segment.entry)]
                var alone: [ShapedGlyph] = []
                shaper.shape(b.baseAddress!, range, analysis, hyphen: false, into: &alone)
                XCTAssertEqual(Array(cache.glyphs[Int(entry.glyphs.lowerBound)..<Int(entry.glyphs.upperBound)]), alone)
            }
        }
        XCTAssertEqual(cache.misses, 2_000)
        XCTAssertGreaterThanOrEqual(cache.shaper.batches, 4)
        XCTAssertLessThanOrEqual(cache.shaper.longestBatch, WordCache.batchLimit + 16)
    }
}
