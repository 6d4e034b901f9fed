/// Raw HTML around and between Markdown blocks, read as a browser reads GitHub's page.
///
/// cmark-gfm ends an HTML block at a blank line, so `<div dir="rtl">`, the Markdown inside it
/// and `</div>` come as three sibling blocks; so do a `<table>` whose cells hold Markdown and
/// a `<details>` around Markdown. This pass reads the siblings as one stream (the HTML blocks'
/// tags and text, the Markdown blocks whole) and gives back what the elements mean:
/// - `<table>` becomes a `Table` (rows, `<thead>`, `colspan`/`rowspan`, `align`, `dir`; each
///   cell's raw HTML and Markdown blocks its content). A table inside a cell stays raw HTML in
///   that cell, set as text (layout warns, naming its line).
/// - `<details>` becomes `BlockKind.details`: its `<summary>` and what it folds.
/// - An element's `dir` (or CSS `direction`; `auto` resolved from its first strong character)
///   and `align` (or `text-align`) go onto every block inside it (`Block.direction`,
///   `Block.alignment`), so the blocks stay siblings (sections, titles and streaming see them
///   as before) and layout applies them to everything they hold.
/// - `page-break-before`/`-after` (`break-before`/`-after: page`) and the class `page-break`
///   become `BlockKind.pageBreak` blocks (not inside table cells).
/// Everything else stays raw HTML (`BlockKind.html`), cut where these elements begin and end,
/// for `HTMLBlocks` to set: an HTML block with none of them is kept as written.
///
/// Unclosed elements end with the siblings; a stray closing tag is ignored; `<p>` and
/// headings end with their HTML block (a browser closes them at the next block). Details
/// nested deeper than `maximumNesting` stay raw HTML.
/// - Complexity: O(n) in the HTML's length and the number of blocks, plus, for `dir="auto"`,
///   a look ahead to the first strong character.
struct HTMLStructure {
    /// `blocks` with their raw HTML read as elements; the same blocks when no HTML block holds
    /// anything this pass reads (the usual case: a cheap scan of the HTML).
    static func build(_ blocks: [Block]) -> [Block] {
        guard blocks.contains(where: { if case .html(let h) = $0.kind { return mayStructure(h) } else { return false } }) else {
            return blocks
        }
        var reader = HTMLStructure(blocks)
        return reader.sequence(Attributes(), until: nil, ends: [], inCell: false)
    }

    /// Whether `html` may hold an element this pass reads (a table, details, an attribute it
    /// honours, a page break). False means the HTML block stays exactly as it is.
    private static func mayStructure(_ html: String) -> Bool {
        let lower = html.lowercased()
        return ["<table", "<details", "dir=", "align", "<center", "break", "direction"].contains { lower.contains($0) }
    }

    // MARK: The stream

    private enum Token {
        /// A piece of the HTML block `sources[source]`.
        case piece(HTMLText.Located, source: Int)
        case block(Block)
        /// The end of the HTML block `sources[source]`.
        case end
    }

    private var sources: [(html: String, line: Int)] = []
    private var tokens: [Token] = []
    private var position = 0
    /// How many `<details>` are open around the position: each is read by a call of its own,
    /// so deeper ones stay raw HTML (shown, not indented) and no input exhausts the stack.
    private var nesting = 0
    static let maximumNesting = 64

    private init(_ blocks: [Block]) {
        for block in blocks {
            guard case .html(let html) = block.kind else { tokens.append(.block(block)); continue }
            sources.append((html, block.line))
            tokens += HTMLText.scan(html).map { .piece($0, source: sources.count - 1) }
            tokens.append(.end)
        }
    }

    /// What the elements open around a point say of the blocks there.
    struct Attributes {
        var direction: WritingDirection?
        var alignment: TextAlignment?
        /// Page breaks are honoured (not inside table cells).
        var breaks = true

        func applied(to block: Block) -> Block {
            var block = block
            block.direction = block.direction ?? direction
            block.alignment = block.alignment ?? alignment
            return block
        }
    }

