/// The document model: what a Markdown file says, as Swift values.
///
/// Produced by the parse stage (`parseMarkdown`), read by layout. It imports no C module
/// and holds no C type, so it can be built by hand in tests and shared across threads.
public struct Document: Sendable, Equatable {
    /// Top-level blocks in source order; footnote definitions come last, as cmark-gfm puts them.
    public var blocks: [Block]

    public init(blocks: [Block]) {
        self.blocks = blocks
    }
}

/// One block with the 1-based source line it starts on (0 when unknown).
public struct Block: Sendable, Equatable {
    public var kind: BlockKind
    public var line: Int

    public init(_ kind: BlockKind, line: Int = 0) {
        self.kind = kind
        self.line = line
    }
}

public indirect enum BlockKind: Sendable, Equatable {
    /// A heading of level 1...6.
    case heading(level: Int, content: [Inline])
    case paragraph([Inline])
    case blockQuote([Block])
    /// Fenced or indented code: its text without the final newline, and the info string's first word.
    case codeBlock(text: String, language: String)
    case thematicBreak
    case list(ListBlock)
    case table(Table)
    /// Raw HTML as written.
    case html(String)
    /// A footnote's text, referred to by `Inline.footnoteReference` with the same label
    /// (the footnote's number, "1", "2", ..., in order of first reference).
    case footnoteDefinition(label: String, blocks: [Block])
}

public struct ListBlock: Sendable, Equatable {
    /// nil for a bullet list; the first number for an ordered one.
    public var start: Int?
    /// Tight lists (no blank lines between items) are set without paragraph spacing.
    public var isTight: Bool
    public var items: [ListItem]

    public init(start: Int?, isTight: Bool, items: [ListItem]) {
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

public struct ListItem: Sendable, Equatable {
    /// nil for an ordinary item; false or true for a task item's empty or ticked box.
    public var task: Bool?
    public var blocks: [Block]
    public var line: Int

    public init(task: Bool? = nil, blocks: [Block], line: Int = 0) {
        self.task = task
        self.blocks = blocks
        self.line = line
    }
}

public struct Table: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case none, left, center, right }
    public var alignments: [Alignment]
    /// The header row first when `hasHeader`; each row holds one cell per column (short rows padded).
    public var rows: [[[Inline]]]
    public var hasHeader: Bool

    public init(alignments: [Alignment], rows: [[[Inline]]], hasHeader: Bool) {
        self.alignments = alignments
        self.rows = rows
        self.hasHeader = hasHeader
    }
}

public indirect enum Inline: Sendable, Equatable {
    case text(String)
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    case code(String)
    /// A link; `destination` is the URL or `#anchor` as written (entities decoded).
    case link(destination: String, title: String, content: [Inline])
    case image(source: String, title: String, alt: [Inline])
    case softBreak
    case hardBreak
    /// Raw inline HTML such as `<br>` or `<a id="x">`, as written.
    case html(String)
    /// A reference to the footnote whose definition has this label (its number).
    case footnoteReference(label: String)
}

extension Inline {
    /// The text a reader sees, without markup: used for slugs, titles and outline entries.
    public var plainText: String { [self].plainText }
}

extension Array where Element == Inline {
    /// The text a reader sees in the inlines, without markup: text and code as written, a
    /// break as a space, a footnote reference as its number, raw HTML as nothing, spans and
    /// links and images' alt texts by their content. O(n).
    public var plainText: String {
        var collector = PlainTextCollector()
        collector.walk(self)
        return collector.text
    }
}

/// Collects the plain text of inlines, walking into every span.
private struct PlainTextCollector: DocumentWalker {
    var text = ""
    mutating func visitText(_ s: String) { text += s }
    mutating func visitCode(_ s: String) { text += s }
    mutating func visitSoftBreak() { text += " " }
    mutating func visitHardBreak() { text += " " }
    mutating func visitHTML(_ html: String) {}
    mutating func visitFootnoteReference(label: String) { text += label }
}
