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

/// Raw HTML: the common tags honoured, everything else dropped with its text kept.
final class HTMLLayoutTests: XCTestCase {
    private let style = Style()

    /// The attributes of the first occurrence of `word` in the document's lines.
    private func attributes(of word: String, in doc: LaidOutDocument, file: StaticString = #filePath, line: UInt = #line) -> StyledText.Attributes? {
        for textLine in doc.allLines {
            let text = textLine.shaped.text
            if let range = text.string.range(of: word) {
                return text.attributes(at: text.string.utf8.distance(from: text.string.startIndex, to: range.lowerBound))
            }
        }
        XCTFail("\(word) not found", file: file, line: line)
        return nil
    }

    private var allText: (LaidOutDocument) -> String = { $0.allLines.map(\.text).joined(separator: "\n") }

    func testInlineTagsStyleTheirContentAcrossNodes() {
        let doc = layout("A <b>bold <i>both</i></b> <strong>strong</strong> <em>em</em> <code>code</code> "
                         + "H<sub>2</sub>O x<sup>3</sup> <s>struck</s> <del>deleted</del> <u>under</u> plain\n")
        XCTAssertEqual(attributes(of: "bold", in: doc)?.bold, true)
        let both = attributes(of: "both", in: doc)
        XCTAssertEqual(both?.bold, true)
        XCTAssertEqual(both?.italic, true)
        XCTAssertEqual(attributes(of: "strong", in: doc)?.bold, true)
        XCTAssertEqual(attributes(of: "em", in: doc)?.italic, true)
        XCTAssertEqual(attributes(of: "code", in: doc)?.monospace, true)
        XCTAssertEqual(attributes(of: "2", in: doc)?.subscript, true)
        XCTAssertEqual(attributes(of: "3", in: doc)?.superscript, true)
        XCTAssertEqual(attributes(of: "struck", in: doc)?.strikethrough, true)
        XCTAssertEqual(attributes(of: "deleted", in: doc)?.strikethrough, true)
        XCTAssertEqual(attributes(of: "under", in: doc)?.underline, true)
        XCTAssertEqual(attributes(of: "plain", in: doc), StyledText.Attributes(), "every element closed")
        XCTAssertFalse(allText(doc).contains("<"), "no markup printed")
    }

    func testAnUnclosedTagEndsWithItsParagraph() {
        let doc = layout("Start <b>bold to the end\n\nNext paragraph.\n")
        XCTAssertEqual(attributes(of: "end", in: doc)?.bold, true)
        XCTAssertEqual(attributes(of: "Next", in: doc)?.bold, false)
    }

    func testKeyboardKeysAreFramedCode() {
        let doc = layout("Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to copy.\n")
        XCTAssertEqual(attributes(of: "Ctrl", in: doc)?.monospace, true)
        let frames = doc.pages[0].items.filter { if case .frame = $0 { return true } else { return false } }
        XCTAssertEqual(frames.count, 2)
    }

