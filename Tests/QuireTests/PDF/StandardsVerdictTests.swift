import XCTest
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

/// Issue 45: which standards a PDF claims is one verdict (`StandardsVerdict`), carried with
/// the plan: the source check and layout add findings to it, it is resolved once, and the
/// writer writes the claims it is handed. One test per source of findings, one for the
/// writer. The sources' tests are structural (they name the verdict, which did not exist:
/// the claims were a `PDFStandards` each stage lowered in place); the writer's failed on
/// the old code, whose writer withdrew PDF/UA-1 by itself.
final class StandardsVerdictTests: XCTestCase {
    /// The source check: an image without alt text is a finding naming the rule, the reason
    /// and file:line; resolving takes PDF/UA-1 away and keeps PDF/A; the warnings are the
    /// check's, as before.
    func testSourceCheckFindingsReachTheVerdict() throws {
        var options = RenderOptions()
        options.pdfStandards = try PDFStandards.parse("ua-1,a-3b")
        var sources = try SourceStandards(options, frontMatter: nil)
        let warnings = sources.add(parseMarkdown("# A\n\nText\n![](x.png)\n"), text: "", file: "in/doc.md", name: "doc.md", modified: 0)
        XCTAssertEqual(sources.verdict.findings, [StandardsFinding(.alternateDescription, reason: "image without alt text (x.png)",
                                                                   file: "in/doc.md", line: 4)])
        XCTAssertEqual(sources.verdict.findings.first?.description, "in/doc.md:4: image without alt text (x.png) (PDF/UA-1 7.3)")
        XCTAssertEqual(sources.verdict.resolved(), StandardsVerdict.Resolution(claims: try .parse("a-3b"), warnings: []))
        XCTAssertEqual(warnings.last?.message, "PDF/UA-1 not claimed: the image at line 4 has no alt text")
    }

    /// The front matter is weighed with the options and the style in one place: the options
    /// over the front matter over the style, as the verdict's request.
    func testFrontMatterIsWeighedOnceIntoTheRequest() throws {
        var options = RenderOptions()
        options.style.pdfStandards = try .parse("a-2u")
        XCTAssertEqual(try options.standardsVerdict(frontMatter: nil).requested, try .parse("a-2u"))
        XCTAssertEqual(try options.standardsVerdict(frontMatter: PDFStandards.none).requested, PDFStandards.none)
        options.pdfStandards = .default
        XCTAssertEqual(try options.standardsVerdict(frontMatter: PDFStandards.none).requested, .default)
    }

    /// The attach-source rule is said once: the command line's check and the library's (for
    /// standards from front matter or a template) are the same words (they were two texts).
    func testAttachSourceRuleIsOne() throws {
        var options = RenderOptions()
        options.style.pdfStandards = try .parse("ua-1,a-2b")
        options.attachSource = true
        var library = ""
        do { _ = try options.standardsVerdict(frontMatter: nil) } catch { library = error.description }
        var rule = ""
        do { try PDFStandards.parse("a-2b").checkAttachedSources() } catch { rule = error.description }
        XCTAssertEqual(library, "--attach-source needs PDF/A-3, which allows attached files; a-2b (PDF/A-2) allows only PDF/A files: ask for a-3b")
        XCTAssertEqual(rule, library)
        XCTAssertNoThrow(try PDFStandards.parse("ua-1,a-3b").checkAttachedSources())
    }

    /// Layout: a character no installed font has comes back with its painted page as a
    /// finding (no painter gathers it on the side); resolving withdraws every claim with the
    /// one warning that names it.
    func testMissingGlyphComesBackWithThePage() throws {
        let page = try XCTUnwrap(layout("# Doc\n\nA private \u{E000} here.\n").pages.first)
        let painted = paintPage(page, with: LinePainter())
        XCTAssertEqual(painted.findings.map(\.rule), [.notdefGlyph(character: 0xE000)])
        var verdict = StandardsVerdict(requested: try .parse("ua-1,a-2b"))
        verdict.add(painted.findings)
        verdict.add(painted.findings)
        XCTAssertEqual(verdict.findings.count, 1, "a finding is kept once")
        let resolution = verdict.resolved()
        XCTAssertEqual(resolution.claims, .none)
        XCTAssertEqual(resolution.warnings.map(\.message),
                       ["no installed font has U+E000, shown as boxes (.notdef): ua-1,a-2b not claimed, as PDF/UA-1 and PDF/A forbid them"])
        XCTAssertEqual(paintPage(try XCTUnwrap(layout("# Doc\n\nAll here.\n").pages.first), with: LinePainter()).findings, [])
    }

    /// Layout: a figure of the page's content without an alternate description (once,
    /// however many of its items a page holds) is a finding that takes PDF/UA-1 away; one
    /// described, or in the furniture, is none.
    func testUndescribedFigureComesBackWithThePage() throws {
        let bare = StructureElement(.figure, parent: nil)
        let described = StructureElement(.figure, parent: nil, alt: "A square")
        let square = PathPaint(segments: [.move(Point(x: 10, y: 10)), .line(Point(x: 20, y: 10)), .close], fill: Color(0, 0, 0), stroke: nil)
        var page = Page(size: .a4, items: [.path(square, tag: .element(bare)), .path(square, tag: .element(bare)),
                                           .path(square, tag: .element(described))],
                        links: [], destinations: [])
        page.furniture = [.path(square, tag: .element(StructureElement(.figure, parent: nil)))]
        let findings = paintPage(page, with: LinePainter()).findings
        XCTAssertEqual(findings.map(\.rule), [.alternateDescription])
        var verdict = StandardsVerdict(requested: try .parse("ua-1,a-2a"))
        verdict.add(findings)
        XCTAssertEqual(verdict.resolved().claims, try .parse("a-2a"))
    }

    /// The writer writes the claims it is handed, whatever it was told to meet and whatever
    /// its pages hold: a figure without a description no longer takes PDF/UA-1 away inside
    /// it (the verdict decides), and meeting PDF/UA-1 does not claim it.
    func testRegressionWriterWithdrewAClaimByItself() throws {
        for claims in [PDFStandards.default, .none] {
            let writer = PDFDocumentWriter()
            writer.setStandards(.default)
            let figure = PathPaint(segments: [.move(Point(x: 10, y: 10)), .line(Point(x: 20, y: 10)), .close], fill: Color(0, 0, 0), stroke: nil)
            var page = PaintedPage(size: .a4, items: [.path(figure)], links: [], destinations: [])
            page.tags = [.element(StructureElement(.figure, parent: nil))]
            writer.add(page)
            var metadata = PDFMetadata(title: "Figures")
            metadata.standards = claims
            let text = String(decoding: writer.finish(outline: [], metadata: metadata), as: UTF8.self)
            XCTAssertEqual(text.contains("<pdfuaid:part>1</pdfuaid:part>"), claims.accessible, "\(claims)")
        }
    }
}
