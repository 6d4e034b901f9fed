#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuireParse
import QuireStyle
import QuireHighlight
import QuireLayout
import QuirePDF
import QuireDrawing
import QuireImages

/// One document's part of the pipeline (`Pipeline`): its front matter split off, its body
/// parsed while Pango loads fontconfig's configuration on a thread of its own, its code
/// queued to the highlight thread at once (`CodeHighlights`), then laid out page by page by
/// the one driver, each page painted and drawn on the drawing thread while layout goes on.
package enum RenderPipeline {
    /// Renders Markdown text to PDF bytes (see `Quire.render(markdown:options:)`) with `engine`,
    /// or into the open file `destination` names as the pages come (the result's `pdf` is
    /// empty then), `outputName` naming it in errors: the plan of one document, run.
    /// - Throws: `QuireError` if the PDF cannot be finished or written, or the engine was
    ///   interrupted (its pages are no longer drawn from then on).
    package static func render(markdown: String, options: RenderOptions, engine: Engine, destination: PDFDestination = .memory,
                       outputName: String = "") throws(QuireError) -> RenderResult {
        result(of: try Pipeline.run(RenderPlan(content: .text(markdown), options: options, destination: destination,
                                               outputName: outputName), engine: engine))
    }

    /// A single document's result of the pipeline.
    package static func result(of rendered: Pipeline.Rendered) -> RenderResult {
        RenderResult(pdf: rendered.pdf, size: rendered.size, warnings: rendered.warnings.flatMap(\.warnings), pageCount: rendered.pageCount,
                     settings: rendered.settings, dependencies: rendered.dependencies, remoteImages: rendered.remoteImages)
    }

    /// Lays out Markdown text into `stream` (its front matter's warnings first), checking it
    /// for the standards, which it reports.
    /// - Throws: `QuireError` naming the input when its standards cannot be met.
    package static func layOut(markdown: String, _ options: RenderOptions, engine: Engine,
                       into stream: PageStream) throws(QuireError) -> Pipeline.Laid {
        let links = DocumentLinks(options, cache: engine.links)
        var sources: SourceStandards?
        var failure: QuireError?
        var subject = ""
        var sourceWarnings: [Warning] = []
        var laidOut = withFrontMatter(markdown, options, engine) { document, highlights, typesetter, info, fallbackTitle in
            stream.pdf.setMainScript(ScriptGuess.of(blocks: document.blocks))
            subject = info.subject ?? ""
            do throws(QuireError) {
                var made = try Pipeline.standards(options, frontMatter: info.pdfStandards, name: options.sourceName, stream)
                sourceWarnings = made.add(document, text: markdown, file: options.sourceName, name: SourceStandards.fileName(of: options.sourceName),
                                          modified: DatePolicy(options).creationDate(inputs: []) ?? Int64(time(nil)))
                sources = made
            } catch {
                failure = error
                return LayoutSummary(outline: [], title: "", author: "", warnings: [], excerpts: [], pageCount: 0)
            }
            return layOutPages(document, PageLayoutSetup(style: options.style, typesetter: typesetter, graphviz: engine.graphviz, fallbackTitle: fallbackTitle, info: info,
                                                         resources: options.imageResources(engine.images), highlights: highlights,
                                                         links: links?.resolver, deferral: stream.deferral), emit: stream.draw)
        }
        if let failure { throw failure }
        laidOut.warnings += sourceWarnings
        return laid(laidOut, sources: sources!, subject: subject, links: links)
    }

    /// What the pipeline finishes a single document with.
    package static func laid(_ summary: LayoutSummary, sources: SourceStandards, subject: String, links: DocumentLinks?) -> Pipeline.Laid {
        Pipeline.Laid(outline: summary.outline, title: summary.title, author: summary.author, keywords: summary.keywords,
                      subject: subject, language: summary.language, sources: sources, pageCount: summary.pageCount,
                      warnings: [("", summary.warnings)], links: links, dependencies: summary.imageFiles,
                      remoteImages: summary.remoteImages)
    }

    /// A document laid out whole and kept (a test's), its pages painted here and drawn on the
    /// drawing thread; `mainScript`, the script most of its text is in; its claims the
    /// sources' `verdict` with layout's findings, resolved once (`resolve`), and the warning
    /// resolving gave (a character no installed font has). O(items on all pages).
    /// - Throws: `DrawingError` only if the PDF cannot be finished (not expected).
    package static func pdf(of document: LaidOutDocument, metadata: PDFMetadata, verdict: StandardsVerdict,
                    mainScript: ScriptGuess?, on drawing: DrawingThread) throws(DrawingError) -> (pdf: [UInt8], warning: Warning?) {
        let pdf = ThreadedPDF(on: drawing)
        pdf.setMainScript(mainScript)
        pdf.setStandards(verdict.requested)
        let painter = LinePainter()
        for page in document.pages { pdf.draw(paintPage(page, with: painter)) }
        var metadata = metadata
        let standards = resolve(verdict, layout: pdf)
        metadata.standards = standards.claims
        return (try pdf.finish(outline: document.outline, metadata: metadata), standards.warnings.first)
    }

    /// The one resolution of a PDF's standards, once every page is handed to `layout` (whose
    /// pages brought layout's findings: `ThreadedPDF.findings`) and before the metadata is
    /// written: the claims, and the warning of the characters no installed font has.
    package static func resolve(_ verdict: StandardsVerdict, layout pdf: ThreadedPDF) -> StandardsVerdict.Resolution {
        var verdict = verdict
        verdict.add(pdf.findings)
        return verdict.resolved()
    }

    /// The whole document laid out with `engine` and kept (PNG previews, excerpt previews, tests).
    package static func layout(_ markdown: String, _ options: RenderOptions, engine: Engine, includeFullText: Bool = true) -> LaidOutDocument {
        var pages: [Page] = []
        let summary = withFrontMatter(markdown, options, engine) { document, highlights, typesetter, info, fallbackTitle in
            layOutPages(document, PageLayoutSetup(style: options.style, typesetter: typesetter, graphviz: engine.graphviz, fallbackTitle: fallbackTitle, info: info,
                                                  includeFullText: includeFullText, resources: options.imageResources(engine.images),
                                                  highlights: highlights)) { pages.append($0) }
        }
        return LaidOutDocument(pages: pages, outline: summary.outline, title: summary.title, author: summary.author,
                               warnings: summary.warnings, excerpts: summary.excerpts, language: summary.language,
                               pageFills: summary.pageFills)
    }

    /// Splits off the front matter, parses the rest, queues its code blocks for highlighting
    /// on `engine`'s thread and lays it out with `layOut` (given the document, its queued code,
    /// the engine's typesetter, its info and the title to fall back on); the front matter's
    /// warnings come first.
    private static func withFrontMatter(_ markdown: String, _ options: RenderOptions, _ engine: Engine,
                                        layOut: (Document, CodeHighlights, Typesetter, DocumentInfo, String) -> LayoutSummary) -> LayoutSummary {
        var (info, body, frontMatterWarnings) = FrontMatter.split(markdown)
        // --title names the document everywhere: metadata, running header, title block.
        if let title = options.title { info.title = .plain(title) }
        let parsed = parseSettingUpTypesetter(body, style: options.style, language: info.lang, engine: engine)
        let highlights = CodeHighlights(parsed, theme: options.style.codeTheme, highlighter: engine.highlighting)
        var summary = layOut(parsed, highlights, engine.typesetter(language: info.lang), info, DocumentInfo.fileTitle(options.sourceName))
        summary.warnings = frontMatterWarnings + summary.warnings
        return summary
    }

    /// Parses `body` while fontconfig loads its configuration for `engine`'s typesetter, which
    /// layout needs next: making the typesetter (its Pango font map) starts that loading
    /// on a thread of Pango's own (about 30 M instructions, some 5 ms), and the parse runs here
    /// meanwhile (about 5 ms for 200 KB). Parsing on a thread of Quire's own cost more than it
    /// saved: the thread, and a fresh malloc arena that glibc grows a page at a time (nearly a
    /// thousand `mprotect` calls for a 200 KB document). O(n) in the body's length.
    package static func parseSettingUpTypesetter(_ body: String, style: Style, language: String?, engine: Engine) -> Document {
        _ = engine.typesetter(language: language)
        return parseMarkdown(body, smartPunctuation: style.smartPunctuation)
    }

    /// The PDF's title, author and date: the options', else the document's (a test's; the
    /// pipeline's rule is `Pipeline.metadata`).
    package static func metadata(title: String, author: String, _ options: RenderOptions) -> PDFMetadata {
        var metadata = PDFMetadata(title: options.title ?? title)
        metadata.creationDate = DatePolicy(options).creationDate(inputs: [])
        metadata.author = options.author.isEmpty ? author : options.author
        metadata.settings = options.settingsDigest
        return metadata
    }

    /// The language the PDF declares: the front matter's, else the template's `text.lang` when
    /// it is not the default (which every document has); nil lets the writer guess it from the
    /// script most of the text is in.
    package static func documentLanguage(frontMatter: String?, _ style: Style) -> String? {
        frontMatter ?? (style.language == Style().language ? nil : style.language)
    }
}
