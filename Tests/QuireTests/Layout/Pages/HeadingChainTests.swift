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

/// A heading keeps with its first two lines of content, not with what follows them (issue 46):
/// a run of headings and short sections may break between any two of them, so it never
/// leaves the page before it largely empty (`RunningBenchmarks.md` p. 6 was 73% blank).
final class HeadingChainTests: XCTestCase {
    private func filler(_ count: Int) -> String {
        (0..<count).map { "Filler paragraph \($0)." }.joined(separator: "\n\n") + "\n\n"
    }

    /// Sections of one line each: `count` of them.
    private func shortSections(_ count: Int, code: Bool = false) -> String {
        if code { return (1...count).map { "### Option \($0)\n\n```\nswift run option\($0)\n```\n" }.joined(separator: "\n") }
        return (1...count).map { "### Option \($0)\n\nWhat option \($0) does.\n" }.joined(separator: "\n")
    }

    /// Regression: a heading kept with a one-line section was kept with the next heading, and
    /// so on, so the whole run moved to the next page. With sections of one code line each too,
    /// as `RunningBenchmarks.md`'s "Sample usage" (its p. 6 was 73% blank).
    func testRunOfShortSectionsLeavesNoPageShort() {
        for n in stride(from: 4, through: 40, by: 4) {
            for code in [false, true] {
                checkFills(layout(filler(n) + shortSections(16, code: code) + "\nThe end.\n"), "\(n) fillers, code \(code)")
            }
        }
    }

    private func checkFills(_ doc: LaidOutDocument, _ name: String) {
        XCTAssertEqual(doc.pageFills.count, doc.pages.count)
        for (k, fill) in doc.pageFills.dropLast().enumerated() {
            XCTAssertGreaterThanOrEqual(fill.fraction, 0.7, "\(name): page \(k + 1) is \(Int(fill.fraction * 100))% full")
        }
    }

    /// Regression: a changelog's run of empty version headings (Yams' 0.4.1 to 0.1.2) moved
    /// whole to the next page, leaving the page before 38% empty.
    func testRunOfEmptyHeadingsLeavesNoPageShort() {
        let empty = (1...18).map { "## 0.\($0).0\n" }.joined(separator: "\n")
        for n in stride(from: 4, through: 40, by: 4) {
            checkFills(layout(filler(n) + "## 1.0.0\n\nThe last release.\n\n" + empty + "\nThe end.\n"), "\(n) fillers")
        }
    }

    /// Each heading still keeps with its line: no page ends with a heading.
    func testEachHeadingKeepsItsLine() {
        for n in 20...48 {
            let doc = layout(filler(n) + shortSections(6) + "\nThe end.\n")
            for (k, page) in doc.pages.enumerated().dropLast() {
                let last = page.bodyLines.last
                XCTAssertFalse(last?.text.hasPrefix("Option") == true, "\(n) fillers: page \(k + 1) ends with a heading")
            }
        }
    }

    /// A heading over a one-line paragraph and a longer one keeps with both first lines.
    func testHeadingKeepsTwoLinesOfContent() {
        for n in 20...48 {
            let doc = layout(filler(n) + "## Title\n\nOne line.\n\n" + prose(120) + "\n")
            let heading = doc.pages.firstIndex { $0.bodyLines.contains { $0.text == "Title" } }!
            let second = doc.pages.firstIndex { $0.bodyLines.contains { $0.text.hasPrefix("word1 ") } }!
            XCTAssertEqual(heading, second, "\(n) fillers")
        }
    }
}
