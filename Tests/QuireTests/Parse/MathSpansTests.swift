import XCTest
@testable import Quire

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
        collector.walk(parseMarkdown(markdown).blocks)
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

    func testDisplayDollarsInsideAParagraphSplitIt() {
        let blocks = parseMarkdown("Before $$x^2$$ after").blocks
        XCTAssertEqual(blocks.map(\.kind), [.paragraph([.text("Before ")]),
                                            .math(MathFormula(tex: "x^2", display: true, line: 1)),
                                            .paragraph([.text(" after")])])
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
}