    /// An open element that may hold blocks.
    private struct Scope {
        var name: String
        var direction: WritingDirection?
        var alignment: TextAlignment?
        var breakAfter: Bool
    }

    /// Raw HTML being collected: characters of one HTML block, and what applies to them.
    private struct Run {
        var source: Int
        var range: Range<String.Index>
        var line: Int
        var attributes: Attributes
        /// Whether it holds a tag or text other than whitespace.
        var isBlank: Bool
        /// How many scopes were open when it began (their attributes are in `attributes`).
        var depth: Int
    }

    /// Elements that may hold blocks and close explicitly (the ones this pass tracks to know
    /// where an element's `dir` or `align` ends).
    private static let scopeTags = HTMLText.blockTags.subtracting(["hr", "table", "details", "tr", "td", "th", "thead",
                                                                   "tbody", "tfoot", "caption"])
    /// How far `dir="auto"` looks for a strong character, in pieces and blocks.
    private static let lookahead = 4096
    /// Elements a browser closes at the next block: they end with their HTML block.
    private static let closedByBlock: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "summary"]

    /// Reads blocks until the closing tag `until` (consumed), a tag in `ends` (an opening tag
    /// by its name, a closing one as "/name"; left for the caller) or the end of the stream.
    private mutating func sequence(_ outer: Attributes, until: String?, ends: Set<String>, inCell: Bool) -> [Block] {
        var out: [Block] = []
        var stack: [Scope] = []
        var run: Run?
        func attributes() -> Attributes {
            var a = outer
            a.direction = stack.last { $0.direction != nil }?.direction ?? outer.direction
            a.alignment = stack.last { $0.alignment != nil }?.alignment ?? outer.alignment
            return a
        }
        func flush() {
            if let r = run, !r.isBlank {
                let html = sources[r.source].html
                let raw = r.range == html.startIndex..<html.endIndex ? html : String(html[r.range])
                out.append(r.attributes.applied(to: Block(.html(raw), line: r.line)))
            }
            run = nil
        }
        func extend(_ located: HTMLText.Located, source: Int) {
            var blank = false
            if case .text(let t) = located.piece { blank = t.allSatisfy(\.isWhitespace) }
            if var r = run, r.source == source {
                r.range = r.range.lowerBound..<located.range.upperBound
                if r.isBlank && !blank { r.line = sources[source].line + located.line }
                r.isBlank = r.isBlank && blank
                run = r
            } else {
                flush()
                run = Run(source: source, range: located.range, line: sources[source].line + located.line,
                          attributes: attributes(), isBlank: blank, depth: stack.count)
            }
        }
        /// Closes the scopes from `index` up, with the page breaks they ask for after them.
        func close(from index: Int, line: Int) {
            let closing = stack[index...]
            stack.removeSubrange(index...)
            if closing.contains(where: \.breakAfter), outer.breaks {
                flush()
                out.append(Block(.pageBreak, line: line))
            }
        }
        var lastLine = 0
        func finish() {
            flush()
            if !stack.isEmpty { close(from: 0, line: lastLine) }
        }

        while position < tokens.count {
            switch tokens[position] {
            case .block(let block):
                flush()
                out.append(attributes().applied(to: block))
                position += 1
            case .end:
                flush()
                if let i = stack.firstIndex(where: { Self.closedByBlock.contains($0.name) }) { close(from: i, line: lastLine) }
                position += 1
            case .piece(let located, let source):
                lastLine = sources[source].line + located.line
                guard case .tag(let tag) = located.piece else {
                    extend(located, source: source)
                    position += 1
                    continue
                }
                if tag.isClosing {
                    if tag.name == until { finish(); position += 1; return out }
                    if ends.contains("/" + tag.name) { finish(); return out }
                    position += 1
                    guard let i = stack.lastIndex(where: { $0.name == tag.name }) else {
                        extend(located, source: source)   // a stray closing tag: HTMLBlocks ignores it
                        continue
                    }
                    extend(located, source: source)
                    // The run ends here when what it was set with changes: a direction (which
                    // HTMLBlocks does not read from tags), or a scope open when it began.
                    if stack[i...].contains(where: { $0.direction != nil || $0.breakAfter }) || i < (run?.depth ?? 0) { flush() }
                    close(from: i, line: lastLine)
                    continue
                }
                if ends.contains(tag.name) { finish(); return out }
                position += 1
                let line = sources[source].line + located.line
                switch tag.name {
                case "table":
                    flush()
                    if inCell {
                        out += nestedTable(from: located, source: source)
                    } else {
                        out += table(tag, line: line, attributes(), ends: ends)
                    }
                case "details" where nesting < Self.maximumNesting:
                    flush()
                    nesting += 1
                    out.append(details(tag, line: line, attributes(), ends: ends, inCell: inCell))
                    nesting -= 1
                default:
                    let breaks = HTMLText.pageBreaks(tag)
                    if breaks.before, outer.breaks {
                        flush()
                        out.append(Block(.pageBreak, line: line))
                    }
                    let selfClosed = tag.raw.hasSuffix("/>")
                    guard Self.scopeTags.contains(tag.name), !selfClosed else {
                        extend(located, source: source)
                        if breaks.after, outer.breaks {
                            flush()
                            out.append(Block(.pageBreak, line: line))
                        }
                        continue
                    }
                    let scope = Scope(name: tag.name, direction: direction(of: tag), alignment: HTMLText.blockAlignment(tag),
                                      breakAfter: breaks.after)
                    // A direction starts a run of its own, set with it; an alignment inside a
                    // run is read by HTMLBlocks from the tag itself.
                    if scope.direction != nil {
                        flush()
                        stack.append(scope)
                        extend(located, source: source)
                    } else {
                        extend(located, source: source)
                        stack.append(scope)
                    }
                }
            }
        }
        finish()
        return out
    }

    /// The direction an element's `dir` gives; `auto` from the first strong character of
    /// what follows, up to the element's end.
    private func direction(of tag: HTMLText.Tag) -> WritingDirection? {
        switch HTMLText.direction(tag) {
        case .fixed(let d)?: return d
        case .auto?: return firstStrongDirection(inside: tag.name)
        case nil: return nil
        }
    }

    /// The direction of the first strong character from the current position to the end of
    /// the element `name` (or of its HTML block, for elements closed by it), looking at most
    /// `lookahead` pieces and blocks ahead (so that nested `dir="auto"` elements without a
    /// strong character cannot cost quadratic time). O(text read).
    private func firstStrongDirection(inside name: String) -> WritingDirection? {
        var depth = 0
        for token in tokens[position..<min(tokens.count, position + Self.lookahead)] {
            switch token {
            case .block(let block):
                if let d = [block].firstStrongDirection { return d }
            case .end:
                if Self.closedByBlock.contains(name) { return nil }
            case .piece(let located, _):
                switch located.piece {
                case .text(let t):
                    if let d = WritingDirection.of(t) { return d }
                case .tag(let tag) where name == "td" || name == "th":
                    // A cell ends at the next cell, row or table (its closing tag is optional).
                    if ["td", "th", "tr", "table"].contains(tag.name) { return nil }
                case .tag(let tag) where name == "tr":
                    if tag.name == "tr" || tag.name == "table" { return nil }
                case .tag(let tag) where tag.name == name:
                    if !tag.isClosing { depth += 1 } else if depth == 0 { return nil } else { depth -= 1 }
                case .tag:
                    break
                }
            }
        }
        return nil
    }

    // MARK: Tables

    /// Tags that end a cell without its closing tag.
    private static let cellEnds: Set<String> = ["td", "th", "tr", "thead", "tbody", "tfoot", "/tr", "/table", "/thead",
                                                "/tbody", "/tfoot", "caption"]

    /// A `<table>` (its opening tag read): the blocks a browser moves before it (a caption,
    /// Markdown or text outside any cell), then the table.
    private mutating func table(_ open: HTMLText.Tag, line: Int, _ outer: Attributes, ends: Set<String>) -> [Block] {
        var before: [Block] = []
        var rows: [[TableCell]] = []
        var rowIsHeader: [Bool] = []
        var row: [TableCell]?
        var rowAttributes: (alignment: Table.Alignment?, direction: WritingDirection?) = (nil, nil)
        var section = ""
        let tableDirection = direction(of: open) ?? outer.direction
        var inner = outer
        inner.breaks = false
        inner.alignment = nil
        inner.direction = tableDirection
        func endRow() {
            guard let cells = row else { return }
            rows.append(cells)
            rowIsHeader.append(section == "thead" || (!cells.isEmpty && cells.allSatisfy(\.isHeader)))
            row = nil
        }
        scan: while position < tokens.count {
            switch tokens[position] {
            case .end:
                position += 1
            case .block(let block):
                // Markdown outside any cell: after a row, the table was left unclosed and the
                // document goes on (a browser would move it before the table).
                if !rows.isEmpty || row != nil { break scan }
                before.append(outer.applied(to: block))
                position += 1
            case .piece(let located, let source):
                switch located.piece {
                case .text(let t):
                    position += 1
                    let text = HTMLText.collapseWhitespace(t).trimmingCharacters(in: .whitespaces)
                    if !text.isEmpty { before.append(outer.applied(to: Block(.paragraph([.text(text)]), line: sources[source].line + located.line))) }
                case .tag(let tag):
                    let cellLine = sources[source].line + located.line
                    if tag.isClosing {
                        if tag.name == "table" { position += 1; break scan }
                        if ends.contains("/" + tag.name) { break scan }
                        position += 1
                        switch tag.name {
                        case "tr": endRow()
                        case "thead", "tbody", "tfoot": endRow(); section = ""
                        default: break
                        }
                        continue
                    }
                    if ends.contains(tag.name) { break scan }
                    position += 1
                    switch tag.name {
                    case "tr":
                        endRow()
                        row = []
                        rowAttributes = (Self.cellAlignment(tag), direction(of: tag))
                    case "thead", "tbody", "tfoot":
                        endRow()
                        section = tag.name
                    case "td", "th":
                        if row == nil { row = []; rowAttributes = (nil, nil) }
                        let cellDirection = direction(of: tag) ?? rowAttributes.direction
                        var cellOuter = inner
                        cellOuter.direction = cellDirection ?? inner.direction
                        let blocks = sequence(cellOuter, until: tag.name, ends: Self.cellEnds.union(ends), inCell: true)
                        row!.append(TableCell(blocks: blocks, columnSpan: Self.span(tag.attributes["colspan"]),
                                              rowSpan: Self.span(tag.attributes["rowspan"]),
                                              alignment: Self.cellAlignment(tag) ?? rowAttributes.alignment,
                                              direction: cellDirection, isHeader: tag.name == "th", line: cellLine))
                    case "caption":
                        var centred = outer
                        centred.alignment = .center
                        before += sequence(centred, until: "caption", ends: Self.cellEnds.union(ends).subtracting(["caption"]), inCell: true)
                    default:
                        break  // <colgroup>, <col> and stray tags
                    }
                }
            }
        }
        endRow()
        let header = rowIsHeader.firstIndex(of: false) ?? rows.count
        var table = Block(.table(Table(cells: rows, headerRows: header)), line: line)
        table.direction = tableDirection
        table.alignment = HTMLText.blockAlignment(open) ?? outer.alignment
        return before + (rows.isEmpty ? [] : [table])
    }

    /// `colspan`/`rowspan` as a count: 1 when absent or not a number; `rowspan="0"` (to the
    /// end of the table) as a large count that placing caps.
    private static func span(_ value: String?) -> Int {
        guard let n = value.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else { return 1 }
        return n == 0 ? 10_000 : max(1, min(n, 10_000))
    }

    private static func cellAlignment(_ tag: HTMLText.Tag) -> Table.Alignment? {
        switch HTMLText.blockAlignment(tag) {
        case .left?: return .left
        case .center?: return .center
        case .right?: return .right
        case .justify?, nil: return nil
        }
    }

    /// A table inside a cell (its opening tag read), kept as raw HTML up to its end, which
    /// HTMLBlocks sets as text: runs of its HTML and the Markdown blocks between them.
    private mutating func nestedTable(from open: HTMLText.Located, source: Int) -> [Block] {
        var out: [Block] = []
        var run: (source: Int, range: Range<String.Index>, line: Int)? = (source, open.range, sources[source].line + open.line)
        func flush() {
            if let r = run { out.append(Block(.html(String(sources[r.source].html[r.range])), line: r.line)) }
            run = nil
        }
        var depth = 0
        while position < tokens.count {
            switch tokens[position] {
            case .block(let block): flush(); out.append(block)
            case .end: flush()
            case .piece(let located, let s):
                if let r = run, r.source == s {
                    run!.range = r.range.lowerBound..<located.range.upperBound
                } else {
                    flush()
                    run = (s, located.range, sources[s].line + located.line)
                }
                if case .tag(let tag) = located.piece, tag.name == "table" {
                    if !tag.isClosing { depth += 1 } else if depth == 0 { position += 1; flush(); return out } else { depth -= 1 }
                }
            }
            position += 1
        }
        flush()
        return out
    }

    // MARK: Details

    /// A `<details>` (its opening tag read): its summary (the first element, when it is a
    /// `<summary>`) and the blocks up to `</details>`.
    private mutating func details(_ open: HTMLText.Tag, line: Int, _ outer: Attributes, ends: Set<String>, inCell: Bool) -> Block {
        var inner = outer
        inner.direction = direction(of: open) ?? outer.direction
        inner.alignment = HTMLText.blockAlignment(open) ?? outer.alignment
        var summary: [Inline] = []
        // Skip blank text and block ends before the summary.
        var k = position
        while k < tokens.count {
            if case .end = tokens[k] { k += 1; continue }
            if case .piece(let l, _) = tokens[k], case .text(let t) = l.piece, t.allSatisfy(\.isWhitespace) { k += 1; continue }
            break
        }
        if k < tokens.count, case .piece(let l, _) = tokens[k], case .tag(let tag) = l.piece, tag.name == "summary", !tag.isClosing {
            position = k + 1
            summary = readSummary()
        }
        let body = sequence(inner, until: "details", ends: ends, inCell: inCell)
        var block = Block(.details(summary: summary, blocks: body), line: line)
        block.direction = inner.direction
        block.alignment = inner.alignment
        return block
    }

    /// A summary's content up to `</summary>`: text (whitespace collapsed) and tags as inline
    /// HTML; a Markdown block inside gives its inline content.
    private mutating func readSummary() -> [Inline] {
        var inlines: [Inline] = []
        func appendText(_ t: String) {
            var text = HTMLText.collapseWhitespace(t)
            let afterSpace: Bool
            if case .text(let last)? = inlines.last { afterSpace = last.hasSuffix(" ") } else { afterSpace = inlines.isEmpty }
            if afterSpace, text.hasPrefix(" ") { text.removeFirst() }
            if !text.isEmpty { inlines.append(.text(text)) }
        }
        loop: while position < tokens.count {
            switch tokens[position] {
            case .end:
                break
            case .block(let block):
                appendText(" ")
                inlines += block.inlineContent.first ?? []
            case .piece(let located, _):
                switch located.piece {
                case .text(let t): appendText(t)
                case .tag(let tag) where tag.name == "summary" && tag.isClosing:
                    position += 1
                    break loop
                case .tag(let tag) where !tag.isClosing && (tag.name == "details" || tag.name == "table"):
                    break loop  // the summary ends without its closing tag
                case .tag(let tag):
                    inlines.append(.html(tag.raw))
                }
            }
            position += 1
        }
        if case .text(let last)? = inlines.last, last.hasSuffix(" ") { inlines[inlines.count - 1] = .text(String(last.dropLast())) }
        return inlines
    }
}
