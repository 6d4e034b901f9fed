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

final class ExcerptTests: XCTestCase {
    let label = "Continue reading"

    /// Lays out `markdown` (one section, no heading) cut to `n` lines; returns the main-flow lines.
    private func excerpt(_ markdown: String, _ n: Int, style: Style = Style()) -> (doc: LaidOutDocument, lines: [TextLine]) {
        var style = style
        style.excerptLines = n
        let doc = layout(markdown, style: style)
        let fullTextPage = doc.pages.firstIndex { $0.destinations.contains { $0.name == "fulltext" } } ?? doc.pages.count
        let lines = doc.pages[..<fullTextPage].flatMap(\.bodyLines).filter { !$0.text.hasSuffix(".") || $0.text.count > 4 }
        return (doc, lines)
    }

    /// The checks every cut excerpt must pass: `n` lines, the label wholly on line n inside
    /// the column, a link rectangle over exactly the label, to a destination that exists,
    /// and a link back from the full text.
    private func assertCut(_ markdown: String, _ n: Int, style: Style = Style(), shownLines: Int? = nil,
                           file: StaticString = #filePath, line: UInt = #line) -> [TextLine] {
        let (doc, lines) = excerpt(markdown, n, style: style)
        XCTAssertEqual(lines.count, shownLines ?? n, "line count", file: file, line: line)
        guard let last = lines.last else { return lines }
        XCTAssertTrue(last.text.hasSuffix("\u{2068}\(label)\u{2069}"), "label ends line N: \(last.text)", file: file, line: line)
        let labelLinks = doc.pages[0...].flatMap(\.links).filter { $0.target == .destination("full1") }
        XCTAssertEqual(labelLinks.count, 1, "one label link", file: file, line: line)
        if let rect = labelLinks.first?.rect {
            XCTAssertEqual(rect.y, last.top, accuracy: 0.5, "on line N", file: file, line: line)
            XCTAssertGreaterThanOrEqual(rect.x, last.x - 0.5, file: file, line: line)
            XCTAssertLessThanOrEqual(rect.maxX, last.x + last.width + 0.5, file: file, line: line)
            XCTAssertGreaterThanOrEqual(rect.x, style.margins.left - 0.5, "inside the column", file: file, line: line)
            XCTAssertLessThanOrEqual(rect.maxX, style.margins.left + style.contentWidth + 0.5, file: file, line: line)
            let labelWidth = Typesetter().shape({ var t = StyledText(); t.append(label); return t }(),
                                                ParagraphFormat(text: Typography(style).body, width: 1000)).lines[0].width
            XCTAssertEqual(rect.width, labelWidth, accuracy: 0.5, "covers exactly the label", file: file, line: line)
        }
        XCTAssertTrue(doc.allDestinations.contains("full1"), "full text destination", file: file, line: line)
        XCTAssertTrue(doc.pages.flatMap(\.links).contains { $0.target == .destination("excerpt1") }, "link back", file: file, line: line)
        XCTAssertTrue(doc.allDestinations.contains("excerpt1"), file: file, line: line)
        XCTAssertEqual(doc.excerpts.first?.isCut, true, file: file, line: line)
        return lines
    }

    /// Regression: a missing image inside a section cut by `--excerpt-lines` was warned about
    /// only while the excerpt was tried, and that warning was undone with the cut; the full text
    /// then found it "already warned". Both images must be warned about, each once.
    func testMissingImageInsideACutSectionIsStillWarnedAbout() {
        let markdown = "## Images\n\nShown ![in](inside.png) the excerpt. \(prose(120))\n\n![after](after.png)\n\n\(prose(60))\n"
        var style = Style()
        style.excerptLines = 2
        let doc = layout(markdown, style: style)
        XCTAssertEqual(doc.excerpts.first?.isCut, true)
        let images = doc.warnings.filter { $0.message.contains("placeholder") }
        XCTAssertEqual(images.map(\.line), [3, 5], "\(doc.warnings)")
    }

    func testCutsToExactlyNLinesForNFrom1To5() {
        for n in 1...5 { _ = assertCut(prose(200), n) }
    }

