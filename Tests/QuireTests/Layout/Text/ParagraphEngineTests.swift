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

/// Quire's paragraph engine (Layout/Text/Paragraph): words shaped once, lines chosen by total
/// fit, long tokens broken where a reader expects, lines made and reordered.
final class ParagraphEngineTests: XCTestCase {
    private let role = Typography(Style()).body

    private func text(_ string: String) -> StyledText {
        var text = StyledText()
        text.append(string)
        return text
    }

    private func format(_ width: Double, _ alignment: TextAlignment = .left) -> ParagraphFormat {
        ParagraphFormat(text: role, width: width, alignment: alignment)
    }

    /// `text` measured and its break points found, its lines not yet chosen.
    private func prepared(_ typesetter: Typesetter, _ text: StyledText, _ format: ParagraphFormat) -> PreparedParagraph {
        var string = text.string
        return string.withUTF8 { typesetter.prepare($0, text, format) }
    }

    /// Each distinct word is shaped once; the same characters in two canonically equivalent
    /// spellings are two words (a cache keyed by Swift strings would give the one the other's
    /// clusters).
    func testEachDistinctWordIsShapedOnceByItsBytes() {
        let typesetter = Typesetter()
        _ = typesetter.shape(text("the cat and the dog and the cat"), format(1000))
        XCTAssertEqual(typesetter.words.misses, 5, "the, cat, and, dog and the space")
        _ = typesetter.shape(text("the dog and the cat"), format(1000))
        XCTAssertEqual(typesetter.words.misses, 5, "a second paragraph of the same words shapes nothing")
        _ = typesetter.shape(text("caf\u{E9} cafe\u{301}"), format(1000))
        XCTAssertEqual(typesetter.words.misses, 7)
    }

    /// A list of a million numbered items is a million distinct words: the cache held every
    /// one of them up to a million glyphs (38 MB of a 100,000-item list's peak). Its words
    /// and glyphs stay within their limits now, however many paragraphs come.
    func testRegressionWordCacheOfDistinctWordsStaysBounded() {
        let typesetter = Typesetter()
        var largest = 0
        for n in 0..<40_000 {
            _ = typesetter.shape(text("item \(n * 7919): the fox"), format(1000))
            largest = max(largest, typesetter.words.entries.count)
        }
        XCTAssertLessThanOrEqual(largest, WordCache.entryLimit + 8)
        XCTAssertLessThanOrEqual(typesetter.words.glyphs.count, WordCache.glyphLimit + 64)
        XCTAssertGreaterThan(typesetter.words.misses, 40_000, "every number shaped")
    }

    /// Justified lines chosen by total fit stretch their spaces less than first fit's, worst
    /// line and sum: the Knuth–Plass result on the paragraph that showed rivers on A5 (not
    /// hyphenated: the same breaks for both).
    func testTotalFitStretchesJustifiedLinesLessThanFirstFit() throws {
        let typesetter = Typesetter()
        let set = prepared(typesetter, text(HyphenationTests.text), format(298, .justify))
        let breaker = LineBreaker(breaks: set.breaks, firstWidth: 298 * 1024, otherWidth: 298 * 1024, em: 10_752)
        func cost(_ ends: [Int]) -> (worst: Double, total: Double) {
            var start = 0, worst = 0.0, total = 0.0
            for end in ends.dropLast() {
                let r: Double = breaker.ratio(start, end, justified: true).ratio
                worst = max(worst, r)
                total += r * r * r
                start = end
            }
            return (worst, total)
        }
        let optimal = cost(breaker.lines(.justified)), greedy = cost(breaker.lines(.firstFit))
        XCTAssertLessThan(optimal.worst, greedy.worst)
        XCTAssertLessThan(optimal.total, greedy.total)
    }

    /// A paragraph's last line holding one word under a line of the same paragraph (a runt):
    /// first fit leaves some at these widths, total fit none.
    func testRaggedTextAvoidsRunts() {
        let typesetter = Typesetter()
        let sentence = "Lines of body text hold about seventy characters, the measure books use: long enough to read without jumping from line to line too often, short enough to find the next."
        var greedyRunts = 0, optimalRunts = 0
        for width in stride(from: 150.0, through: 400, by: 5) {
            let set = prepared(typesetter, text(sentence), format(width))
            let breaker = LineBreaker(breaks: set.breaks, firstWidth: Int64(width * 1024), otherWidth: Int64(width * 1024), em: 10_752)
            func runts(_ ends: [Int]) -> Int {
                guard ends.count > 1 else { return 0 }
                return breaker.isRunt(ends[ends.count - 2], ends[ends.count - 1]) ? 1 : 0
            }
            greedyRunts += runts(breaker.lines(.firstFit))
            optimalRunts += runts(breaker.lines(.ragged))
        }
        XCTAssertGreaterThan(greedyRunts, 0)
        XCTAssertEqual(optimalRunts, 0)
    }

