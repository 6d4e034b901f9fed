import QuireModel

/// Tables of contents: a line per entry, its title at its level's indent, dot leaders, the
/// page number against the column's right edge, the whole line a link. The digest's contents
/// page and a document's own (`toc`) are made of these, set as any `TextSlicing` sets text;
/// their pages learnt by the session's measuring trial (`contentsWithPages`).
extension TextSlicing {
    /// One entry's line, `lineHeight` tall: `title` from `indent` (cut with "…" when too
    /// long for one line), leaders, and `page` (nil: a blank of the same height, for the
    /// measuring pass before page numbers are known), linked to `destination`.
    package func contentsLine(_ title: String, page: Int?, destination: String, indent: Double, bold: Bool = false,
                      lineHeight: Double, _ context: BlockContext) -> Slice {
        let numberWidth = typography.contentsNumberWidth
        var titleFormat = bodyFormat(width: max(1, context.column.width - indent - numberWidth - typography.contentsGap), alignment: .left)
        titleFormat.singleLine = true
        titleFormat.text.bold = bold
        let titleText = typesetter.shape(plainText(title), titleFormat)
        let numberText = typesetter.shape(plainText(page.map(String.init) ?? ""), bodyFormat(width: numberWidth, alignment: .right))
        var slice = Slice(height: lineHeight)
        let baseline = lineHeight * typography.contentsBaseline
        // One paragraph: the title, then its page number.
        let tag = ContentTag.element(element(.paragraph, in: context, text: title))
        var titleEnd = context.column.x + indent
        var numberStart = context.column.maxX
        // The title starts at the indent whatever its direction (a right-to-left title in a
        // left-to-right list would otherwise stand at the right, the leaders squeezed).
        for (shaped, x, aligned) in [(titleText, context.column.x + indent, false), (numberText, context.column.maxX - numberWidth, true)] {
            guard let line = shaped.lines.first else { continue }
            let left = x + (aligned ? line.x : 0)
            slice.items.append(.text(TextLine(shaped: shaped, lineIndex: 0, x: left, baseline: baseline, top: 0, width: line.width,
                                              tag: tag)))
            if shaped === titleText { titleEnd = left + line.width } else if line.width > 0 { numberStart = left }
        }
        if page != nil { slice.items += leaders(from: titleEnd, to: numberStart, baseline: baseline, context) }
        slice.links.append(LinkArea(rect: Rect(x: context.column.x + indent, y: 0, width: context.column.width - indent, height: lineHeight),
                                    target: .destination(destination)))
        return slice
    }

    /// Dots from `start` to `end` on `baseline`, at fixed steps from the column's left edge
    /// so that the dots of every line stand in columns; drawn, so the PDF's text holds none.
    private func leaders(from start: Double, to end: Double, baseline: Double, _ context: BlockContext) -> [PageItem] {
        let step = typography.leaderStep, gap = typography.leaderGap
        let first = ((start + gap - context.column.x) / step).rounded(.up)
        let last = ((end - gap - context.column.x) / step).rounded(.down)
        guard first <= last else { return [] }
        return stride(from: first, through: last, by: 1).map { k in
            .marker(Marker(kind: .shape(.disc), center: Point(x: context.column.x + k * step, y: baseline - typography.leaderRise),
                           size: typography.leaderDot, color: typography.muted))
        }
    }

    /// A document's own table of contents (`toc`): a "Contents" heading, then a line per
    /// heading of `entries` (the document's outline) down to `style.tocDepth`, indented by
    /// level, the top level in bold; `pages` gives each destination's page (empty: the
    /// measuring pass, every line as tall as it will be). Nothing when no heading qualifies.
    package func documentContents(_ entries: [OutlineEntry], pages: [String: Int], _ context: BlockContext) -> [Slice] {
        let shown = entries.filter { $0.level <= style.tocDepth }
        guard let top = shown.map(\.level).min() else { return [] }
        var slices = headingSlices(level: 2, plainText(wording(style.tocTitle, width: context.column.width)),
                                   destination: "contents", context)
        for entry in shown {
            var line = contentsLine(entry.title, page: pages.isEmpty ? nil : pages[entry.destination] ?? 0,
                                    destination: entry.destination, indent: Double(entry.level - top) * typography.listIndent,
                                    bold: entry.level == top, lineHeight: typography.body.lineHeight, context)
            if entry.level == top { line.spaceBefore = typography.tightSpacing }
            line.excerptRole = .none
            slices.append(line)
        }
        slices[slices.count - 1].spaceAfter = blockSpacing * 2
        return slices
    }

}

extension LayoutSession {
    /// The document's contents for `slices` (the whole document, held), to go at index `at`
    /// (`contentsWithPages(around:at:_:)`). `entries`: the headings listed (nil: this
    /// document's, once laid out).
    package func contentsWithPages(around slices: [Slice], at index: Int, entries: [OutlineEntry]? = nil,
                           _ context: BlockContext) -> [Slice] {
        let entries = entries ?? sink.documentOutline
        return contentsWithPages(around: slices, at: index) { session, pages in session.documentContents(entries, pages: pages, context) }
    }

    /// Contents made by `build` (given the session to set them in, the measuring trial's then
    /// this one, and the page of each destination) for `slices`, held, to go
    /// at index `at`: built once without page numbers to paginate the slices and learn the page
    /// of each destination, then again with them. The measuring pass is a trial, dropped with
    /// what it placed. Empty when `build` makes nothing. O(slices) for the pagination.
    package func contentsWithPages(around slices: [Slice], at index: Int,
                                   _ build: (LayoutSession, [String: Int]) -> [Slice]) -> [Slice] {
        let measuring = trial { build($0, [:]) }.value
        guard !measuring.isEmpty else { return [] }
        let pages = Paginator(style: style).paginate(Array(slices[..<index]) + measuring + Array(slices[index...]))
        var pageOf: [String: Int] = [:]
        for (i, page) in pages.enumerated() {
            for destination in page.destinations where pageOf[destination.name] == nil { pageOf[destination.name] = i + 1 }
        }
        return build(self, pageOf)
    }
}