    func testSectionOfExactlyNLinesHasNoLabelAndNoSecondCopy() {
        var style = Style()
        style.excerptLines = 3
        let full = layout(prose(200)).allLines
        let threeLines = full.prefix(3).map(\.text).joined(separator: " ")
        let (doc, lines) = excerpt(threeLines, 3)
        XCTAssertEqual(lines.count, 3)
        XCTAssertFalse(lines.contains { $0.text.contains(label) })
        XCTAssertFalse(doc.allDestinations.contains("fulltext"))
        XCTAssertEqual(doc.excerpts.map(\.isCut), [false])
        // One line more gets the label.
        _ = assertCut(full.prefix(4).map(\.text).joined(separator: " "), 3)
    }

    func testVisibleTextIsThePrefixOfTheSection() {
        let lines = assertCut(prose(200), 3)
        let shown = lines.map(\.text).joined().components(separatedBy: "…")[0]
        XCTAssertTrue(prose(200).hasPrefix(shown), shown)
        XCTAssertGreaterThan(shown.count, 100)
    }

    func testStyledRunsAtTheCutKeepTheirStyle() {
        let lines = assertCut("**" + prose(100, seed: "bold") + "**", 2)
        let cutText = lines.last!.shaped.text
        let visible = cutText.string.range(of: "…")!
        let visibleBytes = cutText.string.utf8.distance(from: cutText.string.startIndex, to: visible.lowerBound)
        XCTAssertTrue(cutText.runs.contains { $0.attributes.bold && $0.range.upperBound >= visibleBytes - 1 })
    }

    func testLinkAtTheCutStaysALink() {
        let (doc, lines) = excerpt("[" + prose(100, seed: "link") + "](https://example.com)", 2)
        XCTAssertEqual(lines.count, 2)
        let uriLinks = doc.pages[0].links.filter { $0.target == .uri("https://example.com") && $0.rect.y == lines[1].top }
        XCTAssertEqual(uriLinks.count, 1, "the visible part of line N is still a link")
        XCTAssertLessThan(uriLinks[0].rect.maxX, doc.pages[0].links.first { $0.target == .destination("full1") }!.rect.x)
    }

