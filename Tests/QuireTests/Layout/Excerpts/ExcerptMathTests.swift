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
import Foundation
import XCTest

/// Excerpts of documents with display math: a formula counts the lines of text its height
/// displaces (at least one per line it is set on), is never cut, and the excerpt is exactly N
/// lines (fewer only where line N falls inside a formula, whose place the label then takes).
final class ExcerptMathTests: XCTestCase {
    /// Sections of prose around formulas one, two and about five lines tall, and one broken
    /// over several lines.
    static let document: String = {
        let prose = "The result follows from the definitions above, and the reader who wants the details will find them in the next chapter of these notes, with examples."
        let formulas = ["$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$",
                        "$$\n\\begin{pmatrix} a & b \\\\ c & d \\\\ e & f \\\\ g & h \\end{pmatrix}\n$$",
                        "$$x + y = z$$",
                        "$$\n" + (1...60).map { "a_{\($0)}" }.joined(separator: " + ") + " = s\n$$",
                        "```math\n\\sum_{k=1}^n k = \\frac{n(n+1)}{2} \\tag{1}\n```"]
        return (0..<10).map { k in
            let first = formulas[k % formulas.count], second = formulas[(k + 2) % formulas.count]
            let lead = String(prose.prefix(40 + 11 * k))
            return "## Section \(k + 1)\n\n\(lead) $e^{i\\pi} + 1 = 0$.\n\n\(first)\n\n\(prose)\n\n\(second)\n\n\(prose)\n"
        }.joined(separator: "\n")
    }()

    /// A display formula counted as one line whatever its height: an excerpt of N lines
    /// showed a matrix five lines tall as one of them.
    func testRegressionDisplayFormulaCountsTheLinesItDisplaces() {
        var options = RenderOptions()
        options.sourceName = "formulas.md"
        let plain = RenderPipeline.layout(Self.document, options)
        for n in ExcerptEveryNTests.everyN {
            options.style.excerptLines = n
            let doc = RenderPipeline.layout(Self.document, options)
            XCTAssertGreaterThan(doc.excerpts.filter(\.isCut).count, 5, "N=\(n)")
            for problem in ExcerptAudit(doc, style: options.style, lines: n).problems() {
                XCTFail("N=\(n) \(problem)")
            }
            XCTAssertEqual(ExcerptAudit.wordsLost(plain: plain, excerpted: doc), [], "N=\(n): words lost")
        }
    }

    func testEveryExcerptOfTheMathSampleAtEveryN() throws {
        let url = Fixtures.images.deletingLastPathComponent().appendingPathComponent("math.md")
        let markdown = try String(contentsOf: url, encoding: .utf8)
        var options = RenderOptions()
        options.sourceName = "math.md"
        for n in ExcerptEveryNTests.everyN {
            options.style.excerptLines = n
            let doc = RenderPipeline.layout(markdown, options)
            for problem in ExcerptAudit(doc, style: options.style, lines: n).problems() {
                XCTFail("math.md N=\(n) \(problem)")
            }
        }
    }
}
