/// The document model: what a Markdown file says, as Swift values.
///
/// Produced by the parse stage (`parseMarkdown`), read by layout. It imports no C module
/// and holds no C type, so it can be built by hand in tests and shared across threads.
public struct Document: Sendable, Equatable {
    /// Top-level blocks in source order; footnote definitions come last, as cmark-gfm puts them.
    public var blocks: [Block]

    /// A document of `blocks`.
    public init(blocks: [Block]) {
        self.blocks = blocks
    }
}

/// One block with the 1-based source line it starts on (0 when unknown), and what an
/// enclosing raw HTML element (`<div dir="rtl" align="center">` around Markdown) says of it.
public struct Block: Sendable, Equatable {
    /// What the block is and what it holds.
    public var kind: BlockKind
    /// The 1-based line of the Markdown source it starts on; 0 when unknown.
    public var line: Int
    /// The writing direction an enclosing element's `dir` gives everything inside (nil: each
    /// paragraph's own text decides, each list its first item's).
    public var direction: WritingDirection?
    /// The alignment an enclosing element's `align` (or `text-align`) gives (nil: the body's).
    public var alignment: TextAlignment?

    /// A block of `kind` starting on source `line`, with what an enclosing element gives it.
    public init(_ kind: BlockKind, line: Int = 0, direction: WritingDirection? = nil, alignment: TextAlignment? = nil) {
        self.kind = kind
        self.line = line
        self.direction = direction
        self.alignment = alignment
    }
}

/// The kinds of block, each with what it holds. `Block.accept` and `BlockVisitor` have one
/// method per kind; `Block.childBlocks` and `Block.inlineContent` say what is inside.
public indirect enum BlockKind: Sendable, Equatable {
    /// A heading of level 1...6.
    case heading(level: Int, content: [Inline])
    /// A paragraph of inline content.
    case paragraph([Inline])
    /// A block quote (`>`) and the blocks inside it.
    case blockQuote([Block])
    /// Fenced or indented code: its text without the final newline, and the info string's first word.
    case codeBlock(text: String, language: String)
    /// A thematic break (`---`, `***`, `<hr>`): a drawn rule.
    case thematicBreak
    /// A bullet or ordered list.
    case list(ListBlock)
    /// A table, GFM's or HTML's.
    case table(Table)
    /// Raw HTML, read by Parse (`HTMLBlock`): what it shows, as ordinary blocks.
    case html(HTMLBlock)
    /// A footnote's text, referred to by `Inline.footnoteReference` with the same label
    /// (the footnote's number, "1", "2", ..., in order of first reference).
    case footnoteDefinition(label: String, blocks: [Block])
    /// A GitHub alert: a block quote whose first line is `[!NOTE]`, `[!TIP]`, ... alone; its
    /// blocks without that line. Or a DocC aside (`> Note: ...`, `> Precondition: ...`), shown
    /// as the alert of the nearest kind with its own `title` ("Precondition"); nil: the kind's.
    case alert(AlertKind, blocks: [Block], title: String? = nil)
    /// `<details>`: its `<summary>` (inline content; "Details" when it has none) and the
    /// blocks it folds, which a PDF shows.
    case details(summary: [Inline], blocks: [Block])
    /// A forced page break: `\newpage` or `\pagebreak` alone on a line, or an HTML element
    /// styled `page-break-before`/`-after: always`, `break-before`/`-after: page`, or of class
    /// `page-break`.
    case pageBreak
    /// Display math: a fenced block of language `math`, `$$…$$` on lines of its own or standing in a
    /// paragraph (which it splits, as GitHub does).
    case math(MathFormula)
}

/// The five kinds of GitHub alert, in GitHub's order.
public enum AlertKind: String, Sendable, Equatable, CaseIterable, Encodable {
    /// `[!NOTE]`: information a reader should notice even when skimming.
    case note
    /// `[!TIP]`: advice.
    case tip
    /// `[!IMPORTANT]`: what a reader needs to know to succeed.
    case important
    /// `[!WARNING]`: what needs attention at once.
    case warning
    /// `[!CAUTION]`: the risks of an action.
    case caution
}

/// A writing direction set by HTML's `dir` (`auto` is resolved when the document is read).
public enum WritingDirection: String, Sendable, Equatable, Encodable {
    /// `dir="ltr"`: Latin, Cyrillic, CJK, ...
    case leftToRight
    /// `dir="rtl"`: Arabic, Hebrew, ...
    case rightToLeft

