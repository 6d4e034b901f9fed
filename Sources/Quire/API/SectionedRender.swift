#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuireParse
import QuireHighlight
import QuireLayout
import QuirePDF
import QuireDrawing
import QuireImages

/// A document too long to parse whole, rendered a section at a time (`SectionedBody`): the
/// same PDF as `render(markdown:)` makes of it, in memory that does not grow with its length.
///
/// 1. Front matter: read from the file's first megabyte (`sections(of:)`).
/// 2. Sections: the body cut where cmark confirms a cut changes nothing, the document's
///    definitions gathered on the way.
/// 3. Facts: each section parsed and dropped, for what layout must know before its first
///    block (anchors for links to later headings, footnotes, the main script, CJK forms).
/// 4. Layout: each section parsed again, its code queued for highlighting, laid out, painted
///    and drawn as the whole document's would be; then the footnote definitions, which cmark
///    puts at the end.
/// A body of one section is parsed once and rendered as a whole document.
extension RenderPipeline {
    /// A long Markdown file's front matter read and its body cut into sections.
    package struct SectionedInput {
        package var body: SectionedBody
        package var info: DocumentInfo
        package var frontMatterWarnings: [Warning]
        /// The file, whose bytes are attached when the options ask (`--attach-source`).
        package var file: MappedInput
    }

    /// Reads `input`'s front matter and cuts its body into sections (of `minimumSectionSize`
    /// bytes at least; nil: `SectionedBody`'s choice), checking first that it is text.
    /// - Throws: `QuireError` naming the input when it is not UTF-8 text (its first bad byte).
    package static func sections(of input: MappedInput, _ options: RenderOptions, engine: Engine,
                         minimumSectionSize: Int? = nil) throws(QuireError) -> SectionedInput {
        let front = frontMatter(of: input, options)
        // Pango loads fontconfig's configuration on a thread of its own meanwhile.
        _ = engine.typesetter(language: front.info.lang)
        do {
            let body = try SectionedBody(UnsafeBufferPointer(rebasing: input.bytes[front.offset...]), firstLine: front.firstLine,
                                         base: input.base + front.offset, minimumSize: minimumSectionSize,
                                         smartPunctuation: options.style.smartPunctuation, release: input.release)
            return SectionedInput(body: body, info: front.info, frontMatterWarnings: front.warnings, file: input)
        } catch {
            throw QuireError(file: options.sourceName, message: error.message(in: input.bytes, base: input.base, file: options.sourceName))
        }
    }

    /// Renders a long file's sections into `destination` (see `render(markdown:)`): the plan
    /// of a long file, run.
    /// - Throws: `QuireError` naming the input when its standards cannot be met, the output
    ///   when it could not be written.
    package static func render(_ input: SectionedInput, options: RenderOptions, engine: Engine, destination: PDFDestination,
                       outputName: String) throws(QuireError) -> RenderResult {
        result(of: try Pipeline.run(RenderPlan(content: .sections(input), options: options, destination: destination,
                                               outputName: outputName), engine: engine))
    }

    /// Lays out a long file's sections into `stream`: as a whole document when it is one
    /// section. Its standards are checked on the way (the blocks of every section), and the
    /// file attached when asked.
    /// - Throws: `QuireError` naming the input when its standards cannot be met.
    package static func layOut(_ input: SectionedInput, _ options: RenderOptions, engine: Engine,
                       into stream: PageStream) throws(QuireError) -> Pipeline.Laid {
        ResidentMemory.keepLittleFree()
        var sources = try Pipeline.standards(options, frontMatter: input.info.pdfStandards, name: options.sourceName, stream)
        let links = DocumentLinks(options, cache: engine.links)
        var check = AccessibilityCheck()
        let checking: ([Block]) -> Void = sources.checks ? { check.add($0) } : { _ in }
        var laidOut = input.body.sections.count == 1
            ? layOutWhole(input, options, engine, stream, links: links, check: checking)
            : layOutSections(input, options, engine, stream, links: links, check: checking)
        try engine.checkInterrupted(options.sourceName)
        laidOut.warnings = input.frontMatterWarnings + laidOut.warnings
        sources.attach(Array(input.file.bytes), name: SourceStandards.fileName(of: options.sourceName),
                       modified: DatePolicy(options).creationDate(inputs: []) ?? Int64(time(nil)))
        if sources.checks { laidOut.warnings += sources.add(check, file: options.sourceName) }
        // Layout is done: what it freed goes back before the fonts are subset, which reads
        // megabytes of a CJK collection.
        ResidentMemory.release()
        return laid(laidOut, sources: sources, subject: input.info.subject ?? "", links: links)
    }

