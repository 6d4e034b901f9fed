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

final class LinePainterTests: XCTestCase {
    private func paints(_ markdown: String) throws -> (line: TextLine, paints: [TextPaint]) {
        let line = try XCTUnwrap(layout(markdown).allLines.first)
        return (line, LinePainter().paint(line))
    }

    private func runs(_ paints: [TextPaint]) -> [GlyphRun] {
        paints.compactMap { if case .glyphs(let run) = $0 { return run } else { return nil } }
    }

    /// The runs carry the line's text byte for byte, glyphs from the line's left edge on the
    /// baseline, and clusters that account for every byte and glyph.
    func testGlyphRunsCarryTheLineTextAndStartAtItsOrigin() throws {
        let (line, paints) = try paints("Plain words, office ﬁle.")
        let runs = runs(paints)
        XCTAssertFalse(runs.isEmpty)
        XCTAssertEqual(String(decoding: runs.flatMap(\.text), as: UTF8.self), line.text)
        let first = try XCTUnwrap(runs.first?.glyphs.first)
        XCTAssertEqual(first.x, line.x, accuracy: 0.01)
        XCTAssertEqual(first.y, line.baseline, accuracy: 0.01)
        for run in runs {
            let pairs = stride(from: 0, to: run.clusters.count, by: 2).map { (run.clusters[$0], run.clusters[$0 + 1]) }
            XCTAssertEqual(pairs.map(\.0).reduce(0, +), Int32(run.text.count))
            XCTAssertEqual(pairs.map(\.1).reduce(0, +), Int32(run.glyphs.count))
            XCTAssertEqual(run.font.matrix[0], 10.5, accuracy: 0.01, "body text at the body size")
            XCTAssertTrue(run.font.file.hasSuffix(".ttf") || run.font.file.hasSuffix(".otf"), run.font.file)
        }
        let xs = runs.flatMap(\.glyphs).map(\.x)
        XCTAssertEqual(xs, xs.sorted(), "glyphs left to right")
    }

    /// A link's run has the link colour, the rest the text colour; a highlight is a filled
    /// rectangle behind its text, an underline and a strikethrough rectangles after it.
    func testColoursBackgroundsAndLinesComeFromTheAttributes() throws {
        let style = Style()
        let (_, linked) = try paints("Go [there](https://example.com) now.")
        let colours = runs(linked).map(\.color)
        XCTAssertTrue(colours.contains(style.linkColor), "\(colours)")
        XCTAssertTrue(colours.contains(style.textColor), "\(colours)")

        let (_, marked) = try paints("A <mark>bright</mark> <u>under</u> ~~gone~~ word.")
        let fills = marked.enumerated().compactMap { i, p -> (Int, Rect)? in
            if case .fill(let r, _) = p { return (i, r) } else { return nil }
        }
        XCTAssertGreaterThanOrEqual(fills.count, 3, "highlight, underline, strikethrough")
        let bright = try XCTUnwrap(marked.firstIndex {
            if case .glyphs(let run) = $0 { return String(decoding: run.text, as: UTF8.self).contains("bright") } else { return false }
        })
        XCTAssertLessThan(fills[0].0, bright, "the highlight is painted under its text")
        XCTAssertGreaterThan(fills[0].1.height, fills[1].1.height, "a highlight is taller than a line")
    }

    /// Inline code and a code block are set at the same size, so they are one font: the size
    /// once reached Pango truncated for inline code (9.0293 pt) and rounded for a block
    /// (9.03027 pt), two fonts and two fontconfig patterns for one size.
    func testRegressionInlineCodeAndCodeBlockSizesDiffered() throws {
        let document = layout("Call `render` here.\n\n```\nrender\n```\n")
        let painter = LinePainter()
        let fonts = document.allLines.flatMap { line in
            runs(painter.paint(line)).filter { String(decoding: $0.text, as: UTF8.self) == "render" }.map(\.font)
        }
        XCTAssertEqual(fonts.count, 2, "one run in the paragraph, one in the block")
        XCTAssertEqual(Set(fonts).count, 1, "\(fonts.map(\.matrix))")
    }

    /// Pango's hex boxes put the code's digits, not the character, into copied text; the
    /// .notdef glyph tied to the character gives the character back.
    func testRegressionMissingCharacterCopiesAsItself() throws {
        let (line, paints) = try paints("Missing \u{0378} here.")
        let runs = runs(paints)
        XCTAssertEqual(String(decoding: runs.flatMap(\.text), as: UTF8.self), line.text)
        XCTAssertTrue(runs.flatMap(\.glyphs).contains { $0.index == 0 }, "the .notdef glyph draws the box")
    }