    func testEmojiSequencesAndFlagsAreNeverSplit() {
        let allowed: Set<String> = ["👩‍👩‍👧", "🇫🇷", "🇯🇵", "👍🏽"]
        for spaced in [true, false] {
            let unit = ["👩‍👩‍👧", "🇫🇷", "🇯🇵", "👍🏽"].joined(separator: spaced ? " " : "")
            let lines = assertCut(Array(repeating: unit, count: 150).joined(separator: spaced ? " " : ""), 2)
            let shown = lines.last!.text.components(separatedBy: "…")[0]
            for character in shown where character != " " {
                XCTAssertTrue(allowed.contains(String(character)), "broken cluster \(character.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    func testCJKIsCutAtALineBreakOpportunity() {
        let text = String(repeating: "我能吞下玻璃而不伤身体。", count: 60)
        let lines = assertCut(text, 3)
        let shown = lines.map(\.text).joined().components(separatedBy: "…")[0]
        XCTAssertTrue(text.hasPrefix(shown.trimmingCharacters(in: .whitespaces)))
    }

    func testOneVeryLongWord() {
        let lines = assertCut(String(repeating: "a", count: 5000), 2)
        XCTAssertTrue(lines[1].text.hasPrefix("a"))
    }

    func testListAtTheCutFollowsTheItemText() {
        let lines = assertCut("- first item\n- second " + prose(100), 3)
        XCTAssertEqual(lines.last!.x, lines[1].x, accuracy: 0.5, "at the item's indent")
        XCTAssertGreaterThan(lines.last!.x, Style().margins.left + 5)
    }

    func testRightToLeftLabelFollowsTheParagraph() {
        let lines = assertCut(String(repeating: "هذه فقرة باللغة العربية. ", count: 40), 2)
        XCTAssertTrue(lines.last!.shaped.isRightToLeft)
        let style = Style()
        XCTAssertEqual(lines[0].x + lines[0].width, style.margins.left + style.contentWidth, accuracy: 0.5)
    }

    /// A table with no room for its header, a row and the label ends the excerpt before it,
    /// the label alone on line N; with room, it shows its header and the rows that fit.
    func testTableThatDoesNotFitLeavesLineNToTheLabel() {
        let table = "| a | b |\n|---|---|\n" + (1...6).map { "| \($0) | x |" }.joined(separator: "\n")
        // Three lines of prose (at the default measure), then a table of seven rows.
        let lines = assertCut(prose(22) + "\n\n" + table, 4)
        XCTAssertFalse(lines.contains { $0.text == "1" }, "no table row shown")
        XCTAssertEqual(lines.last?.text, "… \u{2068}\(label)\u{2069}", "the label alone on line 4")
        let (doc, shown) = excerpt("Intro.\n\n" + "| a |\n|---|\n| 1 |\n\nAfter " + prose(100), 5)
        XCTAssertTrue(shown.contains { $0.text == "1" }, "a table that fits is shown whole")
        XCTAssertEqual(doc.excerpts.first?.isCut, true)
        let (_, rows) = excerpt(prose(22) + "\n\n" + table, 7)
        XCTAssertEqual(rows.map(\.text).filter { ["a", "1", "2", "3"].contains($0) }, ["a", "1", "2"], "the header and the rows that fit")
    }

    /// A table that filled the N lines exactly, with text after it, left no line for the label:
    /// the cut was never found and the retry loop grew its byte budget until it overflowed.
    func testRegressionTableFillingExactlyNLinesThenText() {
        let table = "| a | b |\n|---|---|\n| 1 | x |\n| 2 | y |\n"
        let (doc, lines) = excerpt("First " + prose(3) + "\n\n" + table + "\n" + prose(40), 4)
        XCTAssertEqual(doc.excerpts.first?.isCut, true)
        XCTAssertTrue(lines.contains { $0.text == "1" }, "the header and the first row")
        XCTAssertFalse(lines.contains { $0.text == "2" }, "the last row gives its line to the label")
        XCTAssertEqual(lines.last?.text, "… \u{2068}\(label)\u{2069}")
        let (_, whole) = excerpt("Lead.\n\n" + table, 4)
        XCTAssertTrue(whole.contains { $0.text == "2" }, "with nothing after it, a table filling the lines is shown")
    }

    func testSectionsAndTitle() {
        var style = Style()
        style.excerptLines = 2
        let doc = layout("# Title\n\nIntro " + prose(100) + "\n\n## One\n\nShort.\n\n## Two\n\n" + prose(100, seed: "t"), style: style)
        XCTAssertEqual(doc.excerpts.map(\.title), ["Title", "One", "Two"])
        XCTAssertEqual(doc.excerpts.map(\.isCut), [true, false, true])
        XCTAssertEqual(doc.excerpts.map(\.lines.count), [2, 1, 2])
        XCTAssertEqual(doc.outline.map(\.title), ["Title", "One", "Two", "Full text", "Title", "Two"])
        // Every internal link lands on a destination that exists.
        for link in doc.pages.flatMap(\.links) {
            if case .destination(let name) = link.target { XCTAssertTrue(doc.allDestinations.contains(name), name) }
        }
    }

    func testLabelSwitchesByColumnWidth() throws {
        let wide = excerpt(prose(200), 2).lines.last!.text
        XCTAssertTrue(wide.hasSuffix("Continue reading\u{2069}"), wide)
        let narrow = try Templates.style(template: nil, sets: ["page.size=a6", "body.size=14"])
        XCTAssertLessThan(narrow.contentWidth / narrow.bodySize, 20)
        let lines = assertCutWithLabel(prose(200), 2, style: narrow, label: "More")
        XCTAssertEqual(lines.count, 2)
    }

    private func assertCutWithLabel(_ markdown: String, _ n: Int, style: Style, label: String) -> [TextLine] {
        let (doc, lines) = excerpt(markdown, n, style: style)
        XCTAssertTrue(lines.last!.text.hasSuffix("\u{2068}\(label)\u{2069}"), lines.last!.text)
        let link = doc.pages[0].links.first { $0.target == .destination("full1") }!
        XCTAssertLessThanOrEqual(link.rect.maxX, style.margins.left + style.contentWidth + 0.5)
        return lines
    }

    func testPreviewLinesMatchThePDFLines() {
        var options = RenderOptions()
        options.style.excerptLines = 3
        let summaries = Quire.excerpts(markdown: prose(200), options: options)
        let (_, lines) = excerpt(prose(200), 3)
        XCTAssertEqual(summaries[0].lines.map { $0.trimmingCharacters(in: .whitespaces) },
                       lines.map { $0.text.replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
                           .trimmingCharacters(in: .whitespaces) })
        XCTAssertTrue(summaries[0].lines.last!.hasSuffix("… Continue reading"))
    }
}
