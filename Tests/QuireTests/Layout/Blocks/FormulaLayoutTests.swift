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

/// Formulas in the page model: inline pieces on the baseline, display lines centred with
/// their tag at the right, each formula one `Formula` element with its TeX as `Alt`.
final class FormulaLayoutTests: XCTestCase {
    private func formulas(_ page: Page) -> [PlacedFormula] {
        page.items.compactMap { if case .formula(let f) = $0 { return f } else { return nil } }
    }

    func testInlineFormulaSitsOnTheLinesBaselineAsOneElement() throws {
        let doc = layout("Let $a = b + c$ hold.")
        let page = try XCTUnwrap(doc.pages.first)
        let line = try XCTUnwrap(page.bodyLines.first)
        let pieces = formulas(page)
        XCTAssertEqual(pieces.count, 5, "a | = | b | + | c: breakable after the top-level relation and operator, glue before them")
        for piece in pieces { XCTAssertEqual(piece.origin.y, line.baseline, accuracy: 0.001) }
        let elements = Set(pieces.compactMap { $0.tag.element.map(ObjectIdentifier.init) })
        XCTAssertEqual(elements.count, 1, "one Formula element for the pieces")
        XCTAssertEqual(pieces[0].tag.element?.role, .formula)
        XCTAssertEqual(pieces[0].tag.element?.alt, "a = b + c")
        XCTAssertTrue(pieces[0].tag.element?.parent === line.tag.element, "inside its paragraph")
        XCTAssertGreaterThan(pieces[1].origin.x, pieces[0].origin.x)
    }

    func testInlineFormulaBreaksOnlyAfterItsRelationsAndNeverBeforePunctuation() throws {
        // A narrow column of many formulas each followed by a comma.
        var style = Style()
        style.givenMargins = Insets(top: 72, right: 400, bottom: 72, left: 72)
        let text = (1...30).map { "$x_{\($0)} = {y + z}$," }.joined(separator: " ")
        let doc = layout(text, style: style)
        for line in doc.allLines {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            XCTAssertFalse(trimmed.hasPrefix(","), "a line starts with the comma after a formula: \(line.text)")
        }
        // No piece is split: each {y + z} group stays whole (its glyphs in one piece).
        for f in doc.pages.flatMap(formulas) {
            let text = f.box.glyphs.map(\.text).joined()
            if text.contains("𝑦") { XCTAssertTrue(text.contains("𝑧"), text) }
        }
    }

    func testDisplayFormulaIsCentredWithItsTagAtTheRight() throws {
        let style = Style()
        let doc = layout("$$\nx^2 + y^2 = z^2 \\tag{3}\n$$\n", style: style)
        let page = try XCTUnwrap(doc.pages.first)
        let placed = formulas(page)
        XCTAssertEqual(placed.count, 2)
        let body = placed[0], tag = placed[1]
        let left = style.margins.left, width = style.contentWidth
        XCTAssertEqual(tag.origin.x + tag.box.width, left + width, accuracy: 0.01, "the tag flush right")
        XCTAssertEqual(tag.box.glyphs.map(\.text).joined(), "(3)")
        let available = width - tag.box.width - style.bodySize
        XCTAssertEqual(body.origin.x - left, (available - body.box.width) / 2, accuracy: 0.01, "centred beside the tag")
        XCTAssertEqual(body.origin.y, tag.origin.y, "on the same baseline")
        XCTAssertEqual(body.tag.element?.alt, "x^2 + y^2 = z^2 \\tag{3}")
    }

