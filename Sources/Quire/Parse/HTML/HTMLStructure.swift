import QuireModel

/// A block as cmark-gfm gives it, before its raw HTML is read: a Markdown block, or an HTML
/// block's text and first line.
package enum SourceBlock {
    case markdown(Block)
    case html(String, line: Int)
}

/// Raw HTML around and between Markdown blocks, read as a browser reads GitHub's page, and
/// lowered into the document model: no later stage reads a tag.
///
/// The siblings of a container are joined into one HTML buffer (`HTMLJoin`), the Markdown
/// blocks as placeholders, which gumbo parses as one tree; the walk of that tree gives back:
/// - `<table>` as a `Table` (`HTMLStructure+Tables.swift`: rows, `<thead>`,
///   `colspan`/`rowspan`, `align`, `dir`; each cell's content as blocks). A table inside a
///   cell is set as text in it (`HTMLBlock.nestedTableLine`: layout warns).
/// - `<details>` as `BlockKind.details`: its first `<summary>` and what it folds.
/// - An element's `dir` (or CSS `direction`; `auto` resolved from its first strong character)
///   and `align` (or `text-align`) onto every block inside it (`Block.direction`,
///   `Block.alignment`), so the Markdown blocks stay siblings (sections, titles and
///   streaming see them as before) and layout applies them to everything they hold.
/// - `page-break-before`/`-after` (`break-before`/`-after: page`) and the class `page-break`
///   as `BlockKind.pageBreak` (not inside table cells).
/// - The rest as `BlockKind.html`: what it shows as ordinary blocks (`HTMLParts`), cut where
///   an HTML block of cmark's ends, where the elements above begin and end, where a `dir`
///   changes and where an element ends that was open where it began.
///
/// Details nested deeper than `maximumNesting` are read as plain block elements. A Markdown
/// block whose placeholder the HTML swallowed (inside a `<textarea>`...) comes last, so that
/// nothing is lost.
/// - Complexity: O(n) in the HTML's length and the number of blocks, plus, for `dir="auto"`,
///   a look ahead to the first strong character (at most `lookahead` nodes).
package struct HTMLStructure {
    package static let maximumNesting = 64
    /// How many nodes `dir="auto"` reads looking for a strong character.
    package static let lookahead = 4096

    /// `blocks` with their raw HTML read; Markdown blocks alone when there is none.
    package static func build(_ blocks: [SourceBlock]) -> [Block] {
        guard blocks.contains(where: { if case .html = $0 { return true } else { return false } }) else {
            return blocks.compactMap { if case .markdown(let b) = $0 { return b } else { return nil } }
        }
        var join = HTMLJoin()
        var markdown: [Block] = []
        for block in blocks {
            switch block {
            case .markdown(let b):
                join.appendBlockPlaceholder(markdown.count)
                markdown.append(b)
            case .html(let html, let line):
                join.appendHTML(html, sourceLine: line)
            }
        }
        var structure = HTMLStructure(join: join, markdown: markdown)
        var out = structure.blocks(of: HTMLTree.parseFragment(join.buffer), Scope())
        for (i, block) in markdown.enumerated() where !structure.used[i] { out.append(block) }
        return out
    }

    package let join: HTMLJoin
    package let markdown: [Block]
    /// Which Markdown blocks have been placed.
    package private(set) var used: [Bool]
    /// How many `<details>` are open around the point.
    private var nesting = 0

    private init(join: HTMLJoin, markdown: [Block]) {
        self.join = join
        self.markdown = markdown
        used = Array(repeating: false, count: markdown.count)
    }

    /// What the elements open around a point say of the blocks there.
    package struct Scope {
        package var direction: WritingDirection?
        package var alignment: TextAlignment?
        /// Page breaks are honoured (not inside table cells).
        package var breaks = true
        /// Inside a table cell: a table there is set as text.
        package var inCell = false

        package func applied(to block: Block) -> Block {
            var block = block
            block.direction = block.direction ?? direction
            block.alignment = block.alignment ?? alignment
            return block
        }
    }

    /// The blocks `nodes` give in `scope`. O(nodes).
    package mutating func blocks(of nodes: [HTMLNode], _ scope: Scope) -> [Block] {
        var run = HTMLRun(parts: HTMLParts(alignment: scope.alignment))
        walk(nodes, scope, &run)
        run.close()
        return run.out
    }

    private mutating func walk(_ nodes: [HTMLNode], _ scope: Scope, _ run: inout HTMLRun) {
        for node in nodes {
            switch node.content {
            case .text(let t):
                run.begin(line: node.line, join, scope, blank: t.allSatisfy(\.isWhitespace))
                run.parts.text(t, line: join.sourceLine(node.line))
            case .element(let element):
                self.element(element, node, scope, &run)
            }
        }
    }

    /// Block elements read by the table and details steps, not as scopes of `dir` and `align`.
    private static let notScopes: Set<String> = ["hr", "table", "details", "tr", "td", "th", "thead", "tbody", "tfoot", "caption"]

    /// An element where blocks are read: a Markdown block's placeholder, a table, details,
    /// or an element of the run of raw HTML.
    private mutating func element(_ element: HTMLElement, _ node: HTMLNode, _ scope: Scope, _ run: inout HTMLRun) {
        let line = join.sourceLine(node.line)
        if let index = HTMLJoin.index(of: element), index < markdown.count, !used[index] {
            run.close()
            used[index] = true
            run.out.append(scope.applied(to: markdown[index]))
        } else if element.name == "table", !scope.inCell {
            run.close()
            run.out += table(element, line: line, scope)
        } else if element.name == "details", nesting < Self.maximumNesting {
            run.close()
            run.out.append(details(element, line: line, scope))
        } else {
            runElement(element, node, scope, &run)
        }
    }

    /// An element of a run of raw HTML: the page breaks it asks for around it, the direction
    /// and alignment it gives what it holds (a direction in a run of its own), its anchor,
    /// then its content (`content`).
    private mutating func runElement(_ element: HTMLElement, _ node: HTMLNode, _ scope: Scope, _ run: inout HTMLRun) {
        let line = join.sourceLine(node.line)
        let breaks = scope.breaks ? element.pageBreaks : (before: false, after: false)
        if breaks.before { run.pageBreak(line: line) }
        var inner = scope
        let direction = isScope(element) ? self.direction(of: element) : nil
        if let direction {
            inner.direction = direction
            run.close()
        }
        if element.isBlock, let alignment = element.blockAlignment { inner.alignment = alignment }
        run.begin(line: node.line, join, inner)
        if let anchor = element.anchorName { run.parts.addAnchor(anchor) }
        content(of: element, line: line, scope, inner, &run)
        if direction != nil { run.close() }
        if breaks.after { run.pageBreak(line: line) }
    }

    /// What an element of a run shows: `<pre>` as written, a block element as parts (a
    /// scope of `dir` and `align` ends the run when it was open where the run began), a
    /// table cell (of a table inside a cell) after a space, an inline element around its
    /// content; `inner` is what it says of its content.
    private mutating func content(of element: HTMLElement, line: Int, _ scope: Scope, _ inner: Scope, _ run: inout HTMLRun) {
        if HTMLElement.hiddenNames.contains(element.name) { return }
        if element.name == "table" { run.nestedTableLine = run.nestedTableLine ?? line }
        if element.name == "pre" {
            run.parts.preformatted(element, line: line, newlineDropped: element.leadingNewlineDropped)
            collectAnchors(inside: element.children, &run)
        } else if element.isBlock {
            run.parts.enterBlock(element, line: line, alignment: inner.alignment)
            let isScope = isScope(element)
            if isScope { run.depth += 1 }
            walk(element.children, inner, &run)
            endTag(of: element, inner, &run)
            if isScope { run.depth -= 1 }
            run.parts.exitBlock(element, alignment: scope.alignment)
            if isScope, run.depth < run.startDepth { run.close() }
        } else if element.name == "td" || element.name == "th" {
            run.parts.text(" ", line: line)
            walk(element.children, inner, &run)
        } else {
            let role = HTMLInlines.role(of: element)
            guard run.parts.enterInline(role, line: line) else { return }
            walk(element.children, inner, &run)
            endTag(of: element, inner, &run)
            run.parts.exitInline(role, line: line)
        }
    }

    /// An end tag written in the HTML belongs to the run it stands in (begins one, when it
    /// stands alone between Markdown blocks).
    private func endTag(of element: HTMLElement, _ inner: Scope, _ run: inout HTMLRun) {
        if element.endLine > 0 { run.begin(line: element.endLine, join, inner) }
    }

    /// Whether `element` is a scope of `dir` and `align`: a block element the table and
    /// details steps do not read.
    private func isScope(_ element: HTMLElement) -> Bool {
        element.isBlock && !Self.notScopes.contains(element.name)
    }

    /// The anchors inside `<pre>`, whose text is taken as written.
    private func collectAnchors(inside nodes: [HTMLNode], _ run: inout HTMLRun) {
        var stack = nodes.reversed() as [HTMLNode]
        while let node = stack.popLast() {
            guard case .element(let e) = node.content else { continue }
            if let anchor = e.anchorName { run.parts.addAnchor(anchor) }
            stack += e.children.reversed()
        }
    }

    /// The direction an element's `dir` gives; `auto` from the first strong character of its
    /// content (text and Markdown blocks), read at most `lookahead` nodes far.
    package func direction(of element: HTMLElement) -> WritingDirection? {
        switch element.direction {
        case .fixed(let d)?: return d
        case .auto?: return firstStrongDirection(in: element.children)
        case nil: return nil
        }
    }

    private func firstStrongDirection(in nodes: [HTMLNode]) -> WritingDirection? {
        var stack = nodes.reversed() as [HTMLNode]
        var budget = Self.lookahead
        while budget > 0, let node = stack.popLast() {
            budget -= 1
            switch node.content {
            case .text(let t):
                if let d = WritingDirection.of(t) { return d }
            case .element(let e):
                if let index = HTMLJoin.index(of: e), index < markdown.count {
                    if let d = [markdown[index]].firstStrongDirection { return d }
                } else if !HTMLElement.hiddenNames.contains(e.name) {
                    stack += e.children.reversed()
                }
            }
        }
        return nil
    }

    // MARK: Details

    /// A `<details>`: its summary (its first element, when that is a `<summary>`) and the
    /// blocks it folds.
    private mutating func details(_ element: HTMLElement, line: Int, _ scope: Scope) -> Block {
        var inner = scope
        inner.direction = direction(of: element) ?? scope.direction
        inner.alignment = element.blockAlignment ?? scope.alignment
        var children = element.children
        var summary: [Inline] = []
        if let k = children.firstIndex(where: { if case .text(let t) = $0.content { return !t.allSatisfy(\.isWhitespace) } else { return true } }),
           case .element(let first) = children[k].content, first.name == "summary" {
            summary = summaryInlines(first.children)
            children.remove(at: k)
        }
        nesting += 1
        let body = blocks(of: children, inner)
        nesting -= 1
        return Block(.details(summary: summary, blocks: body), line: line, direction: inner.direction, alignment: inner.alignment)
    }

    /// A summary's content as inlines: whitespace collapsed (none at the start, after a space
    /// or at the end), formulas typeset (as in `HTMLParts.text`); a Markdown block inside
    /// gives its inline content.
    private mutating func summaryInlines(_ nodes: [HTMLNode]) -> [Inline] {
        var inlines = InlineFrames()
        var afterSpace = true
        func appendText(_ t: String) {
            var text = t.collapsingHTMLWhitespace
            if afterSpace, text.hasPrefix(" ") { text.removeFirst() }
            guard !text.isEmpty else { return }
            inlines.append(.text(text))
            afterSpace = text.hasSuffix(" ")
        }
        func walk(_ nodes: [HTMLNode]) {
            for node in nodes {
                switch node.content {
                case .text(let t):
                    guard !inlines.isInCode, let pieces = MathSpans.inlines(inHTMLText: t, line: join.sourceLine(node.line)) else {
                        appendText(t)
                        continue
                    }
                    for piece in pieces {
                        if case .text(let t) = piece { appendText(t) } else { inlines.append(piece); afterSpace = false }
                    }
                case .element(let e):
                    if let index = HTMLJoin.index(of: e), index < markdown.count, !used[index] {
                        used[index] = true
                        appendText(" ")
                        let content = markdown[index].inlineContent.first ?? []
                        content.forEach { inlines.append($0) }
                        if case .text(let t)? = content.last { afterSpace = t.hasSuffix(" ") } else if !content.isEmpty { afterSpace = false }
                        continue
                    }
                    if let anchor = e.anchorName { inlines.append(.anchor(anchor)) }
                    afterSpace = false
                    switch HTMLInlines.role(of: e) {
                    case .hidden: break
                    case .leaf(let inline): inlines.append(inline)
                    case .span(let wrapper): inlines.open(wrapper); walk(e.children); inlines.close()
                    case .transparent: walk(e.children)
                    }
                }
            }
        }
        walk(nodes)
        var content = inlines.take()
        if case .text(let last)? = content.last, last.hasSuffix(" ") { content[content.count - 1] = .text(String(last.dropLast())) }
        return content
    }
}

