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

/// Keeps: what pagination never separates. Each test slides a construct down the page with a
/// growing number of one-line filler paragraphs before it, so that some count puts each of
/// its possible breaks at a page's foot, and checks the keep at every count.
final class KeepsTests: XCTestCase {
    /// `count` one-line paragraphs.
    private func filler(_ count: Int) -> String {
        (0..<count).map { "Filler paragraph \($0)." }.joined(separator: "\n\n") + "\n\n"
    }

    /// Filler counts that reach from mid-page 1 past its foot.
    private let counts = 20...48

    /// The page of the first line whose text satisfies `match`, and of the first after it.
    private func page(of doc: LaidOutDocument, _ match: (String) -> Bool) -> Int? {
        doc.pages.firstIndex { $0.bodyLines.contains { match($0.text) } }
    }

    private func pages(_ doc: LaidOutDocument, _ match: (String) -> Bool) -> [Int] {
        doc.pages.enumerated().flatMap { p, page in page.bodyLines.filter { match($0.text) }.map { _ in p } }
    }

    /// Regression: "Run the build:" ended page 1 and its code block started page 2.
    func testParagraphEndingInAColonStaysWithWhatItIntroduces() {
        var broke = 0
        for blockKind in ["```\ncode line 1\ncode line 2\ncode line 3\n```", "- item one\n- item two\n- item three",
                          "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |"] {
            for n in counts {
                let doc = layout(filler(n) + "Run the build:\n\n" + blockKind + "\n\nAfter.\n")
                let intro = page(of: doc) { $0.hasPrefix("Run the build") }!
                let first = page(of: doc) { $0 == "code line 1" || $0 == "item one" || $0 == "a" }!
                XCTAssertEqual(intro, first, "\(n) fillers: \(blockKind.prefix(8))")
                if intro > 0 { broke += 1 }
            }
        }
        XCTAssertGreaterThan(broke, 0, "some counts carried the pair to page 2")
        // Only a colon keeps: a paragraph ending otherwise may end a page before a code block.
        let apart = counts.contains { n in
            let doc = layout(filler(n) + "Run the build.\n\n```\ncode line 1\ncode line 2\n```\n")
            return page(of: doc) { $0.hasPrefix("Run the build") } != page(of: doc) { $0 == "code line 1" }
        }
        XCTAssertTrue(apart)
    }

    /// Regression: a table's header stood at a page's foot with one row under it.
    func testTableHeaderKeepsTwoRowsUnderIt() {
        let table = "| Name | Value |\n|---|---|\n" + (1...8).map { "| row\($0) | v\($0) |" }.joined(separator: "\n") + "\n"
        var moved = 0
        for n in counts {
            let doc = layout(filler(n) + table)
            let header = page(of: doc) { $0 == "Name" }!
            let rows = pages(doc) { $0.hasPrefix("row") }
            XCTAssertGreaterThanOrEqual(rows.filter { $0 == header }.count, 2, "\(n) fillers")
            if header > 0 { moved += 1 }
        }
        XCTAssertGreaterThan(moved, 0)
    }

    /// A block longer than 8 lines breaks, leaving 3 lines at least on each side (issue 46;
    /// shorter blocks move whole: `CodeBlockBreakTests`).
    func testCodeBlockNeverLeavesOneLineAloneAtABreak() {
        let code = "```\n" + (1...10).map { "let line\($0) = \($0)" }.joined(separator: "\n") + "\n```\n"
        var split = 0
        for n in counts {
            let doc = layout(filler(n) + code + "\nAfter.\n")
            let perPage = Dictionary(grouping: pages(doc) { $0.hasPrefix("let line") }, by: { $0 }).mapValues(\.count)
            XCTAssertTrue(perPage.values.allSatisfy { $0 >= 3 }, "\(n) fillers: \(perPage)")
            if perPage.count > 1 { split += 1 }
        }
        XCTAssertGreaterThan(split, 0, "some counts split the block, between its lines")
    }

    /// Regression: a one-line paragraph under a heading was all that followed it on a page.
    func testHeadingKeepsTwoLinesOfWhatFollows() {
        for n in counts {
            let doc = layout(filler(n) + "## Section\n\nOne line.\n\nAnother line.\n\nThird line.\n")
            let heading = page(of: doc) { $0 == "Section" }!
            XCTAssertEqual(page(of: doc) { $0 == "Another line." }, heading, "\(n) fillers")
        }
    }

    /// Regression: a 5-line excerpt was split across two pages.
    func testExcerptOfUpToEightLinesMovesWhole() {
        var split = 0
        for lines in [5, 8] {
            var style = Style()
            style.excerptLines = lines
            for preamble in 1...lines {
                // The part before the first heading, cut to `preamble` lines, shifts the rest down.
                let words = prose(preamble * 9, seed: "p")
                let sections = (1...12).map { "## Section \($0)\n\n" + prose(200, seed: "s\($0)w") + "\n\n" }.joined()
                let doc = layout(words + "\n\n" + sections, style: style)
                for k in 1...12 {
                    let shown = pages(doc) { $0.hasPrefix("s\(k)w") }.prefix(lines)
                    XCTAssertEqual(Set(shown).count, 1, "\(lines)-line excerpt \(k) after \(preamble) lines: \(shown)")
                    let heading = page(of: doc) { $0 == "Section \(k)" }
                    if heading != shown.first { split += 1 }
                }
            }
        }
        XCTAssertEqual(split, 0, "headings stay with their excerpts")
    }
}