    func testBreakStartsANewLine() {
        let doc = layout("first line<br>second line<br/>third\n")
        XCTAssertEqual(doc.allLines.map(\.text).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) },
                       ["first line", "second line", "third"])
    }

    func testLinksAndAnchors() {
        let doc = layout("# Top\n\nSee <a href=\"https://example.com\">the site</a> or <a href=\"#top\">go up</a>"
                         + " or <a href=\"#nowhere\">nothing</a>.\n")
        let targets = doc.pages[0].links.map(\.target)
        XCTAssertEqual(targets, [.uri("https://example.com"), .destination("top")])
        XCTAssertEqual(doc.warnings.map(\.message), ["link to missing anchor #nowhere; set as plain text"])
        XCTAssertEqual(attributes(of: "the site", in: doc)?.color, style.linkColor)
        XCTAssertNil(attributes(of: "nothing", in: doc)?.color)
    }

    func testCommentsAndOtherTagsAreOmittedWithTheirTextKept() {
        let doc = layout("a <!-- hidden --> b <span class=\"x\">kept</span> <foo>bar</foo> <abbr title=\"t\">abbr</abbr>\n")
        let text = allText(doc)
        XCTAssertTrue(text.contains("kept") && text.contains("bar") && text.contains("abbr"), text)
        XCTAssertFalse(text.contains("hidden") || text.contains("<") || text.contains("span"), text)
        XCTAssertTrue(text.hasPrefix("a b kept"), "spaces around a comment collapse: \(text)")
    }

    func testHTMLBlockNeverPrintsMarkup() {
        let html = """
        <div class="box">
        <table><tr><th>Name</th><th>Role</th></tr><tr><td>Ada</td><td>Engineer</td></tr></table>
        <script>var secret = 1;</script><style>p { color: red }</style>
        <!-- a comment
        over lines -->
        </div>
        """
        let text = allText(layout(html + "\n"))
        XCTAssertEqual(text.split(separator: "\n"), ["Name", "Role", "Ada", "Engineer"], "a table, cell by cell")
        XCTAssertFalse(text.contains("<") || text.contains("secret") || text.contains("color") || text.contains("comment"), text)
    }

    func testDetailsShowSummaryInBoldAndTheContent() {
        let doc = layout("<details>\n<summary>Click to expand</summary>\n\nThe hidden *text*.\n\n</details>\n")
        XCTAssertEqual(attributes(of: "Click", in: doc)?.bold, true)
        XCTAssertTrue(allText(doc).contains("The hidden text."))
    }

    func testAlignAttributeAlignsTheParagraph() {
        let doc = layout("<p align=\"center\">Centred words</p>\n\n<div align=\"right\">\nRight words\n</div>\n")
        let centred = doc.allLines.first { $0.text.hasPrefix("Centred") }!
        XCTAssertEqual(centred.x + centred.width / 2, style.margins.left + style.contentWidth / 2, accuracy: 0.5)
        let right = doc.allLines.first { $0.text.hasPrefix("Right") }!
        XCTAssertEqual(right.x + right.width, style.margins.left + style.contentWidth, accuracy: 0.5)
    }

    func testTextAlignInAStyleAlignsLikeAlign() {
        let doc = layout("<p style=\"text-align: right\">Right words</p>\n")
        let right = doc.allLines[0]
        XCTAssertEqual(right.x + right.width, style.margins.left + style.contentWidth, accuracy: 0.5)
    }

    func testHTMLHeadingIsAHeadingInTheOutline() {
        let doc = layout("<h1 align=\"center\">Project <em>Name</em></h1>\n\nText.\n")
        XCTAssertEqual(doc.outline.map(\.title), ["Project Name"])
        XCTAssertEqual(doc.title, "Project Name")
        let heading = doc.allLines.first { $0.text.hasPrefix("Project") }!
        XCTAssertGreaterThan(heading.shaped.format.text.size, style.bodySize * 1.5)
        XCTAssertEqual(heading.x + heading.width / 2, style.margins.left + style.contentWidth / 2, accuracy: 0.5)
        XCTAssertTrue(doc.allDestinations.contains(doc.outline[0].destination))
    }

    func testPreKeepsItsLinesInMonospace() {
        let doc = layout("<pre>\nline one\n  indented <b>two</b>\n</pre>\n")
        let lines = doc.allLines
        XCTAssertEqual(lines.map(\.text), ["line one", "  indented two"])
        XCTAssertEqual(lines[0].shaped.format.text.family, style.codeFont)
    }

    func testListItemsGetBulletsAndNumbers() {
        let doc = layout("<ul>\n<li>apple</li>\n<li>pear</li>\n</ul>\n<ol start=\"3\"><li>three</li><li>four</li></ol>\n")
        XCTAssertEqual(doc.allLines.map(\.text), ["• apple", "• pear", "3. three", "4. four"])
    }

    func testListItemLabelsGoBeforeTheItemsFirstContent() {
        let doc = layout("<ul>\n  <li>\n    <p>in a paragraph</p>\n  </li>\n  <li><b>bold</b> item</li>\n</ul>\n")
        XCTAssertEqual(doc.allLines.map(\.text), ["• in a paragraph", "• bold item"])
        XCTAssertEqual(attributes(of: "•", in: doc)?.bold, false)
    }

    func testSummaryAndBreaksDropLeadingSpaces() {
        let doc = layout("<details><summary>\n  Spaced summary\n</summary></details>\n\n<p>one<br>\n  two</p>\n")
        XCTAssertEqual(doc.allLines.map(\.text), ["Spaced summary", "one", "two"])
    }

    func testWhitespaceCollapsesAsInHTML() {
        let doc = layout("<p>\n   several\n   lines   of\ttext\n</p>\n")
        XCTAssertEqual(doc.allLines.map(\.text), ["several lines of text"])
    }

    func testAnchorsInHTMLBlocksArePlaced() {
        let doc = layout("[jump](#here)\n\n<pre id=\"here\">code</pre>\n\n<a name=\"there\"></a>\n\n[x](#there)\n")
        XCTAssertEqual(doc.warnings, [])
        let names = doc.pages[0].links.compactMap { if case .destination(let n) = $0.target { return n } else { return nil } }
        XCTAssertEqual(names.count, 2)
        XCTAssertTrue(doc.allDestinations.isSuperset(of: names))
    }
}
