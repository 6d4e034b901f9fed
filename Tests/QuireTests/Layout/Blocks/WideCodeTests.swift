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

/// Code blocks sized to the page (issue 33): a block whose longest line is wider than the
/// measure widens into the margins, then steps its size down, and only then wraps, each
/// continuation hanging under its own line.
final class WideCodeTests: XCTestCase {
    private let style = Style()
    private var textBlock: Column { Column(x: style.margins.left, width: style.contentWidth) }

    /// A line of exactly `columns` characters, indented by `indent` spaces.
    private func codeLine(_ columns: Int, indent: Int = 4) -> String {
        let words = (0..<columns).map { $0 % 7 == 6 ? " " : "abcdefghijklmnopqrstuvwxyz".map(String.init)[$0 % 26] }.joined()
        return String(repeating: " ", count: indent) + String(words.dropFirst(indent).prefix(columns - indent))
    }

    private func block(_ lines: [String], fence: String = "```") -> String {
        "Some prose.\n\n\(fence)\n" + lines.joined(separator: "\n") + "\n```\n"
    }

    /// The shading behind the code lines.
    private func shading(_ page: Page) -> [Rect] {
        page.items.compactMap { if case .fill(let r, _) = $0 { return r } else { return nil } }
    }

    private func codeLines(_ doc: LaidOutDocument) -> [TextLine] {
        doc.allLines.filter { $0.tag.element?.role == .code }
    }

    func testA100ColumnLineFitsAtA4WithoutWrapping() throws {
        let line = codeLine(100)
        XCTAssertEqual(line.count, 100)
        let doc = layout(block(["struct S {", line, "}"]))
        let lines = codeLines(doc)
        XCTAssertEqual(lines.map(\.text), ["struct S {", line, "}"], "one visual line per source line")
        let shade = try XCTUnwrap(shading(doc.pages[0]).first)
        XCTAssertGreaterThan(shade.width, textBlock.width + 100, "the block widened into the margins")
        XCTAssertGreaterThanOrEqual(shade.x, style.safeMargin - 0.01, "inside the safe area")
        XCTAssertLessThanOrEqual(shade.maxX, style.pageSize.width - style.safeMargin + 0.01)
        XCTAssertEqual(shade.x - textBlock.x, textBlock.maxX - shade.maxX, accuracy: 0.01, "as much on each side")
        let size = lines[1].shaped.format.text.size
        XCTAssertGreaterThanOrEqual(size, style.codeMinimumSize)
        XCTAssertLessThanOrEqual(size, Typography(style).code.size)
        for l in lines { XCTAssertLessThanOrEqual(l.x + l.width, shade.maxX + 0.01) }
    }

    func testBlocksWhoseLinesFitKeepTheMeasureAndTheirSize() throws {
        let doc = layout(block(["let short = 1", codeLine(60)]))
        let shade = try XCTUnwrap(shading(doc.pages[0]).first)
        XCTAssertEqual(shade.x, textBlock.x, accuracy: 0.001)
        XCTAssertEqual(shade.width, textBlock.width, accuracy: 0.001)
        XCTAssertEqual(codeLines(doc)[0].shaped.format.text.size, Typography(style).code.size)
    }

    /// The block widens first: a line a little wider than the measure keeps the code's size.
    func testTheBlockWidensBeforeItsSizeSteps() throws {
        let doc = layout(block([codeLine(75)]))
        let line = try XCTUnwrap(codeLines(doc).first)
        XCTAssertEqual(codeLines(doc).count, 1)
        XCTAssertEqual(line.shaped.format.text.size, Typography(style).code.size, "the size is kept while the block can widen")
        XCTAssertGreaterThan(try XCTUnwrap(shading(doc.pages[0]).first).width, textBlock.width)
    }