/// One sequence of blocks being built (the document's, a cell's, what details fold): the
/// blocks so far, and the run of raw HTML being read, which becomes one `BlockKind.html`.
private struct HTMLRun {
    var out: [Block] = []
    var parts: HTMLParts
    /// Block scopes open around the point, and how many were open where the run began.
    var depth = 0
    private(set) var startDepth = 0
    /// The run's first line, the HTML block it is read from, its direction.
    private var started = false
    private var line = 0
    private var segment = 0
    private var direction: WritingDirection?
    var nestedTableLine: Int?

    init(parts: HTMLParts) {
        self.parts = parts
    }

    /// Content on buffer line `line` comes (a tag, text; `blank`: whitespace only): a run
    /// from another HTML block ends; one begins here unless the content is blank.
    mutating func begin(line bufferLine: Int, _ join: HTMLJoin, _ scope: HTMLStructure.Scope, blank: Bool = false) {
        let segment = bufferLine > 0 ? join.segment(ofLine: bufferLine) : nil
        if started, line > 0, let segment, segment != self.segment { close() }
        guard !blank else { return }
        if !started {
            started = true
            direction = scope.direction
            startDepth = depth
        }
        if line == 0, let segment {
            self.segment = segment
            line = join.sourceLine(bufferLine)
        }
    }

    /// Ends the run: it becomes a block, even when it shows nothing (tags alone: the run
    /// still stands between the blocks around it, as a section's first block, say).
    mutating func close() {
        let (blocks, anchors) = parts.take()
        if started || !blocks.isEmpty || !anchors.isEmpty {
            out.append(Block(.html(HTMLBlock(anchors: anchors, blocks: blocks, nestedTableLine: nestedTableLine)),
                             line: line, direction: direction))
        }
        started = false
        line = 0
        direction = nil
        nestedTableLine = nil
    }

    mutating func pageBreak(line: Int) {
        close()
        out.append(Block(.pageBreak, line: line))
    }
}
