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
import Foundation
import XCTest

/// A document parsed a section at a time (`SectionedBody`) gives the blocks, and the PDF, that
/// it gives parsed whole, wherever the sections are cut.
final class SectionedBodyTests: XCTestCase {
    /// `markdown`'s body cut wherever the splitter allows (sections of at least `minimum`
    /// bytes): its blocks, then the footnote definitions, and the number of sections.
    private func sectioned(_ markdown: String, minimum: Int = 1) throws -> (blocks: [Block], sections: Int) {
        var text = markdown
        return try text.withUTF8 { bytes in
            let body = try SectionedBody(bytes, minimumSize: minimum, smartPunctuation: false)
            var blocks: [Block] = []
            let notes = body.parse { blocks += $0 }
            return (blocks + notes, body.sections.count)
        }
    }

    private func assertSameAsWhole(_ markdown: String, sections expected: Int? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let (blocks, count) = try sectioned(markdown)
        if let expected { XCTAssertEqual(count, expected, "sections", file: file, line: line) }
        let whole = parseMarkdown(markdown).blocks
        XCTAssertEqual(blocks.count, whole.count, "blocks", file: file, line: line)
        for (i, (a, b)) in zip(blocks, whole).enumerated() where a != b {
            XCTFail("block \(i) differs:\n\(a)\n\(b)", file: file, line: line)
            break
        }
    }

    func testEveryCorpusFileAndSampleParsesAsWholeCutWhereverItMayBe() throws {
        let files = Fixtures.corpusFiles() + Self.samples()
        XCTAssertGreaterThan(files.count, 15)
        var cut = 0
        for url in files {
            let text = try InputFile.readMarkdown(at: url.path)
            let body = FrontMatter.split(text).markdown
            let (blocks, count) = try sectioned(body)
            if count > 1 { cut += 1 }
            XCTAssertEqual(blocks, parseMarkdown(body).blocks, "\(url.lastPathComponent) in \(count) sections")
        }
        XCTAssertGreaterThan(cut, files.count / 2, "most files have headings after blank lines")
    }

