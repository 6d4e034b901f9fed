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

/// A code block of any length streams (issue 51): a 25 MB block of 5,000 lines, each indented
/// further, peaked at 839 MiB, since the whole block's shaped lines were held until its last
/// line was set. Its slices now reach pagination a run of lines (or one wrapped source line) at
/// a time, and the runs look as the block set whole does.
final class LongCodeBlockTests: XCTestCase {
    private let style = Style()
    private var context: BlockContext { BlockContext(column: Column(x: style.margins.left, width: style.contentWidth)) }

    private func session() -> LayoutSession {
        LayoutSession(style: style, typesetter: Typesetter.forThisThread(language: nil), graphviz: testEngine.graphviz, anchors: AnchorTable(parseMarkdown("")))
    }

    /// Lays out `markdown`'s blocks as a document's are (`layoutBlocks(_:_:add:)`), each part
    /// dropped once handed on, and returns the most visual lines that the shaped texts still
    /// alive held when a part arrived, and how many parts there were.
    private func mostLinesHeld(_ markdown: String) -> (lines: Int, parts: Int) {
        let layout = session()
        var seen: [Weak] = []
        var most = 0, parts = 0
        layout.layoutBlocks(parseMarkdown(markdown).blocks, context) { slices in
            parts += 1
            for slice in slices {
                for case .text(let line) in slice.items where !seen.contains(where: { $0.shaped === line.shaped }) {
                    seen.append(Weak(line.shaped))
                }
            }
            seen.removeAll { $0.shaped == nil }
            most = max(most, seen.reduce(0) { $0 + ($1.shaped?.lines.count ?? 0) })
        }
        return (most, parts)
    }

    private final class Weak {
        weak var shaped: ShapedText?
        init(_ shaped: ShapedText) { self.shaped = shaped }
    }

    /// 6,000 short lines (360 KB): set in runs of at most `codeRunLimit` bytes, each let go
    /// once handed on; the block was one paragraph of 6,000 lines, held whole.
    func testAHugeCodeBlockOfShortLinesIsHeldARunAtATime() {
        let lines = (0..<6_000).map { String(format: "let value%05d = compute(%05d) // a line of code", $0, $0) }
        let (held, parts) = mostLinesHeld("```\n" + lines.joined(separator: "\n") + "\n```\n")
        let perRun = CodeLayouter.codeRunLimit / (lines[0].utf8.count + 1) + 1
        XCTAssertGreaterThan(parts, 4, "handed on in parts")
        XCTAssertLessThanOrEqual(held, 2 * perRun, "at most two runs' lines held at once, of 6,000")
    }

    /// The issue's shape, smaller: 300 lines, line i indented by 2i spaces, so that every line
    /// is wider than the page and wraps. Each source line is handed on as it is set; every
    /// line was held until the last.
    func testAHugeBlockOfEverMoreIndentedLinesIsHeldALineAtATime() {
        let lines = (0..<300).map { String(repeating: " ", count: 2 * $0) + "line \($0) = value(\($0))" }
        let (held, parts) = mostLinesHeld("```\n" + lines.joined(separator: "\n") + "\n```\n")
        XCTAssertGreaterThan(parts, 200, "a wrapped source line at a time")
        // The longest source line (600 columns at the smallest size) takes a few dozen visual lines.
        XCTAssertLessThan(held, 100, "about two source lines' visual lines held at once")
    }

    /// What a page shows of a slice: its height, spacing and keep, and each item.
    private func describe(_ slice: Slice) -> String {
        let items = slice.items.map { item -> String in
            switch item {
            case .text(let l): return "text \(l.text) \(l.x) \(l.baseline) \(l.width) \(l.actualText ?? "-")"
            case .fill(let r, let color): return "fill \(r) \(color)"
            case .line(let a, let b, let w, _): return "line \(a) \(b) \(w)"
            default: return "\(item)"
            }
        }
        return "\(slice.height) \(slice.spaceBefore) \(slice.spaceAfter) \(slice.keepWithNext) \(slice.firstBaseline ?? -1) "
            + items.joined(separator: "; ")
    }

    /// A block set in runs of a few lines gives the slices of the block set whole: lines,
    /// positions, shading, padding, spacing, and keeps (a wrapped line's pieces together, no
    /// orphan or widow line), with and without lines that wrap, highlighted or not.
    func testABlockSetInRunsLooksAsTheBlockSetWhole() {
        let short = (0..<40).map { "    let x\($0) = f(\($0))" }
        let wide = String(repeating: "wide_token ", count: 30)
        let withWrapping = Array(short[0..<10]) + [wide, wide, "    }"] + Array(short[10..<40]) + [wide]
        let layout = session()
        for (lines, language) in [(short, ""), (withWrapping, ""), (withWrapping, "swift"), (["one line"], ""), ([wide], "")] {
            let code = lines.joined(separator: "\n")
            let document = parseMarkdown("```\(language)\n\(code)\n```\n")
            layout.highlights = CodeHighlights(document, theme: style.codeTheme)
            var whole: [Slice] = [], runs: [Slice] = [], parts = 0
            layout.codeBlocks.codeBlock(code, language: language, line: 1, context, runLimit: .max) { whole += $0 }
            layout.codeBlocks.codeBlock(code, language: language, line: 1, context, runLimit: 60) { runs += $0; parts += 1 }
            XCTAssertEqual(runs.map(describe), whole.map(describe), "\(lines.count) lines \(language)")
            XCTAssertEqual(runs.map { $0.items.count }, whole.map { $0.items.count })
            if lines.count > 10 { XCTAssertGreaterThan(parts, 3, "set and handed on in runs") }
        }
    }

    /// Runs: each wrapped line alone; the lines between together, cut before the line that
    /// would take a run past the limit (a longer line alone), never inside a line.
    func testCodeRunsCutBetweenLinesOnly() {
        // Lines of 10, 10, 30, 10 and 10 bytes, a newline after each but the last.
        let lines = [0..<10, 11..<21, 22..<52, 53..<63, 64..<74]
        func runs(_ wrapping: [Range<Int>], _ limit: Int) -> [String] {
            CodeLayouter.codeRuns(lines: lines, wrapping: wrapping, limit: limit).map { "\($0.range)\($0.wraps ? " wraps" : "")" }
        }
        XCTAssertEqual(runs([], .max), ["0..<74"])
        XCTAssertEqual(runs([], 25), ["0..<21", "22..<52", "53..<74"])
        XCTAssertEqual(runs([22..<52], .max), ["0..<21", "22..<52 wraps", "53..<74"])
        XCTAssertEqual(runs([0..<10, 64..<74], 15), ["0..<10 wraps", "11..<21", "22..<52", "53..<63", "64..<74 wraps"])
        XCTAssertEqual(runs([0..<10, 11..<21], .max), ["0..<10 wraps", "11..<21 wraps", "22..<74"])
    }
}
