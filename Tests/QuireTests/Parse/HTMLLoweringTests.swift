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

/// Raw HTML parsed by gumbo and lowered into typed nodes: every form Layout used to read from
/// tag strings arrives typed (issue 31).
final class HTMLLoweringTests: XCTestCase {
    private func inlines(_ markdown: String, file: StaticString = #filePath, line: UInt = #line) -> [Inline] {
        guard case .paragraph(let content)? = parseMarkdown(markdown).blocks.first?.kind else {
            XCTFail("no paragraph", file: file, line: line)
            return []
        }
        return content
    }

    /// The parts of the first HTML block.
    private func parts(_ markdown: String, file: StaticString = #filePath, line: UInt = #line) -> HTMLBlock {
        for block in parseMarkdown(markdown).blocks { if case .html(let html) = block.kind { return html } }
        XCTFail("no HTML block", file: file, line: line)
        return HTMLBlock(blocks: [])
    }

    /// Regression (issue 31): entities outside the hand-written table printed literally
    /// (GRDB's README: "Usage &bull; Documentation").
    func testRegressionEveryHTML5EntityDecodes() {
        let html = parts("<p align=\"center\">Usage &bull; Docs &rarr; 2&times;3 &euro;5 20&deg; &check; &hearts; a&emsp;b &amp;</p>\n")
        XCTAssertEqual(html.blocks.first?.inlineContent.first?.plainText, "Usage • Docs → 2×3 €5 20° ✓ ♥ a\u{2003}b &")
        XCTAssertEqual(inlines("<a href=\"?a=1&amp;b=2&rarr;\">x</a>\n"), [.link(destination: "?a=1&b=2→", title: "", content: [.text("x")])],
                       "attribute values decode too")
    }

    func testInlineEffectsKeepTheMarkdownBetweenTheirTags() {
        XCTAssertEqual(inlines("H<sub>2</sub>O x<sup>3</sup> <kbd>Ctrl</kbd> <mark>m</mark>\n"),
                       [.text("H"), .styled(.subscript, [.text("2")]), .text("O x"), .styled(.superscript, [.text("3")]), .text(" "),
                        .styled(.keyboard, [.text("Ctrl")]), .text(" "), .styled(.highlight, [.text("m")])])
        XCTAssertEqual(inlines("<b>bold *and em* `code`</b> after\n"),
                       [.styled(.bold, [.text("bold "), .emphasis([.text("and em")]), .text(" "), .code("code")]), .text(" after")])
        XCTAssertEqual(inlines("a<br>b <span class=\"x\">kept</span><!-- gone --> <script>kept too</script>\n"),
                       [.text("a"), .hardBreak, .text("b "), .text("kept"), .text(" kept too")],
                       "unknown elements give their content; a script in a paragraph is its text, as before")
    }

    /// Regression (issue 31): tags crossing Markdown spans are repaired as a browser repairs
    /// them (the adoption agency algorithm), not left open to the paragraph's end.
    func testRegressionMalformedHTMLIsRepairedAsBrowsersRepairIt() {
        XCTAssertEqual(inlines("<b>bold <i>both</b> italic</i> plain\n"),
                       [.styled(.bold, [.text("bold "), .styled(.italic, [.text("both")])]), .styled(.italic, [.text(" italic")]), .text(" plain")])
        XCTAssertEqual(inlines("*a <b>b* c</b> d\n"),
                       [.emphasis([.text("a "), .styled(.bold, [.text("b")])]), .styled(.bold, [.text(" c")]), .text(" d")],
                       "a Markdown span closes the element, which a browser reopens after it")
        XCTAssertEqual(inlines("Start <b>bold to the end\n"), [.text("Start "), .styled(.bold, [.text("bold to the end")])])
    }

    func testImagesAnchorsAndLinksArriveTyped() {
        XCTAssertEqual(inlines("<a name=\"top\"></a><img src=\"a.png\" alt=\"A\" width=\"120\">\n"),
                       [.anchor("top"), .htmlImage(HTMLImage(source: "a.png", alt: "A", width: .pixels(120)))])
        XCTAssertEqual(inlines("<a id=\"i\" href=\"#x\" title=\"t\">go</a>\n"), [.anchor("i"), .link(destination: "#x", title: "t", content: [.text("go")])])
        let html = parts("<div id=\"d\">\n<pre id=\"p\">\n  code <b>kept</b>\n</pre>\n<hr>\n<h2 align=\"right\">Title</h2>\n</div>\n")
        XCTAssertEqual(html.anchors, ["d", "p"], "every id, once, for the block")
        XCTAssertEqual(html.blocks.map(\.kind), [.codeBlock(text: "  code kept", language: ""), .thematicBreak,
                                                 .heading(level: 2, content: [.text("Title")])])
        XCTAssertEqual(html.blocks.last?.alignment, .right)
    }

    func testListItemsGetTheirLabelsBeforeTheirContent() {
        let html = parts("<ol start=\"3\"><li>three</li><li><b>four</b></li></ol>\n")
        XCTAssertEqual(html.blocks.map { $0.inlineContent.first ?? [] }, [[.text("3. "), .text("three")], [.text("4. "), .styled(.bold, [.text("four")])]])
    }

    /// Links and images inside an HTML block carry the line their element starts on (warnings name it).
    func testLinksAndImagesInAnHTMLBlockNameTheirLines() {
        let html = parts("<p>\nText\n<a href=\"#x\">x</a> <img src=\"y.png\">\n</p>\n")
        XCTAssertEqual(html.blocks.first?.inlineContent.first,
                       [.text("Text "), .located(line: 3, content: [.link(destination: "#x", title: "", content: [.text("x")])]), .text(" "),
                        .located(line: 3, content: [.htmlImage(HTMLImage(source: "y.png"))])])
    }

    /// Regression: an unclosed `<textarea>` (or `<title>`, `<plaintext>`...), whose content
    /// HTML reads as text, read the Markdown after it, placeholders and all, as its text.
    func testRegressionAnUnclosedRawTextElementEndsWithItsBlock() {
        for tag in ["textarea", "title", "xmp", "plaintext"] {
            let blocks = parseMarkdown("Before\n\n<\(tag)>\n\nMarkdown *para*\n").blocks
            XCTAssertTrue(blocks.contains { $0.kind == .paragraph([.text("Markdown "), .emphasis([.text("para")])]) }, "\(tag): \(blocks)")
            XCTAssertFalse("\(blocks)".contains(HTMLJoin.attribute), "\(tag): no placeholder as text")
        }
    }

    /// Raw HTML deeper than the tree's cap keeps its text and the Markdown inside it.
    func testDeepHTMLKeepsItsTextAndMarkdown() {
        let content = inlines(String(repeating: "<span><b>", count: 3_000) + "*deep* text\n")
        XCTAssertTrue(content.plainText.hasSuffix("deep text"), content.plainText)
    }
}
