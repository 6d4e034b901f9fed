/// Raw HTML blocks, as a browser would show their common tags.
///
/// Block-level tags (`HTMLText.blockTags`) divide the HTML into parts, each set like a
/// paragraph through the inline path (so `<b>`, `<a href>`, `<img>`, `<br>`, `<sub>`, ... mean
/// the same inside a paragraph and here): `align` on `<p>`, `<div>`, `<h1>`... (and
/// `<center>`) aligns the parts inside, `<h1>`–`<h6>` are headings (in the outline),
/// `<summary>` is bold and `<details>` shows everything, `<li>` starts an item with a bullet or
/// number, `<pre>` is code, `<hr>` a rule, table cells are separated by spaces. Whitespace
/// collapses as in HTML; `<script>` and `<style>` contents and comments are dropped.
struct HTMLBlockPart: Equatable {
    enum Role: Equatable {
        case paragraph
        case heading(Int)
        /// Preformatted text (`<pre>`), kept as written.
        case preformatted(String)
        case rule
    }
    var role: Role = .paragraph
    var alignment: TextAlignment?
    /// Text and inline tags (`Inline.html`), for the inline path.
    var inlines: [Inline] = []
    /// The 0-based line of the HTML each inline starts on (parallel to `inlines`), so a
    /// warning names its element's line.
    var lines: [Int] = []
    /// The line a part without inlines (a rule, preformatted text) starts on.
    var line = 0

    /// Splits `html` into parts. O(n).
    static func parts(_ html: String) -> [HTMLBlockPart] {
        var parts: [HTMLBlockPart] = []
        var current = HTMLBlockPart()
        var open: [(name: String, alignment: TextAlignment?)] = []
        var lists: [(ordered: Bool, next: Int)] = []
        var skipping: String?
        var pre: String?
        var preLine = 0
        /// A list item's bullet or number, set before the item's first content.
        var itemLabel: String?
        func alignment() -> TextAlignment? { open.last { $0.alignment != nil }?.alignment }
        func flush() {
            while case .text(let t)? = current.inlines.last, t.allSatisfy(\.isWhitespace) {
                current.inlines.removeLast()
                current.lines.removeLast()
            }
            if case .text(let t)? = current.inlines.last, t.last == " " { current.inlines[current.inlines.count - 1] = .text(String(t.dropLast())) }
            if !current.inlines.isEmpty { parts.append(current) }
            current = HTMLBlockPart(alignment: alignment())
        }
        /// The line of the piece being read.
        var pieceLine = 0
        func append(_ inline: Inline) {
            if current.inlines.isEmpty { current.line = pieceLine }
            if let label = itemLabel {
                current.inlines.append(.text(label))
                current.lines.append(pieceLine)
                itemLabel = nil
            }
            current.inlines.append(inline)
            current.lines.append(pieceLine)
        }
        func appendText(_ t: String) {
            var text = HTMLText.collapseWhitespace(t)
            // A space at the start of a line (of the part, after a label or a <br>) or after a space goes.
            let hasContent = current.inlines.contains {
                if case .text(let s) = $0 { return !s.isEmpty }
                if case .html(let h) = $0 { return h.lowercased().hasPrefix("<img") }
                return false
            }
            let afterSpace: Bool = {
                switch current.inlines.last {
                case .text(let s)?: return s.hasSuffix(" ")
                case .html(let h)?: return h.lowercased().hasPrefix("<br")
                default: return false
                }
            }()
            if (!hasContent || afterSpace || itemLabel != nil), text.hasPrefix(" ") { text.removeFirst() }
            if !text.isEmpty { append(.text(text)) }
        }
        for (piece, line) in HTMLText.locatedPieces(html) {
            pieceLine = line
            if let skip = skipping {
                if case .tag(let tag) = piece, tag.isClosing, tag.name == skip { skipping = nil }
                continue
            }
            if pre != nil {
                switch piece {
                case .text(let t): pre! += t
                case .tag(let tag) where tag.name == "pre" && tag.isClosing:
                    var text = pre!
                    if text.hasPrefix("\n") { text.removeFirst() }
                    if text.hasSuffix("\n") { text.removeLast() }
                    parts.append(HTMLBlockPart(role: .preformatted(text), alignment: nil, line: preLine))
                    pre = nil
                case .tag(let tag) where tag.name == "br": pre! += "\n"
                case .tag: break
                }
                continue
            }
            switch piece {
            case .text(let t):
                appendText(t)
            case .tag(let tag) where ["script", "style"].contains(tag.name):
                if !tag.isClosing { skipping = tag.name }
            case .tag(let tag) where tag.name == "pre":
                if !tag.isClosing { flush(); pre = ""; preLine = line }
            case .tag(let tag) where HTMLText.blockTags.contains(tag.name):
                flush()
                if tag.name == "hr" { parts.append(HTMLBlockPart(role: .rule, line: line)); continue }
                if tag.isClosing {
                    if tag.name == "li" { itemLabel = nil }
                    if let index = open.lastIndex(where: { $0.name == tag.name }) { open.removeSubrange(index...) }
                    if tag.name == "ul" || tag.name == "ol", !lists.isEmpty { lists.removeLast() }
                    current.alignment = alignment()
                    continue
                }
                open.append((tag.name, HTMLText.blockAlignment(tag)))
                current.alignment = alignment()
                switch tag.name {
                case "h1", "h2", "h3", "h4", "h5", "h6": current.role = .heading(Int(String(tag.name.last!))!)
                case "summary": append(.html("<b>"))
                case "ul": lists.append((false, 1))
                case "ol": lists.append((true, Int(tag.attributes["start"] ?? "") ?? 1))
                case "li":
                    if let list = lists.last, list.ordered {
                        itemLabel = "\(list.next). "
                        lists[lists.count - 1].next += 1
                    } else {
                        itemLabel = "• "
                    }
                default: break
                }
            case .tag(let tag) where tag.name == "td" || tag.name == "th":
                if !tag.isClosing { appendText(" ") }
            case .tag(let tag):
                append(.html(tag.raw))
            }
        }
        if let text = pre { parts.append(HTMLBlockPart(role: .preformatted(text), alignment: nil)) }
        flush()
        return parts
    }
}

extension LayoutSession {
    /// A raw HTML block: its anchors first (every `id` and `<a name>` in it, so each is
    /// placed even inside `<pre>`), then its parts. Headings get destinations and outline entries.
    func htmlBlock(_ html: String, line: Int, _ context: BlockContext) -> [Slice] {
        let names = HTMLText.anchorNames(in: html).compactMap { anchors.destination(forFragment: $0) }
        var slices = anchorSlice(names)
        for (k, part) in HTMLBlockPart.parts(html).enumerated() {
            switch part.role {
            case .rule:
                slices += thematicBreak(context)
            case .preformatted(let text):
                slices += codeBlock(text, context)
            case .heading(let level):
                let text = styledText(part.inlines, line: line, lines: part.lines)
                let title = text.string.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !title.isEmpty else { slices += anchorSlice(text.anchors.map(\.name)); continue }
                let destination = "html\(line)-\(k)"
                sink.addOutline(OutlineEntry(level: level, title: title, destination: destination), line: line)
                let heading = headingSlices(level: level, text, destination: destination, context,
                                            alignment: part.alignment ?? context.alignment)
                slices += heading
            case .paragraph:
                // Warnings name the part's own line: its element's, not the block's first.
                slices += paragraphWithImages(part.inlines, line: line, lines: part.lines, alignment: part.alignment, context)
            }
        }
        return slices
    }
}
