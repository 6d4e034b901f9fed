/// Lays out a document into pages: the layout stage's one entry point.
///
/// Stages, in order: collect anchors (so links can point forward), lay out blocks into
/// slices, paginate, add page furniture. Knows nothing of PDF drawing; the result is a page
/// model a renderer draws and tests inspect.
///
/// - Parameters:
///   - document: the parsed document.
///   - style: page and type settings.
///   - fallbackTitle: the title when the document has no heading (usually the file name).
/// - Returns: pages, outline, title and warnings. Never fails; an empty document gives one empty page.
/// - Complexity: O(n) in the document's text, plus Pango's shaping.
///   - includeFullText: in excerpt mode (`style.excerptLines`), whether to set the "Full text"
///     part (a preview of the excerpts does without it).
///   - resources: where local images may be read from (by default none is: placeholders).
public func layoutDocument(_ document: Document, style: Style, fallbackTitle: String,
                           info: DocumentInfo = DocumentInfo(), includeFullText: Bool = true,
                           resources: ImageResources = ImageResources()) -> LaidOutDocument {
    let typesetter = Typesetter.forThisThread(language: info.lang)
    let session = LayoutSession(style: style, typesetter: typesetter, anchors: AnchorTable(document), resources: resources)
    let column = Column(x: style.margins.left, width: style.contentWidth)
    var slices = session.titleBlock(info)
    if let lines = style.excerptLines {
        slices += session.layoutWithExcerpts(document, lines: max(1, lines), includeFullText: includeFullText,
                                             fallbackTitle: fallbackTitle)
    } else {
        slices += session.layoutBlocks(document.blocks, BlockContext(column: column))
    }
    var pages = Paginator(style: style).paginate(slices)
    let outline = session.sink.sortedOutline
    let title = documentTitle(info, outline, fallbackTitle)
    for i in pages.indices {
        pages[i].furniture = session.furniture(page: i + 1, of: pages.count, info: info, title: title)
    }
    return LaidOutDocument(pages: pages, outline: outline, title: title.widest, warnings: session.sink.reportedWarnings,
                           excerpts: session.sink.excerpts)
}

/// The title the running header and the metadata use: the front matter's, else the first
/// heading's, else the fallback (the file name).
private func documentTitle(_ info: DocumentInfo, _ outline: [OutlineEntry], _ fallbackTitle: String) -> TextValue {
    info.title ?? outline.first.map { TextValue.plain($0.title) } ?? .plain(fallbackTitle)
}

/// Whether `layoutDocumentStreaming` can lay documents out in `style`: not in excerpt mode
/// (full texts come last), and no header or footer showing the page count.
func canLayOutStreaming(style: Style) -> Bool {
    style.excerptLines == nil && !style.header.usesPageCount && !style.footer.usesPageCount
}

/// Lays out a document like `layoutDocument`, handing each page to `emit` once it is final
/// instead of keeping them: memory holds about a page and the block being set, not the
/// document. The pages, outline, title and warnings are those `layoutDocument` gives.
///
/// A page is final when the slice that does not fit on it has arrived and the running
/// header's title is known: the front matter's, or the first heading once laid out (pages
/// wait for it; in a document with footnotes, whose headings may come earlier in the source,
/// they wait to the end), or, when no block could give a heading
/// (`AnchorTable.mayHaveHeadings`), the fallback title from the start.
///
/// - Precondition: `canLayOutStreaming(style:)`.
/// - Returns: the document without its pages (`pages` is empty) and the number of pages.
/// - Throws: what `emit` throws; layout stops there.
func layoutDocumentStreaming(_ document: Document, style: Style, fallbackTitle: String,
                             info: DocumentInfo = DocumentInfo(), resources: ImageResources = ImageResources(),
                             emit: (Page) throws -> Void) rethrows -> (document: LaidOutDocument, pageCount: Int) {
    precondition(canLayOutStreaming(style: style))
    let typesetter = Typesetter.forThisThread(language: info.lang)
    let session = LayoutSession(style: style, typesetter: typesetter, anchors: AnchorTable(document), resources: resources)
    let context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
    let hasFootnotes = document.blocks.contains { if case .footnoteDefinition = $0.kind { return true } else { return false } }
    var flow = PageFlow(style: style)
    var waiting: [Page] = []
    var emitted = 0
    var title = info.title ?? (session.anchors.mayHaveHeadings ? nil : documentTitle(info, [], fallbackTitle))
    func hand(_ pages: [Page], final: Bool) throws {
        waiting += pages
        if title == nil && (final || (!hasFootnotes && session.sink.hasOutline)) {
            title = documentTitle(info, session.sink.sortedOutline, fallbackTitle)
        }
        guard let title else { return }
        for var page in waiting {
            emitted += 1
            page.furniture = session.furniture(page: emitted, of: nil, info: info, title: title)
            try emit(page)
        }
        waiting = []
    }
    try hand(flow.add(session.titleBlock(info)), final: false)
    for block in document.blocks {
        try hand(flow.add(session.layoutBlock(block, context)), final: false)
    }
    try hand(flow.finish(), final: true)
    let outline = session.sink.sortedOutline
    let laidOut = LaidOutDocument(pages: [], outline: outline, title: documentTitle(info, outline, fallbackTitle).widest,
                                  warnings: session.sink.reportedWarnings, excerpts: session.sink.excerpts)
    return (laidOut, emitted)
}
