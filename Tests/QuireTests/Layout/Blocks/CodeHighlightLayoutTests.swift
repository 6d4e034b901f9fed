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

/// Issue 18 on the page model: highlighted code blocks carry colours, bold and italic as runs,
/// and are set exactly as the same blocks without a language (lines, wraps, page splits,
/// background); excerpts cut inside them keep their colours.
final class CodeHighlightLayoutTests: XCTestCase {
    static let swift = """
        import Foundation
        /// A point in the plane.
        struct Point: Equatable {
            var x = 1.5, y = "text"   // a comment
            func length() -> Double { return (x * x).squareRoot() }
        }
        """

    /// The lines of the code blocks in `document`, with their shaped text.
    private func codeLines(_ document: LaidOutDocument) -> [TextLine] {
        document.allLines.filter { $0.shaped.format.text.family == Style().codeFont }
    }

    /// The colours a line's runs give its characters (the block's own colour excluded).
    private func colours(_ line: TextLine) -> Set<Color> {
        let shaped = line.shaped, l = shaped.lines[line.lineIndex]
        return Set(shaped.text.runs.filter { $0.range.overlaps(l.start..<(l.start + l.length)) }.compactMap(\.attributes.color))
    }

    func testASwiftBlockIsColouredAndItsTextIsTheCode() {
        let document = layout("# Code\n\n```swift\n\(Self.swift)\n```\n")
        let lines = codeLines(document)
        XCTAssertEqual(lines.map(\.text).joined(separator: "\n"), Self.swift, "the text is the code, indentation included")
        let text = lines[0].shaped.text
        XCTAssertGreaterThanOrEqual(Set(text.runs.compactMap(\.attributes.color)).count, 4, "keywords, strings, comments, numbers")
        XCTAssertTrue(document.warnings.isEmpty, "\(document.warnings)")
        // GitHub's light colours by default: keywords red, strings dark blue, comments grey.
        func colour(of word: String) -> Color? {
            guard let range = text.string.range(of: word) else { return nil }
            let offset = text.string.utf8.distance(from: text.string.startIndex, to: range.lowerBound)
            return text.runs.first { $0.range.contains(offset) }?.attributes.color
        }
        XCTAssertEqual(colour(of: "struct"), Color(hex: "#cf222e"))
        XCTAssertEqual(colour(of: "\"text\""), Color(hex: "#0a3069"))
        XCTAssertEqual(colour(of: "// a comment"), Color(hex: "#59636e"))
        XCTAssertFalse(text.runs.contains { $0.attributes.bold }, "GitHub sets no keyword bold")
        // GtkSourceView's own schemes stay selectable.
        var kate = Style()
        kate.codeTheme = "kate"
        let kateRuns = codeLines(layout("```swift\n\(Self.swift)\n```\n", style: kate))[0].shaped.text.runs
        XCTAssertTrue(kateRuns.contains { $0.attributes.bold }, "kate sets return bold")
    }

    /// Lines, wraps, page splits and the shading are those of the same code set plain.
    func testHighlightedCodeIsSetExactlyAsPlainCode() {
        var long = ""
        for i in 0..<240 {
            long += i % 17 == 0 ? "let value\(i) = \"" + String(repeating: "wrapped text ", count: 14) + "\" // end\n"
                : "    if x > \(i) { print(\"line \(i)\") } // comment \(i)\n"
        }
        let body = "# Long\n\nSome text.\n\n```swift\n\(long)```\n\nAfter.\n"
        let highlighted = layout(body)
        let plain = layout(body.replacingOccurrences(of: "```swift", with: "```"))
        XCTAssertGreaterThan(highlighted.pages.count, 2, "the block splits across pages")
        XCTAssertEqual(highlighted.pages.count, plain.pages.count)
        for (a, b) in zip(highlighted.pages, plain.pages) {
            XCTAssertEqual(a.bodyLines.map(\.text), b.bodyLines.map(\.text))
            XCTAssertEqual(a.bodyLines.map(\.baseline), b.bodyLines.map(\.baseline))
            XCTAssertEqual(a.bodyLines.map(\.x), b.bodyLines.map(\.x))
            XCTAssertEqual(a.bodyLines.map(\.width), b.bodyLines.map(\.width))
            let fills = { (p: Page) in p.items.compactMap { if case .fill(let r, let c) = $0 { return "\(r) \(c)" } else { return nil } } }
            XCTAssertEqual(fills(a), fills(b), "the same shading")
        }
        XCTAssertGreaterThan(codeLines(highlighted).count, 250, "long lines wrapped")
        XCTAssertFalse(colours(codeLines(highlighted)[100]).isEmpty)
    }

