import Foundation
import QuireModel
import QuireStyle

/// Layout's visitor of the document walk: each kind of block to its layout function, each in
/// a file of its own (lists, tables, footnotes, images, raw HTML; the simple blocks below).
package struct BlockLayouter: BlockVisitor {
    package let session: LayoutSession
    package let context: BlockContext

    package func defaultVisit(_ block: Block) -> [Slice] { session.genericBlock(block, context) }

    package func visitParagraph(_ block: Block, content: [Inline]) -> [Slice] {
        session.figures.paragraphWithImages(content, line: block.line, context)
    }

    package func visitHeading(_ block: Block, level: Int, content: [Inline]) -> [Slice] {
        session.heading(level: level, content, line: block.line, context)
    }

    package func visitCodeBlock(_ block: Block, text: String, language: String) -> [Slice] {
        language.lowercased() == "mermaid" ? session.diagrams.mermaidDiagram(text, line: block.line, context)
            : session.codeBlocks.codeBlock(text, language: language, line: block.line, context)
    }
    package func visitBlockQuote(_ block: Block, children: [Block]) -> [Slice] { session.quotes.blockQuote(children, context) }
    package func visitThematicBreak(_ block: Block) -> [Slice] { session.thematicBreak(context) }
    package func visitList(_ block: Block, list: ListBlock) -> [Slice] { session.lists.list(list, context) }
    package func visitTable(_ block: Block, table: Table) -> [Slice] { session.table(table, line: block.line, context) }
    package func visitHTML(_ block: Block, html: HTMLBlock) -> [Slice] { session.htmlBlocks.htmlBlock(html, line: block.line, context) }

    package func visitFootnoteDefinition(_ block: Block, label: String, children: [Block]) -> [Slice] {
        session.footnotes.footnote(label: label, children, context)
    }

    package func visitAlert(_ block: Block, kind: AlertKind, children: [Block]) -> [Slice] {
        guard case .alert(_, _, let title) = block.kind else { return [] }
        return session.alerts.alert(kind, children, title: title, context)
    }

    package func visitDetails(_ block: Block, summary: [Inline], children: [Block]) -> [Slice] {
        session.foldedDetails.details(summary: summary, children, line: block.line, context)
    }

    package func visitPageBreak(_ block: Block) -> [Slice] { session.pageBreak() }

    package func visitMathBlock(_ block: Block, formula: MathFormula) -> [Slice] { session.formulas.displayFormula(formula, context) }
}

/// The document's walk: blocks to slices, each through `BlockLayouter`.
extension LayoutSession {
    /// Lays out `blocks` in `context.column`, in order, with the keeps between them. O(total text).
    package func layoutBlocks(_ blocks: [Block], _ context: BlockContext) -> [Slice] {
        var slices: [Slice] = []
        layoutBlocks(blocks, context) { slices.appendTaking($0) }
        return slices
    }

    /// Lays out one block through `BlockLayouter`, which leads each kind to its layout
    /// function, with the direction and alignment an enclosing HTML element gives it.
    package func layoutBlock(_ block: Block, _ context: BlockContext) -> [Slice] {
        var layouter = BlockLayouter(session: self, context: context.inside(block))
        return block.accept(&layouter)
    }

    /// A block of a kind with no layout of its own: its inline content as paragraphs, then
    /// its child blocks, so that nothing it holds is lost.
    package func genericBlock(_ block: Block, _ context: BlockContext) -> [Slice] {
        block.inlineContent.flatMap { figures.paragraphWithImages($0, line: block.line, context) }
            + block.childBlocks.flatMap { layoutBlocks($0, context) }
    }

    /// The layouter of quotes, setting their blocks in this session.
    package var quotes: QuoteLayouter { QuoteLayouter(environment: environment, blocks: { self.layoutBlocks($0, $1) }) }
}

/// Quotes: their blocks, which may be of any kind, set by `blocks` (`LayoutSession.layoutBlocks`)
/// in a column indented beside a bar. Reads the environment only (`environment.typography`
/// in place: quotes nest as deep as the parser lets them).
package struct QuoteLayouter: EnvironmentReader {
    package let environment: LayoutEnvironment
    /// Sets a quote's blocks in the context given.
    package let blocks: ([Block], BlockContext) -> [Slice]

    /// A quote: its blocks indented beside a bar.
    package func blockQuote(_ children: [Block], _ context: BlockContext) -> [Slice] {
        besideBar(environment.typography.quoteBar, role: .blockQuote, context) { blocks(children, $0) }
    }
}

/// The blocks that need nothing of the walk: rules and page breaks.
extension EnvironmentReader {
    /// A forced page break: a slice of no height that starts a new page (none at the top of one).
    package func pageBreak() -> [Slice] {
        var slice = Slice(height: 0)
        slice.pageBreakBefore = true
        return [slice]
    }

    /// A thematic break: a rule across the column.
    package func thematicBreak(_ context: BlockContext) -> [Slice] {
        let height = environment.typography.thematicBreakHeight
        let rule = environment.typography.thematicBreak
        var slice = Slice(height: height, spaceBefore: blockSpacing, spaceAfter: blockSpacing)
        slice.items.append(.line(from: Point(x: context.column.x, y: height / 2),
                                 to: Point(x: context.column.maxX, y: height / 2),
                                 width: rule.width, color: rule.color))
        return [slice]
    }
}