    /// 140 columns do not fit at the floor: the line wraps, its continuation indented past its
    /// own indentation by the wrap indent, after a drawn mark; the text layer keeps it whole.
    func testA140ColumnLineWrapsWithAHangingContinuation() throws {
        let long = codeLine(140, indent: 8)
        let doc = layout(block(["func f() {", long, "    return", "}"]))
        let lines = codeLines(doc)
        XCTAssertEqual(lines.count, 5, "the long line takes two visual lines")
        XCTAssertEqual(lines[1].shaped.format.text.size, style.codeMinimumSize, "set at the floor before it wrapped")
        XCTAssertEqual(lines[1].text + lines[2].text, long, "nothing added or lost")
        let left = lines[0].x
        let advance = lines[1].width / Double(lines[1].text.count)
        XCTAssertEqual(lines[2].x - left, advance * 8 + Typography(style).codeWrapIndent * style.codeMinimumSize / Typography(style).code.size,
                       accuracy: 0.5, "the continuation starts past the line's own indentation")
        XCTAssertEqual(lines[3].x, left, accuracy: 0.01, "the next source line starts at the block's edge")
        XCTAssertEqual(lines[1].actualText, long, "its first line stands for the whole line")
        XCTAssertEqual(lines[2].actualText, "", "the continuation stands for nothing")
        XCTAssertNil(lines[3].actualText)
        // The mark: rules before the continuation's text, on its line.
        let marks = doc.pages[0].items.compactMap { item -> (Point, Point)? in
            if case .line(let a, let b, _, _) = item { return (a, b) } else { return nil }
        }.filter { $0.0.y > lines[2].top - 0.01 && $0.0.y < lines[2].baseline + 0.01 }
        XCTAssertFalse(marks.isEmpty, "a continuation mark is drawn")
        let painted = paintPage(doc.pages[0], with: LinePainter())
        for (item, tag) in zip(painted.items, painted.tags) {
            if case .line = item { XCTAssertEqual(tag, .artifact, "the mark is an artifact") }
        }
        XCTAssertEqual(Set(painted.actualTexts.values), [long, ""], "the PDF's text: the line whole, the continuation nothing")
        for (a, b) in marks {
            XCTAssertLessThan(max(a.x, b.x), lines[2].x, "the mark stands before the text")
            XCTAssertGreaterThan(min(a.x, b.x), left + advance * 8, "past the line's own indentation")
        }
    }

    /// GRDB's README: a wrapped line indented by 8 continued at 4 spaces, to the left of its
    /// own start, so it read as a new statement.
    func testRegressionWrappedCodeContinuedLeftOfItsOwnIndentation() {
        let long = "        let player = try Player.filter(Column(\"name\") == \"Arthur\").order(Column(\"score\").desc).limit(10).fetchOne(db) // the best Arthur"
        let doc = layout(block(["try dbQueue.read { db in", long, "}"], fence: "```swift"))
        let lines = codeLines(doc)
        XCTAssertGreaterThan(lines.count, 3, "it still wraps at the floor")
        let ownStart = lines[1].x + lines[1].width * 8 / Double(lines[1].text.count)
        for continuation in lines[2..<(lines.count - 1)] {
            XCTAssertGreaterThan(continuation.x, ownStart + 1, "the continuation stays right of the line's own start")
        }
    }

    func testCompactA5Holds80Columns() throws {
        let compact = try Templates.style(template: "compact", sets: ["page.size=a5"])
        let doc = layout(block([codeLine(80), codeLine(40)]), style: compact)
        XCTAssertEqual(codeLines(doc).count, 2, "80 columns on one line")
        let wrapped = layout(block([codeLine(100)]), style: compact)
        XCTAssertEqual(codeLines(wrapped).count, 2, "100 columns wrap on A5")
    }

    /// Inside a list item the block keeps its start edge (the list's indent) and grows toward the end.
    func testANestedBlockGrowsTowardItsEnd() throws {
        let doc = layout("- item\n\n  ```\n  \(codeLine(90))\n  ```\n")
        let shade = try XCTUnwrap(shading(doc.pages[0]).first)
        XCTAssertGreaterThan(shade.x, textBlock.x + 5, "its left edge stays at the item's")
        XCTAssertGreaterThan(shade.maxX, textBlock.maxX + 10, "it grew to the right")
        XCTAssertLessThanOrEqual(shade.maxX, style.pageSize.width - style.safeMargin + 0.01)
    }

    func testKeysAlignOuterLimitAndFloor() throws {
        let outer = layout(block([codeLine(75)]), style: try Templates.style(template: nil, sets: ["wide.align=outer"]))
        let shade = try XCTUnwrap(shading(outer.pages[0]).first)
        XCTAssertEqual(shade.x, textBlock.x, accuracy: 0.01, "toward the outer edge: the left edge stays")
        XCTAssertGreaterThan(shade.maxX, textBlock.maxX + 50)

        let measure = layout(block([codeLine(90)]), style: try Templates.style(template: nil, sets: ["code.max-width=measure"]))
        let narrow = try XCTUnwrap(shading(measure.pages[0]).first)
        XCTAssertEqual(narrow.width, textBlock.width, accuracy: 0.01, "never wider than the measure")
        XCTAssertEqual(codeLines(measure)[0].shaped.format.text.size, style.codeMinimumSize, "smaller instead")

        let capped = layout(block([codeLine(110)]), style: try Templates.style(template: nil, sets: ["code.max-width=150mm", "code.min-size=8"]))
        let cappedShade = try XCTUnwrap(shading(capped.pages[0]).first)
        XCTAssertEqual(cappedShade.width, 150 * 72 / 25.4, accuracy: 0.5)
        XCTAssertEqual(codeLines(capped)[0].shaped.format.text.size, 8, "down to code.min-size")
        XCTAssertEqual(codeLines(capped).count, 2, "then it wraps")
    }

