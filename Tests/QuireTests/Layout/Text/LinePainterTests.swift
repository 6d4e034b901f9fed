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
            if case .glyphs(let run) = $0 { return String(decoding: run.text, as: UTF8.self) == "bright" } else { return false }
        })
        XCTAssertLessThan(fills[0].0, bright, "the highlight is painted under its text")
        XCTAssertGreaterThan(fills[0].1.height, fills[1].1.height, "a highlight is taller than a line")
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
