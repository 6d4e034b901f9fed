/// Bounded prefixes of content, so that an excerpt of a huge section costs what a small one does.
///
/// `prefix(lines:bytes:)` keeps enough of the blocks to fill at least `lines` typeset lines
/// when no line holds more than `bytes / lines` bytes of text: a paragraph's text is cut to
/// `bytes`, lists, quotes and tables keep their first `lines` children. Layout checks that a
/// cut paragraph still gives more lines than it needs, and asks for a longer prefix otherwise.
extension Array where Element == Block {
    /// - Returns: the kept blocks and whether anything was left out.
    /// - Complexity: O(lines × bytes), independent of the blocks' total size.
    package func prefix(lines: Int, bytes: Int) -> (blocks: [Block], isShortened: Bool) {
        var kept: [Block] = []
        var shortened = false
        var linesSoFar = 0
        for block in self {
            if linesSoFar > lines { shortened = true; break }
            let (b, s) = block.prefix(lines: lines, bytes: bytes)
            kept.append(b)
            shortened = shortened || s
            if block.hasText { linesSoFar += 1 }
        }
        return (kept, shortened)
    }
}

extension Block {
    package var hasText: Bool {
        switch kind {
        case .html, .thematicBreak, .pageBreak: return false
        default: return true
        }
    }

    package func prefix(lines: Int, bytes: Int) -> (block: Block, isShortened: Bool) {
        var cutter = PrefixCutter(lines: lines, bytes: bytes)
        return accept(&cutter)
    }
}

/// Cuts one block to a bounded prefix: a paragraph's or code block's text to `bytes`, a
/// quote's, alert's or details' blocks and each kept list item's by the same rule, a list to
/// `lines + 1` items, a table to `lines + 2` rows (header included). Any other block is kept
/// whole. The cut keeps the block's direction and alignment.
private struct PrefixCutter: BlockVisitor {
    let lines: Int
    let bytes: Int

    func defaultVisit(_ block: Block) -> (block: Block, isShortened: Bool) { (block, false) }

    func visitParagraph(_ block: Block, content: [Inline]) -> (block: Block, isShortened: Bool) {
        let (kept, shortened) = content.prefix(bytes: bytes)
        var cut = block
        cut.kind = .paragraph(kept)
        return (cut, shortened)
    }

    func visitCodeBlock(_ block: Block, text: String, language: String) -> (block: Block, isShortened: Bool) {
        guard text.utf8.count > bytes else { return (block, false) }
        var cut = block
        cut.kind = .codeBlock(text: String(text.utf8Prefix(bytes)), language: language)
        return (cut, true)
    }

    func visitBlockQuote(_ block: Block, children: [Block]) -> (block: Block, isShortened: Bool) {
        let (kept, shortened) = children.prefix(lines: lines, bytes: bytes)
        var cut = block
        cut.kind = .blockQuote(kept)
        return (cut, shortened)
    }

    func visitList(_ block: Block, list: ListBlock) -> (block: Block, isShortened: Bool) {
        var list = list
        var shortened = list.items.count > lines + 1
        list.items = list.items.prefix(lines + 1).map { item in
            var item = item
            let (kept, s) = item.blocks.prefix(lines: lines, bytes: bytes)
            item.blocks = kept
            shortened = shortened || s
            return item
        }
        var cut = block
        cut.kind = .list(list)
        return (cut, shortened)
    }

    func visitTable(_ block: Block, table: Table) -> (block: Block, isShortened: Bool) {
        var table = table
        let shortened = table.cells.count > lines + 2
        table.cells = Array(table.cells.prefix(lines + 2))
        table.headerRows = min(table.headerRows, table.cells.count)
        var cut = block
        cut.kind = .table(table)
        return (cut, shortened)
    }

    func visitAlert(_ block: Block, kind: AlertKind, children: [Block]) -> (block: Block, isShortened: Bool) {
        let (kept, shortened) = children.prefix(lines: lines, bytes: bytes)
        var cut = block
        if case .alert(_, _, let title) = block.kind { cut.kind = .alert(kind, blocks: kept, title: title) }
        return (cut, shortened)
    }

    func visitDetails(_ block: Block, summary: [Inline], children: [Block]) -> (block: Block, isShortened: Bool) {
        let (kept, shortened) = children.prefix(lines: lines, bytes: bytes)
        var cut = block
        cut.kind = .details(summary: summary, blocks: kept)
        return (cut, shortened)
    }
}

extension Array where Element == Inline {
    /// The inlines cut after `bytes` bytes of text (at a character boundary), styles kept.
    package func prefix(bytes: Int) -> (inlines: [Inline], isShortened: Bool) {
        var budget = bytes
        let result = prefix(budget: &budget)
        return (result, budget < 0)
    }

    /// Consumes `budget`; it goes negative when something was cut.
    private func prefix(budget: inout Int) -> [Inline] {
        var out: [Inline] = []
        for inline in self {
            if budget < 0 { break }
            if budget == 0 { budget = -1; break }
            switch inline {
            case .text(let s):
                out.append(.text(s.cut(&budget)))
            case .code(let s):
                out.append(.code(s.cut(&budget)))
            case .emphasis(let c): out.append(.emphasis(c.prefix(budget: &budget)))
            case .strong(let c): out.append(.strong(c.prefix(budget: &budget)))
            case .strikethrough(let c): out.append(.strikethrough(c.prefix(budget: &budget)))
            case .link(let d, let t, let c): out.append(.link(destination: d, title: t, content: c.prefix(budget: &budget)))
            case .image(let s, let t, let alt): out.append(.image(source: s, title: t, alt: alt.prefix(budget: &budget)))
            case .styled(let effect, let c): out.append(.styled(effect, c.prefix(budget: &budget)))
            case .located(let line, let c): out.append(.located(line: line, content: c.prefix(budget: &budget)))
            default:
                budget -= 1
                out.append(inline)
            }
        }
        return out
    }
}

extension String {
    /// The longest prefix of at most `bytes` UTF-8 bytes that ends between two characters
    /// (grapheme clusters). O(bytes).
    package func utf8Prefix(_ bytes: Int) -> Substring {
        var used = 0
        var end = startIndex
        for i in indices {
            used += self[i].utf8.count
            if used > bytes { break }
            end = index(after: i)
        }
        return self[..<end]
    }

    /// Cuts to the remaining budget, subtracting what it keeps (negative when it cut).
    fileprivate func cut(_ budget: inout Int) -> String {
        let n = utf8.count
        if n <= budget { budget -= n; return self }
        let kept = String(utf8Prefix(budget))
        budget = -1
        return kept
    }
}

extension Array where Element == Block {
    /// The blocks with every heading `by` levels deeper (at most 6), at any depth: a document
    /// set under a title of its own (a digest entry). O(blocks).
    package func shiftingHeadings(by levels: Int) -> [Block] {
        map { block in
            var shifted = block.mapChildBlocks { $0.shiftingHeadings(by: levels) }
            if case .heading(let level, let content) = block.kind {
                shifted.kind = .heading(level: Swift.min(6, level + levels), content: content)
            }
            return shifted
        }
    }
}
