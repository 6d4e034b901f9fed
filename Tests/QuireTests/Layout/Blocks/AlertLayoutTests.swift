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

/// GitHub alerts on the page: a coloured bar, a coloured title after a drawn icon, the text.
final class AlertLayoutTests: XCTestCase {
    private let style = Style()

    /// The strokes on a page.
    private func strokes(_ page: Page) -> [(from: Point, to: Point, width: Double, color: Color)] {
        page.items.compactMap { if case .line(let a, let b, let w, let c) = $0 { return (a, b, w, c) } else { return nil } }
    }

    /// The vertical band a bar of `color` at `x` covers without a gap (it is drawn beside each
    /// line), or nil when there is none.
    private func bar(_ page: Page, x: Double, color: Color) -> ClosedRange<Double>? {
        let pieces = strokes(page).filter { $0.color == color && abs($0.from.x - x) < 0.01 && abs($0.to.x - x) < 0.01 }
            .map { min($0.from.y, $0.to.y)...max($0.from.y, $0.to.y) }.sorted { $0.lowerBound < $1.lowerBound }
        guard var band = pieces.first else { return nil }
        for piece in pieces.dropFirst() {
            guard piece.lowerBound <= band.upperBound + 0.01 else { return nil }
            band = band.lowerBound...max(band.upperBound, piece.upperBound)
        }
        return band
    }

    func testEachKindHasItsBarTitleAndIconInItsColour() {
        for kind in AlertKind.allCases {
            let doc = layout("> [!\(kind.rawValue.uppercased())]\n> The text of the alert.\n")
            let look = style.alerts[kind]
            let lines = doc.allLines
            XCTAssertEqual(lines.map(\.text), [look.title.widest, "The text of the alert."])
            let title = lines[0]
            XCTAssertEqual(title.shaped.text.attributes(at: 0).color, look.color)
            XCTAssertEqual(title.shaped.text.attributes(at: 0).bold, true)
            let barX = style.margins.left + Typography(style).quoteBarOffset
            guard let band = bar(doc.pages[0], x: barX, color: look.color) else { return XCTFail("\(kind): no bar") }
            XCTAssertLessThanOrEqual(band.lowerBound, title.top + 0.01, "from the title")
            XCTAssertGreaterThanOrEqual(band.upperBound, lines[1].baseline, "to the end of the text")
            // The icon: short strokes between the bar and the title, level with the title.
            let coloured = strokes(doc.pages[0]).filter { $0.color == look.color }
            let icon = coloured.filter { min($0.from.x, $0.to.x) > barX + 1 && max($0.from.x, $0.to.x) < title.x }
            XCTAssertGreaterThanOrEqual(icon.count, 3, "\(kind): an icon drawn before the title")
            for stroke in icon {
                XCTAssertLessThan(abs(stroke.from.y - (title.baseline - 3)), title.shaped.format.text.size, "\(kind): icon beside the title")
            }
            XCTAssertEqual(lines[1].x, title.x - Typography(style).alertIconSize - Typography(style).alertIconGap, accuracy: 0.01,
                           "the text starts under the icon")
        }
    }

    func testColourAndTitleComeFromTheTemplate() throws {
        let style = try Templates.style(template: nil, sets: ["alert.warning.color=#112233", "alert.warning.title=Achtung"])
        let doc = layout("> [!WARNING]\n> Vorsicht.\n", style: style)
        XCTAssertEqual(doc.allLines[0].text, "Achtung")
        XCTAssertEqual(doc.allLines[0].shaped.text.attributes(at: 0).color, Color(hex: "#112233"))
        XCTAssertTrue(strokes(doc.pages[0]).contains { $0.color == Color(hex: "#112233") })
    }