    /// An excerpt cut inside a widened block, and the block on a page break, look as the
    /// block does whole: the same shading and the same line positions.
    func testExcerptsAndPageBreaksKeepTheWidenedBlock() throws {
        let lines = (0..<12).map { _ in codeLine(95) }
        let markdown = "# Section\n\n" + block(lines) + "\nAfter.\n"
        let whole = layout(markdown)
        var excerpted = Style()
        excerpted.excerptLines = 4
        let cut = layout(markdown, style: excerpted)
        let wholeShade = try XCTUnwrap(shading(whole.pages[0]).first)
        let cutShade = try XCTUnwrap(shading(cut.pages[0]).first)
        XCTAssertEqual(cutShade.x, wholeShade.x, accuracy: 0.001)
        XCTAssertEqual(cutShade.width, wholeShade.width, accuracy: 0.001)
        XCTAssertEqual(codeLines(cut)[0].x, codeLines(whole)[0].x, accuracy: 0.001)

        let long = (0..<80).map { _ in codeLine(95) }
        let broken = layout(block(long))
        XCTAssertGreaterThan(broken.pages.count, 1)
        let first = try XCTUnwrap(shading(broken.pages[0]).first), second = try XCTUnwrap(shading(broken.pages[1]).first)
        XCTAssertEqual(first.x, second.x, accuracy: 0.001)
        XCTAssertEqual(first.width, second.width, accuracy: 0.001)
    }

    /// An excerpt cut on a wrapped line's continuation keeps its first part, which then says
    /// only what it shows: the PDF's text of an excerpt is what the excerpt shows.
    func testAnExcerptCutInsideAWrappedLineSaysOnlyWhatItShows() throws {
        let long = codeLine(160, indent: 4)
        var style = Style()
        style.excerptLines = 3
        let doc = layout("# Section\n\n" + block([long, "short"]) + "\nAfter.\n", style: style)
        let lines = codeLines(doc)
        let label = try XCTUnwrap(lines.firstIndex { $0.text.contains("\u{2068}") }, "line 3 is the continuation, cut")
        XCTAssertEqual(label, 1)
        XCTAssertNil(lines[0].actualText, "the first part kept says what it shows")
        XCTAssertTrue(lines[(label + 1)...].contains { $0.actualText == long }, "the full text keeps the line whole")
    }

    /// A digest's entry sets a widened block as `render` does, and the terminal preview of an
    /// excerpt shows its lines as the PDF breaks them.
    func testTheDigestAndThePreviewShowTheSameWidths() throws {
        let markdown = "# Wide\n\n" + block([codeLine(95), codeLine(140, indent: 8), "end"])
        let rendered = layout(markdown)
        let (info, body, _) = FrontMatter.split(markdown)
        let digest = layoutDigest([DigestDocument(path: "a.md", canonicalPath: "/a.md", document: parseMarkdown(body), info: info)],
                                  failures: [], title: "Digest", date: "2026-11-27", style: Style(), excerptLines: 0).laidOut
        let renderedShade = try XCTUnwrap(shading(rendered.pages[0]).first)
        let digestShade = try XCTUnwrap(digest.pages.lazy.compactMap { self.shading($0).first }.first)
        XCTAssertEqual(digestShade.x, renderedShade.x, accuracy: 0.001)
        XCTAssertEqual(digestShade.width, renderedShade.width, accuracy: 0.001)
        XCTAssertEqual(codeLines(digest).map(\.text), codeLines(rendered).map(\.text), "the same line breaks")
        XCTAssertEqual(codeLines(digest).map(\.x), codeLines(rendered).map(\.x))

        var options = RenderOptions()
        options.style.excerptLines = 10
        let preview = try XCTUnwrap(Quire.excerpts(markdown: markdown, options: options).first).lines
        XCTAssertEqual(preview.map { $0.trimmingCharacters(in: .whitespaces) },
                       (["Some prose."] + codeLines(rendered).map(\.text)).map { $0.trimmingCharacters(in: .whitespaces) },
                       "the preview's lines are the PDF's")
    }

    /// The visual lines of one wrapped source line are never parted by a page break.
    func testAWrappedLineStaysOnOnePage() {
        let lines = (0..<120).map { $0 % 3 == 0 ? codeLine(200) : "x = \($0)" }
        let doc = layout(block(lines))
        for page in doc.pages.dropFirst() {
            guard let first = page.bodyLines.first(where: { $0.tag.element?.role == .code }) else { continue }
            let start = first.shaped.lines[first.lineIndex].start
            let bytes = Array(first.shaped.text.string.utf8)
            XCTAssertTrue(start == 0 || bytes[start - 1] == 0x0A, "a page starts with a source line, not a continuation")
        }
    }
}
