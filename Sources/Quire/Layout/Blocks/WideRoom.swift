import QuireStyle
import QuireModel

/// Where a block wider than its column may go (a code block's longest line, a table's
/// columns): into the margins, as far as the page's safe area. A block in the text column
/// grows on both sides (or toward the outer edge first: `wide.align`); a nested one (in a
/// list item, a quote, beside a bar) keeps its start edge and grows toward its end, so it
/// never covers a marker or a bar. Nothing in a table cell grows.
package struct WideRoom {
    /// The block's column at the measure.
    package let column: Column
    /// The span it may grow into (holds `column`).
    package let limit: Column
    package let alignment: WideAlignment

    /// The widest the block may get, in points.
    package var maximumWidth: Double { limit.width }

    /// The block's column when it is `width` points wide (at least the column's, at most the
    /// limit's): placed as `alignment` says, then moved inside the limit. O(1).
    package func column(width: Double) -> Column {
        let w = min(max(width, column.width), limit.width)
        let wanted = alignment == .center ? column.x - (w - column.width) / 2 : column.x
        return Column(x: min(max(wanted, limit.x), limit.maxX - w), width: w)
    }
}

extension LayoutEnvironment {
    /// The room a block in `context` may grow into, up to `limit` (`code.max-width`,
    /// `table.max-width`), on a page of `size` whose text block is `textBlock` (those of the
    /// style unless a table turns its page).
    package func wideRoom(_ context: BlockContext, limit: WidthLimit, page size: PageSize? = nil, textBlock: Column? = nil) -> WideRoom {
        let column = context.column
        let none = WideRoom(column: column, limit: column, alignment: style.wideAlignment)
        guard !context.inTableCell, limit != .measure else { return none }
        let pageWidth = (size ?? style.pageSize).width
        let textBlock = textBlock ?? Column(x: style.margins.left, width: style.contentWidth)
        let safeLeft = min(column.x, style.safeMargin), safeRight = max(column.maxX, pageWidth - style.safeMargin)
        let inTextBlock = abs(column.x - textBlock.x) < 0.01 && abs(column.width - textBlock.width) < 0.01
        let left = inTextBlock || context.isRightToLeft ? safeLeft : column.x
        let right = inTextBlock || !context.isRightToLeft ? safeRight : column.maxX
        var room = WideRoom(column: column, limit: Column(x: left, width: right - left), alignment: style.wideAlignment)
        if case .points(let points) = limit, points < room.maximumWidth {
            room = WideRoom(column: column, limit: room.column(width: points), alignment: style.wideAlignment)
        }
        return room
    }
}
