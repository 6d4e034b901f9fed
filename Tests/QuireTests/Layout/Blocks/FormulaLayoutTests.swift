@testable import Quire
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
        XCTAssertEqual(pieces.count, 3, "a = | b + | c: breakable after the top-level relation and operator")
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
}
