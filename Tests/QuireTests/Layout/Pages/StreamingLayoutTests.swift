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

/// Laying out page by page (`PageFlow`, `layOutPages`) gives what laying out the whole
/// document at once, then adding its furniture, gives.
final class StreamingLayoutTests: XCTestCase {
    /// A summary of a page to compare: each item's kind, text and position, then links,
    /// destinations and furniture.
    private func describe(_ page: Page) -> [String] {
        func item(_ item: PageItem) -> String {
            switch item {
            case .text(let l): return "text \(l.text) \(l.x) \(l.baseline)"
            case .fill(let r, _): return "fill \(r)"
            case .line(let a, let b, let w, _): return "line \(a) \(b) \(w)"
            case .marker(let m): return "marker \(m)"
            case .image(let r, _, _): return "image \(r)"
            case .frame(let r, let w, _): return "frame \(r) \(w)"
            case .formula(let f): return "formula \(f.rect)"
            case .path(let p, _): return "path \(p.bounds)"
            }
        }
        return page.items.map(item) + page.links.map { "link \($0)" } + page.destinations.map { "dest \($0.name) \($0.y)" }
            + page.furniture.map(item)
    }

    /// Headings late in the text, a table longer than a page (its header repeats), lists,
    /// footnotes, code: the page breaks depend on keep-with-next chains and repeated headers.
    private func sample(frontMatterTitle: Bool = false, footnotes: Bool = true) -> String {
        var parts: [String] = []
        if frontMatterTitle { parts.append("---\ntitle: From front matter\n---\n") }
        parts.append(prose(400, seed: "opening"))
        parts.append("# First heading\n\n" + prose(300))
        parts.append("| a | b |\n|---|---|\n" + (1...90).map { "| row \($0) | \(prose(6, seed: "c\($0)")) |" }.joined(separator: "\n"))
        parts.append((1...40).map { "- item \($0)\n  - nested \($0)" }.joined(separator: "\n"))
        parts.append("## Second\n\n```\n" + (1...80).map { "code line \($0)" }.joined(separator: "\n") + "\n```")
        if footnotes { parts.append("A note.[^n]\n\n[^n]: The note's text.") }
        parts.append("[back](#first-heading) and [nowhere](#missing)")
        return parts.joined(separator: "\n\n")
    }

    private func streamed(_ markdown: String, style: Style = Style()) -> (LayoutSummary, [Page], Int) {
        let (info, body, _) = FrontMatter.split(markdown)
        var pages: [Page] = []
        let summary = layOutPages(parseMarkdown(body), PageLayoutSetup(style: style, typesetter: .forThisThread(language: nil), graphviz: testEngine.graphviz,
                                                                       fallbackTitle: "test.md", info: info)) { pages.append($0) }
        return (summary, pages, summary.pageCount)
    }

    /// The reference: every slice laid out first, paginated at once, then the furniture with the
    /// title from the whole outline and the page count known.
    private func whole(_ markdown: String, style: Style = Style()) -> LaidOutDocument {
        let (info, body, _) = FrontMatter.split(markdown)
        let document = parseMarkdown(body)
        let session = LayoutSession(style: style, typesetter: Typesetter.forThisThread(language: nil), graphviz: testEngine.graphviz, anchors: AnchorTable(document))
        let context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
        var slices = session.titleBlock(info)
        if let n = style.excerptLines {
            let title = SectionedDocument.preambleTitle(document.blocks, frontMatter: info.title?.widest, fallback: "test.md")
            session.excerpts.layoutWithExcerpts(document, lines: n, includeFullText: true, title: title, context) { slices += $0 }
        } else {
            slices += session.layoutBlocks(document.blocks, context)
        }
        // Footnotes at the foot: each note with the slice of its first reference, then those never shown.
        session.attachNotes(&slices, context)
        var unplaced = session.unplacedNotes(context)
        session.attachNotes(&unplaced, context)
        slices += unplaced
        var pages = Paginator(style: style).paginate(slices)
        let outline = session.sink.sortedOutline
        let title = info.title ?? outline.first { $0.level == 1 }.map { TextValue.plain($0.title) } ?? .plain("test.md")
        for i in pages.indices { pages[i].furniture = session.furnisher.furniture(page: i + 1, of: pages.count, size: pages[i].size, info: info, title: title) }
        return LaidOutDocument(pages: pages, outline: outline, title: title.widest, author: "", warnings: session.sink.reportedWarnings)
    }

