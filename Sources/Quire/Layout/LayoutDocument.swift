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
    let outline = session.sortedOutline
    let title = info.title ?? outline.first.map { TextValue.plain($0.title) } ?? .plain(fallbackTitle)
    for i in pages.indices {
        pages[i].furniture = session.furniture(page: i + 1, of: pages.count, info: info, title: title)
    }
    return LaidOutDocument(pages: pages, outline: outline, title: title.widest, warnings: session.warnings,
                           excerpts: session.excerpts)
}
