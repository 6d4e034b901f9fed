#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuireParse
import QuireLayout
import QuirePDF
import QuireDrawing
import QuireImages

/// The pipeline's layout stage for documents set together: a book and a digest, each laid out
/// by the one driver and streamed to the writer as a single document is.
extension Pipeline {
    /// Lays out a book: the first input's front matter gives the title block, metadata,
    /// language and standards (`--title` over its title); the title is else its title
    /// heading, else its file name. Each source is checked and attached as the standards ask.
    /// - Throws: `QuireError` naming the first input when its standards cannot be met.
    package static func layOutBook(_ planned: [PlannedDocument], _ options: RenderOptions, engine: Engine,
                           into stream: PageStream) throws(QuireError) -> Laid {
        let documents = planned.map(\.document)
        let first = documents[0]
        var info = first.info
        if let title = options.title { info.title = .plain(title) }
        let title = info.title ?? .plain(first.document.blocks.titleHeading?.text ?? DocumentInfo.fileTitle(first.path))
        // The first input's front matter speaks for the book, as it gives its title.
        var sources = try standards(options, frontMatter: info.pdfStandards, name: first.path, stream)
        let folder = MarkdownFiles.commonFolder(of: documents.map(\.path))
        let policy = DatePolicy(options)
        var frontMatterWarnings = planned.map(\.frontMatterWarnings)
        for (k, document) in planned.enumerated() {
            frontMatterWarnings[k] += sources.add(document.document.document, text: document.text, file: document.document.path,
                                                  name: SourceStandards.name(of: document.document.path, from: folder),
                                                  modified: policy.attachmentDate(of: document.document.path))
        }
        stream.pdf.setMainScript(ScriptGuess.of(blocks: documents.flatMap(\.document.blocks)))
        var memory = SetMemory()
        let setup = BookLayoutSetup(style: options.style, info: info, title: title, typesetter: engine.typesetter(language: info.lang),
                                    graphviz: engine.graphviz, deferral: stream.deferral,
                                    between: { memory.laidOut(bytes: planned[$0].text.utf8.count) })
        let book = layoutBook(documents, setup, emit: stream.draw)
        ResidentMemory.release()
        let links = planned.compactMap(\.links)
        return Laid(outline: book.outline, title: book.title, author: book.author, keywords: info.keywords, subject: info.subject ?? "",
                    language: info.lang, sources: sources, pageCount: book.pageCount,
                    warnings: zip(book.warnings, frontMatterWarnings).map { ($0.path, $1 + $0.warnings) },
                    dependencies: links.reduce(into: book.imageFiles) { $0.formUnion($1.files) })
    }

    /// Lays out a digest dated `date` (its cover shows the day): its standards are the
    /// options' and the style's (no one document's speaks for it), each source checked and
    /// attached as they ask. Its metadata follows a single document's rule: its title, the
    /// options' author (else the one every document names), the template's language (else
    /// the script's), the settings digest.
    /// - Throws: `QuireError` ("digest") when the standards cannot be met.
    package static func layOutDigest(_ plan: DigestPlan, date: Int64, _ options: RenderOptions, engine: Engine,
                             into stream: PageStream) throws(QuireError) -> Laid {
        var sources = try standards(options, frontMatter: nil, name: "digest", stream)
        let policy = DatePolicy(options)
        var frontMatterWarnings: [[Warning]] = []
        for planned in plan.documents {
            let path = planned.document.path
            frontMatterWarnings.append(planned.frontMatterWarnings
                + sources.add(planned.document.document, text: planned.text, file: path, name: SourceStandards.name(of: path, from: plan.shownFrom),
                              modified: policy.attachmentDate(of: path)))
        }
        let documents = plan.documents.map(\.document)
        stream.pdf.setMainScript(ScriptGuess.of(blocks: documents.flatMap(\.document.blocks)))
        var memory = SetMemory()
        let setup = DigestLayoutSetup(failures: plan.failures, title: plan.title, date: String(iso8601(date).prefix(10)),
                                      style: options.style, excerptLines: plan.excerptLines, shownFrom: plan.shownFrom,
                                      typesetter: engine.typesetter(language: nil), graphviz: engine.graphviz, deferral: stream.deferral,
                                      between: { memory.laidOut(bytes: plan.documents[$0].text.utf8.count) })
        let digest = layoutDigest(documents, setup, emit: stream.draw)
        ResidentMemory.release()
        // The author when every document names the same one (the options' goes over it): a
        // digest of several hands is no one author's.
        let authors = Set(documents.map { $0.info.author?.widest ?? "" })
        return Laid(outline: digest.outline, title: plan.title, author: authors.count == 1 ? authors.first! : "", language: nil,
                    date: date, sources: sources,
                    pageCount: digest.pageCount, warnings: zip(digest.warnings, frontMatterWarnings).map { ($0.path, $1 + $0.warnings) },
                    claimsWarningsTo: "digest")
    }
}
