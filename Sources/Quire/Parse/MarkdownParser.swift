import CCmarkGFM

/// Parses CommonMark + GitHub Flavored Markdown into a `Document`.
///
/// The one place that talks to cmark-gfm: tables, strikethrough, autolinks and task lists
/// are enabled as extensions, footnotes and source positions as options. The cmark tree is
/// converted at once into value types and freed before returning; no C type escapes.
///
/// - Parameter text: the Markdown source (any string; cmark-gfm accepts every input).
/// - Returns: the document. Never fails: Markdown has no syntax errors.
/// - Complexity: O(n) in the size of the input.
public func parseMarkdown(_ text: String) -> Document {
    cmark_gfm_core_extensions_ensure_registered()
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE
    guard let parser = cmark_parser_new(options) else { return Document(blocks: []) }
    defer { cmark_parser_free(parser) }
    for name in ["table", "strikethrough", "autolink", "tasklist"] {
        if let ext = cmark_find_syntax_extension(name) {
            cmark_parser_attach_syntax_extension(parser, ext)
        }
    }
    var source = text
    source.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
            cmark_parser_feed(parser, chars.baseAddress, chars.count)
        }
    }
    guard let root = cmark_parser_finish(parser) else { return Document(blocks: []) }
    defer { cmark_node_free(root) }
    let converter = CmarkConverter()
    return Document(blocks: converter.blocks(childrenOf: root))
}

/// Converts cmark nodes to model values.
///
/// Footnotes: cmark-gfm numbers footnotes by first reference, gives each reference node its
/// number as literal, and appends the referenced definitions in that order at the end of the
/// document (dropping unreferenced ones); so the n-th definition met is footnote n.
private final class CmarkConverter {
    private var footnoteCount = 0

    func children(_ node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let c = child {
            result.append(c)
            child = cmark_node_next(c)
        }
        return result
    }

    func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    func blocks(childrenOf node: OpaquePointer) -> [Block] {
        children(node).compactMap(block)
    }

    func block(_ node: OpaquePointer) -> Block? {
        let line = Int(cmark_node_get_start_line(node))
        let typeName = string(cmark_node_get_type_string(node))
        if typeName == "table" { return Block(.table(table(node)), line: line) }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            let level = min(max(Int(cmark_node_get_heading_level(node)), 1), 6)
            return Block(.heading(level: level, content: inlines(childrenOf: node)), line: line)
        case CMARK_NODE_PARAGRAPH:
            return Block(.paragraph(inlines(childrenOf: node)), line: line)
        case CMARK_NODE_BLOCK_QUOTE:
            return Block(.blockQuote(blocks(childrenOf: node)), line: line)
        case CMARK_NODE_CODE_BLOCK:
            var text = string(cmark_node_get_literal(node))
            if text.hasSuffix("\n") { text.removeLast() }
            let info = string(cmark_node_get_fence_info(node))
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            return Block(.codeBlock(text: text, language: language), line: line)
        case CMARK_NODE_THEMATIC_BREAK:
            return Block(.thematicBreak, line: line)
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let items = children(node).map { item in
                let isTask = string(cmark_node_get_type_string(item)) == "tasklist"
                return ListItem(
                    task: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil,
                    blocks: blocks(childrenOf: item),
                    line: Int(cmark_node_get_start_line(item)))
            }
            let list = ListBlock(
                start: ordered ? Int(cmark_node_get_list_start(node)) : nil,
                isTight: cmark_node_get_list_tight(node) != 0,
                items: items)
            return Block(.list(list), line: line)
        case CMARK_NODE_HTML_BLOCK:
            return Block(.html(string(cmark_node_get_literal(node))), line: line)
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteCount += 1
            let label = String(footnoteCount)
            return Block(.footnoteDefinition(label: label, blocks: blocks(childrenOf: node)), line: line)
        default:
            // Unknown block kinds (custom blocks) keep their text as a paragraph.
            let content = inlines(childrenOf: node)
            return content.isEmpty ? nil : Block(.paragraph(content), line: line)
        }
    }

    func table(_ node: OpaquePointer) -> Table {
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
        var rows: [[[Inline]]] = []
        var hasHeader = false
        for (index, row) in children(node).enumerated() {
            if index == 0 { hasHeader = cmark_gfm_extensions_get_table_row_is_header(row) != 0 }
            var cells = children(row).map { inlines(childrenOf: $0) }
            while cells.count < columns { cells.append([]) }
            rows.append(cells)
        }
        return Table(alignments: alignments, rows: rows, hasHeader: hasHeader)
    }

    func inlines(childrenOf node: OpaquePointer) -> [Inline] {
        children(node).compactMap(inline)
    }

    func inline(_ node: OpaquePointer) -> Inline? {
        if string(cmark_node_get_type_string(node)) == "strikethrough" {
            return .strikethrough(inlines(childrenOf: node))
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .hardBreak
        case CMARK_NODE_CODE: return .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .html(string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: return .emphasis(inlines(childrenOf: node))
        case CMARK_NODE_STRONG: return .strong(inlines(childrenOf: node))
        case CMARK_NODE_LINK:
            return .link(destination: string(cmark_node_get_url(node)),
                         title: string(cmark_node_get_title(node)),
                         content: inlines(childrenOf: node))
        case CMARK_NODE_IMAGE:
            return .image(source: string(cmark_node_get_url(node)),
                          title: string(cmark_node_get_title(node)),
                          alt: inlines(childrenOf: node))
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            return .footnoteReference(label: string(cmark_node_get_literal(node)))
        default:
            let content = inlines(childrenOf: node)
            return content.isEmpty ? nil : .emphasis(content)
        }
    }
}
