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

/// Where the paragraph engine ends lines, read on the laid-out pages: no runts, balanced
/// headings, long identifiers broken at their humps, no line ending with an opening bracket.
/// (The engine's own rules and bounds: `ParagraphEngineTests`.)
final class LineChoiceTests: XCTestCase {
    /// The default style on a page `width` points wide.
    private func style(width: Double, justified: Bool = false) -> Style {
        var style = Style()
        style.pageSize = PageSize(width: width, height: 842)
        if justified { style.bodyAlign = .justify }
        return style
    }

    /// The lines of each paragraph (lines set from one text), in order.
    private func paragraphs(_ doc: LaidOutDocument) -> [[TextLine]] {
        var result: [[TextLine]] = []
        var last: ObjectIdentifier?
        for line in doc.allLines {
            let id = ObjectIdentifier(line.shaped)
            if id == last { result[result.count - 1].append(line) } else { result.append([line]) }
            last = id
        }
        return result
    }

    static let sentences = [
        "Lines of body text hold about seventy characters, the measure books use: long enough to read without jumping from line to line too often, short enough to find the next.",
        "A footnote is set at the foot of the page that refers to it, under a short rule, as LaTeX and Typst set them, and a note too long for the foot continues on the next page.",
        "Some things are never separated by a page break: a paragraph that introduces what follows with a colon stays with it, and a heading keeps at least two lines after it.",
    ]

    /// No paragraph ends with a runt (a last line of one short word under a line of the same
    /// paragraph) at any of forty measures when ragged; justified, a runt stays only where
    /// avoiding it would stretch a line's spaces to about 1.7 times their width or more (4 of
    /// the 40 measures here).
    func testRuntsAreAvoided() {
        var runts: [Bool: [String]] = [false: [], true: []]
        for justified in [false, true] {
            for width in stride(from: 250.0, through: 640, by: 10) {
                let doc = layout(Self.sentences.joined(separator: "\n\n"), style: style(width: width, justified: justified))
                for lines in paragraphs(doc) where lines.count > 1 {
                    let last = lines[lines.count - 1].text.trimmingCharacters(in: .whitespaces)
                    if !last.contains(" ") { runts[justified, default: []].append("\(width): \(last)") }
                }
            }
        }
        XCTAssertEqual(runts[false], [])
        XCTAssertLessThanOrEqual(runts[true]!.count, 4, "\(runts[true]!)")
    }

    /// A heading on two lines is balanced (CSS's `text-wrap: balance`): its lines about as long
    /// as each other, not a full line and a word.
    func testHeadingsAreBalanced() {
        var unbalanced: [String] = []
        var twoLines = 0
        for width in stride(from: 300.0, through: 900, by: 5) {
            let doc = layout("## Getting started with the plugin's documentation\n\nText.", style: style(width: width))
            let heading = doc.allLines.filter { $0.tag.element?.role == .heading2 }
            guard heading.count == 2 else { continue }
            twoLines += 1
            let widths = heading.map(\.width)
            if widths.min()! < 0.75 * widths.max()! { unbalanced.append("\(width): \(heading.map(\.text))") }
        }
        XCTAssertEqual(unbalanced, [])
        XCTAssertGreaterThan(twoLines, 5, "the sweep sets the heading on two lines")
    }

    /// An identifier wider than the line breaks at its case humps (`Shutdown|Sequence`), never
    /// between two lowercase letters (`Seq|uence`).
    func testRegressionIdentifierBreaksAtACaseHump() {
        var bad: [String] = []
        var breaks = 0
        for width in stride(from: 200.0, through: 330, by: 10) {
            let doc = layout("## AsyncCancelOnGracefulShutdownSequence\n\nText.", style: style(width: width))
            let lines = doc.allLines.filter { $0.tag.element?.role == .heading2 }.map { $0.text.trimmingCharacters(in: .whitespaces) }
            for (line, next) in zip(lines, lines.dropFirst()) {
                guard let end = line.unicodeScalars.last, let start = next.unicodeScalars.first else { continue }
                breaks += 1
                if !(end.properties.isLowercase && start.properties.isUppercase) { bad.append("\(width): \(line)|\(next)") }
            }
        }
        XCTAssertEqual(bad, [])
        XCTAssertGreaterThan(breaks, 5, "the sweep breaks the identifier")
    }

    /// Regression (Node's README): "… <refack@gmail.com> (" ended a line and
    /// "he/him/הוא/אתה)" began the next; no line ends with an opening bracket.
    func testRegressionNoLineEndsWithAnOpeningBracket() {
        let item = "* [refack](https://github.com/refack) -\n  **Refael Ackermann (רפאל פלחי)** <<refack@gmail.com>> (he/him/הוא/אתה)\n"
            + "* call `withSnapshotTesting(record:diffTool:operation:)` or (see [the guide](https://example.com/guide)) here\n"
        var ends: [String] = []
        for width in stride(from: 220.0, through: 600, by: 7) {
            for line in layout(item, style: style(width: width)).allLines {
                let shown = line.text.trimmingCharacters(in: .whitespaces)
                if let last = shown.unicodeScalars.last, last.properties.generalCategory == .openPunctuation {
                    ends.append("\(width): \(shown)")
                }
            }
        }
        XCTAssertEqual(ends, [])
    }
}