    /// Lays out a body of one section, parsed once, as a whole document, checking its blocks.
    private static func layOutWhole(_ input: SectionedInput, _ options: RenderOptions, _ engine: Engine, _ stream: PageStream,
                                    links: DocumentLinks?, check: ([Block]) -> Void) -> LayoutSummary {
        var blocks: [Block] = []
        blocks += input.body.parse { blocks += $0; ResidentMemory.release() }
        let document = Document(blocks: blocks)
        check(document.blocks)
        stream.pdf.setMainScript(ScriptGuess.of(blocks: document.blocks))
        return layOutPages(document, PageLayoutSetup(style: options.style, typesetter: engine.typesetter(language: input.info.lang), graphviz: engine.graphviz,
                                                     fallbackTitle: DocumentInfo.fileTitle(options.sourceName), info: input.info,
                                                     resources: options.imageResources(engine.images),
                                                     highlights: CodeHighlights(document, theme: options.style.codeTheme,
                                                                                highlighter: engine.highlighting),
                                                     links: links?.resolver, deferral: stream.deferral), emit: stream.draw)
    }

    /// Lays out a body of many sections: each parsed once for the document's facts (and
    /// `check`ed), then again to be laid out, painted and drawn; the footnote definitions last.
    private static func layOutSections(_ input: SectionedInput, _ options: RenderOptions, _ engine: Engine, _ stream: PageStream,
                                       links: DocumentLinks?, check: ([Block]) -> Void) -> LayoutSummary {
        let body = input.body
        let theme = options.style.codeTheme
        var facts = DocumentFacts()
        var tally = ScriptGuess.Tally()
        var resources = options.imageResources(engine.images)
        resources.follow(frontMatter: input.info.fetchImages)  // at most public
        let notes = body.parse { blocks in
            facts.add(blocks)
            tally.add(blocks: blocks)
            resources.fetchTogether(blocks)
            check(blocks)
            ResidentMemory.release()
        }
        facts.add(notes)
        facts.finish()
        tally.add(blocks: notes)
        resources.fetchTogether(notes)
        check(notes)
        stream.pdf.setMainScript(tally.guess)
        ResidentMemory.release()
        let highlighter = engine.highlighting
        let setup = PageLayoutSetup(style: options.style, typesetter: engine.typesetter(language: input.info.lang), graphviz: engine.graphviz,
                                    fallbackTitle: DocumentInfo.fileTitle(options.sourceName), info: input.info,
                                    resources: resources, highlights: CodeHighlights.none, links: links?.resolver,
                                    deferral: stream.deferral)
        return layOutPages(facts, setup, blocks: { session, context, add in
            var keeps = BlockKeeps()
            let notes = body.parse { blocks in
                session.highlights = CodeHighlights(Document(blocks: blocks), theme: theme, highlighter: highlighter)
                session.layoutBlocks(blocks, context, keeps: &keeps, add: add)
                ResidentMemory.release()
            }
            session.highlights = CodeHighlights(Document(blocks: notes), theme: theme, highlighter: highlighter)
            session.layoutBlocks(notes, context, keeps: &keeps, add: add)
        }, emit: stream.draw)
    }

    /// The front matter of `input`, read from its first megabyte (cut after its last line
    /// there): the document's info (with `--title`), its warnings, where the body starts and
    /// the document's line of the body's first line.
    private static func frontMatter(of input: MappedInput, _ options: RenderOptions)
        -> (info: DocumentInfo, warnings: [Warning], offset: Int, firstLine: Int) {
        var head = input.bytes.prefix(1 << 20)
        if head.count < input.bytes.count, let lastLine = head.lastIndex(of: 0x0A) { head = head[...lastLine] }
        var info = DocumentInfo(), warnings: [Warning] = [], offset = 0, firstLine = 1
        if head.starts(with: Array("---".utf8)), let text = String(validating: head, as: UTF8.self) {
            let split = FrontMatter.split(text)
            (info, warnings) = (split.info, split.warnings)
            if split.markdown != text, let start = FrontMatter.bodyStart(text) { (offset, firstLine) = (start.offset, start.lines + 1) }
        }
        if let title = options.title { info.title = .plain(title) }
        return (info, warnings, offset, firstLine)
    }
}
