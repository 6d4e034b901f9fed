@testable import Quire
import CPangoCairo
import XCTest

final class LongTextTests: XCTestCase {
    /// HarfBuzz under Pango shaped a 500 KB run not at all (one line of width 0) and a 1 MB
    /// run only in part: the words were missing from the PDF.
    func testRegressionHugeParagraphLostText() {
        let words = 120_000
        let doc = layout((1...words).map { "w\($0)" }.joined(separator: " "))
        let shown = doc.allLines.map(\.text).joined().split(separator: " ")
        XCTAssertEqual(shown.count, words)
        XCTAssertEqual(shown.last, "w\(words)")
        // Lines are those of one paragraph: none but the last is short.
        let widths = doc.allLines.dropLast().map(\.width)
        XCTAssertGreaterThan(widths.min()!, Style().contentWidth * 0.8)
    }

    func testHugeCodeBlockKeepsEveryLine() {
        let code = (1...40_000).map { "line \($0)" }.joined(separator: "\n")
        let lines = layout("```\n\(code)\n```").allLines
        XCTAssertEqual(lines.count, 40_000)
        XCTAssertEqual(lines.last?.text, "line 40000")
    }

    func testLongLineWithoutSpacesIsCharWrapped() {
        let word = String(repeating: "x", count: 100_000)
        let lines = layout(word).allLines
        XCTAssertEqual(lines.map(\.text).joined(), word)
        XCTAssertGreaterThan(lines.count, 100)
    }

    /// Paragraphs whose words all fit a line go without Pango's hyphen attribute (a cost per
    /// paragraph); one long word among short ones must still wrap without an added hyphen,
    /// which would be a glyph more than the line has characters (no "f": no ligatures).
    func testLongWordAmongShortOnesWrapsWithoutAddedHyphen() {
        let word = "https://example.com/" + String(repeating: "abcdeghijk", count: 12)
        var text = StyledText()
        text.append("See \(word) now.")
        let format = ParagraphFormat(text: .init(family: "Noto Serif", size: 10.5, color: Color(0, 0, 0), lineHeight: 15,
                                                 monospaceFamily: "DejaVu Sans Mono", monospaceSize: 9), width: 300)
        let shaped = Typesetter().shape(text, format)
        XCTAssertGreaterThan(shaped.lines.count, 1)
        for (index, line) in shaped.lines.enumerated() {
            var glyphs = 0
            var node = shaped.pangoLines[index].pointee.runs
            while let run = node?.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
                glyphs += Int(run.pointee.glyphs.pointee.num_glyphs)
                node = node?.pointee.next
            }
            XCTAssertEqual(glyphs, line.length, "line \(index + 1): \(shaped.lineText(index))")
        }
    }

    /// Pango's own hyphens (at a cut inside a too-long word) are turned off outside the words
    /// that hold a soft hyphen, which keep theirs.
    func testHyphensStayOnlyAtSoftHyphens() {
        func text(_ string: String) -> StyledText { var t = StyledText(); t.append(string); return t }
        XCTAssertEqual(wordsWithoutSoftHyphens(text("plain words")), [0..<11])
        let mixed = "aa hy\u{AD}phen bb cc"
        XCTAssertEqual(wordsWithoutSoftHyphens(text(mixed)), [0..<3, 11..<mixed.utf8.count])
        XCTAssertEqual(optionDashes(text("(e.g. -DCMAKE=1) --force - x -1")), [6..<8, 17..<20])
    }

    func testMayBreakInsideWordBoundsEachWordsWidth() {
        func text(_ string: String) -> StyledText { var t = StyledText(); t.append(string); return t }
        let format = ParagraphFormat(text: .init(family: "Noto Serif", size: 10, color: Color(0, 0, 0), lineHeight: 14,
                                                 monospaceFamily: "DejaVu Sans Mono", monospaceSize: 9), width: 300)
        // 300 pt at 10 pt: 30 ems, 20 printable ASCII characters at an em and a half each.
        XCTAssertFalse(mayBreakInsideWord(text("short words only, " + String(repeating: "x", count: 20)), format))
        XCTAssertTrue(mayBreakInsideWord(text("short then " + String(repeating: "x", count: 21)), format))
        // A soft hyphen is a break Pango shows with a hyphen, as hyphenation wants: nothing to turn off.
        XCTAssertFalse(mayBreakInsideWord(text("soft\u{AD}hyphen"), format))
        XCTAssertTrue(mayBreakInsideWord(text("日本語の文章です"), format), "six ems per non-ASCII character")
        XCTAssertFalse(mayBreakInsideWord(text("日本 語"), format))
        var unbounded = format
        unbounded.width = .infinity
        XCTAssertFalse(mayBreakInsideWord(text(String(repeating: "x", count: 500)), unbounded))
        var indented = format
        indented.hangingIndent = 150
        XCTAssertTrue(mayBreakInsideWord(text(String(repeating: "x", count: 11)), indented), "continuation lines are narrower")
    }

    /// Regression: `--set body.font="Nonexistent Font"` was silent; the font used instead is named.
    /// (Since issue 37 a template or `--set` keeps the family before it, with a warning of its
    /// own: `testRegressionAMissingFamilyKeepsTheFamilyBeforeIt`; a style made in Swift still
    /// reaches layout with the missing family.)
    func testAFontThatIsNotInstalledIsWarnedAboutNamingTheOneUsed() throws {
        var missing = Style()
        missing.bodyFont = "Nonexistent Font"
        missing.codeFont = "Nope Mono"
        let warnings = layout("# T\n\nText `code`.\n", style: missing).warnings.map(\.message)
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertTrue(warnings[0].hasPrefix("font 'Nonexistent Font' (body.font) is not installed; '"), warnings[0])
        XCTAssertTrue(warnings[1].hasPrefix("font 'Nope Mono' (code.font) is not installed"), warnings[1])
        XCTAssertEqual(layout("# T\n\nText.\n").warnings, [], "the default fonts are installed")
    }

    /// Issue 37: `--set body.font="Comic Sans MS"` set the body in fontconfig's nearest match
    /// (an italic Z003), and an unknown family fell to Noto Sans: the family before it (the
    /// template's) is kept, with a warning naming both.
    func testRegressionAMissingFamilyKeepsTheFamilyBeforeIt() throws {
        let resolved = try Templates.resolve(template: "compact", settings: [("body.font=Comic Sans MS", "--set"),
                                                                              ("heading.font=DejaVu Sans", "--set")])
        XCTAssertEqual(resolved.style.bodyFont, Style().bodyFont)
        XCTAssertEqual(resolved.style.headingFont, "DejaVu Sans", "an installed family is taken")
        XCTAssertEqual(resolved.warnings, ["font 'Comic Sans MS' (body.font, --set) is not installed; 'Noto Serif' is kept"])
        XCTAssertEqual(layout("# T\n\nText.\n", style: resolved.style).warnings, [])
    }
}