    /// The direction of `text` by the Unicode bidi rule P2: its first strong character's
    /// (a right-to-left letter of Hebrew, Arabic, Syriac, Thaana, N'Ko, ... or RLM, ALM; a
    /// left-to-right letter or LRM); nil when it has none. O(n) until that character.
    public static func of(_ text: String) -> WritingDirection? {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x200F || v == 0x061C { return .rightToLeft }   // RLM, ALM
            if v == 0x200E { return .leftToRight }                 // LRM
            if isRightToLeftLetter(v) { return .rightToLeft }
            if scalar.properties.isAlphabetic { return .leftToRight }
        }
        return nil
    }

    private static func isRightToLeftLetter(_ v: UInt32) -> Bool {
        switch v {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation
            // forms; combining marks in these blocks are not strong, digits are weak.
            let properties = Unicode.Scalar(v)?.properties
            return properties?.isAlphabetic == true && properties?.generalCategory != .nonspacingMark
        default:
            return false
        }
    }
}

/// A list: bullet or ordered, tight or loose, and its items.
public struct ListBlock: Sendable, Equatable {
    /// nil for a bullet list; the first number for an ordered one.
    public var start: Int?
    /// Tight lists (no blank lines between items) are set without paragraph spacing.
    public var isTight: Bool
    /// The items in order.
    public var items: [ListItem]

