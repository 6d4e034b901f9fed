import XCTest
@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireFonts
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing

/// The layout of each construct against TeX's rules (appendix G) and the font's MATH constants.
final class MathLayoutTests: XCTestCase {
    private let size = 10.0
    private var font: MathFont!
    private var layout: MathLayout { MathLayout(font: font, size: size) }

    override func setUpWithError() throws {
        font = try XCTUnwrap(MathFont.forThisThread(families: "TeX Gyre Pagella Math"), "fonts-texgyre-math is installed")
    }

    private func list(_ tex: String) throws -> MathList {
        var parser = TeXParser(tex, macros: TeXMacros())
        return try parser.parseFormula()
    }

    private func box(_ tex: String, _ style: MathStyle = .text) throws -> MathBox {
        layout.box(try list(tex), StyleContext(style: style, cramped: false, color: nil))
    }

    private func constant(_ c: MathConstant) -> Double { font.constant(c) * size }

    func testTheMathFontIsFoundByFamily() {
        XCTAssertTrue(font.file.hasSuffix("texgyrepagella-math.otf"), font.file)
    }

    func testFractionBarSitsOnTheAxis() throws {
        for style in [MathStyle.display, .text] {
            let b = try box(#"\frac{a}{b}"#, style)
            let bar = try XCTUnwrap(b.rules.first)
            XCTAssertEqual(bar.y + bar.height / 2, constant(.axisHeight), accuracy: 0.001)
            XCTAssertEqual(bar.height, constant(.fractionRuleThickness), accuracy: 0.001)
            // The numerator above the bar, the denominator below, each at least its gap away.
            let a = b.glyphs[0], d = b.glyphs[1]
            XCTAssertGreaterThan(a.y, bar.y + bar.height)
            XCTAssertLessThan(d.y, bar.y)
        }
        // Display style shifts the numerator further up than text style does.
        XCTAssertGreaterThan(try box(#"\frac{a}{b}"#, .display).glyphs[0].y, try box(#"\frac{a}{b}"#, .text).glyphs[0].y)
        // In text style, numerator and denominator are set at script size.
        XCTAssertLessThan(try box(#"\frac{a}{b}"#, .text).glyphs[0].size, size)
        XCTAssertEqual(try box(#"\frac{a}{b}"#, .display).glyphs[0].size, size)
    }

    func testLimitsGoAboveAndBelowInDisplayStyleOnly() throws {
        let display = try box(#"\sum_{i=1}^{n} x"#, .display)
        let sigma = try XCTUnwrap(display.glyphs.first { $0.text == "∑" })
        let n = try XCTUnwrap(display.glyphs.first { $0.text == "𝑛" })
        let i = try XCTUnwrap(display.glyphs.first { $0.text == "𝑖" })
        XCTAssertGreaterThan(n.y, sigma.y)
        XCTAssertLessThan(i.y, sigma.y)
        XCTAssertLessThan(abs(n.x - sigma.x), 10, "above the operator, not beside it")
        let text = try box(#"\sum_{i=1}^{n} x"#, .text)
        let textSigma = try XCTUnwrap(text.glyphs.first { $0.text == "∑" })
        let textN = try XCTUnwrap(text.glyphs.first { $0.text == "𝑛" })
        XCTAssertGreaterThan(textN.x, textSigma.x + 5, "beside the operator in text style")
        // The display sum is the larger variant.
        XCTAssertGreaterThan(display.height + display.depth, text.height + text.depth)
        // \limits forces them above in text style; integrals keep them beside in display.
        let forced = try box(#"\sum\limits_{i}^{n}"#, .text)
        XCTAssertLessThan(abs(forced.glyphs[1].x - forced.glyphs[0].x), 8)
        let integral = try box(#"\int_0^1"#, .display)
        XCTAssertGreaterThan(integral.glyphs[1].x, integral.glyphs[0].x + 5)
    }

    func testDelimitersGrowWithTheirContent() throws {
        let small = try box(#"\left( x \right)"#)
        let tall = try box(#"\left( \frac{a}{\frac{b}{c}} \right)"#, .display)
        let huge = try box(#"\left( \begin{matrix} a \\ b \\ c \\ d \\ e \\ f \end{matrix} \right)"#, .display)
        XCTAssertGreaterThan(tall.height + tall.depth, small.height + small.depth)
        XCTAssertGreaterThan(huge.height + huge.depth, tall.height + tall.depth)
        // An assembly: several glyphs for one parenthesis, the first carrying its character.
        XCTAssertGreaterThan(huge.glyphs.filter { $0.text == "(" || $0.text.isEmpty }.count, 2)
        // The delimiters are centred on the axis.
        let axis = constant(.axisHeight)
        XCTAssertEqual((huge.height - huge.depth) / 2, axis, accuracy: 0.5)
        // \big … \Bigg grow step by step.
        let heights = try ["big", "Big", "bigg", "Bigg"].map { try box("\\\($0)(").height }
        XCTAssertEqual(heights, heights.sorted())
        XCTAssertLessThan(heights[0], heights[3])
    }

    func testScriptsUseTheFontsShiftsAndSizes() throws {
        let b = try box("x^2")
        let two = try XCTUnwrap(b.glyphs.last)
        XCTAssertGreaterThanOrEqual(two.y, constant(.superscriptShiftUp) - 0.001)
        XCTAssertEqual(two.size, size * font.constant(.scriptPercentScaleDown), accuracy: 0.001)
        let sub = try box("x_i")
        XCTAssertLessThanOrEqual(try XCTUnwrap(sub.glyphs.last).y, -constant(.subscriptShiftDown) + 0.001)
        // Both: the gap between them is at least SubSuperscriptGapMin.
        let both = try box("x_i^2")
        XCTAssertGreaterThan(both.glyphs[1].y, both.glyphs[2].y)
        // A script of a script is smaller still.
        let nested = try box("e^{x^2}")
        XCTAssertLessThan(nested.glyphs[2].size, nested.glyphs[1].size)
        // A prime is a superscript.
        let prime = try box("f'")
        XCTAssertGreaterThan(prime.glyphs[1].y, 0)
    }

    func testRadicalCoversItsBodyWithTheRuleOnTop() throws {
        let b = try box(#"\sqrt{x}"#)
        let rule = try XCTUnwrap(b.rules.first)
        let x = try XCTUnwrap(b.glyphs.first { $0.text == "𝑥" })
        XCTAssertGreaterThan(rule.y, font.extents(font.glyph(0x1D465)!).height * size)
        XCTAssertEqual(rule.height, constant(.radicalRuleThickness), accuracy: 0.001)
        XCTAssertGreaterThanOrEqual(x.x, rule.x - 0.001)
        let indexed = try box(#"\sqrt[3]{x}"#)
        let three = try XCTUnwrap(indexed.glyphs.first { $0.text == "3" })
        XCTAssertLessThan(three.size, size * 0.6)
        XCTAssertGreaterThan(three.y, 0)
        // A taller body takes a taller sign.
        XCTAssertGreaterThan(try box(#"\sqrt{\frac{a}{b}}"#, .display).height, b.height + 3)
    }

    func testSpacingBetweenClasses() throws {
        // a+b: medium spaces around the binary operator; a=b: thick; in a script, none.
        let plus = try box("a+b"), equals = try box("a=b")
        let mu = size / 18
        func gap(_ b: MathBox, _ i: Int) -> Double { b.glyphs[i + 1].x - b.glyphs[i].x }
        XCTAssertEqual(gap(plus, 1) - font.advance(font.glyph(0x2B)!) * size, 4 * mu, accuracy: 0.01)
        XCTAssertEqual(gap(equals, 1) - font.advance(font.glyph(0x3D)!) * size, 5 * mu, accuracy: 0.01)
        // A leading minus is unary: no space after it.
        let minus = try box("-a")
        XCTAssertEqual(minus.glyphs[1].x, font.advance(font.glyph(0x2212)!) * size, accuracy: 0.01)
        XCTAssertEqual(MathLayout.spacing(between: .ord, and: .rel, .script).0, 0)
        // \{ opens (an operator before it gets no thin space, as before an ordinary symbol).
        let set = try box(#"\max\{x\}"#)
        let brace = try XCTUnwrap(set.glyphs.first { $0.text == "{" }), x = try XCTUnwrap(set.glyphs.last { $0.text == "x" })
        XCTAssertEqual(brace.x, x.x + font.advance(x.glyph) * size, accuracy: 0.01)
        XCTAssertEqual(MathLayout.spacing(between: .ord, and: .op, .script).0, 3)
    }

    func testAccentsSitOnTheirBase() throws {
        let hat = try box(#"\hat{x}"#)
        XCTAssertEqual(hat.glyphs.count, 2)
        XCTAssertGreaterThan(hat.height, try box("x").height)
        let wide = try box(#"\widehat{xyz}"#)
        let narrow = try box(#"\hat{x}"#)
        XCTAssertGreaterThan(font.advance(wide.glyphs.last!.glyph), font.advance(narrow.glyphs.last!.glyph))
        let brace = try box(#"\underbrace{a+b+c}_{n}"#, .display)
        XCTAssertLessThan(try XCTUnwrap(brace.glyphs.first { $0.text == "𝑛" }).y, -5)
    }

    func testMatricesAndAlignments() throws {
        let matrix = try box(#"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#, .display)
        let a = try XCTUnwrap(matrix.glyphs.first { $0.text == "𝑎" }), d = try XCTUnwrap(matrix.glyphs.first { $0.text == "𝑑" })
        XCTAssertGreaterThan(a.y, d.y)
        XCTAssertGreaterThan(d.x, a.x)
        let aligned = try box(#"\begin{aligned} x &= 1 \\ yy &= 22 \end{aligned}"#, .display)
        let equals = aligned.glyphs.filter { $0.text == "=" }
        XCTAssertEqual(equals.count, 2)
        XCTAssertEqual(equals[0].x, equals[1].x, accuracy: 0.001, "the relations line up")
    }

    func testNegationComposesWhereUnicodeHasTheCharacter() throws {
        XCTAssertEqual(try box(#"a \not= b"#).glyphs.map(\.text), ["𝑎", "≠", "𝑏"])
        XCTAssertEqual(try box(#"\not\in"#).glyphs.map(\.text), ["∉"])
    }

    func testAlphabetsMapToMathematicalAlphanumerics() throws {
        XCTAssertEqual(try box(#"\mathbb{R}\mathbf{x}\mathcal{L}\mathfrak{g}\mathrm{d}"#).glyphs.map(\.text), ["ℝ", "𝐱", "ℒ", "𝔤", "d"])
        XCTAssertEqual(try box(#"\alpha\Gamma\boldsymbol{\mu}"#).glyphs.map(\.text), ["𝛼", "Γ", "𝝁"])
    }

    func testMacrosOfEarlierFormulasExpand() throws {
        let macros = TeXMacros()
        var first = TeXParser(#"\newcommand{\R}{\mathbb{R}} \newcommand{\norm}[1]{\lVert #1 \rVert}"#, macros: macros)
        XCTAssertEqual(try first.parseFormula(), [])
        var second = TeXParser(#"\norm{x} \in \R"#, macros: macros)
        let list = try second.parseFormula()
        XCTAssertEqual(layout.box(list, StyleContext(style: .text, cramped: false, color: nil)).glyphs.map(\.text), ["‖", "𝑥", "‖", "∈", "ℝ"])
        var recursive = TeXParser(#"\def\x{\x}\x"#, macros: TeXMacros())
        XCTAssertThrowsError(try recursive.parseFormula())
    }

    func testBadMathThrowsWithTheCommand() {
        func message(_ tex: String) -> String? {
            var parser = TeXParser(tex, macros: TeXMacros())
            do { _ = try parser.parseFormula(); return nil } catch let error as MathError { return error.message } catch { return "\(error)" }
        }
        XCTAssertEqual(message(#"\frac{a}{b} + \foo"#), "unknown command \\foo")
        XCTAssertEqual(message("{a"), "unbalanced {: no } closes it")
        XCTAssertEqual(message("a}"), "unbalanced }: no { opens it")
        XCTAssertEqual(message(#"\left( x"#), "\\left without \\right")
        XCTAssertEqual(message("x^"), "missing argument after \\^")
        XCTAssertNil(message(#"\tag{3} E = mc^2"#))
    }

    func testTooWideDisplayShrinksThenBreaksAfterARelation() throws {
        let typesetter = MathTypesetter(families: "TeX Gyre Pagella Math")
        let formula = MathFormula(tex: "a + b + c + d = e + f + g + h = i + j + k + l", display: true)
        let natural = try typesetter.typeset(formula, size: size, width: 1000).get()
        XCTAssertEqual(natural.boxes.count, 1)
        let shrunk = try typesetter.typeset(formula, size: size, width: natural.width - 3).get()
        XCTAssertEqual(shrunk.boxes.count, 1)
        XCTAssertLessThanOrEqual(shrunk.width, natural.width - 3 + 0.001)
        let broken = try typesetter.typeset(formula, size: size, width: natural.width / 2).get()
        XCTAssertGreaterThan(broken.boxes.count, 1)
        for line in broken.boxes { XCTAssertLessThanOrEqual(line.width, natural.width / 2 + 0.001) }
        XCTAssertEqual(broken.boxes[0].glyphs.last?.text, "=", "the first line ends after its relation")
        let tagged = try typesetter.typeset(MathFormula(tex: #"x \tag{1.2}"#, display: true), size: size, width: 300).get()
        XCTAssertEqual(tagged.tag?.glyphs.map(\.text).joined(), "(1.2)")
    }

    func testInlineFormulaBreaksOnlyAfterTopLevelOperators() throws {
        let typesetter = MathTypesetter(families: "TeX Gyre Pagella Math")
        let formula = try typesetter.typeset(MathFormula(tex: "a = b + {c + d}", display: false), size: size, width: 0).get()
        XCTAssertEqual(formula.boxes.map { $0.glyphs.map(\.text).joined() }, ["𝑎", "=", "𝑏", "+", "𝑐+𝑑"])
        XCTAssertEqual(formula.breaksAfter, [false, true, false, true], "after an operator, not before it")
        let single = try typesetter.typeset(MathFormula(tex: "x", display: false), size: size, width: 0).get()
        XCTAssertEqual(single.boxes.count, 1)
    }

    func testRegressionPathologicalFormulasFailWithoutExhaustingStackOrMemory() {
        func fails(_ tex: String) -> Bool {
            var parser = TeXParser(tex, macros: TeXMacros())
            return (try? parser.parseFormula()) == nil
        }
        XCTAssertTrue(fails(String(repeating: "{", count: 10_000) + "x" + String(repeating: "}", count: 10_000)))
        XCTAssertTrue(fails(String(repeating: #"\frac{"#, count: 5_000) + "x"))
        // Each macro expands to ten of the next: a million x's, stopped at the expansion limit.
        XCTAssertTrue(fails(["a", "b", "c", "d", "e", "f"].indices.dropLast().map { i in
            let names = ["a", "b", "c", "d", "e", "f"]
            return "\\def\\\(names[i]){" + String(repeating: "\\" + names[i + 1], count: 10) + "}"
        }.joined() + #"\def\f{x}\a"#))
        XCTAssertTrue(fails(#"\def\x{\x\x}\x"#))
        // Deep but allowed nesting lays out.
        let nested = String(repeating: "{", count: 90) + "x" + String(repeating: "}", count: 90)
        XCTAssertEqual(try box(nested).glyphs.count, 1)
        // A long formula is linear work, and typesets.
        let long = (1...5_000).map { "x_{\($0)}" }.joined(separator: " + ")
        XCTAssertEqual(try box(long).glyphs.filter { $0.text == "𝑥" }.count, 5_000)
    }

    /// Tokens random TeX is made of: braces, backslashes, scripts, alignment, commands that
    /// take arguments or must pair, macro definitions and their parameters.
    private static let fuzzTokens = ["{", "}", "{", "}", "\\", "\\", "^", "_", "&", "\\\\", "x", "1", " ", "'", "+", "=", "(", ")",
                                     "[", "]", "\\frac", "\\sqrt", "\\left", "\\right", "\\middle", "\\begin{pmatrix}",
                                     "\\end{pmatrix}", "\\begin{aligned}", "\\end{aligned}", "\\def", "\\x", "#1", "#", "%", "~",
                                     "\\over", "\\text{", "\\tag{", "\\operatorname{", "\\color{red}", "\\not", "\\limits",
                                     "\\sum", "\\int", "\\hat", "\\{", "\\}", "$"]

    /// `count` random formulas from `fuzzTokens`, the same each run (a fixed seed).
    static func fuzzFormulas(_ count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in (0..<(1 + next(30))).map { _ in fuzzTokens[next(fuzzTokens.count)] }.joined() }
    }

    /// Random strings of braces, backslashes, scripts and commands, through the parser and
    /// layout, inline and display (narrow, so that display formulas break): each typesets or
    /// fails with a `MathError` naming the fault, none crashes.
    func testFuzzRandomBraceAndBackslashStringsTypesetOrFailCleanly() {
        let typesetter = MathTypesetter(families: "TeX Gyre Pagella Math")
        var failures = 0
        for tex in Self.fuzzFormulas(1_500) {
            for display in [false, true] {
                switch typesetter.typeset(MathFormula(tex: tex, display: display), size: size, width: 60) {
                case .success(let formula):
                    XCTAssertFalse(formula.boxes.isEmpty, tex)
                    for box in formula.boxes { XCTAssertTrue(box.width.isFinite && box.height.isFinite && box.depth.isFinite, tex) }
                case .failure(let error):
                    failures += 1
                    XCTAssertFalse(error.message.isEmpty, tex)
                }
            }
        }
        XCTAssertGreaterThan(failures, 500, "most random strings are bad TeX")
    }

    /// Random formulas in a document (as `$`…`$`, whose TeX may hold anything but a
    /// backtick), one a paragraph: each is a formula, or its source verbatim with a warning
    /// naming its line and the fault; the paragraphs around are set.
    func testFuzzBadFormulasWarnWithTheirLineAndShowTheirSource() throws {
        let formulas = Self.fuzzFormulas(300)
        let markdown = formulas.enumerated().map { "Formula \($0.offset): $`\($0.element)`$ end." }.joined(separator: "\n\n") + "\n"
        let doc = QuireTests.layout(markdown)
        // The lines joined, without the spaces a line may break at.
        func squeezed(_ s: String) -> String { s.filter { $0 != " " && $0 != "\n" } }
        let text = squeezed(doc.allLines.map(\.text).joined())
        let typesetter = MathTypesetter(families: "TeX Gyre Pagella Math")
        var bad = 0
        for (k, tex) in formulas.enumerated() {
            let line = 2 * k + 1
            guard case .failure = typesetter.typeset(MathFormula(tex: tex, display: false), size: size, width: 0) else { continue }
            bad += 1
            XCTAssertTrue(doc.warnings.contains { $0.line == line && $0.message.hasPrefix("math not typeset (") }, "line \(line): \(tex)")
            XCTAssertTrue(text.contains(squeezed("$\(tex)$")), "shown as its source: \(tex)")
        }
        XCTAssertGreaterThan(bad, 100)
        XCTAssertEqual(doc.allLines.filter { $0.text.hasPrefix("Formula ") }.count, formulas.count, "every paragraph is set")
        XCTAssertTrue(text.hasSuffix("end."))
    }

    func testPmodIsNarrowerInTheLineThanInDisplay() throws {
        let typesetter = MathTypesetter(families: "TeX Gyre Pagella Math")
        let inline = try typesetter.typeset(MathFormula(tex: #"a \pmod{n}"#, display: false), size: size, width: 0).get()
        let display = try typesetter.typeset(MathFormula(tex: #"a \pmod{n}"#, display: true), size: size, width: 500).get()
        XCTAssertEqual(display.width - inline.width, 10 * size / 18, accuracy: 0.01, "18 mu against 8 mu")
    }
}
