/// The one walk over the document model: what each kind of block and inline holds, and a
/// visitor per kind.
///
/// Every pass over a document goes through here: plain text (`Inline.plainText`), prefixes for
/// excerpts (`prefix(lines:bytes:)`), heading shifts, the anchor table, and layout (one
/// visitor method per kind, each in its own layout file). Each `visit…` method defaults to
/// `defaultVisit`, which a walker (`DocumentWalker`) implements as "go into the children"
/// (`childBlocks`, `inlineContent`, `Inline.children`). So a new kind of block or inline is
/// added in the model, the parser, this file (a case in `accept`, a method, its children) and
/// its own layout file; every other pass goes through it unchanged.
///
/// Raw HTML (`BlockKind.html`) is a leaf to the walk, as it was when it was a string: the
/// blocks it shows are not Markdown's (their headings have no slugs, their text tells no
/// script), so each pass that reads them says so (`HTMLBlock.blocks`).

// MARK: Blocks

/// A pass over blocks: one method per kind of block (`Block.accept` calls the one for the
/// block's kind), each given the block and what its kind holds. Every method defaults to
/// `defaultVisit`, so a visitor writes only those it needs.
public protocol BlockVisitor {
    /// What each visit gives (`Void` for a walker).
    associatedtype Result
    /// What a kind gives when the visitor has no method of its own for it.
    mutating func defaultVisit(_ block: Block) -> Result
    /// A paragraph and its inline content.
    mutating func visitParagraph(_ block: Block, content: [Inline]) -> Result
    /// A heading of `level` 1 to 6 and its inline content.
    mutating func visitHeading(_ block: Block, level: Int, content: [Inline]) -> Result
    /// A block quote and the blocks inside it.
    mutating func visitBlockQuote(_ block: Block, children: [Block]) -> Result
    /// A fenced or indented code block: its text and its info string's first word ("" when none).
    mutating func visitCodeBlock(_ block: Block, text: String, language: String) -> Result
    /// A thematic break (`---`).
    mutating func visitThematicBreak(_ block: Block) -> Result
    /// A bullet or ordered list.
    mutating func visitList(_ block: Block, list: ListBlock) -> Result
    /// A GFM or HTML table.
    mutating func visitTable(_ block: Block, table: Table) -> Result
    /// Raw HTML, as Parse lowered it: what it shows, as ordinary blocks (`HTMLBlock`).
    mutating func visitHTML(_ block: Block, html: HTMLBlock) -> Result
    /// A footnote's text, under its label (its number).
    mutating func visitFootnoteDefinition(_ block: Block, label: String, children: [Block]) -> Result
    /// A GitHub alert of `kind` and the blocks inside it.
    mutating func visitAlert(_ block: Block, kind: AlertKind, children: [Block]) -> Result
    /// A `<details>` element: its summary and the blocks it folds.
    mutating func visitDetails(_ block: Block, summary: [Inline], children: [Block]) -> Result
    /// A forced page break.
    mutating func visitPageBreak(_ block: Block) -> Result
    /// A display formula (a fenced block of language `math` or `$$` lines of their own).
    mutating func visitMathBlock(_ block: Block, formula: MathFormula) -> Result
}

extension BlockVisitor {
    public mutating func visitParagraph(_ block: Block, content: [Inline]) -> Result { defaultVisit(block) }
    public mutating func visitHeading(_ block: Block, level: Int, content: [Inline]) -> Result { defaultVisit(block) }
    public mutating func visitBlockQuote(_ block: Block, children: [Block]) -> Result { defaultVisit(block) }
    public mutating func visitCodeBlock(_ block: Block, text: String, language: String) -> Result { defaultVisit(block) }
    public mutating func visitThematicBreak(_ block: Block) -> Result { defaultVisit(block) }
    public mutating func visitList(_ block: Block, list: ListBlock) -> Result { defaultVisit(block) }
    public mutating func visitTable(_ block: Block, table: Table) -> Result { defaultVisit(block) }
    public mutating func visitHTML(_ block: Block, html: HTMLBlock) -> Result { defaultVisit(block) }
    public mutating func visitFootnoteDefinition(_ block: Block, label: String, children: [Block]) -> Result { defaultVisit(block) }
    public mutating func visitAlert(_ block: Block, kind: AlertKind, children: [Block]) -> Result { defaultVisit(block) }
    public mutating func visitDetails(_ block: Block, summary: [Inline], children: [Block]) -> Result { defaultVisit(block) }
    public mutating func visitPageBreak(_ block: Block) -> Result { defaultVisit(block) }
    public mutating func visitMathBlock(_ block: Block, formula: MathFormula) -> Result { defaultVisit(block) }
}

