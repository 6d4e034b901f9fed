import XCTest
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

/// GitHub's math syntax as Parse reads it: which dollars open formulas, which stay text.
final class MathSpansTests: XCTestCase {
    private func inlines(_ markdown: String) -> [Inline] {
        guard case .paragraph(let content)? = parseMarkdown(markdown).blocks.first?.kind else { return [] }
        return content
    }

    private func formulas(_ markdown: String) -> [MathFormula] {
        var found: [MathFormula] = []
        struct Collector: DocumentWalker {
            var found: [MathFormula] = []
            mutating func visitMath(_ formula: MathFormula) { found.append(formula) }
            mutating func visitMathBlock(_ block: Block, formula: MathFormula) { found.append(formula) }
        }
        var collector = Collector()
        // An HTML block's lowered blocks are not among a walk's child blocks: read them too.
        func withHTML(_ blocks: [Block]) -> [Block] {
            blocks.flatMap { block -> [Block] in
                if case .html(let html) = block.kind { return withHTML(html.blocks) }
                return [block.mapChildBlocks(withHTML)]
            }
        }
        collector.walk(withHTML(parseMarkdown(markdown).blocks))
        found = collector.found
        return found
    }

    func testInlineDollarsKeepTheirTeXUntouchedByMarkdown() {
        XCTAssertEqual(inlines(#"Let $a_1 * b_2 \{x\}$ be"#),
                       [.text("Let "), .math(MathFormula(tex: #"a_1 * b_2 \{x\}"#, display: false, line: 1)), .text(" be")])
    }

    func testBacktickDollarForm() {
        XCTAssertEqual(formulas("Here $`\\sqrt{2}`$ is.").map(\.tex), [#"\sqrt{2}"#])
    }

    func testDollarsThatAreNotMathStayText() {
        XCTAssertEqual(inlines("It costs $5 and $10."), [.text("It costs $5 and $10.")])
        XCTAssertEqual(inlines(#"Escaped \$x\$ here"#), [.text("Escaped $x$ here")])
        XCTAssertEqual(inlines("A $ x$ sign"), [.text("A $ x$ sign")])
        XCTAssertEqual(inlines("Just $5$ here"), [.text("Just $5$ here")])
        XCTAssertEqual(inlines("From $5/$10 on"), [.text("From $5/$10 on")])
        XCTAssertEqual(formulas("It costs $5 and $10. Sum: $x$.").map(\.tex), ["x"])
        // Regression (art-of-command-line-zh): a dollar in prose never reaches into code.
        XCTAssertEqual(formulas("If $2 is empty, `output=$` and `${var%x}` and `$y`.").map(\.tex), [])
        XCTAssertEqual(inlines("Code `$x$` here"), [.text("Code "), .code("$x$"), .text(" here")])
        XCTAssertEqual(formulas("[link]($x$) and <span title=\"$y$\">z</span>"), [])
    }

    func testDisplayMathOnLinesOfItsOwnIsABlockAfterItsParagraph() {
        let blocks = parseMarkdown("The sum is\n$$\na = b\n  + c\n$$\nwhere c > 0.\n").blocks
        XCTAssertEqual(blocks.count, 3)
        XCTAssertEqual(blocks[0].kind, .paragraph([.text("The sum is")]))
        XCTAssertEqual(blocks[1].kind, .math(MathFormula(tex: "a = b\n  + c", display: true, line: 3)))
        XCTAssertEqual(blocks[2].line, 6)
    }

    func testRegressionDisplayDollarsInsideAParagraphSplitItUnindented() {
        let blocks = parseMarkdown("Before $$x^2$$ after").blocks
        XCTAssertEqual(blocks.map(\.kind), [.paragraph([.text("Before")]),
                                            .math(MathFormula(tex: "x^2", display: true, line: 1)),
                                            .paragraph([.text("after")])], "no space indents the line after")
    }

    func testMathFenceIsADisplayBlock() {
        XCTAssertEqual(parseMarkdown("```math\n\\frac12\n```\n").blocks.map(\.kind),
                       [.math(MathFormula(tex: "\\frac12", display: true, line: 2))])
    }

    func testDollarLinesInsideCodeStayCode() {
        let blocks = parseMarkdown("```\n$$\nx\n$$\n```\n").blocks
        XCTAssertEqual(blocks.map(\.kind), [.codeBlock(text: "$$\nx\n$$", language: "")])
    }

    func testDisplayMathInsideAQuote() {
        let blocks = parseMarkdown("> $$\n> x + y\n> $$\n").blocks
        XCTAssertEqual(blocks.first?.kind, .blockQuote([Block(.math(MathFormula(tex: "x + y", display: true, line: 2)), line: 1)]))
    }

    func testMathInHeadingsAndEmphasis() {
        XCTAssertEqual(formulas("# Energy $E=mc^2$\n\n*see $x_*$*").map(\.tex), ["E=mc^2", "x_*"])
    }

    /// art-of-command-line-ja.md line 140: shell's brace range `{$a..$b}` was a formula `a..`.
    func testRegressionShellBraceRangeInJapaneseProseIsText() {
        XCTAssertEqual(formulas("例えば、{1..20}のような範囲は{$a..$b}というようには表現できない。").map(\.tex), [])
        XCTAssertEqual(formulas("Run `seq $a $b` or echo $1...$2 and \"$HOME/$USER\".").map(\.tex), [])
    }

    /// GitHub's rules on the characters around the delimiters (see `MathSpans`).
    func testDollarsTouchingLettersOrDigitsDelimitNothing() {
        for text in ["a$x$ b", "1$x$ b", "b $x$a", "b $x$1", "US$5 and US$10", "From 10$ to 20$ here",
                     "x a$`y`$ z"] {
            XCTAssertEqual(formulas(text).map(\.tex), [], text)
        }
        XCTAssertEqual(formulas("Sum $x$, then $y$. And ($z$) or [$w$]; \"$v$\" and *$u$*").map(\.tex), ["x", "y", "z", "w", "v", "u"])
        XCTAssertEqual(formulas("値は$x$です、そして$`y^2`$。").map(\.tex), ["x", "y^2"])
        XCTAssertEqual(formulas("$\\alpha$$\\beta$ and $a$-$b$").map(\.tex), ["\\alpha", "\\beta", "a", "b"])
        XCTAssertEqual(formulas("Price $\\$5$ and $`a`b`$").map(\.tex), ["\\$5"], "`a` closes at its first backtick")
    }

    /// The `$$` lines were fenced inside an indented code block, which then showed "```math".
    func testRegressionDollarLinesInIndentedCodeStayCode() {
        XCTAssertEqual(parseMarkdown("Code:\n\n    $$\n    x\n    $$\n").blocks.map(\.kind),
                       [.paragraph([.text("Code:")]), .codeBlock(text: "$$\nx\n$$", language: "")])
        XCTAssertEqual(parseMarkdown("- item\n\n      $$\n      x\n      $$\n").blocks.first?.kind,
                       .list(ListBlock(start: nil, isTight: false, items: [
                           ListItem(task: nil, blocks: [Block(.paragraph([.text("item")]), line: 1),
                                                        Block(.codeBlock(text: "$$\nx\n$$", language: ""), line: 3)], line: 1)])))
    }

    /// The `$$` lines were fenced inside a raw HTML block, whose text then read "```math".
    func testRegressionDollarLinesInRawHTMLStayAsWritten() {
        let blocks = parseMarkdown("<div>\n$$\nx\n$$\n</div>\n\nAfter.\n").blocks
        XCTAssertFalse("\(blocks)".contains("```"), "\(blocks)")
        XCTAssertEqual(blocks.last?.kind, .paragraph([.text("After.")]))
    }

    /// A blank line between the `$$` lines ends the paragraph: no formula (as on GitHub).
    func testRegressionDollarLinesAcrossABlankLineAreText() {
        XCTAssertEqual(formulas("$$\nx\n\ny\n$$\n"), [])
    }

    /// The closing `$$` on a lazy line of a list item was fenced outside the item, where its
    /// fence opened a code block that swallowed the rest of the document.
    func testRegressionLazyClosingDollarsDoNotSwallowTheDocument() {
        for markdown in ["1. item\n\n   $$\n   x + y\n$$\n\nAfter.\n", "- $$\n  x + y\n$$\n\nAfter.\n"] {
            let blocks = parseMarkdown(markdown).blocks
            XCTAssertEqual(blocks.last?.kind, .paragraph([.text("After.")]), "\(blocks)")
            XCTAssertEqual(formulas(markdown).map { $0.tex.trimmingCharacters(in: .whitespacesAndNewlines) }, ["x + y"], markdown)
        }
    }

    /// A ```` ```math ```` fence is math only where cmark reads it as a fence: not inside an
    /// indented code block or a longer fence, not in raw HTML.
    func testMathFencesInCodeAndHTMLStayAsWritten() {
        XCTAssertEqual(formulas("Code:\n\n    ```math\n    x\n    ```\n"), [])
        XCTAssertEqual(formulas("````\n```math\nx\n```\n````\n"), [])
        XCTAssertEqual(formulas("<div>\n```math\nx\n```\n</div>\n"), [])
    }

    func testDollarLinesFencedInListsAndQuotesKeepTheirLines() {
        XCTAssertEqual(formulas("1. The sum\n   $$\n   a\n   + b\n   - c\n   $$\n").map(\.tex), ["a\n+ b\n- c"])
        XCTAssertEqual(formulas("> > $$\n> > a\n> > = b\n> > $$\n").map(\.tex), ["a\n= b"])
        XCTAssertEqual(formulas("$$\na\n=\nb\n$$\n").map(\.tex), ["a\n=\nb"], "a line of = is no heading underline")
    }

    /// Formulas in raw HTML blocks (`<p>`, `<td>`, `<summary>`, `<div>`) were shown as their
    /// source: GitHub finds math in the HTML it renders, raw HTML included.
    func testRegressionMathInRawHTMLBlocksIsTypeset() {
        XCTAssertEqual(formulas("<p align=\"center\">The area $\\pi r^2$ grows.</p>\n"),
                       [MathFormula(tex: "\\pi r^2", display: false, line: 1)])
        XCTAssertEqual(formulas("<table>\n<tr><td>$a$</td><td>\n$b_1 &lt; c$</td></tr>\n</table>\n"),
                       [MathFormula(tex: "a", display: false, line: 2), MathFormula(tex: "b_1 < c", display: false, line: 3)])
        XCTAssertEqual(formulas("<details><summary>Why $x > 0$</summary>\n\nBecause $y$.\n\n</details>\n").map(\.tex), ["x > 0", "y"])
        let blocks = parseMarkdown("<div>\nThe sum\n$$\nx + y\n$$\nholds.\n</div>\n").blocks
        guard case .html(let html)? = blocks.first?.kind else { return XCTFail("\(blocks)") }
        XCTAssertEqual(html.blocks.map(\.kind), [.paragraph([.text("The sum")]),
                                                  .math(MathFormula(tex: "\nx + y\n", display: true, line: 3)),
                                                  .paragraph([.text("holds.")])])
    }

    func testDollarsInRawHTMLThatAreNotMathStayText() {
        XCTAssertEqual(formulas("<p>From $5 to $10, <code>$x$</code>, <kbd>$y$</kbd>, \\$z\\$, US$3$.</p>\n"), [])
        XCTAssertEqual(formulas("<pre>\n$x$\n</pre>\n"), [])
        XCTAssertEqual(formulas("<p title=\"$x$\">text</p>\n"), [])
    }
}
