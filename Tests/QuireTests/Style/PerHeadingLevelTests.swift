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

/// Per-level style values (heading sizes, the space above headings, the rules under them)
/// always hold six values, whoever sets them: a Swift caller cannot crash layout, and the
/// template loader still refuses what it refused, with the same words.
final class PerHeadingLevelTests: XCTestCase {
    func testSixValuesByLevelAndNoOtherCount() {
        var sizes = PerHeadingLevel<Double>(2, 1.6, 1.3, 1.12, 1, 0.92)
        XCTAssertEqual(sizes[1], 2)
        XCTAssertEqual(sizes[6], 0.92)
        sizes[3] = 1.5
        XCTAssertEqual(sizes.all, [2, 1.6, 1.5, 1.12, 1, 0.92])
        XCTAssertNil(PerHeadingLevel<Double>([2, 1.6, 1.3]), "three values are not six")
        XCTAssertNil(PerHeadingLevel<Double>(Array(repeating: 1, count: 7)))
        XCTAssertEqual(PerHeadingLevel<Double>([1, 2, 3, 4, 5, 6])?.all, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(PerHeadingLevel(repeating: 0.5).all, Array(repeating: 0.5, count: 6))
    }

    func testLevelsOutsideOneToSixMeanTheNearest() {
        var rules = PerHeadingLevel<Double>(repeating: 0)
        XCTAssertEqual(rules[0], 0)
        rules[9] = 3
        XCTAssertEqual(rules[6], 3, "level 9 is level 6")
        rules[-1] = 2
        XCTAssertEqual(rules[1], 2, "level -1 is level 1")
        XCTAssertEqual(rules.all, [2, 0, 0, 0, 0, 3])
    }

    /// Regression: `Style.headingScale` was an array a Swift caller could set to three values,
    /// and layout crashed at the first heading of level 4. A caller now changes levels one by
    /// one, or gives all six, and every level lays out.
    func testRegressionACallerSettingSomeLevelsCannotCrashLayout() {
        var style = Style()
        style.headingScale[1] = 2.5
        style.headingScale[2] = 2.0
        style.headingScale[3] = 1.5
        style.headingSpaceBefore = PerHeadingLevel(repeating: 1)
        style.headingRules[9] = 0.8
        let doc = layout((1...6).map { String(repeating: "#", count: $0) + " Level \($0)\n\nText.\n" }.joined(separator: "\n"), style: style)
        let headings = doc.allLines.filter { $0.text.hasPrefix("Level ") }
        XCTAssertEqual(headings.map(\.text), (1...6).map { "Level \($0)" })
        XCTAssertEqual(headings[0].shaped.format.text.size, style.bodySize * 2.5, accuracy: 0.01)
        XCTAssertEqual(headings[3].shaped.format.text.size, style.bodySize * 1.12, accuracy: 0.01, "level 4 keeps its default")
        XCTAssertEqual(Typography(style).heading(6).ruleWidth, 0.8)
    }

    /// The template loader's messages for per-level keys, as they were when these were arrays.
    func testTemplateErrorsAreUnchanged() {
        let cases = [
            ("heading.sizes=[1,2,3]", "invalid value '[1, 2, 3]' for heading.sizes (--set); allowed: six multiples of the body size, for levels 1 to 6, each from 0.5 to 6"),
            ("heading.sizes=[1,2,3,4,5,6,7]", "invalid value '[1, 2, 3, 4, 5, 6, 7]' for heading.sizes (--set); allowed: six multiples of the body size, for levels 1 to 6, each from 0.5 to 6"),
            ("heading.rules=[1,2,3,4,5,60]", "invalid value '[1, 2, 3, 4, 5, 60]' for heading.rules (--set); allowed: six widths in points, each from 0 to 10"),
            ("heading.space-before=3", "invalid value '3' for heading.space-before (--set); allowed: six multiples of the body size, each from 0 to 10"),
        ]
        for (set, message) in cases {
            XCTAssertThrowsError(try Templates.style(template: nil, sets: [set]), set) { error in
                XCTAssertEqual((error as? TemplateError)?.message, message)
            }
        }
        let style = try? Templates.style(template: nil, sets: ["heading.sizes=[3, 2, 1.5, 1.2, 1, 1]", "heading.rules=[0,0,0,0,0,1]"])
        XCTAssertEqual(style?.headingScale.all, [3, 2, 1.5, 1.2, 1, 1])
        XCTAssertEqual(style?.headingRules[6], 1)
    }

    /// A style's settings digest reads per-level values as it read the arrays they were, so
    /// PDFs made before still count as up to date in a batch.
    func testTheSettingsDigestReadsThemAsArrays() {
        let levels = PerHeadingLevel<Double>(2, 1.6, 1.3, 1.12, 1, 0.92)
        var asLevels = SettingsDigest(), asArray = SettingsDigest()
        asLevels.add(levels)
        asArray.add(levels.all)
        XCTAssertEqual(asLevels.hex, asArray.hex)
    }
}
