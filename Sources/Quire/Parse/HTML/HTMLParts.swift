import QuireModel

/// The blocks a run of raw HTML shows, built while `HTMLStructure` walks its elements in
/// document order, as a browser shows their common tags.
///
/// Block elements (`HTMLElement.blockNames`) divide the content into parts, each an ordinary
/// block: a paragraph of typed inlines (`HTMLInlines`), a heading (`<h1>`...`<h6>`), code
/// (`<pre>`, kept as written), a rule (`<hr>`). `align` on `<p>`, `<div>`, `<h1>`... (and
/// `<center>`) aligns the parts inside; `<summary>` is bold; `<li>` starts an item with a
/// bullet or number; table cells are separated by spaces (a table inside a table cell is set
/// this way). Whitespace collapses as in HTML; `<script>` and `<style>` are dropped. Every
/// `id` and `<a name>` is collected for the run, and links and images carry their element's
/// line (`Inline.located`), which warnings name.
package struct HTMLParts {
    package private(set) var parts: [Block] = []
    package private(set) var anchors: [String] = []

    private var inlines = InlineFrames()
    /// What the part being built is, where it starts, how it is aligned.
    private var heading: Int?
    private var partLine = 0
    private var alignment: TextAlignment?
    /// Whether the part holds text or a picture; whether its text so far ends a line or a
    /// word (a space after it goes).
    private var hasContent = false
    private var afterSpace = false
    /// Open lists, for the next item's number.
    private var lists: [(ordered: Bool, next: Int)] = []
    /// A list item's bullet or number, set before the item's first content.
    private var itemLabel: String?

    package init(alignment: TextAlignment?) {
        self.alignment = alignment
    }

    package var isEmpty: Bool { parts.isEmpty && anchors.isEmpty }

    /// The parts and anchors so far, the part being built ended; starts anew.
    package mutating func take() -> (parts: [Block], anchors: [String]) {
        endPart()
        defer { parts = []; anchors = [] }
        return (parts, anchors)
    }

    package mutating func addAnchor(_ name: String) { anchors.append(name) }

    // MARK: Inline content

    /// Text as HTML shows it: whitespace collapsed, none at the start of a line (of the part,
    /// after a label or a break) or after a space; its formulas (`$…$`, outside code and key
    /// caps) typeset, as GitHub finds math in raw HTML too.
    package mutating func text(_ t: String, line: Int) {
        guard !inlines.isInCode, let pieces = MathSpans.inlines(inHTMLText: t, line: line) else { return plainText(t, line: line) }
        for piece in pieces {
            guard case .math(let formula) = piece else {
                if case .text(let t) = piece { plainText(t, line: line) }
                continue
            }
            note(line: formula.line)
            inlines.append(piece)
            hasContent = true
            afterSpace = false
        }
    }

    private mutating func plainText(_ t: String, line: Int) {
        var text = t.collapsingHTMLWhitespace
        if (!hasContent || afterSpace || itemLabel != nil), text.hasPrefix(" ") { text.removeFirst() }
        guard !text.isEmpty else { return }
        note(line: line)
        inlines.append(.text(text))
        hasContent = true
        afterSpace = text.hasSuffix(" ")
    }

    /// An inline element starts: `role` says what it is (`HTMLInlines.role`); a link and an
    /// image carry `line`. Returns whether its children are to be walked (then `exitInline`
    /// follows).
    package mutating func enterInline(_ role: HTMLInlines.Role, line: Int) -> Bool {
        switch role {
        case .hidden:
            return false
        case .leaf(let inline):
            note(line: line)
            switch inline {
            case .htmlImage:
                inlines.append(line > 0 ? .located(line: line, content: [inline]) : inline)
                hasContent = true
                afterSpace = false
            case .hardBreak:
                inlines.append(inline)
                afterSpace = true
            default:
                inlines.append(inline)
            }
            return false
        case .span(let wrapper):
            note(line: line)
            if case .link = wrapper, line > 0 { inlines.open(.located(line: line)) }
            inlines.open(wrapper)
            afterSpace = false
            return true
        case .transparent:
            note(line: line)
            afterSpace = false
            return true
        }
    }

    package mutating func exitInline(_ role: HTMLInlines.Role, line: Int) {
        afterSpace = false
        guard case .span(let wrapper) = role else { return }
        inlines.close()
        if case .link = wrapper, line > 0 { inlines.close() }
    }

    /// The part's first content: a pending list label goes before it; the part starts on its line.
    private mutating func note(line: Int) {
        if inlines.isEmpty, partLine == 0 { partLine = line }
        if let label = itemLabel {
            inlines.append(.text(label))
            hasContent = true
            itemLabel = nil
        }
    }

    // MARK: Block elements

    /// A block element starts, aligned by `alignment` (its own, else its parent's).
    package mutating func enterBlock(_ element: HTMLElement, line: Int, alignment: TextAlignment?) {
        endPart()
        self.alignment = alignment
        switch element.name {
        case "hr":
            parts.append(Block(.thematicBreak, line: line))
        case "h1", "h2", "h3", "h4", "h5", "h6":
            heading = Int(String(element.name.last!))
        case "summary":
            note(line: line)
            inlines.open(.effect(.bold))
        case "ul":
            lists.append((false, 1))
        case "ol":
            lists.append((true, Int(element.attributes["start"] ?? "") ?? 1))
        case "li":
            if let list = lists.last, list.ordered {
                itemLabel = "\(list.next). "
                lists[lists.count - 1].next += 1
            } else {
                itemLabel = "• "
            }
        default:
            break
        }
    }

    /// A block element ends; what follows is aligned by `alignment` (its parent's).
    package mutating func exitBlock(_ element: HTMLElement, alignment: TextAlignment?) {
        endPart()
        switch element.name {
        case "li": itemLabel = nil
        case "ul", "ol": if !lists.isEmpty { lists.removeLast() }
        case "summary": inlines.close()
        default: break
        }
        self.alignment = alignment
    }

    /// `<pre>`: its text as written (a `<br>` a line end), without the line end that follows
    /// the start tag (`newlineDropped`: gumbo dropped it already) and the one before the end tag.
    package mutating func preformatted(_ element: HTMLElement, line: Int, newlineDropped: Bool) {
        endPart()
        var text = ""
        var stack = element.children.reversed() as [HTMLNode]
        while let node = stack.popLast() {
            switch node.content {
            case .text(let t): text += t
            case .element(let e) where e.name == "br": text += "\n"
            case .element(let e): stack += e.children.reversed()
            }
        }
        if !newlineDropped, text.hasPrefix("\n") { text.removeFirst() }
        if text.hasSuffix("\n") { text.removeLast() }
        parts.append(Block(.codeBlock(text: text, language: ""), line: line))
    }

    /// Ends the part being built: trailing whitespace goes (from the innermost open
    /// element's content, as from the text that ends it), and the part is kept if anything
    /// remains.
    private mutating func endPart() {
        var last = inlines.innermost
        while case .text(let t)? = last.last, t.allSatisfy(\.isWhitespace) { last.removeLast() }
        if case .text(let t)? = last.last, t.last == " " { last[last.count - 1] = .text(String(t.dropLast())) }
        inlines.innermost = last
        let content = inlines.take()
        if heading == nil, let blocks = MathSpans.displayBlocks(content, line: partLine) {
            parts += blocks.map { Block($0.kind, line: $0.line, alignment: alignment) }
        } else if !content.isEmpty {
            let kind: BlockKind = heading.map { .heading(level: $0, content: content) } ?? .paragraph(content)
            parts.append(Block(kind, line: partLine, alignment: alignment))
        }
        heading = nil
        partLine = 0
        hasContent = false
        afterSpace = false
    }
}