    /// Emoji are painted as images (Cairo 1.16 writes colour glyphs into PDF badly), in a box
    /// on the line; the other runs keep their text.
    func testColourGlyphsBecomeAnImageBox() throws {
        let (line, paints) = try paints("Smile 😀 ok")
        let boxes = paints.compactMap { p -> Rect? in if case .colorGlyphs(_, let box) = p { return box } else { return nil } }
        XCTAssertEqual(boxes.count, 1)
        let box = try XCTUnwrap(boxes.first)
        XCTAssertLessThan(box.y, line.baseline)
        XCTAssertGreaterThan(box.maxY, line.baseline)
        XCTAssertGreaterThan(box.x, line.x)
        XCTAssertEqual(String(decoding: runs(paints).flatMap(\.text), as: UTF8.self), "Smile  ok")
    }

    /// Issue 46 (8): CJK inside an italic run was slanted by fontconfig's synthetic italic (a
    /// CJK face has none; here the body's family, so its Latin letters are slanted too): it
    /// stays upright.
    func testRegressionCJKStaysUprightInsideItalic() throws {
        var style = Style()
        style.bodyFont = "Noto Serif CJK SC"
        let line = try XCTUnwrap(layout("*Italic words 日本語のテキスト and 中文 more*", style: style).allLines.first)
        let all = runs(LinePainter().paint(line))
        let cjk = all.filter { String(decoding: $0.text, as: UTF8.self).unicodeScalars.contains { isCJK($0) } }
        XCTAssertFalse(cjk.isEmpty)
        for run in cjk { XCTAssertEqual(run.font.matrix[2], 0, "upright: \(run.font.matrix)") }
        let latin = all.filter { String(decoding: $0.text, as: UTF8.self).contains("Italic") }
        XCTAssertTrue(latin.allSatisfy { $0.font.matrix[2] != 0 }, "the Latin letters keep the synthetic slant")
    }
}

/// Colours are applied when lines are painted (a colour changes no glyph and no position):
/// each glyph run is of one colour, its text's, cut at clusters' edges (a ligature or a
/// letter with its combining mark takes one colour), right-to-left pieces in visual order,
/// colour glyphs whole; the runs' texts are the line's.
final class PaintedColorTests: XCTestCase {
    func testEachRunIsOfItsTextsColour() {
        let code = "let s = \"שלום עולם\" // عربي mixed\nlet e = \"🎉👍🏽 party\" + x\u{301}y\tz // done\n"
            + String(repeating: "wrapped(argument: 12345, other: \"abc\") ", count: 4)
        let utf8 = Array(code.utf8)
        var spans: [CodeSpan] = []
        // A span every few bytes, at character boundaries, in rotating styles; one ends inside
        // "x\u{301}" (between a letter and its combining mark, one cluster).
        var start = 0
        var k = 0
        while start < utf8.count {
            var end = min(utf8.count, start + 3 + k % 5)
            while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
            if k % 3 != 2 {
                let color = Color(Double(k % 7) / 7, 0.25 + Double(k % 3) / 10, 0.123456789)
                spans.append(CodeSpan(range: start..<end, style: CodeStyle(color: color, bold: k % 4 == 0, italic: k % 5 == 0)))
            }
            start = end
            k += 1
        }
        let text = StyledText(code: code, spans: spans)
        var format = ParagraphFormat(text: Typography(Style()).code, width: 200)
        format.isCode = true
        let shaped = Typesetter.forThisThread(language: nil).shape(text, format)
        let painter = LinePainter()
        var pieces = 0
        for index in shaped.lines.indices {
            let line = TextLine(shaped: shaped, lineIndex: index, x: 72.25, baseline: 100.125, top: 90, width: 200)
            var runs: [GlyphRun] = []
            for paint in painter.paint(line) {
                switch paint {
                case .glyphs(let run), .colorGlyphs(let run, _): runs.append(run)
                case .fill: break
                }
            }
            for run in runs {
                let colour = text.attributes(at: run.textOffset).color ?? format.text.color
                XCTAssertEqual(run.color, colour, String(decoding: run.text, as: UTF8.self))
            }
            let shown = runs.sorted { $0.textOffset < $1.textOffset }.flatMap(\.text)
            XCTAssertEqual(String(decoding: shown, as: UTF8.self).replacingOccurrences(of: "\t", with: ""),
                           line.text.replacingOccurrences(of: "\t", with: ""))
            pieces += runs.count
        }
        XCTAssertGreaterThan(pieces, 40, "many pieces")
    }
}
