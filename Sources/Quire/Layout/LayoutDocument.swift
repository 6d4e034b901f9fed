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
public func layoutDocument(_ document: Document, style: Style, fallbackTitle: String,
                           includeFullText: Bool = true) -> LaidOutDocument {
    let typesetter = Typesetter()
    let session = LayoutSession(style: style, typesetter: typesetter, anchors: AnchorTable(document))
    let column = Column(x: style.margins.left, width: style.contentWidth)
    let slices: [Slice]
    if let lines = style.excerptLines {
        slices = session.layoutWithExcerpts(document, lines: max(1, lines), includeFullText: includeFullText,
                                            fallbackTitle: fallbackTitle)
    } else {
        slices = session.layoutBlocks(document.blocks, BlockContext(column: column))
    }
    let paginator = Paginator(style: style) { number in
        pageNumber(number, style: style, typesetter: typesetter)
    }
    let pages = paginator.paginate(slices)
    let outline = session.sortedOutline
    let title = outline.first?.title ?? fallbackTitle
    return LaidOutDocument(pages: pages, outline: outline, title: title, warnings: session.warnings,
                           excerpts: session.excerpts)
}

/// The page number, centred in the bottom margin.
private func pageNumber(_ number: Int, style: Style, typesetter: Typesetter) -> [PageItem] {
    guard style.showPageNumbers else { return [] }
    var text = StyledText()
    text.append("\(number)")
    let size = style.bodySize * 0.85
    let format = ParagraphFormat(family: style.bodyFont, size: size, monospaceFamily: style.codeFont,
                                 monospaceSize: size, color: style.mutedColor, width: 1000, lineHeight: size)
    let shaped = typesetter.shape(text, format)
    guard let line = shaped.lines.first else { return [] }
    let baseline = style.pageSize.height - style.margins.bottom / 2 + line.ascent / 2
    return [.text(TextLine(shaped: shaped, lineIndex: 0, x: (style.pageSize.width - line.width) / 2,
                           baseline: baseline, top: baseline - line.ascent, width: line.width))]
}
