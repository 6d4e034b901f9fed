import CGumbo

/// One node of an HTML tree as gumbo (Google's HTML5 parser) builds it, as Swift values: an
/// element or a run of text, with the line it starts on in the buffer parsed.
package struct HTMLNode: Equatable {
    package enum Content: Equatable {
        case element(HTMLElement)
        /// Text with its character references decoded, as written otherwise (whitespace kept).
        case text(String)
    }
    package var content: Content
    /// The 1-based line of the buffer it starts on (an element: its start tag's `<`); 0 for
    /// an element the parser inserted (an implied `<tbody>`, a repaired formatting element).
    package var line: Int
}

/// An element: its lowercased tag name, attributes (names lowercased, values decoded) and children.
package struct HTMLElement: Equatable {
    package var name: String
    package var attributes: [String: String]
    package var children: [HTMLNode]
    /// Whether a line end right after the start tag was dropped (as the HTML standard drops
    /// it after `<pre>`'s): it is not in the text of the children.
    package var leadingNewlineDropped = false
    /// The buffer line (1-based) its end tag is on; 0 when it has none (the parser closed it).
    package var endLine = 0
}

/// The gumbo boundary: parses HTML as a browser does (every HTML5 character reference, the
/// tree construction rules that repair what is malformed) and hands back the tree as values,
/// freeing gumbo's. Comments are dropped. gumbo is a pure function over a buffer, so this
/// runs on any thread.
package struct HTMLTree {
    /// The buffer parsed (for what gumbo's tree does not say: the byte after a start tag).
    private let buffer: UnsafeRawBufferPointer

    /// Elements nested deeper than this are read as their text (and the placeholders of
    /// `HTMLJoin` in it), so that every later pass over the tree may recurse.
    package static let maximumDepth = 128

    /// The nodes `html` gives as the content of a `<body>` (a fragment: no `<html>`, `<head>`
    /// or `<body>` of its own), nested at most `HTMLDepthGuard.maximumDepth` deep. O(n) in
    /// the buffer's length.
    package static func parseFragment(_ html: String) -> [HTMLNode] {
        var options = kGumboDefaultOptions
        options.fragment_context = GUMBO_TAG_BODY
        options.max_errors = 0   // errors are not reported; do not collect them
        var source = HTMLDepthGuard.capped(html)
        return source.withUTF8 { bytes -> [HTMLNode] in
            bytes.withMemoryRebound(to: CChar.self) { chars -> [HTMLNode] in
                guard let output = withUnsafePointer(to: &options, { gumbo_parse_with_options($0, chars.baseAddress, chars.count) }) else {
                    return []
                }
                defer { withUnsafePointer(to: &options) { gumbo_destroy_output($0, output) } }
                guard let root = output.pointee.root else { return [] }
                return HTMLTree(buffer: UnsafeRawBufferPointer(bytes)).children(of: root, depth: 0)
            }
        }
    }

    private func children(of node: UnsafeMutablePointer<GumboNode>, depth: Int) -> [HTMLNode] {
        let vector = node.pointee.v.element.children
        var result: [HTMLNode] = []
        result.reserveCapacity(Int(vector.length))
        for i in 0..<Int(vector.length) {
            guard let child = vector.data[i]?.assumingMemoryBound(to: GumboNode.self) else { continue }
            if depth >= Self.maximumDepth { flatten(child, into: &result) } else if let n = convert(child, depth: depth) { result.append(n) }
        }
        return result
    }

    private func convert(_ node: UnsafeMutablePointer<GumboNode>, depth: Int) -> HTMLNode? {
        switch node.pointee.type {
        case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
            let text = node.pointee.v.text
            return HTMLNode(content: .text(String(cString: text.text)), line: Int(text.start_pos.line))
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
            let element = node.pointee.v.element
            let inserted = element.original_tag.length == 0
            var converted = HTMLElement(name: name(of: element), attributes: attributes(of: element),
                                        children: children(of: node, depth: depth + 1))
            if element.original_end_tag.length > 0 { converted.endLine = Int(element.end_pos.line) }
            let after = Int(element.start_pos.offset) + element.original_tag.length
            if converted.name == "pre", !inserted, after < buffer.count {
                converted.leadingNewlineDropped = buffer[after] == 0x0A
            }
            return HTMLNode(content: .element(converted), line: inserted ? 0 : Int(element.start_pos.line))
        default:
            return nil   // comments, the document
        }
    }

    /// The text and placeholder elements under `node`, in order, found with an explicit stack.
    private func flatten(_ node: UnsafeMutablePointer<GumboNode>, into result: inout [HTMLNode]) {
        var stack = [node]
        while let next = stack.popLast() {
            switch next.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                if let n = convert(next, depth: 0) { result.append(n) }
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                // A placeholder is kept (its content follows it, flattened too).
                let element = next.pointee.v.element
                if HTMLJoin.isPlaceholder(attributes(of: element)) {
                    let start = element.start_pos
                    result.append(HTMLNode(content: .element(HTMLElement(name: name(of: element), attributes: attributes(of: element),
                                                                         children: [])),
                                           line: Int(start.line)))
                }
                let vector = element.children
                for i in (0..<Int(vector.length)).reversed() {
                    if let child = vector.data[i]?.assumingMemoryBound(to: GumboNode.self) { stack.append(child) }
                }
            default:
                break
            }
        }
    }

    /// The element's tag name, lowercased: gumbo's for the tags it knows, else as written.
    private func name(of element: GumboElement) -> String {
        if element.tag != GUMBO_TAG_UNKNOWN, let known = gumbo_normalized_tagname(element.tag) {
            return String(cString: known)
        }
        var piece = element.original_tag
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data else { return "" }
        let bytes = UnsafeRawBufferPointer(start: data, count: piece.length)
        let name = bytes.prefix { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D || $0 == 0x2F || $0 == 0x3E) }
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    private func attributes(of element: GumboElement) -> [String: String] {
        let vector = element.attributes
        guard vector.length > 0 else { return [:] }
        var result: [String: String] = [:]
        for i in 0..<Int(vector.length) {
            guard let attribute = vector.data[i]?.assumingMemoryBound(to: GumboAttribute.self) else { continue }
            result[String(cString: attribute.pointee.name)] = String(cString: attribute.pointee.value)
        }
        return result
    }
}
