import QuireModel

/// Keeps between consecutive blocks: where a page may not break although each block alone
/// would allow it. Within a block, its layout says where (a paragraph's orphan and widow
/// lines, a table's header with its first two rows, a heading with its own lines); between
/// blocks, this does, as the blocks of a container (or of the document, whose slices stream
/// to pagination) are laid out one after another.
///
/// - A heading keeps at least two lines of what follows: the first line after it keeps with
///   the next one too, unless that line is all its section has (a block of one line before
///   the next heading, or at a part's end): a heading keeps with its content, not with what
///   follows it, so a run of short sections may break between any two (issue 46: kept in a
///   chain, they left the page before them up to 73% empty). A heading with no content (the
///   next heading is of its rank or above) keeps with nothing.
/// - A paragraph ending in ":" stays with the code block, list or table it introduces.
/// - A paragraph stays with the display math after it.
package struct BlockKeeps {
    /// Set after a heading, until a block with a line to keep follows.
    private var afterHeading = false

    /// Applies the keeps to `slices`, the layout of `block`, which `next` follows (nil: the
    /// last block of its container). O(slices up to the first line).
    package mutating func apply(_ slices: inout [Slice], of block: Block, before next: Block?) {
        if afterHeading, slices.count == 1, case .codeBlock(_, let language) = block.kind, language.lowercased() == "mermaid" {
            afterHeading = false  // a drawn diagram, one block: the heading keeps with it, it need not keep with what follows
        } else if afterHeading, let first = slices.firstIndex(where: { $0.height > 0 }) {
            afterHeading = false
            let oneLine = !Self.streams(block) && !slices[(first + 1)...].contains { $0.height > 0 }
            if !oneLine || next.map(Self.isMoreContent) == true { slices[first].keepWithNext = true }
        }
        switch block.kind {
        case .heading(let level, _):
            afterHeading = true
            // A heading with no content (the next heading is of its rank or above: an empty
            // section, as a changelog's old versions) keeps with nothing.
            if case .heading(let nextLevel, _)? = next?.kind, nextLevel <= level, !slices.isEmpty {
                slices[slices.count - 1].keepWithNext = false
                afterHeading = false
            }
        case .paragraph(let content) where next.map(Self.isIntroduced) == true && Self.endsInColon(content):
            if !slices.isEmpty { slices[slices.count - 1].keepWithNext = true }
        case .paragraph where next.map(Self.isDisplayMath) == true:
            // Display math is never split from the last line of the paragraph introducing it.
            if !slices.isEmpty { slices[slices.count - 1].keepWithNext = true }
        default:
            break
        }
    }

    /// Marks the first line of `slices` (the first slice with height; zero-height anchors
    /// keep with what follows already) to keep with the next: a heading above then keeps two
    /// lines. False when `slices` has no such slice.
    @discardableResult
    package static func keepFirstLine(_ slices: inout [Slice]) -> Bool {
        guard let first = slices.firstIndex(where: { $0.height > 0 }) else { return false }
        slices[first].keepWithNext = true
        return true
    }

    /// Whether `block`'s first part (`layoutBlock(_:_:emit:)`) may hold one line of a longer
    /// block: a list's first item, when it has more. (A code block's first part holds several
    /// lines unless the block has one: `CodeStream` hands none on before it is longer than
    /// `wholeLines`.)
    private static func streams(_ block: Block) -> Bool {
        if case .list(let list) = block.kind { return list.items.count > 1 } else { return false }
    }

    /// Whether `block`, after a section's one line, is more of that section's content (not
    /// a heading starting the next section): the line keeps with it.
    private static func isMoreContent(_ block: Block) -> Bool {
        if case .heading = block.kind { return false } else { return true }
    }

    /// Blocks a paragraph ending in ":" introduces.
    private static func isIntroduced(_ block: Block) -> Bool {
        switch block.kind {
        case .codeBlock, .list, .table: return true
        default: return false
        }
    }

    private static func isDisplayMath(_ block: Block) -> Bool {
        if case .math = block.kind { return true } else { return false }
    }

    /// Whether the paragraph's visible text ends in a colon (ASCII or full-width), spaces aside.
    private static func endsInColon(_ content: [Inline]) -> Bool {
        guard let last = content.plainText.last(where: { !$0.isWhitespace }) else { return false }
        return last == ":" || last == "："
    }

    package init(afterHeading: Bool = false) {
        self.afterHeading = afterHeading
    }
}

extension LayoutSession {
    /// Lays out `blocks` in `context.column`, in order, handing each block's slices to `add`
    /// with the keeps between blocks applied (`BlockKeeps`): a list's an item at a time, a code
    /// block's a run of lines at a time, every other block's at once. O(total text).
    package func layoutBlocks(_ blocks: [Block], _ context: BlockContext, add: ([Slice]) throws -> Void) rethrows {
        var keeps = BlockKeeps()
        try layoutBlocks(blocks, context, keeps: &keeps, add: add)
    }

    /// `layoutBlocks` for a part of a container's blocks (a section of a document), the keeps
    /// carried over from the part before in `keeps`. A part ends before a heading (or at the
    /// end), which no keep between blocks looks at: the last block is laid out as the last.
    package func layoutBlocks(_ blocks: [Block], _ context: BlockContext, keeps: inout BlockKeeps, add: ([Slice]) throws -> Void) rethrows {
        for (i, block) in blocks.enumerated() {
            var first = true
            try layoutBlock(block, context) { part in
                var slices = part
                // The keeps touch a block's first line, or the last of a block given at once.
                if first { keeps.apply(&slices, of: block, before: i + 1 < blocks.count ? blocks[i + 1] : nil) }
                first = false
                try add(slices)
            }
        }
    }

    /// Lays out one block, handing its slices to `emit` at least once: a list's an item at a
    /// time (`list(_:_:emit:)`), a code block's a run of lines at a time (`codeBlock(_:language:line:_:runLimit:emit:)`;
    /// a Mermaid block, with its caption, at once), any other block's at once.
    package func layoutBlock(_ block: Block, _ context: BlockContext, emit: ([Slice]) throws -> Void) rethrows {
        switch block.kind {
        case .list(let list):
            var emitted = false
            try lists.list(list, context.inside(block)) { emitted = true; try emit($0) }
            if !emitted { try emit([]) }
        case .codeBlock(let text, let language) where language.lowercased() != "mermaid":
            try codeBlocks.codeBlock(text, language: language, line: block.line, context.inside(block), emit: emit)
        default:
            try emit(layoutBlock(block, context))
        }
    }
}