    func testRightToLeftAlertHasBarAndIconOnTheRight() {
        let doc = layout("<div dir=\"rtl\">\n\n> [!NOTE]\n> שלום עולם\n\n</div>\n")
        let look = style.alerts[.note]
        let barX = style.margins.left + style.contentWidth - Typography(style).quoteBarOffset
        XCTAssertNotNil(bar(doc.pages[0], x: barX, color: look.color), "the bar on the right")
        let title = doc.allLines[0]
        let icon = strokes(doc.pages[0]).filter { $0.color == look.color && abs($0.from.x - barX) > 0.01 }
        XCTAssertFalse(icon.isEmpty)
        XCTAssertTrue(icon.allSatisfy { min($0.from.x, $0.to.x) > title.x + title.width }, "icon right of the title")
        XCTAssertGreaterThan(doc.allLines[1].x + doc.allLines[1].width, title.x + title.width, "the text starts at the right")
    }

    func testAnAlertIsCutInAnExcerptWithItsTitleAndBar() {
        var style = Style()
        style.excerptLines = 2
        let doc = layout("# Doc\n\n## Section\n\n> [!TIP]\n> " + prose(200) + "\n", style: style)
        let excerpt = doc.excerpts.first { $0.title == "Section" }!
        XCTAssertTrue(excerpt.isCut)
        XCTAssertEqual(excerpt.lines.count, 2)
        XCTAssertEqual(excerpt.lines[0].trimmingCharacters(in: .whitespaces), "Tip")
        XCTAssertTrue(excerpt.lines[1].hasSuffix("Continue reading"), excerpt.lines[1])
        let page = doc.pages[0]
        XCTAssertNotNil(bar(page, x: style.margins.left + Typography(style).quoteBarOffset, color: style.alerts.tip.color), "the bar in the excerpt")
    }

    /// Issue 46 (12): DocC's asides (`> Note:`, `> Experiment:`, `> Precondition:` ...) were
    /// plain block quotes: each is a callout like GitHub's alerts, titled by its kind.
    func testRegressionDocCAsidesAreCallouts() {
        for (source, title, kind) in [("Note", "Note", AlertKind.note), ("important", "Important", .important),
                                      ("Warning", "Warning", .warning), ("Tip", "Tip", .tip), ("Experiment", "Experiment", .tip),
                                      ("Precondition", "Precondition", .note), ("Non-Mutating Variant", "Non-Mutating Variant", .note)] {
            let doc = layout("Text.\n\n> \(source): Call it once,\n> from the main thread.\n")
            let lines = doc.allLines.map(\.text)
            XCTAssertEqual(lines, ["Text.", title, "Call it once, from the main thread."], source)
            let look = style.alerts[kind]
            XCTAssertEqual(doc.allLines[1].shaped.text.attributes(at: 0).color, look.color, source)
            let barX = style.margins.left + Typography(style).quoteBarOffset
            XCTAssertNotNil(bar(doc.pages[0], x: barX, color: look.color), "\(source): its bar")
        }
        XCTAssertEqual(layout("> Notes: not a kind.\n").allLines.map(\.text), ["Notes: not a kind."])
    }

    /// Issue 46 (12): a DocC symbol link showed its disambiguation suffix
    /// (``` ``Type/method(_:)-9xyz1`` ```); it is left out, the rest shown as code.
    func testRegressionASymbolLinksDisambiguationIsNotShown() {
        let doc = layout("Use ``Dependencies/withDependencies(from:operation:)-9xyz1`` or ``Store/send(_:)-swift.method``, "
            + "not `ls -la` nor `a-b1c2d`.\n")
        let text = doc.allLines.map(\.text).joined(separator: " ")
        let joined = text.replacingOccurrences(of: " ", with: "")
        XCTAssertTrue(joined.contains("Dependencies/withDependencies(from:operation:)or"), text)
        XCTAssertTrue(joined.contains("Store/send(_:),"), text)
        XCTAssertFalse(text.contains("9xyz1") || text.contains("swift.method"), text)
        XCTAssertTrue(text.contains("ls -la") && text.contains("a-b1c2d"), text)
    }
}