    /// Runs at levels 0 1 1 0 2 1 are shown in the order UAX #9's rule L2 gives: each
    /// sequence at a level or higher reversed, from the highest level down to the lowest odd.
    func testRunsAreReorderedByRuleL2() {
        var runs = [0, 1, 1, 0, 2, 1, 1].enumerated().map { index, level in
            LineRun(item: Int32(index), start: 0, end: 0, glyphs: [], width: 0, level: UInt8(level))
        }
        LineAssembler.reorder(&runs)
        XCTAssertEqual(runs.map(\.item), [0, 2, 1, 3, 6, 5, 4])
    }

    /// Regression: a line of left-to-right words in a right-to-left paragraph (all at level 2,
    /// no odd level on the line) was reversed once, its words shown last to first
    /// (howto-he.md: ", read through the guidelines Free-Programming-Books appropriate for").
    func testRegressionLeftToRightLineInRightToLeftParagraphKeepsItsOrder() {
        var runs = [2, 2, 2].enumerated().map { index, level in
            LineRun(item: Int32(index), start: 0, end: 0, glyphs: [], width: 0, level: UInt8(level))
        }
        LineAssembler.reorder(&runs)
        XCTAssertEqual(runs.map(\.item), [0, 1, 2])
        runs = [2, 2, 1].enumerated().map { index, level in
            LineRun(item: Int32(index), start: 0, end: 0, glyphs: [], width: 0, level: UInt8(level))
        }
        LineAssembler.reorder(&runs)
        XCTAssertEqual(runs.map(\.item), [2, 0, 1])
    }

    /// ASCII paragraphs are analysed without Pango (`ASCIIBreaks`, `asciiItems`): the same
    /// break properties and items as Pango's, on every ASCII stretch of the corpus between
    /// blank lines (Markdown's punctuation included), plain and with styled words.
    func testASCIIAnalysisIsPangos() throws {
        let typesetter = Typesetter()
        let format = format(300)
        var checked = 0
        for file in Fixtures.corpusFiles() {
            let markdown = try String(contentsOf: file, encoding: .utf8)
            for chunk in markdown.components(separatedBy: "\n\n") where !chunk.isEmpty && ASCIIBreaks.covers(Array(chunk.utf8).withUnsafeBufferPointer { $0 }) {
                var styled = StyledText(plain: chunk)
                var offset = 0
                for (k, word) in chunk.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                    let length = word.utf8.count
                    styled.style(offset..<(offset + length), StyledText.Attributes(bold: k % 3 == 1, monospace: k % 5 == 2))
                    offset += length + 1
                }
                for text in [StyledText(plain: chunk), styled] {
                    let fast = typesetter.analyse(text, format), pango = typesetter.analyse(text, format, pango: true)
                    XCTAssertEqual(fast.flags.map(\.rawValue), pango.flags.map(\.rawValue), "\(file.lastPathComponent): \(chunk.prefix(80))")
                    XCTAssertEqual(fast.items.map(\.range), pango.items.map(\.range), "\(chunk.prefix(80))")
                    for (a, b) in zip(fast.items, pango.items) {
                        XCTAssertEqual(a.font, b.font)
                        XCTAssertEqual(a.analysis.script, b.analysis.script, "\(chunk.prefix(80))")
                        XCTAssertEqual(a.analysis.language, b.analysis.language)
                        XCTAssertEqual(a.level, b.level)
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// Total fit's work grows with the paragraph: ten times the text (100 KB and a megabyte),
    /// about ten times the candidate lines weighed (a bounded active set), not a hundred; and a
    /// megabyte without a space is set too. `make test` sets a fifth of each (20 KB and 200 KB:
    /// the same tenfold; 136 s of the debug build under load at full size), `make pathological`
    /// (QUIRE_PATHOLOGICAL=full) the full sizes.
    func testAMegabyteParagraphTakesLinearWork() {
        let scale = ProcessInfo.processInfo.environment["QUIRE_PATHOLOGICAL"] == "full" ? 1 : 5
        let words = "the quick brown fox jumps over a lazy dog while typesetting long sections of text".split(separator: " ")
        func examined(_ bytes: Int) -> Int {
            var text = "", k = 0
            while text.utf8.count < bytes {
                text += words[(k * 7 + k / 3) % words.count] + " "
                k += 1
            }
            let typesetter = Typesetter()
            let format = ParagraphFormat(text: Typography(Style()).body, width: 300, alignment: .justify)
            let styled = StyledText(plain: text)
            var string = text
            let prepared = string.withUTF8 { typesetter.prepare($0, styled, format) }
            return LineBreaker(breaks: prepared.breaks, firstWidth: prepared.width, otherWidth: prepared.otherWidth, em: 10_752)
                .choose(.justified).examined
        }
        let small = examined(100_000 / scale), large = examined(1_000_000 / scale)
        XCTAssertGreaterThan(small, 10_000 / scale)
        XCTAssertLessThan(Double(large) / Double(small), 12, "\(small) → \(large)")
        let shaped = Typesetter().shape(StyledText(plain: String(repeating: "x", count: 1_000_000 / scale)),
                                        ParagraphFormat(text: Typography(Style()).body, width: 300))
        XCTAssertGreaterThan(shaped.lines.count, 1000, "a megabyte without a space is set too")
    }
}
