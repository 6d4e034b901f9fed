import CCmarkGFM
#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// Parses CommonMark + GitHub Flavored Markdown into a `Document`.
///
/// The one place that talks to cmark-gfm: tables, strikethrough, autolinks and task lists
/// are enabled as extensions, footnotes and source positions as options. The cmark tree is
/// converted at once into value types and freed before returning; no C type escapes.
///
/// - Parameters:
///   - text: the Markdown source (any string; cmark-gfm accepts every input).
///   - smartPunctuation: curly quotes, dashes for "--" and "---", an ellipsis for "..."
///     (cmark's own rules; never in code). Off by default: GitHub keeps what was typed.
/// - Returns: the document. Never fails: Markdown has no syntax errors.
/// - Complexity: O(n) in the size of the input.
public func parseMarkdown(_ text: String, smartPunctuation: Bool = false) -> Document {
    withCmarkTree(text, smartPunctuation: smartPunctuation, autolinks: mayHoldAutolinks(text.utf8)) { root in
        Document(blocks: CmarkConverter().blocks(childrenOf: root))
    } ?? Document(blocks: [])
}

/// `body`'s value for the tree cmark-gfm parses `text` into, with Quire's extensions and
/// options and its `$$` lines fenced where GitHub renders display math (`DisplayMathLines`);
/// the tree is freed after. Nil when cmark fails (out of memory). O(n).
/// - Parameter autolinks: whether GitHub's autolink extension is needed (`mayHoldAutolinks`
///   of the whole document): without it the tree is the same for a text it would find nothing
///   in, but for its text nodes, which the extension cuts at every `w` and `:` it looks at (a
///   list of a million items took 500 MB more).
package func withCmarkTree<Value>(_ text: String, smartPunctuation: Bool, autolinks: Bool, _ body: (OpaquePointer) -> Value) -> Value? {
    cmark_gfm_core_extensions_ensure_registered()
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE | (smartPunctuation ? CMARK_OPT_SMART : 0)
    guard let root = DisplayMathLines.parse(text, with: { cmarkTree($0, options: options, autolinks: autolinks) }) else { return nil }
    defer { cmark_node_free(root) }
    return body(root)
}

/// Whether `text` may hold an extended autolink (GitHub's: `www.`, a scheme's `://`, an email
/// address's `@`, in any case): false means the autolink extension would find none. O(n).
package func mayHoldAutolinks(_ text: some Collection<UInt8>) -> Bool {
    var previous: (UInt8, UInt8, UInt8) = (0, 0, 0)
    for byte in text {
        if byte == UInt8(ascii: "@") { return true }
        let folded = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
        if byte == UInt8(ascii: "/"), previous.1 == UInt8(ascii: ":"), previous.2 == UInt8(ascii: "/") { return true }
        if folded == UInt8(ascii: "."), previous == (UInt8(ascii: "w"), UInt8(ascii: "w"), UInt8(ascii: "w")) { return true }
        previous = (previous.1, previous.2, folded)
    }
    return false
}

/// cmark-gfm's tree of `source` (the caller frees it), read with GitHub's extensions (the
/// autolink one when `autolinks`) and Quire's math spans; nil when cmark could not allocate a
/// parser.
private func cmarkTree(_ source: String, options: Int32, autolinks: Bool) -> OpaquePointer? {
    guard let parser = cmark_parser_new(options) else { return nil }
    defer { cmark_parser_free(parser) }
    for name in ["table", "strikethrough", "autolink", "tasklist"] where autolinks || name != "autolink" {
        if let ext = cmark_find_syntax_extension(name) {
            cmark_parser_attach_syntax_extension(parser, ext)
        }
    }
    if let math = MathSpans.extensionPointer { cmark_parser_attach_syntax_extension(parser, math) }
    var source = source
    source.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
            cmark_parser_feed(parser, chars.baseAddress, chars.count)
        }
    }
    MathSpans.finishing.lock()
    defer { MathSpans.finishing.unlock() }
    return cmark_parser_finish(parser)
}

