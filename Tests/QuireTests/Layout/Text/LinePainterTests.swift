@testable import Quire
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
}

/// Highlighted code's colours are applied when its lines are recorded, not given to Pango
/// (`ParagraphFormat.colorsWhenPainted`): the glyph runs must be those Pango makes when the
/// colours are attributes, piece for piece: the same cuts (inside a cluster, at its end), the
/// same glyph positions, the same colours after Pango's 16 bits, right-to-left pieces in
/// visual order, colour glyphs whole.
final class PaintedColorTests: XCTestCase {
    private func glyphRuns(_ text: StyledText, colorsWhenPainted: Bool, width: Double) -> [[String]] {
        var format = ParagraphFormat(text: Typography(Style()).code, width: width)
        format.isCode = true
        format.colorsWhenPainted = colorsWhenPainted
        let shaped = Typesetter.forThisThread(language: nil).shape(text, format)
        let painter = LinePainter()
        return shaped.lines.indices.map { index in
            painter.paint(TextLine(shaped: shaped, lineIndex: index, x: 72.25, baseline: 100.125, top: 90, width: width))
                .map { paint -> String in
                    switch paint {
                    case .glyphs(let run), .colorGlyphs(let run, _):
                        return "\(run.font) \(run.color) \(run.glyphs) \(run.text) \(run.clusters) \(run.backward) \(run.textOffset)"
                    case .fill(let rect, let color):
                        return "fill \(rect) \(color)"
                    }
                }
        }
    }

    func testColoursAppliedWhenPaintedGiveTheRunsPangoGives() {
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
        var text = StyledText(code: code, spans: spans)
        // Two runs of the same colour side by side (an excerpt's label after a span): Pango
        // cuts between them.
        text.append(StyledText(code: "next", spans: [CodeSpan(range: 0..<4, style: CodeStyle(color: Color(0, 0, 1)))]))
        for width in [200.0, 1000.0] {
            let expected = glyphRuns(text, colorsWhenPainted: false, width: width)
            let painted = glyphRuns(text, colorsWhenPainted: true, width: width)
            XCTAssertEqual(painted.count, expected.count)
            for (a, b) in zip(painted, expected) { XCTAssertEqual(a, b) }
            XCTAssertGreaterThan(expected.joined().count, 20, "many pieces")
        }
    }
}