extension Block {
    /// The visitor's method for this block's kind: the one switch over block kinds.
    public func accept<V: BlockVisitor>(_ visitor: inout V) -> V.Result {
        switch kind {
        case .paragraph(let content): return visitor.visitParagraph(self, content: content)
        case .heading(let level, let content): return visitor.visitHeading(self, level: level, content: content)
        case .blockQuote(let children): return visitor.visitBlockQuote(self, children: children)
        case .codeBlock(let text, let language): return visitor.visitCodeBlock(self, text: text, language: language)
        case .thematicBreak: return visitor.visitThematicBreak(self)
        case .list(let list): return visitor.visitList(self, list: list)
        case .table(let table): return visitor.visitTable(self, table: table)
        case .html(let html): return visitor.visitHTML(self, html: html)
        case .footnoteDefinition(let label, let children): return visitor.visitFootnoteDefinition(self, label: label, children: children)
        case .alert(let alertKind, let children, _): return visitor.visitAlert(self, kind: alertKind, children: children)
        case .details(let summary, let children): return visitor.visitDetails(self, summary: summary, children: children)
        case .pageBreak: return visitor.visitPageBreak(self)
        case .math(let formula): return visitor.visitMathBlock(self, formula: formula)
        }
    }

    /// The blocks directly inside this one, in groups: a quote's, a footnote's, an alert's or
    /// details' children (one group), each list item's blocks (a group per item), each table
    /// cell's blocks (a group per cell, in row order). Empty for a leaf block.
    public var childBlocks: [[Block]] {
        switch kind {
        case .blockQuote(let children), .footnoteDefinition(_, let children), .alert(_, let children, _),
             .details(_, let children): return [children]
        case .list(let list): return list.items.map(\.blocks)
        case .table(let table): return table.cells.flatMap { $0.map(\.blocks) }
        case .paragraph, .heading, .codeBlock, .thematicBreak, .html, .pageBreak, .math: return []
        }
    }

    /// The inline sequences this block holds: a paragraph's or heading's content, a details'
    /// summary. Empty for a block of blocks or of literal text.
    public var inlineContent: [[Inline]] {
        switch kind {
        case .paragraph(let content), .heading(_, let content), .details(let content, _): return [content]
        case .blockQuote, .codeBlock, .thematicBreak, .list, .table, .html, .footnoteDefinition, .alert, .pageBreak, .math: return []
        }
    }

    /// This block with `transform` applied to each group of `childBlocks` (same count of
    /// groups back): the rebuilding half of the walk, for passes that rewrite a document.
    public func mapChildBlocks(_ transform: ([Block]) -> [Block]) -> Block {
        var copy = self
        switch kind {
        case .blockQuote(let children): copy.kind = .blockQuote(transform(children))
        case .footnoteDefinition(let label, let children): copy.kind = .footnoteDefinition(label: label, blocks: transform(children))
        case .alert(let alertKind, let children, let title): copy.kind = .alert(alertKind, blocks: transform(children), title: title)
        case .details(let summary, let children): copy.kind = .details(summary: summary, blocks: transform(children))
        case .list(var list):
            list.items = list.items.map { var item = $0; item.blocks = transform(item.blocks); return item }
            copy.kind = .list(list)
        case .table(var table):
            table.cells = table.cells.map { row in row.map { var cell = $0; cell.blocks = transform(cell.blocks); return cell } }
            copy.kind = .table(table)
        case .paragraph, .heading, .codeBlock, .thematicBreak, .html, .pageBreak, .math: break
        }
        return copy
    }
}

// MARK: Inlines

/// A pass over inline content: one method per kind of inline (`Inline.accept` calls the one
/// for the inline's kind), each given what its kind holds. Every method defaults to
/// `defaultVisit`, so a visitor writes only those it needs.
public protocol InlineVisitor {
    /// What each visit gives (`Void` for a walker).
    associatedtype Result
    /// What a kind gives when the visitor has no method of its own for it.
    mutating func defaultVisit(_ inline: Inline) -> Result
    /// Text as written (entities decoded).
    mutating func visitText(_ text: String) -> Result
    /// Emphasis (`*x*`) and what it holds.
    mutating func visitEmphasis(_ children: [Inline]) -> Result
    /// Strong emphasis (`**x**`) and what it holds.
    mutating func visitStrong(_ children: [Inline]) -> Result
    /// Strikethrough (`~~x~~`) and what it holds.
    mutating func visitStrikethrough(_ children: [Inline]) -> Result
    /// Inline code, as written.
    mutating func visitCode(_ code: String) -> Result
    /// A link: its destination as written, its title ("" when none) and its text.
    mutating func visitLink(destination: String, title: String, content: [Inline]) -> Result
    /// An image: its source as written, its title ("" when none) and its alt text.
    mutating func visitImage(source: String, title: String, alt: [Inline]) -> Result
    /// A line break in the source that is not a hard break (set as a space).
    mutating func visitSoftBreak() -> Result
    /// A hard line break (two spaces or a backslash at the end of a line, `<br>`).
    mutating func visitHardBreak() -> Result
    /// A reference to the footnote labelled `label` (its number).
    mutating func visitFootnoteReference(label: String) -> Result
    /// A formula set inline (`$…$`, a dollar-and-backtick pair, or `$$…$$` inside a paragraph).
    mutating func visitMath(_ formula: MathFormula) -> Result
    /// What an HTML element (`<sub>`, `<kbd>`...) does to its content, and that content.
    mutating func visitStyled(_ effect: InlineEffect, _ children: [Inline]) -> Result
    /// An anchor an HTML element names (`id`, `<a name>`).
    mutating func visitAnchor(_ name: String) -> Result
    /// An image an HTML `<img>` places.
    mutating func visitHTMLImage(_ image: HTMLImage) -> Result
    /// Inline content of raw HTML whose warnings name `line`.
    mutating func visitLocated(line: Int, _ children: [Inline]) -> Result
}

