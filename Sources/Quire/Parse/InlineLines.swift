import CCmarkGFM
import QuireModel

/// The source line of each Markdown link and image, which its warnings name (issue 48: they
/// named their paragraph's first line).
///
/// cmark-gfm's positions are reliable for blocks, not for inlines: a link whose text spans
/// lines is given the line of its `]`, and a line end inside a link's destination or title
/// is not counted, so every inline after it is placed a line early. So the line is counted
/// here instead, from the block's first line and the line ends of the inlines before it, in
/// document order: a soft or hard break is one; a code span's are what cmark counts as it
/// consumes it (its end line less its start line: its text has them as spaces); raw HTML's
/// are in its text. A line end inside a link's destination or title is not in the tree and
/// is not counted (rare: `[a](url` then `"title")` on the next line).
///
/// A link or image that starts on another line than the inline around it (its block, or a
/// link it is inside) is wrapped in `Inline.located`, as raw HTML's are (`HTMLParts`), so
/// the model of a one-line paragraph is what it was; layout and `AccessibilityCheck` read
/// the line from there, both the same way.
extension CmarkConverter {
    /// Starts counting at `node`'s first line (a paragraph, heading or cell); returns it.
    package func startLines(at node: OpaquePointer) -> Int {
        inlineLine = line(node)
        placedLine = inlineLine
        return inlineLine
    }

    /// Counts the line ends `node` holds, read past without converting its children: a break,
    /// a code span, raw HTML, the breaks in an image's alt text.
    package func moveLine(past node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            inlineLine += 1
        case CMARK_NODE_CODE:
            let counted = Int(cmark_node_get_end_line(node)) - Int(cmark_node_get_start_line(node))
            inlineLine += max(0, counted, lineEnds(in: string(cmark_node_get_literal(node))))
        case CMARK_NODE_HTML_INLINE:
            inlineLine += lineEnds(in: string(cmark_node_get_literal(node)))
        case CMARK_NODE_IMAGE:
            for child in children(node) { moveLine(past: child) }
        default:
            break
        }
    }

    package func lineEnds(in text: String) -> Int {
        text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// `make()`'s link or image, inside `.located` when it starts on another line than the
    /// inline around it; what `make` converts inside it is placed on its line.
    package func located(_ make: () -> Inline) -> Inline {
        let line = inlineLine, outer = placedLine
        guard line > 0, line != outer else { return make() }
        placedLine = line
        defer { placedLine = outer }
        return .located(line: line, content: [make()])
    }

    /// `content` without the `.located` wrappers on the line it is placed on already (a
    /// joined paragraph's link, whose inlines were converted before it).
    package func unlocated(_ content: [Inline]) -> [Inline] {
        content.flatMap { inline -> [Inline] in
            if case .located(let line, let inner) = inline, line == placedLine { return inner }
            return [inline]
        }
    }
}