    func testAnExcerptCutInsideABlockKeepsItsColours() {
        var style = Style()
        style.excerptLines = 3
        let code = (1...30).map { "let value\($0) = \"text\" // note \($0)" }.joined(separator: "\n")
        let document = layout("## Section\n\n```swift\n\(code)\n```\n", style: style)
        let firstPage = document.pages[0].bodyLines
        guard let cut = firstPage.first(where: { $0.text.contains("Continue reading") }) else {
            return XCTFail("no cut line: \(firstPage.map(\.text))")
        }
        XCTAssertTrue(cut.text.hasPrefix("let value3 = "), cut.text)
        let codeColours = colours(cut).subtracting([style.linkColor])
        XCTAssertGreaterThanOrEqual(codeColours.count, 2, "keyword and string colours kept on the cut line")
        XCTAssertFalse(colours(firstPage.first { $0.text.hasPrefix("let value2") }!).isEmpty)
    }

    func testIndentedInlineAndTextCodeStayPlain() {
        let document = layout("Inline `let x = 1` code.\n\n    let indented = \"x\"\n\n```text\nlet text = 1\n```\n\n```\nlet bare = 2\n```\n\n```no-such-language\nlet unknown = 3\n```\n")
        for line in document.allLines {
            XCTAssertTrue(line.shaped.text.runs.allSatisfy { $0.attributes.color == nil }, line.text)
        }
        XCTAssertTrue(document.warnings.isEmpty, "unknown languages are plain without a warning: \(document.warnings)")
    }

    func testADarkThemeSetsItsBackgroundAndTextColourOnTheBlock() {
        var style = Style()
        style.codeTheme = "solarized-dark"
        let document = layout("```swift\nlet x = 1\n```\n\n```\nplain too\n```\n", style: style)
        let fills = document.pages[0].items.compactMap { if case .fill(_, let c) = $0 { return c } else { return nil } }
        XCTAssertEqual(Set(fills), [Color(hex: "#002b36")!], "both blocks on Solarized's base03")
        XCTAssertTrue(codeLines(document).allSatisfy { $0.shaped.format.text.color == Color(hex: "#93a1a1")! })
        // GitHub's dark scheme, built in like the light one.
        style.codeTheme = "github-dark"
        let github = layout("```swift\nlet x = 1\n```\n", style: style)
        XCTAssertTrue(github.warnings.isEmpty, "\(github.warnings)")
        let githubFills = github.pages[0].items.compactMap { if case .fill(_, let c) = $0 { return c } else { return nil } }
        XCTAssertEqual(Set(githubFills), [Color(hex: "#151b23")!], "the block on GitHub's dark background")
        // A light theme with a white background keeps the template's shading.
        let light = layout("```swift\nlet x = 1\n```\n")
        XCTAssertTrue(light.pages[0].items.contains { if case .fill(_, let c) = $0 { return c == Style().codeBackground } else { return false } })
    }

    func testAnUnknownThemeWarnsOnceAndUsesTheDefault() {
        var style = Style()
        style.codeTheme = "no-such-theme"
        let document = layout("```swift\nlet x = 1\n```\n\n```c\nint x;\n```\n", style: style)
        XCTAssertEqual(document.warnings.count, 1, "\(document.warnings)")
        XCTAssertTrue(document.warnings[0].message.contains("code theme 'no-such-theme' (code.theme) is not installed; 'github' is used instead"))
        XCTAssertFalse(colours(codeLines(document)[0]).isEmpty)
    }

    func testAConsoleSessionColoursCommandsOnly() {
        let document = layout("```console\n$ echo \"hello\" | grep -v x\nhello \"not a string\" if then\n```\n")
        let lines = codeLines(document)
        XCTAssertFalse(colours(lines[0]).isEmpty, "the command is shell")
        XCTAssertTrue(colours(lines[1]).isEmpty, "the output is plain")
    }

    /// Issue 46 (11): a URL inside a `//` comment was coloured (and underlined) as a string by
    /// the GitHub schemes: a comment reads as a comment to its end.
    func testRegressionAnAddressInACommentIsColouredAsTheComment() {
        let code = "let x = 1 // see https://example.com/docs and mail@example.com\nlet s = \"text\"\n"
        for (theme, comment) in [("github", "#59636e"), ("github-dark", "#9198a1")] {
            var style = Style()
            style.codeTheme = theme
            let text = codeLines(layout("```swift\n\(code)```\n", style: style))[0].shaped.text
            let start = text.string.utf8.distance(from: text.string.startIndex, to: text.string.range(of: "// see")!.lowerBound)
            let end = text.string.utf8.distance(from: text.string.startIndex, to: text.string.range(of: ".com\n")!.upperBound) - 1
            for run in text.runs where run.range.overlaps(start..<end) {
                XCTAssertEqual(run.attributes.color, Color(hex: comment), "\(theme): \(text.string.utf8.dropFirst(run.range.lowerBound).prefix(run.range.count))")
                XCTAssertFalse(run.attributes.underline, theme)
            }
        }
    }
}