    /// A list starting at `start` (nil: bullets).
    public init(start: Int?, isTight: Bool, items: [ListItem]) {
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// One item of a list: its blocks, and its box when it is a task.
public struct ListItem: Sendable, Equatable {
    /// nil for an ordinary item; false or true for a task item's empty or ticked box.
    public var task: Bool?
    /// What the item holds.
    public var blocks: [Block]
    /// The 1-based source line of the item's marker; 0 when unknown.
    public var line: Int

    /// An item holding `blocks`; a task item when `task` is given.
    public init(task: Bool? = nil, blocks: [Block], line: Int = 0) {
        self.task = task
        self.blocks = blocks
        self.line = line
    }
}

/// A table: GFM's (one row of inline cells per line) or HTML's `<table>` (cells that may span
/// columns and rows and hold blocks). Both are set by one table engine.
public struct Table: Sendable, Equatable {
    /// A column's or cell's alignment.
    public enum Alignment: Sendable, Equatable {
        /// None given: the start of the text's direction.
        case none
        /// `:--`, `align="left"`.
        case left
        /// `:-:`, `align="center"`.
        case center
        /// `--:`, `align="right"`.
        case right
    }
    /// Per column, from GFM's delimiter row (HTML tables align per cell: `TableCell.alignment`).
    public var alignments: [Alignment]
    /// The cells of each row, in source order; a cell spanning rows is listed in its first row
    /// only (`grid` places them). GFM rows hold one cell per column (short rows padded).
    public var cells: [[TableCell]]
    /// How many rows at the top form the header (`<thead>`, GFM's first row): shaded, and
    /// repeated at the top of every page the table continues on.
    public var headerRows: Int

    /// A GFM table: each cell's inline content, the header row first when `hasHeader`.
    public init(alignments: [Alignment], rows: [[[Inline]]], hasHeader: Bool, line: Int = 0) {
        self.alignments = alignments
        cells = rows.map { row in row.map { TableCell(inlines: $0, line: line) } }
        headerRows = hasHeader && !rows.isEmpty ? 1 : 0
    }

    /// A table of `cells` (an HTML table's: each row's cells in source order), the first
    /// `headerRows` rows its header (clamped to the rows there are).
    public init(alignments: [Alignment] = [], cells: [[TableCell]], headerRows: Int) {
        self.alignments = alignments
        self.cells = cells
        self.headerRows = max(0, min(headerRows, cells.count))
    }

    /// Whether the table has a header row.
    public var hasHeader: Bool { headerRows > 0 }

    /// Each cell's inline content, row by row: a cell holding one paragraph gives its content,
    /// an empty one nothing, any other the plain text of its blocks.
    public var rows: [[[Inline]]] { cells.map { $0.map(\.inlines) } }
}

/// One cell of a table.
public struct TableCell: Sendable, Equatable {
    /// What it holds: one paragraph for a GFM cell (none when empty); for an HTML cell, what
    /// its HTML shows (`BlockKind.html`) and the Markdown blocks GitHub renders inside it.
    public var blocks: [Block]
    /// Columns it spans (`colspan`), at least 1.
    public var columnSpan: Int
    /// Rows it spans (`rowspan`), at least 1.
    public var rowSpan: Int
    /// Its own alignment (`align`, `text-align`); nil: its column's.
    public var alignment: Table.Alignment?
    /// Its own direction (`dir`); nil: the table's.
    public var direction: WritingDirection?
    /// A header cell (`<th>`): set in bold.
    public var isHeader: Bool
    /// The 1-based source line the cell starts on; 0 when unknown.
    public var line: Int

    /// A cell holding `blocks`; spans below 1 count as 1.
    public init(blocks: [Block], columnSpan: Int = 1, rowSpan: Int = 1, alignment: Table.Alignment? = nil,
                direction: WritingDirection? = nil, isHeader: Bool = false, line: Int = 0) {
        self.blocks = blocks
        self.columnSpan = max(1, columnSpan)
        self.rowSpan = max(1, rowSpan)
        self.alignment = alignment
        self.direction = direction
        self.isHeader = isHeader
        self.line = line
    }

    /// A GFM cell: its inline content as one paragraph.
    public init(inlines: [Inline], line: Int = 0) {
        self.init(blocks: inlines.isEmpty ? [] : [Block(.paragraph(inlines), line: line)], line: line)
    }

    /// The inline content of a cell holding one paragraph; else the plain text of its blocks.
    public var inlines: [Inline] {
        if blocks.isEmpty { return [] }
        if blocks.count == 1, case .paragraph(let content) = blocks[0].kind { return content }
        return [.text(blocks.plainText)]
    }
}

extension Table {
    /// A cell where the grid puts it: its first row and column.
    public struct PlacedCell: Sendable, Equatable {
        /// The row it starts in, from 0.
        public var row: Int
        /// The column it starts in, from 0.
        public var column: Int
        /// The cell, its spans capped to the grid.
        public var cell: TableCell
    }

    /// The cells placed on a grid as HTML places them: each row's cells fill the columns left
    /// to right, skipping those taken by a cell spanning down from a row above. Spans are
    /// capped so that no cell reaches past the last row, nor past 1,000 columns.
    /// O(cells × spans).
    public var grid: (cells: [PlacedCell], columns: Int) {
        var placed: [PlacedCell] = []
        /// For each column, the first row not yet taken by a cell spanning down into it.
        var takenUntil: [Int] = []
        var columns = 0
        for (r, row) in cells.enumerated() {
            var c = 0
            for var cell in row {
                while c < takenUntil.count, takenUntil[c] > r { c += 1 }
                cell.columnSpan = min(cell.columnSpan, max(1, 1000 - c))
                cell.rowSpan = min(cell.rowSpan, cells.count - r)
                if takenUntil.count < c + cell.columnSpan { takenUntil += Array(repeating: 0, count: c + cell.columnSpan - takenUntil.count) }
                for k in c..<(c + cell.columnSpan) { takenUntil[k] = r + cell.rowSpan }
                placed.append(PlacedCell(row: r, column: c, cell: cell))
                c += cell.columnSpan
                columns = max(columns, c)
            }
        }
        return (placed, columns)
    }
}

/// The kinds of inline content, each with what it holds. `Inline.accept` and `InlineVisitor`
/// have one method per kind; `Inline.children` says what is inside.
public indirect enum Inline: Sendable, Equatable {
    /// Text as written (entities decoded).
    case text(String)
    /// Emphasis (`*x*`, `<em>`), set in italic.
    case emphasis([Inline])
    /// Strong emphasis (`**x**`, `<strong>`), set in bold.
    case strong([Inline])
    /// Strikethrough (`~~x~~`, `<del>`).
    case strikethrough([Inline])
    /// Inline code, as written.
    case code(String)
    /// A link; `destination` is the URL or `#anchor` as written (entities decoded).
    case link(destination: String, title: String, content: [Inline])
    /// An image: its source as written (a path, a URL, a `data:` URI), title and alt text.
    case image(source: String, title: String, alt: [Inline])
    /// A line break in the source that is not a hard break: set as a space.
    case softBreak
    /// A hard line break (two spaces or a backslash at the end of a line).
    case hardBreak
    /// A reference to the footnote whose definition has this label (its number).
    case footnoteReference(label: String)
    /// A formula in the text: `$…$`, a dollar-and-backtick pair, or `$$…$$` inside a heading or cell.
    case math(MathFormula)
    /// What a raw HTML element (`<sub>`, `<kbd>`, `<mark>`, `<b>`, ...) does to its content;
    /// applied over Markdown's spans (`<i>` inside `*...*` stays italic).
    case styled(InlineEffect, [Inline])
    /// A place a `#fragment` link may lead to: an HTML element's `id`, `<a name>`.
    case anchor(String)
    /// An image raw HTML places (`<img>`): with the size it declares; its alt text is no caption.
    case htmlImage(HTMLImage)
    /// Inline content of raw HTML whose warnings (a missing image, a link to a missing anchor)
    /// name `line`, the 1-based line its element starts on, instead of its paragraph's first.
    case located(line: Int, content: [Inline])
}

/// What an inline HTML element does to its content.
public enum InlineEffect: Sendable, Equatable {
    /// `<b>`, `<strong>`; `<i>`, `<em>`, `<cite>`, `<var>`, `<dfn>`; `<code>`, `<tt>`, `<samp>`.
    case bold, italic, code
    /// `<kbd>`: code in a key cap's frame.
    case keyboard
    /// `<s>`, `<del>`, `<strike>`; `<u>`, `<ins>`; `<sup>`, `<sub>`; `<mark>`.
    case strikethrough, underline, superscript, `subscript`, highlight
}

/// An `<img>`: its source and alt text as written, and its declared size (`width`, `height`).
public struct HTMLImage: Sendable, Equatable {
    /// The `src` attribute, as written (entities decoded).
    public var source: String
    /// The `alt` attribute ("" when none): what a placeholder shows, the figure's alternate text.
    public var alt: String
    /// The declared width (nil: from the height, keeping the aspect ratio, else the picture's own).
    public var width: HTMLLength?
    /// The declared height (nil: from the width, keeping the aspect ratio, else the picture's own).
    public var height: HTMLLength?

    /// An image of `source`, with `alt` text and a declared size.
    public init(source: String, alt: String = "", width: HTMLLength? = nil, height: HTMLLength? = nil) {
        self.source = source
        self.alt = alt
        self.width = width
        self.height = height
    }
}

/// A length an HTML attribute declares (`width="120"`, `"120px"`, `"50%"`), always positive.
public enum HTMLLength: Sendable, Equatable {
    /// CSS pixels (96 per inch).
    case pixels(Double)
    /// A percentage of the box the element is set in.
    case percent(Double)
}

/// Raw HTML as Parse reads it: a run of an HTML block (cut where the elements `HTMLStructure`
/// reads begin and end: tables, details, `dir`, page breaks), as a browser shows it.
public struct HTMLBlock: Sendable, Equatable {
    /// Every `id` and `<a name>` in it, in order: layout places them where it starts, so that
    /// each is placed even inside `<pre>`.
    public var anchors: [String]
    /// What it shows, as ordinary blocks, one per part a block element starts: paragraphs
    /// (text between block elements, a list item with its bullet or number, a `<summary>` in
    /// bold, table cells separated by spaces), headings (`<h1>`...`<h6>`: in the outline, but
    /// given no slug, as GitHub gives raw HTML headings none), code (`<pre>`) and rules
    /// (`<hr>`), each with the alignment its elements give (`Block.alignment`).
    public var blocks: [Block]
    /// The 1-based line of a `<table>` it holds inside a table cell (one table engine does
    /// not nest: it is set as text, and layout warns), else nil.
    public var nestedTableLine: Int?

    /// Raw HTML showing `blocks`, naming `anchors`.
    public init(anchors: [String] = [], blocks: [Block], nestedTableLine: Int? = nil) {
        self.anchors = anchors
        self.blocks = blocks
        self.nestedTableLine = nestedTableLine
    }
}

extension Inline {
    /// The text a reader sees, without markup: used for slugs, titles and outline entries.
    public var plainText: String { [self].plainText }
}

extension Array where Element == Inline {
    /// The text a reader sees in the inlines, without markup: text and code as written, a
    /// formula as its TeX, a break as a space, a footnote reference as its number, anchors and
    /// HTML images as nothing, spans and links and Markdown images' alt texts by their content. O(n).
    public var plainText: String {
        var collector = PlainTextCollector()
        collector.walk(self)
        return collector.text
    }
}

extension Array where Element == Block {
    /// The direction of the first strong character in the blocks' text (`WritingDirection.of`),
    /// nil when there is none. O(n) in their text, without copying it.
    public var firstStrongDirection: WritingDirection? {
        var finder = FirstStrongFinder()
        finder.walk(self)
        return finder.direction
    }

    /// The text a reader sees in the blocks (their inline content; raw HTML gives none),
    /// paragraphs separated by a space. O(n).
    public var plainText: String {
        var collector = PlainTextCollector()
        collector.walk(self)
        return collector.text
    }
}

/// Finds the first strong character of what it walks (text and code).
private struct FirstStrongFinder: DocumentWalker {
    var direction: WritingDirection?
    mutating func visitText(_ s: String) { if direction == nil { direction = .of(s) } }
    mutating func visitCode(_ s: String) { if direction == nil { direction = .of(s) } }
}

/// Collects the plain text of inlines, walking into every span (and of blocks, paragraphs
/// separated by a space).
private struct PlainTextCollector: DocumentWalker {
    var text = ""
    mutating func visitText(_ s: String) { text += s }
    mutating func visitCode(_ s: String) { text += s }
    mutating func visitSoftBreak() { text += " " }
    mutating func visitHardBreak() { text += " " }
    mutating func visitFootnoteReference(label: String) { text += label }
    mutating func visitMath(_ formula: MathFormula) { text += formula.tex }
    mutating func visitParagraph(_ block: Block, content: [Inline]) {
        if !text.isEmpty && !text.hasSuffix(" ") { text += " " }
        walk(content)
    }
}