extension InlineVisitor {
    public mutating func visitText(_ text: String) -> Result { defaultVisit(.text(text)) }
    public mutating func visitEmphasis(_ children: [Inline]) -> Result { defaultVisit(.emphasis(children)) }
    public mutating func visitStrong(_ children: [Inline]) -> Result { defaultVisit(.strong(children)) }
    public mutating func visitStrikethrough(_ children: [Inline]) -> Result { defaultVisit(.strikethrough(children)) }
    public mutating func visitCode(_ code: String) -> Result { defaultVisit(.code(code)) }
    public mutating func visitLink(destination: String, title: String, content: [Inline]) -> Result {
        defaultVisit(.link(destination: destination, title: title, content: content))
    }
    public mutating func visitImage(source: String, title: String, alt: [Inline]) -> Result {
        defaultVisit(.image(source: source, title: title, alt: alt))
    }
    public mutating func visitSoftBreak() -> Result { defaultVisit(.softBreak) }
    public mutating func visitHardBreak() -> Result { defaultVisit(.hardBreak) }
    public mutating func visitFootnoteReference(label: String) -> Result { defaultVisit(.footnoteReference(label: label)) }
    public mutating func visitMath(_ formula: MathFormula) -> Result { defaultVisit(.math(formula)) }
    public mutating func visitStyled(_ effect: InlineEffect, _ children: [Inline]) -> Result { defaultVisit(.styled(effect, children)) }
    public mutating func visitAnchor(_ name: String) -> Result { defaultVisit(.anchor(name)) }
    public mutating func visitHTMLImage(_ image: HTMLImage) -> Result { defaultVisit(.htmlImage(image)) }
    public mutating func visitLocated(line: Int, _ children: [Inline]) -> Result { defaultVisit(.located(line: line, content: children)) }
}

extension Inline {
    /// The visitor's method for this inline's kind: the one switch over inline kinds.
    public func accept<V: InlineVisitor>(_ visitor: inout V) -> V.Result {
        switch self {
        case .text(let s): return visitor.visitText(s)
        case .emphasis(let c): return visitor.visitEmphasis(c)
        case .strong(let c): return visitor.visitStrong(c)
        case .strikethrough(let c): return visitor.visitStrikethrough(c)
        case .code(let s): return visitor.visitCode(s)
        case .link(let d, let t, let c): return visitor.visitLink(destination: d, title: t, content: c)
        case .image(let s, let t, let alt): return visitor.visitImage(source: s, title: t, alt: alt)
        case .softBreak: return visitor.visitSoftBreak()
        case .hardBreak: return visitor.visitHardBreak()
        case .footnoteReference(let label): return visitor.visitFootnoteReference(label: label)
        case .math(let formula): return visitor.visitMath(formula)
        case .styled(let effect, let c): return visitor.visitStyled(effect, c)
        case .anchor(let name): return visitor.visitAnchor(name)
        case .htmlImage(let image): return visitor.visitHTMLImage(image)
        case .located(let line, let c): return visitor.visitLocated(line: line, c)
        }
    }

    /// The inlines inside this one: a span's content, a link's text, an image's alt text.
    public var children: [Inline] {
        switch self {
        case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .image(_, _, let c),
             .styled(_, let c), .located(_, let c): return c
        case .text, .code, .softBreak, .hardBreak, .footnoteReference, .anchor, .htmlImage, .math: return []
        }
    }
}

// MARK: Walkers

/// A visitor that reads a document: by default it goes into every child block and inline, so
/// it implements only the kinds it cares about.
public protocol DocumentWalker: BlockVisitor, InlineVisitor where Self.Result == Void {}

extension DocumentWalker {
    /// Goes into the block's inlines and child blocks.
    public mutating func defaultVisit(_ block: Block) {
        for content in block.inlineContent { walk(content) }
        for group in block.childBlocks { walk(group) }
    }

    /// Goes into the inline's children.
    public mutating func defaultVisit(_ inline: Inline) { walk(inline.children) }

    /// Visits each block in order.
    public mutating func walk(_ blocks: [Block]) {
        for block in blocks { block.accept(&self) }
    }

    /// Visits each inline in order.
    public mutating func walk(_ inlines: [Inline]) {
        for inline in inlines { inline.accept(&self) }
    }
}
