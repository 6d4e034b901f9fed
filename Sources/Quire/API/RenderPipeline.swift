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

/// How one document becomes a PDF, stage by stage: the orchestration every entry point uses.
///
/// 1. Front matter: split off (`FrontMatter.split`), its warnings reported first.
/// 2. Parse: here, while Pango loads fontconfig's configuration on a thread of its own.
///    Code blocks with a language are queued to the highlight thread at once (`CodeHighlights`).
/// 3. Layout: page by page (`layOutPages`), on this thread.
/// 4. Paint: each page turned into values here, as soon as it is final (`paintPage`).
/// 5. Draw: on the drawing thread, while layout goes on (`ThreadedPDF`).
/// 6. Finish: outline and metadata, and the file's bytes back.
package enum RenderPipeline {
    /// Renders Markdown text to PDF bytes (see `Quire.render(markdown:options:)`) with `engine`,
    /// or into the open file `destination` names as the pages come (the result's `pdf` is
    /// empty then), `outputName` naming it in errors.
    /// - Throws: `QuireError` if the PDF cannot be finished or written, or the engine was
    ///   interrupted (its pages are no longer drawn from then on).
    package static func render(markdown: String, options: RenderOptions, engine: Engine, destination: PDFDestination = .memory,
                       outputName: String = "") throws(QuireError) -> RenderResult {
        // Each page is painted as soon as it is laid out and drawn on the drawing thread while
        // layout goes on, then dropped: memory stays a few pages whatever the document's length
        // (pages waiting for a page count or a running title go on without it after a while:
        // `FurnitureDeferral`), and drawing's time hides behind layout's.
        let pdf = ThreadedPDF(on: engine.drawing, overlapsLayout: options.drawsOnItsOwnThread, destination: destination)
        let painter = LinePainter()
        let links = DocumentLinks(options, cache: engine.links)
        var standards: Result<SourceStandards, PDFStandardsError>?
        var sourceWarnings: [Warning] = []
        var subject = ""
        var laidOut = withFrontMatter(markdown, options, engine) { document, highlights, typesetter, info, fallbackTitle in
            pdf.setMainScript(ScriptGuess.of(blocks: document.blocks))
            subject = info.subject ?? ""
            standards = Result { () throws(PDFStandardsError) in try SourceStandards(options, frontMatter: info.pdfStandards) }
            if case .success(var sources) = standards {
                sourceWarnings = sources.add(document, text: markdown, file: options.sourceName,
                                             name: SourceStandards.fileName(of: options.sourceName),
                                             modified: DatePolicy(options).creationDate(inputs: []) ?? Int64(time(nil)))
                standards = .success(sources)
                pdf.setStandards(sources.requested)
            }
            return layOutPages(document, style: options.style, typesetter: typesetter, fallbackTitle: fallbackTitle, info: info,
                               resources: options.imageResources(engine.images), highlights: highlights, links: links?.resolver,
                               deferral: deferral(pdf, painter)) { page in
                if !engine.isInterrupted { pdf.draw(paintPage(page, with: painter)) }
            }
        }
        try engine.checkInterrupted(options.sourceName)
        let sources: SourceStandards
        switch standards {
        case .success(let made)?: sources = made
        case .failure(let error)?: throw QuireError(file: options.sourceName, message: error.description)
        case nil: throw QuireError(file: options.sourceName, message: "no document")
        }
        laidOut.warnings += sourceWarnings
        return try finish(pdf, laidOut, Finishing(sources: sources, subject: subject, links: links),
                          options: options, outputName: outputName)
    }

    /// Pages that wait long for their furniture go on without it, the rest drawn in `pdf` at
    /// the end (`FurnitureDeferral`).
    package static func deferral(_ pdf: ThreadedPDF, _ painter: LinePainter) -> FurnitureDeferral {
        FurnitureDeferral { number, furniture in pdf.drawFurniture(number, paintPage(furniture, with: painter)) }
    }

    /// What finishing a document's PDF needs besides its pages: its sources' standards (the
    /// verdict so far) and attachments, its subject and what its links to other documents
    /// depended on.
    package struct Finishing {
        package var sources: SourceStandards
        package var subject: String
        package var links: DocumentLinks?
    }

    /// Finishes `pdf`, whose pages `laidOut` reports, with its metadata, claims and attachments.
    /// - Throws: `QuireError` naming the input, or the output when it could not be written.
    package static func finish(_ pdf: ThreadedPDF, _ laidOut: LayoutSummary, _ parts: Finishing, options: RenderOptions,
                       outputName: String) throws(QuireError) -> RenderResult {
        var laidOut = laidOut
        let links = parts.links
        var metadata = metadata(title: laidOut.title, author: laidOut.author, options)
        metadata.keywords = laidOut.keywords
        metadata.subject = parts.subject
        let standards = resolve(parts.sources.verdict, layout: pdf)
        metadata.standards = standards.claims
        laidOut.warnings += standards.warnings
        metadata.attachments = parts.sources.attachments
        metadata.language = documentLanguage(frontMatter: laidOut.language, options.style)
        if let record = links?.record, !record.isEmpty {
            metadata.settings = record.settings(base: options.settingsDigest)
            metadata.links = record.text
        }
        do throws(DrawingError) {
            let (bytes, size) = try pdf.finishWithSize(outline: laidOut.outline, metadata: metadata)
            return RenderResult(pdf: bytes, size: size, warnings: laidOut.warnings, pageCount: laidOut.pageCount, settings: metadata.settings ?? "",
                                dependencies: laidOut.imageFiles.union(links?.files ?? []), remoteImages: laidOut.remoteImages)
        } catch {
            throw QuireError(file: error.isWriteFailure ? outputName : options.sourceName, message: error.description)
        }
    }

    /// A document laid out whole (a book, a digest), its pages painted here and drawn on the
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
            layOutPages(document, style: options.style, typesetter: typesetter, fallbackTitle: fallbackTitle, info: info,
                        includeFullText: includeFullText, resources: options.imageResources(engine.images),
                        highlights: highlights) { pages.append($0) }
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

    /// The PDF's title, author and date: the options', else the document's.
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