    func testPageFlowFedSliceBySliceMakesThePagesOfAllAtOnce() throws {
        var style = Style()
        style.pageSize = .a6
        let session = LayoutSession(style: style, typesetter: Typesetter(), graphviz: testEngine.graphviz, anchors: AnchorTable(parseMarkdown("")))
        let slices = session.layoutBlocks(parseMarkdown(sample()).blocks,
                                          BlockContext(column: Column(x: style.margins.left, width: style.contentWidth)))
        let atOnce = Paginator(style: style).paginate(slices)
        var flow = PageFlow(style: style)
        var oneByOne: [Page] = []
        for slice in slices { oneByOne += flow.add([slice]) }
        oneByOne += flow.finish()
        XCTAssertGreaterThan(atOnce.count, 10)
        XCTAssertEqual(oneByOne.map(describe), atOnce.map(describe))
        XCTAssertEqual(flow.pagesMade, atOnce.count)
    }

    func testEmptyDocumentStillHasOnePage() {
        var flow = PageFlow(style: Style())
        XCTAssertEqual(flow.add([]).count, 0)
        XCTAssertEqual(flow.finish().count, 1)
    }

    func testStreamingGivesTheWholeDocumentsPagesOutlineAndWarnings() {
        for (frontMatter, footnotes) in [(false, true), (false, false), (true, true)] {
            let markdown = sample(frontMatterTitle: frontMatter, footnotes: footnotes)
            let expected = whole(markdown)
            let (document, pages, count) = streamed(markdown)
            let label = "front matter \(frontMatter), footnotes \(footnotes)"
            XCTAssertEqual(count, expected.pages.count, label)
            XCTAssertEqual(pages.map(describe), expected.pages.map(describe), label)
            XCTAssertEqual(document.outline, expected.outline, label)
            XCTAssertEqual(document.title, expected.title, label)
            XCTAssertEqual(document.warnings, expected.warnings, label)
            XCTAssertFalse(document.warnings.isEmpty, "the sample links to a missing anchor")
        }
    }

    /// The running header shows the first heading, which comes after the first page here: the
    /// pages before it wait for it.
    func testPagesWaitForTheTitleOfTheRunningHeader() throws {
        let markdown = prose(1500, seed: "before") + "\n\n# The title\n\n" + prose(200)
        let (_, pages, _) = streamed(markdown)
        XCTAssertGreaterThan(pages.count, 2)
        XCTAssertEqual(pages[1].furnitureLines.first?.text, "The title")
    }

    /// Without any block that could give a heading, the running title is the fallback from the
    /// first page, so pages need not wait for the end (a long list of links kept every page).
    func testDocumentsWithoutHeadingsDoNotWaitForATitle() throws {
        func may(_ markdown: String) -> Bool { AnchorTable(parseMarkdown(markdown)).mayHaveHeadings }
        XCTAssertFalse(may("Just text.\n\n- a list\n  > quoted\n\n```\ncode\n```\n\n| a |\n|---|\n| b |\n\n---\n"))
        XCTAssertTrue(may("- item\n\n  > ## nested heading\n"))
        XCTAssertTrue(may("Text.[^n]\n\n[^n]: # heading in a footnote\n"))
        XCTAssertTrue(may("<div>\n<h2>HTML</h2>\n</div>\n"))
        // Both layouts agree, with the fallback as the running title on every page after the first.
        let markdown = (1...300).map { "- [item \($0)](https://example.com/\($0)) with some words after it" }.joined(separator: "\n")
        let (document, pages, count) = streamed(markdown)
        let all = whole(markdown)
        XCTAssertEqual(count, all.pages.count)
        XCTAssertGreaterThan(count, 3)
        XCTAssertEqual(pages.map(describe), all.pages.map(describe))
        XCTAssertEqual(document.title, all.title)
        XCTAssertEqual(pages[1].furnitureLines.first?.text, "test.md")
    }

    /// A level-1 heading nested deep in a list still names the running header, as laid out whole.
    func testNestedHeadingStillNamesTheRunningHeader() throws {
        let markdown = prose(1500, seed: "before") + "\n\n- item\n\n  > # Deep title\n\n" + prose(200)
        let (_, pages, _) = streamed(markdown)
        XCTAssertEqual(pages.map(describe), whole(markdown).pages.map(describe))
        XCTAssertEqual(pages[1].furnitureLines.first?.text, "Deep title")
    }