    static func samples() -> [URL] {
        let folder = Fixtures.images.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func testNoCutInsideFencedCodeOrHTMLBlocks() throws {
        let markdown = """
            # One

            ```sh

            # a comment, not a heading

            ```

            <pre>

            # inside pre

            </pre>

            <!--

            # inside a comment

            -->

            $$
            # a line of display math (no blank line between the dollars)
            $$

            # Two

            text
            """
        try assertSameAsWhole(markdown, sections: 2)
    }

    /// A fence the quick reading takes for a top-level one (inside a list item) may cost a
    /// cut, never a difference: cmark confirms each.
    func testAFenceInsideAListItemIsConfirmedByCmark() throws {
        let markdown = """
            - item

              ```
              code

            # Heading after the list

            more

            ~~~
            # in code

            # still code
            ~~~

            # Last
            """
        try assertSameAsWhole(markdown)
    }

    func testAnHTMLElementOpenAcrossHeadingsIsNotCut() throws {
        let markdown = """
            # Start

            <div align="center">

            # Centred

            text long enough that the cut refused before it leaves room for the next one: a refused
            cut makes the next attempt at least twice as long as the refused section.

            </div>

            # After

            end
            """
        let (blocks, count) = try sectioned(markdown)
        XCTAssertEqual(blocks, parseMarkdown(markdown).blocks)
        XCTAssertEqual(count, 2, "cut only before # After")
    }

    /// Link definitions anywhere (after their use, in a later section, in a quote) resolve in
    /// every section; the first definition of a label wins.
    func testLinkDefinitionsApplyAcrossSections() throws {
        let markdown = """
            # One

            [early] and [later] and [quoted] and [dup] and [Spaced  Label]

            # Two

            [later]: https://example.com/later?a=1&b=<2> "A \\"title\\""

            > [quoted]: /q

            [dup]: /first

            # Three

            [dup]: /second
            [early]: <https://example.com/early (paren)>
            [spaced label]: /spaced 'single'

            [dup] again
            """
        try assertSameAsWhole(markdown, sections: 3)
        let (blocks, _) = try sectioned(markdown)
        guard case .paragraph(let inlines) = blocks[1].kind else { return XCTFail("\(blocks[1])") }
        let links = inlines.compactMap { if case .link(let d, let t, _) = $0 { return d + "|" + t } else { return nil } }
        XCTAssertEqual(links, ["https://example.com/early (paren)|", "https://example.com/later?a=1&b=<2>|A \"title\"", "/q|", "/first|",
                               "/spaced|single"])
    }

    /// Footnotes keep the document's numbers (by first reference) and their definitions come
    /// once, at the end, whichever section refers to them first.
    func testFootnotesAreNumberedAcrossSections() throws {
        let markdown = """
            # One

            First[^b] then[^a].

            # Two

            Again[^a] and new[^c] and none[^none].

            [^a]: Note A
                continued, with [^b] inside.

            # Three

            Last[^b].

            [^b]: Note B

            [^c]: Note C
            [^unused]: never referred to
            """
        try assertSameAsWhole(markdown, sections: 3)
    }

    func testLinesAreTheDocumentsAfterFrontMatterAndInEverySection() throws {
        var lines = ["---", "title: T", "---", ""]
        for k in 1...5 { lines += ["# Part \(k)", "", "text \(k) $x^\(k)$", "", "```", "code", "```", ""] }
        let markdown = lines.joined(separator: "\n")
        let body = FrontMatter.split(markdown).markdown
        let (blocks, count) = try sectioned(body)
        XCTAssertEqual(count, 6, "the front matter's blank lines, then each part")
        XCTAssertEqual(blocks, parseMarkdown(body).blocks)
        XCTAssertEqual(blocks.filter { if case .heading = $0.kind { return true } else { return false } }.map(\.line), [5, 13, 21, 29, 37])
    }

    func testNotTextIsRefusedWithItsOffset() {
        var bytes = Array("# A\n\ntext\n".utf8) + [0xC3, 0x28]
        XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { try SectionedBody($0, base: 3, smartPunctuation: false) }) { error in
            XCTAssertEqual(error as? SectionScanner.Problem, .invalidUTF8(offset: 3 + 10))
        }
        bytes = Array("ab".utf8) + [0] + Array("cd".utf8)
        XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { try SectionedBody($0, smartPunctuation: false) }) { error in
            XCTAssertEqual(error as? SectionScanner.Problem, .nul(offset: 2))
        }
    }

    /// A long file rendered a section at a time gives the PDF it gives read whole, byte for
    /// byte: layout's keeps, footnotes, highlighted code and anchors carried across sections.
    func testASectionedFileRendersTheSamePDFAsWhole() throws {
        try assertSectionedPDFsAreWhole(Fixtures.corpusFiles() + Self.samples(), style: Style())
    }

    /// With a table of contents (every slice held until each heading's page is known), the
    /// footnotes at the end and the compact template's page count in the footer (drawn at the
    /// end once more than 64 pages wait for it), the same.
    func testTableOfContentsNotesAtTheEndAndPageCountsInSections() throws {
        var style = try Templates.style(template: "compact", sets: [])
        style.tableOfContents = true
        style.footnotePlacement = .end
        let files = (Fixtures.corpusFiles() + Self.samples()).filter {
            ["commonmark-spec.md", "art-of-command-line.md", "rich-blocks.md", "features.md"].contains($0.lastPathComponent)
        }
        XCTAssertEqual(files.count, 4)
        try assertSectionedPDFsAreWhole(files, style: style)
    }

    private func assertSectionedPDFsAreWhole(_ files: [URL], style: Style, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-sections-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for url in files {
            let input = folder.appendingPathComponent(url.lastPathComponent)
            try FileManager.default.copyItem(at: url, to: input)
            var options = RenderOptions(style: style)
            options.sourceName = input.path
            options.creationDate = 1_700_000_000
            options.drawsOnItsOwnThread = false
            let whole = try RenderPipeline.render(markdown: InputFile.readMarkdown(at: input.path), options: options)
            let mapped = try XCTUnwrap(MappedInput.open(input.path, threshold: 0))
            let sections = try RenderPipeline.sections(of: mapped, options, minimumSectionSize: 1)
            let parts = try RenderPipeline.render(sections, options: options, destination: .memory, outputName: "")
            XCTAssertEqual(parts.warnings, whole.warnings, url.lastPathComponent, file: file, line: line)
            XCTAssertTrue(parts.pdf == whole.pdf, "\(url.lastPathComponent) in \(sections.body.sections.count) sections: the PDFs differ",
                          file: file, line: line)
        }
    }

    /// A section is given the definitions of the labels it names (folded as cmark folds
    /// them), those its footnotes' text names, and every label with characters beyond ASCII.
    func testASectionIsGivenTheDefinitionsItMayReferTo() {
        var definitions = SectionDefinitions()
        var check = SectionParse.Check()
        check.links = [("Foo  Bar", "[Foo  Bar]: /foo"), ("other", "[other]: /other"), ("x", "[x]: /x"), ("Ärger", "[Ärger]: /a")]
        definitions.add(check)
        definitions.addFootnotes([("[^n]: see [x]", 40), ("[^m]: unused", 41)])
        let prelude = definitions.prelude(for: "A [foo\nbar] link and a note[^N].\n")
        XCTAssertEqual(prelude.text, "[Foo  Bar]: /foo\n\n[x]: /x\n\n[Ärger]: /a\n\n[^n]: see [x]\n\n***\n\n")
        XCTAssertEqual(prelude.lineCount, 10)
        XCTAssertEqual(prelude.footnoteLines.map(\.textLine), [7])
        XCTAssertEqual(prelude.footnoteLines.map(\.documentLine), [40])
        XCTAssertEqual(definitions.prelude(for: "nothing named\n").text, "[Ärger]: /a\n\n")
    }

    /// The autolink extension is left out only for a document it would find nothing in, where
    /// the text is the same without it (it cuts text nodes at each `w` and `:` it looks at).
    func testAutolinksAreLookedForOnlyWhereThereMayBeSome() {
        for text in ["see www.example.com", "go to https://x.org", "mail a@b.c", "WWW.EXAMPLE.COM", "ftp://host"] {
            XCTAssertTrue(mayHoldAutolinks(text.utf8), text)
        }
        for text in ["- item 1: the quick brown fox jumps over the lazy dog", "ww.w and w.w.w", "a:/b c//d"] {
            XCTAssertFalse(mayHoldAutolinks(text.utf8), text)
        }
        let list = (1...50).map { "- item \($0): the quick brown fox *w*ow: **www** `code:w`\n" }.joined()
        func texts(_ autolinks: Bool) -> [String] {
            withCmarkTree(list, smartPunctuation: false, autolinks: autolinks) { root in
                CmarkConverter().blocks(childrenOf: root).map { block -> String in
                    guard case .list(let l) = block.kind else { return "" }
                    return l.items.map { $0.blocks.map { $0.inlineContent.map(\.plainText).joined() }.joined() }.joined(separator: "|")
                }
            } ?? []
        }
        XCTAssertEqual(texts(false), texts(true))
        XCTAssertEqual(parseMarkdown(list).blocks.count, 1)
    }
}