/// Converts cmark nodes to model values.
///
/// Footnotes: cmark-gfm numbers footnotes by first reference, gives each reference node its
/// number as literal, and appends the referenced definitions in that order at the end of the
/// document (dropping unreferenced ones); so the n-th definition met is footnote n.
///
/// Nesting is capped so that every later stage may recurse: quotes, lists and footnotes
/// deeper than `maximumBlockDepth` are flattened into their blocks (text kept, markers and
/// bars dropped), inline spans deeper than `maximumInlineDepth` into plain text. The walks
/// that flatten use an explicit stack, so no input can exhaust the call stack.
///
/// A section of a document (`SectionParse`) is converted with its lines mapped to the
/// document's (`lines`) and its footnotes numbered across the document (`sectionNotes`).
package final class CmarkConverter {
    private var footnoteCount = 0
    package static let maximumBlockDepth = 128
    package static let maximumInlineDepth = 128
    /// The document's line of each line of the text cmark read.
    private let lines: SectionLines
    /// A section's footnotes, numbered across the document; nil for a whole document.
    private let sectionNotes: SectionNotes?
    /// Inside a footnote definition: its references are as written (cmark numbers none there).
    private var inNote = false
    /// The source line of the inline being read, and the line the inline around it is placed
    /// on (its block's, or a `.located`'s): `InlineLines.swift`.
    package var inlineLine = 0
    package var placedLine = 0

    package init(lines: SectionLines = .identity, notes: SectionNotes? = nil) {
        self.lines = lines
        self.sectionNotes = notes
    }

    /// The document's line where `node` starts.
    package func line(_ node: OpaquePointer) -> Int { lines.map(Int(cmark_node_get_start_line(node))) }

    package func children(_ node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let c = child {
            result.append(c)
            child = cmark_node_next(c)
        }
        return result
    }

    package func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// Whether `node` is of the extension type `name` ("table", "strikethrough", "tasklist"),
    /// compared in C: extension types have numbers assigned at run time, so only the name tells.
    package func isExtension(_ node: OpaquePointer, _ name: StaticString) -> Bool {
        guard let type = cmark_node_get_type_string(node) else { return false }
        return name.withUTF8Buffer { strcmp(type, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) == 0 }
    }

    /// The blocks inside `node`, with the raw HTML among them read and lowered
    /// (`HTMLStructure`: tables, details, `dir`, `align`, page breaks, what the rest shows).
    /// Each child is freed once converted, so that the tree shrinks as the blocks grow (a
    /// long list's peak is its tree's, not its tree's and its blocks' together). Children
    /// starting on one of the first `prelude` lines of the text, but footnote definitions,
    /// are left out (a section's definitions, `SectionParse`).
    package func blocks(childrenOf node: OpaquePointer, depth: Int = 0, prelude: Int = 0) -> [Block] {
        var sources: [SourceBlock] = []
        for child in children(node) {
            defer { cmark_node_free(child) }
            if prelude > 0, cmark_node_get_start_line(child) <= prelude, cmark_node_get_type(child) != CMARK_NODE_FOOTNOTE_DEFINITION {
                continue
            }
            if cmark_node_get_type(child) == CMARK_NODE_HTML_BLOCK {
                sources.append(htmlSource(child))
            } else {
                sources += block(child, depth: depth).map(SourceBlock.markdown)
            }
        }
        return HTMLStructure.build(sources)
    }

    private func htmlSource(_ node: OpaquePointer) -> SourceBlock {
        .html(string(cmark_node_get_literal(node)), line: line(node))
    }

    /// Whether `node` holds blocks (a quote, list, item or footnote definition).
    private func isContainer(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION: return true
        default: return false
        }
    }

    /// The leaf blocks (paragraphs, headings, code, ...) inside `node`, in document order,
    /// found with an explicit stack. O(nodes).
    private func leafBlocks(_ node: OpaquePointer) -> [Block] {
        var result: [Block] = []
        var stack = [node]
        while let next = stack.popLast() {
            if isContainer(next) {
                stack += children(next).reversed()
            } else if let leaf = block(next, depth: 0).first {
                result.append(leaf)
            }
        }
        return result
    }

    /// The block(s) `node` gives: one, none (an empty unknown block), the blocks raw HTML
    /// shows, or the flattened contents of a container nested deeper than `maximumBlockDepth`.
    package func block(_ node: OpaquePointer, depth: Int) -> [Block] {
        if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK { return HTMLStructure.build([htmlSource(node)]) }
        if depth >= Self.maximumBlockDepth, isContainer(node), cmark_node_get_type(node) != CMARK_NODE_FOOTNOTE_DEFINITION {
            return leafBlocks(node)
        }
        guard let block = convert(node, depth: depth) else { return [] }
        if case .paragraph(let content) = block.kind, let split = MarkdownConventions.pageBreakLines(content, line: block.line) {
            return split
        }
        if case .paragraph(let content) = block.kind, let split = MathSpans.displayBlocks(content, line: block.line) {
            return split
        }
        return [block]
    }

    private func convert(_ node: OpaquePointer, depth: Int) -> Block? {
        let line = self.line(node)
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            let level = min(max(Int(cmark_node_get_heading_level(node)), 1), 6)
            return Block(.heading(level: level, content: inlineContent(of: node)), line: line)
        case CMARK_NODE_PARAGRAPH:
            return Block(.paragraph(inlineContent(of: node)), line: line)
        case CMARK_NODE_BLOCK_QUOTE:
            let children = blocks(childrenOf: node, depth: depth + 1)
            if let alert = MarkdownConventions.alert(children) { return Block(.alert(alert.kind, blocks: alert.blocks), line: line) }
            if let aside = MarkdownConventions.docCAside(children) {
                return Block(.alert(aside.kind, blocks: aside.blocks, title: aside.title), line: line)
            }
            return Block(.blockQuote(children), line: line)
        case CMARK_NODE_CODE_BLOCK:
            var text = string(cmark_node_get_literal(node))
            if text.hasSuffix("\n") { text.removeLast() }
            let info = string(cmark_node_get_fence_info(node))
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            if language == "math" { return Block(.math(MathFormula(tex: text, display: true, line: line + 1)), line: line) }
            return Block(.codeBlock(text: text, language: language), line: line)
        case CMARK_NODE_THEMATIC_BREAK:
            return Block(.thematicBreak, line: line)
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let items = children(node).map { item in
                defer { cmark_node_free(item) }
                let isTask = isExtension(item, "tasklist")
                return ListItem(
                    task: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil,
                    blocks: blocks(childrenOf: item, depth: depth + 1),
                    line: self.line(item))
            }
            let list = ListBlock(
                start: ordered ? Int(cmark_node_get_list_start(node)) : nil,
                isTight: cmark_node_get_list_tight(node) != 0,
                items: items)
            return Block(.list(list), line: line)
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteCount += 1
            let label = sectionNotes.map { String($0.number(ofLocal: footnoteCount)) } ?? String(footnoteCount)
            let outer = inNote
            inNote = true
            defer { inNote = outer }
            return Block(.footnoteDefinition(label: label, blocks: blocks(childrenOf: node, depth: depth + 1)), line: line)
        default:
            if isExtension(node, "table") { return Block(.table(table(node)), line: line) }
            // Unknown block kinds (custom blocks) keep their text as a paragraph.
            let content = inlineContent(of: node)
            return content.isEmpty ? nil : Block(.paragraph(content), line: line)
        }
    }

    package func table(_ node: OpaquePointer) -> Table {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [Table.Alignment] = []
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for i in 0..<columns {
                switch UInt8(raw[i]) {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.none)
                }
            }
        } else {
            alignments = Array(repeating: .none, count: columns)
        }
        var rows: [[TableCell]] = []
        var hasHeader = false
        for (index, row) in children(node).enumerated() {
            if index == 0 { hasHeader = cmark_gfm_extensions_get_table_row_is_header(row) != 0 }
            let line = self.line(row)
            var cells = children(row).map { TableCell(inlines: inlineContent(of: $0), line: line) }
            while cells.count < columns { cells.append(TableCell(inlines: [], line: line)) }
            rows.append(cells)
        }
        return Table(alignments: alignments, cells: rows, headerRows: hasHeader ? 1 : 0)
    }

    /// The inline content of a paragraph, heading or cell, with its raw HTML read: the
    /// fragments cmark cuts it into (`<b>`, the text, `</b>` as three nodes) are joined with
    /// the Markdown between them (`HTMLJoin`), parsed as one, and lowered (`HTMLInlines`).
    package func inlineContent(of node: OpaquePointer) -> [Inline] {
        let blockLine = startLines(at: node)
        guard containsInlineHTML(node) else { return inlines(childrenOf: node) }
        var join = HTMLJoin()
        var placed: [(node: OpaquePointer, line: Int)] = []
        writeJoined(childrenOf: node, depth: 0, into: &join, placed: &placed)
        return HTMLInlines.paragraph(HTMLTree.parseFragment(join.buffer), firstLine: blockLine) { index, content in
            self.placedLine = blockLine
            self.inlineLine = placed[index].line
            return self.inline(placed[index].node, content: content)
        }
    }

    /// Whether raw HTML is among the inlines under `node`, found with an explicit stack.
    private func containsInlineHTML(_ node: OpaquePointer) -> Bool {
        var stack = children(node)
        while let next = stack.popLast() {
            if cmark_node_get_type(next) == CMARK_NODE_HTML_INLINE { return true }
            stack += children(next)
        }
        return false
    }

    /// Writes the inlines under `node` for gumbo: raw HTML as written (but for the start and
    /// end tags of elements whose content HTML reads as text, which would swallow the
    /// Markdown after them: they are left out, their content kept), text escaped, every
    /// other inline as a placeholder (around its content, for a span), listed in `placed`.
    private func writeJoined(childrenOf node: OpaquePointer, depth: Int, into join: inout HTMLJoin, placed: inout [(node: OpaquePointer, line: Int)]) {
        for child in children(node) {
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT:
                join.appendText(string(cmark_node_get_literal(child)))
            case CMARK_NODE_HTML_INLINE:
                let html = string(cmark_node_get_literal(child))
                inlineLine += lineEnds(in: html)
                if !HTMLJoin.opensRawText(html) { join.appendFragment(html) }
            default:
                join.openInlinePlaceholder(placed.count)
                placed.append((child, inlineLine))
                let before = inlineLine
                moveLine(past: child)
                join.appendLineEnds(inlineLine - before)   // the buffer's lines stay the source's
                if isSpan(child), depth < Self.maximumInlineDepth {
                    writeJoined(childrenOf: child, depth: depth + 1, into: &join, placed: &placed)
                } else if isSpan(child) {
                    join.appendText(plainText(child))
                }
                join.closeInlinePlaceholder()
            }
        }
    }

    /// Whether `node` is an inline holding inlines (emphasis, a link...), not a leaf (text,
    /// code, a break, an image, whose alt text is read as plain text, a footnote reference).
    private func isSpan(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
             CMARK_NODE_IMAGE, CMARK_NODE_FOOTNOTE_REFERENCE: return false
        default: return true
        }
    }

    /// The inline `node` is: a span with `content` (read from the HTML around it), a leaf as it is.
    private func inline(_ node: OpaquePointer, content: [Inline]) -> Inline? {
        guard isSpan(node) else { return inline(node, depth: 0) }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_EMPH: return .emphasis(content)
        case CMARK_NODE_STRONG: return .strong(content)
        case CMARK_NODE_LINK:
            return located {
                .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)), content: unlocated(content))
            }
        default:
            if isExtension(node, "strikethrough") { return .strikethrough(content) }
            return content.isEmpty ? nil : .emphasis(content)
        }
    }

    package func inlines(childrenOf node: OpaquePointer, depth: Int = 0) -> [Inline] {
        guard depth < Self.maximumInlineDepth else {
            let text = plainText(node)
            return text.isEmpty ? [] : [.text(text)]
        }
        return MathSpans.joiningDollars(children(node).compactMap { inline($0, depth: depth + 1) })
    }

    /// The literal text under `node` (text, code, breaks as spaces), with an explicit stack.
    private func plainText(_ node: OpaquePointer) -> String {
        var out = ""
        var stack = children(node).reversed() as [OpaquePointer]
        while let next = stack.popLast() {
            switch cmark_node_get_type(next) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: out += string(cmark_node_get_literal(next))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: out += " "
            default: stack += children(next).reversed()
            }
        }
        return out
    }

    package func inline(_ node: OpaquePointer, depth: Int) -> Inline? {
        func inlines(childrenOf node: OpaquePointer) -> [Inline] { self.inlines(childrenOf: node, depth: depth) }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: moveLine(past: node); return .softBreak
        case CMARK_NODE_LINEBREAK: moveLine(past: node); return .hardBreak
        case CMARK_NODE_CODE:
            moveLine(past: node)
            let literal = string(cmark_node_get_literal(node))
            if var formula = MathSpans.formula(literal: literal, userData: cmark_node_get_user_data(node)) {
                formula.line = lines.map(formula.line)
                return .math(formula)
            }
            return .code(MarkdownConventions.withoutDisambiguation(literal))
        case CMARK_NODE_HTML_INLINE: moveLine(past: node); return nil   // only in an image's alt text, read as plain text
        case CMARK_NODE_EMPH: return .emphasis(inlines(childrenOf: node))
        case CMARK_NODE_STRONG: return .strong(inlines(childrenOf: node))
        case CMARK_NODE_LINK:
            return located {
                .link(destination: string(cmark_node_get_url(node)),
                      title: string(cmark_node_get_title(node)),
                      content: inlines(childrenOf: node))
            }
        case CMARK_NODE_IMAGE:
            return located {
                .image(source: string(cmark_node_get_url(node)),
                       title: string(cmark_node_get_title(node)),
                       alt: inlines(childrenOf: node))
            }
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            let literal = string(cmark_node_get_literal(node))
            // cmark numbered it (outside definitions): its number in the document.
            if let sectionNotes, !inNote, let local = Int(literal) { return .footnoteReference(label: String(sectionNotes.number(ofLocal: local))) }
            return .footnoteReference(label: literal)
        default:
            if isExtension(node, "strikethrough") { return .strikethrough(inlines(childrenOf: node)) }
            let content = inlines(childrenOf: node)
            return content.isEmpty ? nil : .emphasis(content)
        }
    }
}
