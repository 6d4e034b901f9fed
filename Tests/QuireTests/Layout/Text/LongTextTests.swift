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

    /// A long word among short ones wraps without an added hyphen, which would be a glyph
    /// more than the line has characters (no "f": no ligatures): a hyphen is shown only where
    /// a word is broken at a soft hyphen, and copied text is the source's.
    func testLongWordAmongShortOnesWrapsWithoutAddedHyphen() {
        let word = "https://example.com/" + String(repeating: "abcdeghijk", count: 12)
        var text = StyledText()
        text.append("See \(word) now.")
        let format = ParagraphFormat(text: .init(family: "Noto Serif", size: 10.5, color: Color(0, 0, 0), lineHeight: 15,
                                                 monospaceFamily: "DejaVu Sans Mono", monospaceSize: 9), width: 300)
        let shaped = Typesetter().shape(text, format)
        XCTAssertGreaterThan(shaped.lines.count, 1)
        for (index, line) in shaped.lines.enumerated() {
            let glyphs = shaped.paragraph.lines[index].runs.reduce(0) { $0 + $1.glyphs.count }
            XCTAssertEqual(glyphs, line.length, "line \(index + 1): \(shaped.lineText(index))")
        }
    }

    /// The dashes that open an option ("-D" of "-DCMAKE", "--f" of "--force") hold to the
    /// option's name (UAX #14's LB20.1, which Pango 1.50 lacks); a lone dash and a negative
    /// number do not.
    func testOptionDashesHoldToTheOptionsName() {
        let string = Array("(e.g. -DCMAKE=1) --force - x -1".utf8)
        let held = string.withUnsafeBufferPointer { bytes in (0..<bytes.count).filter { opensOption(bytes, before: $0) } }
        XCTAssertEqual(held, [7, 19])
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
