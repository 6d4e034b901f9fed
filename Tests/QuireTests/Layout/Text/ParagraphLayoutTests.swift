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

final class ParagraphLayoutTests: XCTestCase {
    let style = Style()

    func testLinesStayInsideTheTextColumn() {
        let doc = layout(prose(400))
        XCTAssertGreaterThan(doc.allLines.count, 20)
        for line in doc.allLines {
            XCTAssertGreaterThanOrEqual(line.x, style.margins.left - 0.5)
            XCTAssertLessThanOrEqual(line.x + line.width, style.margins.left + style.contentWidth + 0.5)
        }
    }

    func testLongParagraphSplitsAcrossPagesBetweenLines() {
        let doc = layout(prose(3000))
        XCTAssertGreaterThan(doc.pages.count, 2)
        let words = doc.allLines.map(\.text).joined(separator: " ").split(separator: " ")
        XCTAssertEqual(words.count, 3000, "no word lost or repeated at page breaks")
        for page in doc.pages {
            for line in page.bodyLines {
                XCTAssertGreaterThanOrEqual(line.top, style.margins.top - 0.01)
                XCTAssertLessThanOrEqual(line.baseline, style.pageSize.height - style.margins.bottom + 0.01)
            }
        }
    }

    /// Fillers of every length up to a page make the break fall at every line of the
    /// paragraphs that follow, so each case below is met at least once.
    private func sweep(_ after: String, _ check: (LaidOutDocument) -> Void) {
        for filler in stride(from: 560, through: 720, by: 3) {
            check(layout(prose(filler, seed: "f") + "\n\n" + after))
        }
    }

    func testNoOrphanOrWidowLines() {
        var breaksInsideParagraphs = 0
        sweep((1...4).map { prose(60, seed: "p\($0)w") }.joined(separator: "\n\n")) { doc in
            for page in doc.pages {
                guard let first = page.bodyLines.first, let last = page.bodyLines.last else { continue }
                if last.lineIndex < last.shaped.lines.count - 1 { breaksInsideParagraphs += 1 }
                XCTAssertFalse(last.lineIndex == 0 && last.shaped.lines.count > 1, "orphan: \(last.text.prefix(12))")
                XCTAssertFalse(first.lineIndex > 0 && first.lineIndex == first.shaped.lines.count - 1,
                               "widow: \(first.text.prefix(12))")
            }
        }
        XCTAssertGreaterThan(breaksInsideParagraphs, 20, "the sweep splits paragraphs")
    }

    func testHeadingIsNeverLastOnAPage() {
        var headingsNearTheBottom = 0
        sweep((1...4).map { "## Heading \($0)\n\n" + prose(12, seed: "s\($0)w") }.joined(separator: "\n\n")) { doc in
            for page in doc.pages.dropLast() {
                XCTAssertFalse(page.bodyLines.last!.text.hasPrefix("Heading"), "page ends with a heading")
                if page.bodyLines.suffix(3).contains(where: { $0.text.hasPrefix("Heading") }) { headingsNearTheBottom += 1 }
            }
        }
        XCTAssertGreaterThan(headingsNearTheBottom, 3, "the sweep brings headings to the page bottom")
    }

    func testMultilingualTextHasNoMissingGlyphs() {
        let text = "Latin café, Ελληνικά, Русский, 日本語の文章, 中文, 한국어, العربية, עברית, emoji 😀🇫🇷👩‍👩‍👧"
        let doc = layout(text)
        for line in doc.allLines { XCTAssertEqual(line.shaped.unknownGlyphs, 0, line.text) }
    }

    func testArabicParagraphIsSetRightToLeft() {
        let doc = layout("هذا نص عربي قصير")
        let line = doc.allLines[0]
        XCTAssertTrue(line.shaped.isRightToLeft)
        XCTAssertEqual(line.x + line.width, style.margins.left + style.contentWidth, accuracy: 0.5, "flush right")
    }

    func testPageSizes() {
        var a5 = Style()
        a5.pageSize = .a5
        let doc = layout("Hello", style: a5)
        XCTAssertEqual(doc.pages[0].size, .a5)
        XCTAssertEqual(PageSize.named("LETTER"), .letter)
        XCTAssertNil(PageSize.named("b7"))
    }

    func testPageNumbersInFooter() {
        let doc = layout(prose(2000))
        for (i, page) in doc.pages.enumerated() {
            let footer = page.furnitureLines.filter { $0.baseline > style.pageSize.height - style.margins.bottom }
            XCTAssertEqual(footer.map(\.text), ["\(i + 1)"])
        }
    }

    func testCodeBlockWrapsWithIndentedContinuation() {
        let code = "let x = " + String(repeating: "someIdentifier + ", count: 30) + "1"
        let doc = layout("```swift\n\(code)\nshort\n```")
        let lines = doc.allLines
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertGreaterThan(lines[1].x, lines[0].x + 5, "continuation is indented")
        XCTAssertEqual(lines.last!.x, lines[0].x, accuracy: 0.01, "a new source line starts at the left")
        for line in lines { XCTAssertLessThanOrEqual(line.x + line.width, style.pageSize.width - style.safeMargin + 0.5, "in the safe area") }
        let shading = doc.pages[0].items.filter { if case .fill = $0 { return true } else { return false } }
        XCTAssertEqual(shading.count, lines.count, "each code line is shaded")
    }

    func testBlockQuoteDrawsARuleBesideEachLine() {
        let doc = layout("> " + prose(80) + "\n>\n> > nested")
        let rules = doc.pages[0].items.compactMap { item -> Double? in
            if case .line(let a, let b, _, _) = item, a.x == b.x { return a.x }
            return nil
        }
        XCTAssertEqual(Set(rules).count, 2, "outer and nested quote bars")
        XCTAssertTrue(doc.allLines.allSatisfy { $0.x > Set(rules).min()! })
    }
}
