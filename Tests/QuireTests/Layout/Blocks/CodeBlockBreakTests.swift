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

/// Where a code block may break across pages (issue 46): a block of up to 8 lines moves whole
/// to the next page; a longer one leaves at least 3 lines on each side of a break. Each test
/// slides the block down page 1 with a growing number of one-line filler paragraphs, so that
/// some count puts each of its lines at the page's foot.
final class CodeBlockBreakTests: XCTestCase {
    private func filler(_ count: Int) -> String {
        (0..<count).map { "Filler paragraph \($0)." }.joined(separator: "\n\n") + "\n\n"
    }

    private let counts = 20...60

    /// The page of each code line of `doc` whose text starts with "code line".
    private func codePages(_ doc: LaidOutDocument) -> [Int] {
        doc.pages.enumerated().flatMap { p, page in page.bodyLines.filter { $0.text.hasPrefix("code line") }.map { _ in p } }
    }

    private func block(_ lines: Int) -> String {
        "```\n" + (1...lines).map { "code line \($0)" }.joined(separator: "\n") + "\n```\n\nAfter the block.\n"
    }

    /// Regression: a 6-line block was split 4 + 2, so page 2 opened with `]` and `)`.
    func testSixLineBlockMovesWholeToTheNextPage() {
        var moved = 0
        for n in counts {
            let pages = codePages(layout(filler(n) + block(6)))
            XCTAssertEqual(pages.count, 6)
            XCTAssertEqual(Set(pages).count, 1, "\(n) fillers: split \(pages)")
            if pages.first == 1 { moved += 1 }
        }
        XCTAssertGreaterThan(moved, 0, "some counts carried the block to page 2")
    }

    func testEightLineBlockStaysWhole() {
        for n in counts {
            let pages = codePages(layout(filler(n) + block(8)))
            XCTAssertEqual(Set(pages).count, 1, "\(n) fillers: split \(pages)")
        }
    }

    /// A longer block breaks, but never leaves fewer than 3 of its lines on a page.
    func testLongBlockLeavesThreeLinesOnEachSide() {
        var split = 0
        for n in counts {
            let pages = codePages(layout(filler(n) + block(12)))
            XCTAssertEqual(pages.count, 12)
            let counts = Dictionary(grouping: pages, by: { $0 }).mapValues(\.count)
            if counts.count > 1 { split += 1 }
            for (page, lines) in counts where counts.count > 1 {
                XCTAssertGreaterThanOrEqual(lines, 3, "\(n) fillers: \(lines) lines on page \(page + 1)")
            }
        }
        XCTAssertGreaterThan(split, 0, "some counts split the block")
    }
}
