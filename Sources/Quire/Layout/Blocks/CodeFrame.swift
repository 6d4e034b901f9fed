import QuireStyle

/// The one frame every code block of a document is set in (issue 46): one type size and one
/// width, so that no page shows blocks of three widths at two sizes. The size is the largest,
/// in steps of half a point down to `code.min-size`, at which at least `codeFitShare` of the
/// document's code lines fit in a frame no wider than the page's safe area (`code.max-width`);
/// the frame is as wide as those lines need, never narrower than the measure. The lines left
/// (at most 2%) wrap, continuing under themselves. A nested block (in a list, a quote) keeps
/// its start edge and ends where the document's frame does.
package struct CodeFrame: Sendable, Equatable {
    /// The code's size relative to the code role's (1, or less for code set smaller).
    package var scale: Double
    /// The frame's width for a block in the text block, in points.
    package var width: Double
}

extension LayoutSession {
    /// The share of a document's code lines its frame must fit unwrapped.
    package static let codeFitShare = 0.98
}

extension LayoutEnvironment {
    /// The share of a document's code lines its frame must fit unwrapped.
    /// The frame for the code lines of `census` (a document's, or one block's). Each line's
    /// width comes from its columns (`advance` each, the code's `LayoutCaches.codeAdvance`) or, with characters beyond ASCII,
    /// from shaping it. O(distinct line widths × sizes), plus the shaping.
    package func codeFrame(for census: CodeCensus, advance codeAdvance: Double) -> CodeFrame {
        let base = typography.code
        let textBlock = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
        let room = wideRoom(textBlock, limit: style.codeMaxWidth)
        let measure = textBlock.column.width
        var lines: [(width: Double, indent: Double, count: Int)] = census.columns.map { key, count in
            (Double(key.columns) * codeAdvance, codeIndent(key.nesting), count)
        }
        for (nesting, text) in census.texts {
            let shaped = typesetter.shape(plainText(text), ParagraphFormat(text: base, width: .infinity))
            lines.append((shaped.lines.map(\.width).max() ?? 0, codeIndent(nesting), 1))
        }
        let total = lines.reduce(0) { $0 + $1.count }
        guard total > 0 else { return CodeFrame(scale: 1, width: measure) }
        let share = Int((Double(total) * LayoutSession.codeFitShare).rounded(.up))
        var size = base.size
        while true {
            let scale = size / base.size
            let wanted = lines.map { (frameWidth(for: $0.width, indent: $0.indent, scale: scale, room), $0.count) }
                .sorted { $0.0 < $1.0 }
            var covered = 0, width = measure
            for (w, count) in wanted {
                covered += count
                if covered >= share { width = w; break }
            }
            let smaller = ((size - 0.001) / Typography.codeSizeStep).rounded(.down) * Typography.codeSizeStep
            if width <= room.maximumWidth || smaller < typography.codeMinimumSize {
                return CodeFrame(scale: scale, width: max(measure, min(width, room.maximumWidth)))
            }
            size = smaller
        }
    }

    /// How far a block nested as `nesting` starts from the text block's edge, about: each
    /// list's gutter and each quote's indent.
    private func codeIndent(_ nesting: CodeCensus.Nesting) -> Double {
        Double(nesting.lists) * typography.listIndent + Double(nesting.quotes) * typography.quoteIndent
    }

    /// The width a frame in the text block (`room`) needs so that a line `width` points wide
    /// at the code's size, in a block `indent` points in from the text block's edge (which
    /// ends where the frame does), fits at `scale`; infinity when no frame in the room does.
    private func frameWidth(for width: Double, indent: Double, scale: Double, _ room: WideRoom) -> Double {
        let needed = (width + 2 * typography.codePadding) * scale + 2 * CodeLayouter.codeSlack
        guard indent > 0, needed > room.column.width - indent else { return needed }
        func reach(_ w: Double) -> Double {
            let frame = room.column(width: w)
            return frame.maxX - room.column.x - indent
        }
        guard reach(room.maximumWidth) >= needed else { return .infinity }
        var low = room.column.width, high = room.maximumWidth
        for _ in 0..<32 {
            let mid = (low + high) / 2
            if reach(mid) >= needed { high = mid } else { low = mid }
        }
        return high
    }

    /// The column of a code block in `context` set in `frame`: in the text block, the frame's;
    /// nested, from its own start edge to the frame's end edge (at least its column, within
    /// its room); in a table cell, the cell's. O(1).
    package func codeColumn(_ frame: CodeFrame, _ context: BlockContext) -> Column {
        let room = wideRoom(context, limit: style.codeMaxWidth)
        let textBlock = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
        let top = wideRoom(textBlock, limit: style.codeMaxWidth).column(width: frame.width)
        let column = context.column
        if abs(column.x - textBlock.column.x) < 0.01 && abs(column.width - textBlock.column.width) < 0.01 {
            return room.column(width: frame.width)
        }
        let width = context.isRightToLeft ? column.maxX - top.x : top.maxX - column.x
        return room.column(width: max(column.width, width))
    }
}
