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

/// Hyphenation: soft hyphens at libhyphen's pattern points before Pango breaks the lines.
final class HyphenationTests: XCTestCase {
    /// The text that showed rivers in justified A5 ("Use   Explainshell   to   get").
    static let text = """
        Use Explainshell to get a helpful breakdown of what commands, options, pipes etc. do. Learn basic \
        Bash: type man bash and at least skim the whole thing; it's pretty easy to follow and not that long. \
        Alternate shells can be nice, but Bash is powerful and always available (learning only zsh, fish, \
        etc., while tempting on your own laptop, restricts you in many situations, such as using existing \
        servers). Internationalization and localization considerations are extraordinarily important for \
        comprehensive documentation, and characterization of implementations is indispensable.
        """

    private func style(_ sets: [String]) throws -> Style {
        try Templates.style(template: "compact", sets: ["page.size=a5"] + sets)
    }

    private func lines(_ markdown: String, _ style: Style) -> [TextLine] {
        layout(markdown, style: style).allLines
    }

    /// The words of `lines` as a reader reads them: a hyphen ending a line joins its word to
    /// the next line's first.
    private func words(_ lines: [TextLine]) -> [String] {
        var text = ""
        for line in lines {
            let shown = line.text
            if line.shaped.endsHyphenated(line.lineIndex) { text += shown.dropLast() } else { text += shown + " " }
        }
        return text.split(separator: " ").map(String.init)
    }

    func testJustifiedTextIsHyphenatedAtPatternPointsOnlyWhenAsked() throws {
        let justified = lines(Self.text, try style([]))
        let hyphenated = justified.filter { $0.shaped.endsHyphenated($0.lineIndex) }
        XCTAssertFalse(hyphenated.isEmpty, "justified A5 breaks some words")
        for line in hyphenated { XCTAssertTrue(line.text.hasSuffix("-"), line.text) }
        XCTAssertEqual(words(justified), Self.text.split(separator: " ").map(String.init), "every word whole once joined")
        // Each break is one of the patterns' points.
        let hyphenator = try XCTUnwrap(Hyphenator.forLanguage("en-US"))
        for (i, line) in justified.enumerated() where line.shaped.endsHyphenated(line.lineIndex) {
            let head = String(line.text.dropLast().split(separator: " ").last!)
            let tail = String(justified[i + 1].text.split(separator: " ").first!)
            let word = (head + tail).trimmingCharacters(in: .punctuationCharacters)
            XCTAssertTrue(hyphenator.points(word.lowercased()).contains(head.count), "\(head)-\(tail)")
        }
        // Off by key, and off by default for ragged text.
        for off in [try style(["body.hyphenate=false"]), try style(["body.align=left"])] {
            XCTAssertFalse(lines(Self.text, off).contains { $0.shaped.endsHyphenated($0.lineIndex) })
        }
        XCTAssertTrue(lines(Self.text, try style(["body.align=left", "body.hyphenate=true"])).contains { $0.text.hasSuffix("-") })
    }

    /// Regression: justified A5 lines had gaps of several spaces between short words.
    func testHyphenationNarrowsTheWidestGap() throws {
        func widestGap(_ style: Style) -> Double {
            let lines = self.lines(Self.text, style).dropLast()
            return lines.map { line in
                let spaces = Double(line.text.filter { $0 == " " }.count)
                let natural = Typesetter().shape({ var t = StyledText(); t.append(line.text); return t }(),
                                                 ParagraphFormat(text: line.shaped.format.text, width: .infinity)).lines[0].width
                return spaces > 0 ? (line.width - natural) / spaces : 0
            }.max() ?? 0
        }
        XCTAssertLessThan(widestGap(try style([])), widestGap(try style(["body.hyphenate=false"])))
    }

    func testNoHyphenInCodeURLsHeadingsOrCapitals() throws {
        var style = try style(["body.hyphenate=true"])
        style.pageSize = .a6
        let long = "internationalization"
        let markdown = "## Characterization \(long) considerations\n\n"
            + (1...6).map { _ in "`\(long)` https://example.com/\(long) UNCHARACTERISTICALLY" }.joined(separator: " ")
        let all = lines(markdown, style)
        for line in all {
            let text = line.shaped.text
            for run in text.runs where run.attributes.monospace || text.links.contains(where: { $0.range.overlaps(run.range) }) {
                XCTAssertFalse(text.slice(run.range).string.contains("\u{AD}"), "no soft hyphen in code or a URL")
            }
            XCTAssertFalse(text.string.contains("UNCHARAC\u{AD}") || text.string.contains("\u{AD}TERISTICALLY"))
            XCTAssertFalse(line.shaped.format.text.bold && line.shaped.hasBreakHints, "no hyphen in a heading")
        }
    }

    func testAtMostTwoHyphenatedLinesInARow() throws {
        var style = try style(["body.hyphenate=true"])
        style.pageSize = .a6
        let words = ["characterization", "internationalization", "representativeness", "incomprehensibilities",
                     "institutionalization", "counterrevolutionaries", "interdisciplinary", "misunderstanding"]
        let text = (0..<60).map { words[$0 % words.count] }.joined(separator: " ")
        let all = lines(text, style)
        var run = 0, longest = 0
        for line in all {
            run = line.shaped.endsHyphenated(line.lineIndex) ? run + 1 : 0
            longest = max(longest, run)
        }
        XCTAssertEqual(longest, 2, "two in a row happen, never three")
    }

    /// The PDF's text gives the word as written: no soft hyphen; the hyphen shown at a break is
    /// a hyphen-minus, which text extraction joins across the line's end.
    func testTextLayerGivesTheUnhyphenatedWord() throws {
        let all = lines(Self.text, try style([]))
        let painter = LinePainter()
        var shown = ""
        for line in all {
            for case .glyphs(let run) in painter.paint(line) {
                XCTAssertFalse(BreakHint.occurs(in: run.text))
                XCTAssertEqual(run.clusters.enumerated().filter { $0.offset % 2 == 0 }.map { Int($0.element) }.reduce(0, +), run.text.count)
                shown += String(decoding: run.text, as: UTF8.self)
            }
            shown += "\n"
        }
        XCTAssertTrue(shown.contains("-\n"), "a hyphen at a break")
        XCTAssertEqual(shown.replacingOccurrences(of: "-\n", with: "").replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").map(String.init), Self.text.split(separator: " ").map(String.init))
    }

    /// The document's `lang` picks the dictionary, else the template's `text.lang`; a language
    /// without an installed dictionary is not hyphenated.
    func testLanguagePicksTheDictionary() throws {
        XCTAssertNotNil(Hyphenator.forLanguage("en"))
        XCTAssertNotNil(Hyphenator.forLanguage("en_US"))
        XCTAssertNil(Hyphenator.forLanguage("tlh"))
        XCTAssertNil(Hyphenator.forLanguage("../../etc/passwd"))
        let justified = try style([])
        func hyphenates(_ markdown: String, _ style: Style) -> Bool {
            layout(markdown, style: style).allLines
                .contains { $0.shaped.endsHyphenated($0.lineIndex) }
        }
        XCTAssertTrue(hyphenates(Self.text, justified))
        XCTAssertFalse(hyphenates("---\nlang: tlh\n---\n" + Self.text, justified))
        XCTAssertFalse(hyphenates(Self.text, try self.style(["text.lang=tlh"])))
        XCTAssertTrue(hyphenates("---\nlang: en-GB\n---\n" + Self.text, try self.style(["text.lang=tlh"])))
    }
}
