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

final class MarkdownParserTests: XCTestCase {
    func testHeadingsParagraphsAndSourceLines() {
        let doc = parseMarkdown("# Title\n\nSome *em* and **strong** and `code`.\n\n### Three\n")
        XCTAssertEqual(doc.blocks.count, 3)
        XCTAssertEqual(doc.blocks[0], Block(.heading(level: 1, content: [.text("Title")]), line: 1))
        XCTAssertEqual(doc.blocks[1].line, 3)
        guard case .paragraph(let inlines) = doc.blocks[1].kind else { return XCTFail("not a paragraph") }
        XCTAssertEqual(inlines, [.text("Some "), .emphasis([.text("em")]), .text(" and "),
                                 .strong([.text("strong")]), .text(" and "), .code("code"), .text(".")])
        guard case .heading(3, _) = doc.blocks[2].kind else { return XCTFail("not h3") }
    }

    func testGFMExtensions() {
        let doc = parseMarkdown("~~gone~~ www.example.com\n\n- [ ] todo\n- [x] done\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n")
        guard case .paragraph(let p) = doc.blocks[0].kind else { return XCTFail() }
        XCTAssertEqual(p.first, .strikethrough([.text("gone")]))
        XCTAssertTrue(p.contains { if case .link(let d, _, _) = $0 { return d == "http://www.example.com" } else { return false } })
        guard case .list(let list) = doc.blocks[1].kind else { return XCTFail() }
        XCTAssertEqual(list.items.map(\.task), [false, true])
        XCTAssertEqual(list.items[0].blocks, [Block(.paragraph([.text("todo")]), line: 3)], "the [ ] is not text")
        guard case .table(let table) = doc.blocks[2].kind else { return XCTFail() }
        XCTAssertEqual(table.alignments, [.left, .right])
        XCTAssertTrue(table.hasHeader)
        XCTAssertEqual(table.rows.count, 2)
    }

    func testOrderedListStartAndTightness() {
        let doc = parseMarkdown("8. a\n9. b\n\n10. c\n")
        guard case .list(let list) = doc.blocks[0].kind else { return XCTFail() }
        XCTAssertEqual(list.start, 8)
        XCTAssertFalse(list.isTight)
        XCTAssertEqual(list.items.count, 3)
    }

    func testFootnotes() {
        let doc = parseMarkdown("Text[^b][^a][^b].\n\n[^a]: Note A.\n\n[^b]: Note B.\n\n[^unused]: Dropped.\n")
        guard case .paragraph(let p) = doc.blocks[0].kind else { return XCTFail() }
        XCTAssertEqual(p.filter { if case .footnoteReference = $0 { return true } else { return false } },
                       [.footnoteReference(label: "1"), .footnoteReference(label: "2"), .footnoteReference(label: "1")])
        let notes = doc.blocks.compactMap { block -> (String, String)? in
            guard case .footnoteDefinition(let label, let blocks) = block.kind,
                  case .paragraph(let text)? = blocks.first?.kind else { return nil }
            return (label, text.plainText)
        }
        XCTAssertEqual(notes.map(\.0), ["1", "2"], "numbered by first reference")
        XCTAssertEqual(notes.map(\.1), ["Note B.", "Note A."])
    }

    func testEmptyAndHostileInputDoNotCrash() {
        XCTAssertEqual(parseMarkdown("").blocks, [])
        _ = parseMarkdown(String(repeating: "> ", count: 500) + "deep")
        _ = parseMarkdown(String(repeating: "[", count: 10_000))
    }

    /// Issue 48, point 4: a link or image on a later line of its paragraph was named by the
    /// paragraph's first line (cmark-gfm's inline positions drift: a link whose text crosses
    /// a line end gets its `]`'s line). It carries its own (`Inline.located`); one on the
    /// paragraph's first line is as it was.
    func testRegressionALinkOnALaterLineCarriesItsLine() {
        let link = Inline.link(destination: "#x", title: "", content: [.text("a")])
        let doc = parseMarkdown("Text\n\n[a](#x) first\nthen `co\nde` [a](#x) ![i\nj](p.png)\n[a](#x)\n")
        guard case .paragraph(let inlines) = doc.blocks[1].kind else { return XCTFail("not a paragraph") }
        XCTAssertEqual(inlines.first, link, "on the paragraph's line: no wrapper")
        let located = inlines.compactMap { inline -> Int? in if case .located(let line, _) = inline { line } else { nil } }
        XCTAssertEqual(located, [5, 5, 7])
        XCTAssertEqual(inlines.last, .located(line: 7, content: [link]))
    }
}

/// Nesting beyond the caps is flattened with its text kept, so no stage recurses without bound.
final class NestingCapTests: XCTestCase {
    private func depth(_ blocks: [Block]) -> Int {
        blocks.map { block -> Int in
            switch block.kind {
            case .blockQuote(let c): return 1 + depth(c)
            case .list(let l): return 1 + (l.items.map { depth($0.blocks) }.max() ?? 0)
            default: return 0
            }
        }.max() ?? 0
    }

    func testTenThousandDeepListsAndQuotesAreCappedWithTheTextKept() {
        for markdown in [String(repeating: "- ", count: 10_000) + "deep", String(repeating: "> ", count: 10_000) + "deep",
                         String(repeating: "> 1. ", count: 5_000) + "deep"] {
            let document = parseMarkdown(markdown)
            XCTAssertEqual(depth(document.blocks), 128)
            XCTAssertEqual(VisibleWords.of(document.blocks), ["deep"])
        }
    }

    func testNestingUpToTheCapIsKept() {
        let markdown = (0..<100).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n")
        XCTAssertEqual(depth(parseMarkdown(markdown).blocks), 100)
    }

    func testDeepInlineNestingBecomesText() {
        let markdown = String(repeating: "*a ", count: 3_000) + "core" + String(repeating: "*", count: 3_000)
        XCTAssertTrue(parseMarkdown(markdown).blocks.map { VisibleWords.of([$0]) }.joined().contains("core"))
    }

    /// Laying out and rendering a capped document fits a secondary thread's stack.
    func testCappedNestingRendersOnAWorkerThread() throws {
        let done = expectation(description: "rendered")
        DispatchQueue.global().async {
            let result = try? Quire.render(markdown: String(repeating: "> - ", count: 2_000) + "deep\n")
            XCTAssertNotNil(result)
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
    }
}

/// The words of blocks' text, for nesting checks.
enum VisibleWords {
    static func of(_ blocks: [Block]) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block.kind {
            case .paragraph(let c), .heading(_, let c): return c.plainText.split(separator: " ").map(String.init)
            case .blockQuote(let c): return of(c)
            case .list(let l): return l.items.flatMap { of($0.blocks) }
            default: return []
            }
        }
    }
}