    /// Excerpt mode and a footer showing the page count go through the same pipeline: the
    /// pages wait for what their furniture shows, then match the reference, "{pages}" filled.
    func testExcerptsAndThePageCountGoThroughTheSamePipeline() {
        var excerpts = Style()
        excerpts.excerptLines = 2
        var total = Style()
        total.footer.center = .variants([(width: 4, text: "{page}"), (width: 10, text: "{page} of {pages}")])
        for style in [excerpts, total] {
            let markdown = sample(footnotes: true)
            let (summary, pages, count) = streamed(markdown, style: style)
            let expected = whole(markdown, style: style)
            XCTAssertEqual(count, expected.pages.count)
            XCTAssertEqual(pages.map(describe), expected.pages.map(describe))
            XCTAssertEqual(summary.outline, expected.outline)
            XCTAssertEqual(summary.warnings, expected.warnings)
        }
        let (_, pages, count) = streamed(sample(), style: total)
        XCTAssertEqual(pages.last?.furnitureLines.last?.text, "\(count) of \(count)")
    }

    /// Pages are handed on while layout goes on (so memory stays a page), unless what their
    /// furniture shows comes only at the end. Seen through an image at the document's end,
    /// deleted when page 1 is handed on: a page handed on early leaves the image missing.
    func testPagesAreHandedOnBeforeLayoutEndsUnlessTheyMustWait() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-stream-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func handedEarly(_ markdown: String, style: Style = Style()) throws -> Bool {
            let image = folder.appendingPathComponent("end.png")
            try Data(try Fixtures.bytes("diagram.png")).write(to: image)
            let summary = layOutPages(parseMarkdown(markdown + "\n\n![end](end.png)\n"),
                                      PageLayoutSetup(style: style, typesetter: .forThisThread(language: nil), graphviz: testEngine.graphviz, fallbackTitle: "t.md",
                                                      resources: ImageResources(baseDirectory: folder.path))) { page in
                try? FileManager.default.removeItem(at: image)
            }
            XCTAssertGreaterThan(summary.pageCount, 2)
            return summary.warnings.contains { $0.message.contains("end.png") }
        }
        let long = (1...12).map { "## Part \($0)\n\n" + prose(250, seed: "p\($0)-") }.joined(separator: "\n\n")
        var excerpts = Style()
        excerpts.excerptLines = 2
        var counted = Style()
        counted.footer.center = .plain("{page} / {pages}")
        XCTAssertTrue(try handedEarly(long), "plain document")
        XCTAssertTrue(try handedEarly("# Title\n\n" + long, style: excerpts), "excerpts of a document opening with a heading")
        XCTAssertTrue(try handedEarly("# Title\n\n" + long + "\n\nA note.[^n]\n\n[^n]: Text.", style: Style()), "footnotes after an opening heading")
        XCTAssertFalse(try handedEarly(long, style: counted), "{pages} waits for the count")
        // One level-1 heading (several head each its pages, issue 46: nothing to wait for).
        XCTAssertFalse(try handedEarly(prose(40) + "\n\n# Only\n\n" + long + "\n\nA note.[^n]\n\n[^n]: Text."),
                       "footnotes may hold a heading earlier than the first one laid out")
        XCTAssertTrue(try handedEarly(prose(40) + "\n\n" + long.replacingOccurrences(of: "## ", with: "# ") + "\n\nA note.[^n]\n\n[^n]: Text."),
                      "several level-1 headings: each page's head is known when it is laid out")
    }

    /// `Quire.render` streams; drawing the whole laid-out document gives the same bytes.
    func testStreamedPDFIsByteForByteTheWholeDocumentsPDF() throws {
        var options = RenderOptions()
        options.creationDate = 0
        options.sourceName = "sample.md"
        let markdown = sample(frontMatterTitle: false)
        let streamedPDF = try Quire.render(markdown: markdown, options: options).pdf
        let laidOut = RenderPipeline.layout(markdown, options)
        var metadata = RenderPipeline.metadata(title: laidOut.title, author: laidOut.author, options)
        metadata.language = laidOut.language
        metadata.standards = .default
        let body = FrontMatter.split(markdown).markdown
        let wholePDF = try RenderPipeline.pdf(of: laidOut, metadata: metadata, verdict: StandardsVerdict(requested: .default),
                                              mainScript: ScriptGuess.of(blocks: parseMarkdown(body).blocks)).pdf
        XCTAssertGreaterThan(streamedPDF.count, 10_000)
        XCTAssertEqual(streamedPDF, wholePDF)
    }
}
