import Foundation
import QuireModel
import QuireParse
import QuireStyle

/// Lays out several documents as one (`quire render a.md b.md -o book.pdf`), in order, each
/// starting a chapter on a new page: the title block of `info` (the first document's front
/// matter, or `--title`), a table of contents of every chapter's headings when asked
/// (`toc`), then each document as `render` sets it (cut to excerpts when the style asks, its
/// full texts after its chapter), its footnotes at its own pages' feet. Links between the
/// documents lead inside the PDF (`DocumentSet`), and each chapter's first page holds its
/// destination "dK". The running title is `title` on every page. Set with `typesetter` (an
/// engine's), in the first document's language.
/// - Complexity: O(total text), paginated once (twice with a table of contents).
package func layoutBook(_ documents: [DigestDocument], style: Style, info: DocumentInfo, title: TextValue,
                typesetter: Typesetter) -> LaidOutDigest {
    typesetter.setLanguage(info.lang)
    let set = DocumentSet(documents, style: style, typesetter: typesetter)
    let context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
    let first = set.sessions[0]
    first.warnAboutMissingFonts()
    var slices = first.titleBlock(info)
    let contentsAt = slices.count
    for (k, document) in documents.enumerated() {
        var chapter = layOutChapter(document, in: set.sessions[k], style: style, context)
        guard !chapter.isEmpty else { continue }
        if k > 0 { chapter[0].pageBreakBefore = true }
        chapter[0].destinations.insert(Destination(name: set.entryNames[k], y: 0), at: 0)
        slices += chapter
    }
    if info.toc ?? style.tableOfContents {
        let headings = set.sessions.flatMap(\.sink.documentOutline)
        slices.insert(contentsOf: first.contentsWithPages(around: slices, at: contentsAt, entries: headings, context), at: contentsAt)
    }
    var pages = Paginator(style: style).paginate(slices)
    for i in pages.indices {
        pages[i].furniture = first.furniture(page: i + 1, of: pages.count, size: pages[i].size, info: info, title: title)
    }
    let laidOut = LaidOutDocument(pages: pages, outline: set.sessions.flatMap(\.sink.sortedOutline), title: title.widest,
                                  author: info.author?.widest ?? "", warnings: [], language: info.lang)
    return LaidOutDigest(laidOut: laidOut, warnings: zip(documents, set.sessions).map { ($0.path, $1.sink.reportedWarnings) },
                         imageFiles: set.sessions.reduce(into: []) { $0.formUnion($1.images.files) })
}

/// One document's slices, footnotes attached, as `layOutPages` sets a document's blocks.
private func layOutChapter(_ document: DigestDocument, in session: LayoutSession, style: Style,
                           _ context: BlockContext) -> [Slice] {
    var slices: [Slice] = []
    func add(_ more: [Slice]) {
        var more = more
        session.attachNotes(&more, context)
        slices += more
    }
    if let lines = style.excerptCut {
        let title = SectionedDocument.preambleTitle(document.document.blocks, frontMatter: document.info.title?.widest,
                                                    fallback: DocumentInfo.fileTitle(document.path))
        session.layoutWithExcerpts(document.document, lines: max(1, lines), includeFullText: true, title: title, context, add: add)
    } else {
        session.layoutBlocks(document.document.blocks, context, add: add)
    }
    add(session.unplacedNotes(context))
    return slices
}