/// What any layouter reading the environment does alike: the spacing around paragraphs, and
/// blocks set beside a bar (a quote's, an alert's, what `<details>` folds).
extension EnvironmentReader {
    /// Spacing around paragraphs: none inside a tight list item.
    package func paragraphSpacing(_ context: BlockContext) -> Double {
        context.tight ? 0 : blockSpacing
    }

    /// Blocks set by `content` in a column indented from the start edge (the right one when
    /// right to left), beside a bar drawn down every slice (a quote's, an alert's coloured
    /// one, the thin rule beside what `<details>` folds), all in one structure element of
    /// `role`. Deep nesting stops indenting (and adding bars) once the text column would get
    /// too narrow (`nestingIndent`).
    package func besideBar(_ bar: Typography.Rule, role: StructureElement.Role, _ context: BlockContext,
                   content: (BlockContext) -> [Slice]) -> [Slice] {
        let indent = nestingIndent(environment.typography.quoteIndent, context)
        let rtl = context.isRightToLeft
        var inner = context
        inner.column = rtl ? context.column.inset(right: indent) : context.column.inset(left: indent)
        inner.structure = element(role, in: context)
        var slices = content(inner)
        guard !slices.isEmpty, indent > 0 else { return slices }
        let before = max(slices[0].spaceBefore, paragraphSpacing(context))
        let after = max(slices[slices.count - 1].spaceAfter, paragraphSpacing(context))
        slices.bakeSpacing()
        let barX = rtl ? context.column.maxX - environment.typography.quoteBarOffset : context.column.x + environment.typography.quoteBarOffset
        slices.decorateEach { slice in
            slice.items.insert(.line(from: Point(x: barX, y: 0), to: Point(x: barX, y: slice.height),
                                     width: bar.width, color: bar.color), at: 0)
        }
        slices[0].spaceBefore = before
        slices[slices.count - 1].spaceAfter = after
        return slices
    }
}

/// A paragraph and a heading, as any layouter that sets text sets them.
extension TextSlicing {
    /// A heading of the document: its outline entry (at `line`) and its lines, with the
    /// destination the anchor table gives it.
    package func heading(level: Int, _ content: [Inline], line: Int, _ context: BlockContext) -> [Slice] {
        let destination = anchors.headingDestinations[line] ?? "h-line\(line)"
        let title = content.plainText.trimmingWhitespaceAndNewlines()
        sink.addOutline(OutlineEntry(level: level, title: title.isEmpty ? "(untitled)" : title, destination: destination), line: line)
        return headingSlices(level: level, styledText(content, line: line, mathSize: environment.typography.heading(level).text.size),
                             destination: destination, context,
                             alignment: context.alignment)
    }

    /// A heading's lines: keep with what follows, a destination at the top, a rule under
    /// levels 1 and 2. `alignment` is physical (HTML's); nil (or justify): at the start.
    package func headingSlices(level: Int, _ text: StyledText, destination: String, _ context: BlockContext,
                       alignment: TextAlignment? = nil) -> [Slice] {
        let look = typography.heading(level)
        var format = format(look.text, width: context.column.width,
                            alignment: startRelative(alignment == .justify ? nil : alignment, text, context) ?? .left)
        format.direction = context.direction
        format.balanced = true
        var text = text
        if text.isEmpty { text.append(" ") }
        let heading = element(.heading(level), in: context, text: text.string)
        var slices = paragraphSlices(text, format, x: context.column.x, spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                     tag: .element(heading))
        for i in slices.indices { slices[i].keepWithNext = true; slices[i].excerptRole = .heading }
        if claimDestination(destination) {
            slices[0].destinations.insert(Destination(name: destination, y: 0), at: 0)
        }
        if look.ruleWidth > 0 {
            let last = slices.count - 1
            let y = slices[last].height + look.ruleOffset
            slices[last].items.append(.line(from: Point(x: context.column.x, y: y),
                                            to: Point(x: context.column.maxX, y: y),
                                            width: look.ruleWidth, color: style.ruleColor))
            slices[last].height = y + look.ruleClearance
        }
        return slices
    }

    /// A paragraph of `text`, aligned by `alignment` (HTML's `align`, physical: left is left),
    /// else by the context's, else as the body.
    package func paragraph(_ text: StyledText, _ context: BlockContext, alignment: TextAlignment? = nil) -> [Slice] {
        if text.string.allSatisfy({ $0.isWhitespace }) {
            return anchorSlice(text.anchors.map(\.name))
        }
        let space = paragraphSpacing(context)
        var format = paragraphFormat(width: context.column.width, alignment: startRelative(alignment ?? context.alignment, text, context))
        format.direction = context.direction
        // A table cell's blocks are set in the table's type, never hyphenated.
        if let role = context.textRole { format.text = role; format.hyphenate = false }
        return paragraphSlices(text, format, x: context.column.x, spaceBefore: space, spaceAfter: space,
                               tag: .element(element(.paragraph, in: context, text: text.string)))
    }

    /// `physical` (HTML's `align`: left is left whatever the direction) as a paragraph format
    /// takes it, relative to the text's start: left and right swapped for text set right to
    /// left (by the context, else by its first strong character). Nil stays nil.
    package func startRelative(_ physical: TextAlignment?, _ text: StyledText, _ context: BlockContext) -> TextAlignment? {
        guard let physical, physical == .left || physical == .right else { return physical }
        let rtl = context.direction.map { $0 == .rightToLeft } ?? TextDirection.isRightToLeft(text.string)
        return rtl ? (physical == .left ? .right : .left) : physical
    }
}
