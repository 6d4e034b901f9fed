import Foundation
import QuireModel
import QuireParse
import QuireStyle
import QuireDiagrams

/// What laying out a book takes besides its documents (`layoutBook`): the style, the front
/// matter that speaks for it (the first document's, or `--title`), its running title, the
/// fonts and Graphviz (an engine's), whether pages may go on before their furniture is known,
/// and what to do after each chapter. One value, as `PageLayoutSetup` is a single document's.
package struct BookLayoutSetup {
    package var style: Style
    /// The title block, language and `toc` of the whole book.
    package var info: DocumentInfo
    /// The running title on every page.
    package var title: TextValue
    /// The fonts it is set with (an engine's), set to `info.lang` when layout starts.
    package var typesetter: Typesetter
    /// What its diagrams are laid out with (an engine's).
    package var graphviz: Graphviz
    /// Lets pages that would wait long for their furniture go on without it
    /// (`FurnitureDeferral`); nil: they wait.
    package var deferral: FurnitureDeferral?
    /// Called with each chapter's index once it is laid out (the pipeline hands memory back
    /// to the system there).
    package var between: (Int) -> Void

    package init(style: Style, info: DocumentInfo, title: TextValue, typesetter: Typesetter, graphviz: Graphviz,
                 deferral: FurnitureDeferral? = nil, between: @escaping (Int) -> Void = { _ in }) {
        self.style = style
        self.info = info
        self.title = title
        self.typesetter = typesetter
        self.graphviz = graphviz
        self.deferral = deferral
        self.between = between
    }
}

/// Lays out several documents as one (`quire render a.md b.md -o book.pdf`), in order, each
/// starting a chapter on a new page: the title block of `setup.info` (the first document's
/// front matter, or `--title`), a table of contents of every chapter's headings when asked
/// (`toc`: after the title, as a single document's), then each document as `render` sets it
/// (cut to excerpts when the style asks, its full texts after its chapter), its footnotes at
/// its own pages' feet. Links between the documents lead inside the PDF (`DocumentSet`), and
/// each chapter's first page holds its destination "dK". The running title is `setup.title`
/// on every page. Set with `setup.typesetter` (an engine's), in the book's language, its
/// diagrams laid out with `setup.graphviz` (the engine's), by the
/// one layout driver (`DocumentDriver`): each page goes to `emit` as soon as it is final
/// (with contents, once every chapter is laid out).
/// - Complexity: O(total text), paginated once (twice with a table of contents).
package func layoutBook(_ documents: [DigestDocument], _ setup: BookLayoutSetup, emit: (Page) -> Void) -> LaidOutSet {
    let (style, info, title, typesetter, graphviz) = (setup.style, setup.info, setup.title, setup.typesetter, setup.graphviz)
    typesetter.setLanguage(info.lang)
    let set = DocumentSet(documents, style: style, typesetter: typesetter, graphviz: graphviz)
    let context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
    let first = set.sessions[0]
    first.warnAboutMissingFonts()
    var driver = DocumentDriver(session: first, style: style, info: info, fallbackTitle: DocumentInfo.fileTitle(documents[0].path))
    driver.runningTitle = title
    if case .heading(1, _)? = documents[0].document.blocks.first?.kind { driver.opensWithTitle = true }
    driver.attachesNotes = false
    driver.endsWithUnplacedNotes = false
    driver.deferral = setup.deferral
    if info.toc ?? style.tableOfContents {
        driver.contents = {
            let headings = set.sessions.flatMap(\.sink.documentOutline)
            return { session, pages in session.documentContents(headings, pages: pages, context) }
        }
    }
    let outcome = driver.run(front: first.titleBlock(info), body: { add, _ in
        for (k, document) in documents.enumerated() {
            var opening = true
            layOutChapter(document, in: set.sessions[k], style: style, context) { slices in
                var slices = slices
                if opening, !slices.isEmpty {
                    opening = false
                    if k > 0 { slices[0].pageBreakBefore = true }
                    slices[0].destinations.insert(Destination(name: set.entryNames[k], y: 0), at: 0)
                }
                add(slices)
            }
            setup.between(k)
        }
    }, emit: emit)
    return LaidOutSet(outline: set.sessions.flatMap(\.sink.sortedOutline), title: title.widest, author: info.author?.widest ?? "",
                      language: info.lang, pageCount: outcome.pageCount,
                      warnings: zip(documents, set.sessions).map { ($0.path, $1.sink.reportedWarnings) },
                      imageFiles: set.sessions.reduce(into: []) { $0.formUnion($1.images.files) })
}

/// One document's slices, each block's handed to `add` with its footnotes attached, as
/// `layOutPages` sets a document's blocks; then the notes no page showed.
private func layOutChapter(_ document: DigestDocument, in session: LayoutSession, style: Style,
                           _ context: BlockContext, add: ([Slice]) -> Void) {
    func attached(_ more: [Slice]) {
        var more = more
        session.attachNotes(&more, context)
        add(more)
    }
    if let lines = style.excerptCut {
        let title = SectionedDocument.preambleTitle(document.document.blocks, frontMatter: document.info.title?.widest,
                                                    fallback: DocumentInfo.fileTitle(document.path))
        session.excerpts.layoutWithExcerpts(document.document, lines: max(1, lines), includeFullText: true, title: title, context, add: attached)
    } else {
        session.layoutBlocks(document.document.blocks, context, add: attached)
    }
    attached(session.unplacedNotes(context))
}
