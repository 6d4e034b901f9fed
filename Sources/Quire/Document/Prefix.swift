/// Bounded prefixes of content, so that an excerpt of a huge section costs what a small one does.
///
/// `prefix(lines:bytes:)` keeps enough of the blocks to fill at least `lines` typeset lines
/// when no line holds more than `bytes / lines` bytes of text: a paragraph's text is cut to
/// `bytes`, lists, quotes and tables keep their first `lines` children. Layout checks that a
/// cut paragraph still gives more lines than it needs, and asks for a longer prefix otherwise.
extension Array where Element == Block {
    /// - Returns: the kept blocks and whether anything was left out.
    /// - Complexity: O(lines × bytes), independent of the blocks' total size.
    public func prefix(lines: Int, bytes: Int) -> (blocks: [Block], isShortened: Bool) {
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
    var hasText: Bool {
        switch kind {
        case .html, .thematicBreak: return false
        default: return true
        }
    }

    func prefix(lines: Int, bytes: Int) -> (block: Block, isShortened: Bool) {
        var copy = self
        var shortened = false
        switch kind {
        case .paragraph(let inlines):
            let (p, s) = inlines.prefix(bytes: bytes)
            copy.kind = .paragraph(p)
            shortened = s
        case .codeBlock(let text, let language):
            if text.utf8.count > bytes {
                copy.kind = .codeBlock(text: String(text.utf8Prefix(bytes)), language: language)
                shortened = true
            }
        case .blockQuote(let children):
            let (c, s) = children.prefix(lines: lines, bytes: bytes)
            copy.kind = .blockQuote(c)
            shortened = s
        case .list(var list):
            shortened = list.items.count > lines + 1
            list.items = list.items.prefix(lines + 1).map { item in
                var item = item
                let (c, s) = item.blocks.prefix(lines: lines, bytes: bytes)
                item.blocks = c
                shortened = shortened || s
                return item
            }
            copy.kind = .list(list)
        case .table(var table):
            shortened = table.rows.count > lines + 2
            table.rows = Array(table.rows.prefix(lines + 2))
            copy.kind = .table(table)
        case .heading, .thematicBreak, .html, .footnoteDefinition:
            break
        }
        return (copy, shortened)
    }
}

extension Array where Element == Inline {
    /// The inlines cut after `bytes` bytes of text (at a character boundary), styles kept.
    public func prefix(bytes: Int) -> (inlines: [Inline], isShortened: Bool) {
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
    func utf8Prefix(_ bytes: Int) -> Substring {
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
    /// The blocks with every heading `by` levels deeper (at most 6), through lists and quotes:
    /// a document set under a title of its own (a digest entry). O(blocks).
    public func shiftingHeadings(by levels: Int) -> [Block] {
        map { block in
            var b = block
            switch block.kind {
            case .heading(let level, let content): b.kind = .heading(level: Swift.min(6, level + levels), content: content)
            case .blockQuote(let children): b.kind = .blockQuote(children.shiftingHeadings(by: levels))
            case .list(var list):
                list.items = list.items.map { var i = $0; i.blocks = i.blocks.shiftingHeadings(by: levels); return i }
                b.kind = .list(list)
            case .footnoteDefinition(let label, let children):
                b.kind = .footnoteDefinition(label: label, blocks: children.shiftingHeadings(by: levels))
            default: break
            }
            return b
        }
    }
}