    func testBadFormulaIsItsSourceWithAWarningAndTheRestIsSet() throws {
        let doc = layout("Good $x$ and bad $\\nosuch{y}$ here.\n\n$$\n\\frac{a\n$$\n\nAfter.")
        XCTAssertTrue(doc.warnings.contains { $0.line == 1 && $0.message.contains("unknown command \\nosuch") }, "\(doc.warnings)")
        XCTAssertTrue(doc.warnings.contains { $0.line == 4 && $0.message.contains("unbalanced {") }, "\(doc.warnings)")
        let text = doc.allLines.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("$\\nosuch{y}$"), text)
        XCTAssertTrue(text.contains("\\frac{a"), text)
        XCTAssertTrue(text.contains("After."), text)
    }

    /// A long inline formula, pieces after each `+`.
    private static let longSum = (1...40).map { "a_{\($0)}" }.joined(separator: " + ")

    /// The right edge of a piece's last glyph, a `+` (its advance: the width of `$+$` alone).
    private func inkEnd(_ piece: PlacedFormula, plus: Double) -> Double {
        piece.origin.x + (piece.box.glyphs.last?.x ?? 0) + plus
    }

    /// Issue 46, point 6: the spaces on both sides of an inline formula's relation are the
    /// line's glue, stretching and shrinking alike in a justified line, as TeX's do. The one
    /// before the `=` was inside the formula's first piece and kept its width while the one
    /// after it (where the line may break) stretched with the words' spaces: `x =   y`.
    func testRegressionSpacesAroundARelationStretchAlikeInAJustifiedLine() throws {
        /// (x of 𝑥, of =, of 𝑦) for each `x = y` set on one baseline.
        func triples(_ doc: LaidOutDocument) -> [(Double, Double, Double)] {
            let glyphs = doc.pages.flatMap(formulas).flatMap { piece in
                piece.box.glyphs.map { (text: $0.text, x: piece.origin.x + $0.x, y: piece.origin.y) }
            }
            return glyphs.indices.dropLast(2).compactMap { i in
                let (a, b, c) = (glyphs[i], glyphs[i + 1], glyphs[i + 2])
                guard a.text == "𝑥", b.text == "=", c.text == "𝑦", a.y == b.y, b.y == c.y else { return nil }
                return (a.x, b.x, c.x)
            }
        }
        let natural = try XCTUnwrap(triples(layout("$x = y$")).first)
        var style = Style()
        style.bodyAlign = .justify
        let text = (1...16).map { "Sentence number \($0) of a justified paragraph says $x = y$ again," }.joined(separator: " ")
        let set = triples(layout(text, style: style))
        XCTAssertGreaterThan(set.count, 10)
        var stretched = 0
        for (x, equals, y) in set {
            let before = (equals - x) - (natural.1 - natural.0), after = (y - equals) - (natural.2 - natural.1)
            XCTAssertEqual(before, after, accuracy: 0.02, "both spaces of the = stretch or shrink alike")
            if abs(after) > 0.1 { stretched += 1 }
        }
        XCTAssertGreaterThan(stretched, 3, "lines whose spaces were stretched or shrunk")
    }

    /// Issue 46, point 6: a display too long for the measure breaks after a top-level relation
    /// or binary operator, its continuation lines start under the right-hand side of its first
    /// relation, and the display is centred as a whole (it was set as amsmath's multline: its
    /// first line flush left, its last flush right).
    func testRegressionLongDisplayBreaksAfterAnOperatorAlignedOnItsRelationAndCentred() throws {
        let style = Style()
        let sum = (1...40).map { "a_{\($0)}" }.joined(separator: " + ")
        let doc = layout("$$\nf(x) = \(sum)\n$$\n", style: style)
        let lines = doc.pages.flatMap(formulas)
        XCTAssertGreaterThanOrEqual(lines.count, 3)
        let operators: Set<String> = ["=", "+"]
        for line in lines.dropLast() {
            XCTAssertTrue(operators.contains(line.box.glyphs.last?.text ?? ""), "ends after an operator")
        }
        let first = lines[0]
        let relation = try XCTUnwrap(first.box.glyphs.firstIndex { $0.text == "=" })
        let rightHandSide = first.origin.x + first.box.glyphs[relation + 1].x
        for line in lines.dropFirst() {
            XCTAssertEqual(line.origin.x + (line.box.glyphs.first?.x ?? 0), rightHandSide, accuracy: 0.01,
                           "a continuation starts under what follows the first =")
        }
        let left = lines.map(\.origin.x).min()!, right = lines.map { $0.origin.x + $0.box.width }.max()!
        XCTAssertGreaterThanOrEqual(left, style.margins.left - 0.01)
        XCTAssertLessThanOrEqual(right, style.margins.left + style.contentWidth + 0.01, "within the measure")
        XCTAssertEqual(left - style.margins.left, style.margins.left + style.contentWidth - right, accuracy: 0.5,
                       "centred as a whole")
    }

    /// The space after the operator a formula broke after stayed in the line (inside the
    /// piece), so that a right-aligned or justified line ended short of the margin: TeX
    /// discards it at the break.
    func testRegressionSpaceAfterABrokenOperatorIsDropped() throws {
        let style = Style()
        let plus = try XCTUnwrap(formulas(XCTUnwrap(layout("$+$").pages.first)).first).box.width
        let doc = layout("<div align=\"right\">\n\nThe sum $\(Self.longSum)$ ends.\n\n</div>\n")
        let page = try XCTUnwrap(doc.pages.first)
        let pieces = formulas(page)
        let right = style.margins.left + style.contentWidth
        var broken = 0
        for line in Set(pieces.map(\.origin.y)) {
            let last = try XCTUnwrap(pieces.filter { $0.origin.y == line }.max { $0.origin.x < $1.origin.x })
            guard last.box.glyphs.last?.text == "+" else { continue }
            broken += 1
            XCTAssertEqual(inkEnd(last, plus: plus), right, accuracy: 0.05, "the line ends at its operator, flush right")
        }
        XCTAssertGreaterThan(broken, 1)
        // Between pieces on one line, the space after the operator is kept.
        let first = pieces.filter { $0.origin.y == pieces[0].origin.y }.sorted { $0.origin.x < $1.origin.x }
        let operatorPiece = try XCTUnwrap(first.dropLast().firstIndex { $0.box.glyphs.last?.text == "+" })
        XCTAssertGreaterThan(first[operatorPiece + 1].origin.x - inkEnd(first[operatorPiece], plus: plus), 1)
    }

    /// In a right-to-left paragraph a broken formula's pieces were set right to left, the
    /// formula read backwards ("a2 + a1 +").
    func testRegressionFormulaPiecesKeepTheirOrderInRightToLeftText() throws {
        let doc = layout("<div dir=\"rtl\">\n\nזהו טקסט בעברית לפני נוסחה ארוכה: $\(Self.longSum)$ וטקסט אחריה.\n\n</div>\n")
        let pieces = formulas(try XCTUnwrap(doc.pages.first))
        XCTAssertGreaterThan(Set(pieces.map(\.origin.y)).count, 1, "the formula breaks")
        for line in Set(pieces.map(\.origin.y)) {
            let xs = pieces.filter { $0.origin.y == line }.map(\.origin.x)   // in the formula's order
            XCTAssertEqual(xs, xs.sorted(), "left to right, first piece at the left")
        }
    }

    /// An excerpt cut inside a formula kept every piece of the line it re-set, drawn over the
    /// label; in right-to-left text the label stood inside the formula's isolate, at the
    /// wrong end of the line.
    func testRegressionExcerptCutInsideAFormulaDrawsOnlyThePiecesItKeeps() throws {
        var style = Style()
        style.excerptLines = 2
        for (text, rightToLeft) in [("Some text before a long formula that must break somewhere:", false),
                                    ("<div dir=\"rtl\">\n\nזהו טקסט בעברית לפני נוסחה ארוכה:", true)] {
            let close = rightToLeft ? " וטקסט אחריה.\n\n</div>\n" : " and after.\n"
            let doc = layout("# Section\n\n\(text) $\(Self.longSum)$\(close)", style: style)
            let page = try XCTUnwrap(doc.pages.first)
            let label = try XCTUnwrap(page.links.first { if case .destination(let d) = $0.target { d.hasPrefix("full") } else { false } })
            let line = try XCTUnwrap(page.bodyLines.first { abs($0.top - label.rect.y) < 0.5 })
            let pieces = formulas(page).filter { $0.origin.y == line.baseline }
            XCTAssertFalse(pieces.isEmpty)
            for piece in pieces {
                if rightToLeft {
                    XCTAssertGreaterThan(piece.origin.x, label.rect.maxX, "the label ends the right-to-left line, at its left")
                } else {
                    XCTAssertLessThanOrEqual(piece.origin.x + piece.box.width, label.rect.x, "no piece under the label")
                }
            }
        }
    }
}
