import QuireModel

/// The fit step of a table's layout: how wide its columns are, at what size, and on which page.
extension TableLayouter {
    /// The columns fitted, and where the table stands. In order, the first that breaks no word
    /// inside a cell: the text column (today's measure: wrapping between words, as before);
    /// wider, into the margins (`WideRoom`, up to `table.max-width`), as far as the cells want
    /// to stay on one line; the widest room at a smaller size, down to `table.min-size`; the
    /// same on a landscape page of its own (`table.rotate`). Else the widest room, the type
    /// below its floor (with a warning naming the table's line) down to a least size, and only
    /// then do the widest columns wrap inside their words. O(columns log columns).
    package func fit(_ measures: Measures) -> Grid {
        let column = context.column
        let needed = neededWidth(measures, available: column.width)
        if needed.words <= column.width {
            let fit = columns(measures, available: column.width, floor: typography.tableMinimumScale)
            let left = column.x + (column.width - fit.totalWidth) * ImageLayouter.offsetFraction(context.alignment, context)
            return Grid(fit: fit, columns: columns, left: left, rightToLeft: context.isRightToLeft)
        }
        let upright = wideRoom(context, limit: style.tableMaxWidth)
        if let grid = widened(measures, in: upright, landscape: false) { return grid }
        let turned = turnedRoom()
        if let turned, let grid = widened(measures, in: turned, landscape: true) { return grid }
        let room = turned ?? upright
        let fit = columns(measures, available: room.maximumWidth, floor: typography.tableLeastScale)
        let floor = size * typography.tableMinimumScale, set = size * fit.scale
        sink.warn(Warning(line: line, message: "table too wide for the page"
            + (turned == nil ? "" : " turned to landscape") + ": its text is set at \(Self.points(set)) pt, below table.min-size ("
            + "\(Self.points(floor)) pt)" + (fit.scale <= typography.tableLeastScale + 1e-9 ? ", and words break in its widest columns" : "")))
        return Grid(fit: fit, columns: columns, left: room.column(width: fit.totalWidth).x, rightToLeft: context.isRightToLeft,
                    landscape: turned != nil)
    }

    /// The columns in `room` when they fit it at `table.min-size` or larger without breaking a
    /// word: as wide as the cells want to stay on one line, or at the room's width set smaller.
    private func widened(_ measures: Measures, in room: WideRoom, landscape: Bool) -> Grid? {
        let needed = neededWidth(measures, available: room.maximumWidth)
        guard needed.words * typography.tableMinimumScale <= room.maximumWidth + 0.001 else { return nil }
        let available = needed.words <= room.maximumWidth ? min(room.maximumWidth, max(room.column.width, needed.lines)) : room.maximumWidth
        let fit = columns(measures, available: available, floor: typography.tableMinimumScale)
        return Grid(fit: fit, columns: columns, left: room.column(width: fit.totalWidth).x, rightToLeft: context.isRightToLeft,
                    landscape: landscape)
    }

    /// The room on a landscape page of its own, when the table may turn its page: in the text
    /// column (not nested, not in a note at a page's foot), on an upright page, `table.rotate`
    /// auto; nil otherwise.
    private func turnedRoom() -> WideRoom? {
        let style = self.style
        let textBlock = Column(x: style.margins.left, width: style.contentWidth)
        guard style.tableRotation == .auto, mayTurnPages, !context.inTableCell,
              style.pageSize.width < style.pageSize.height,
              abs(context.column.x - textBlock.x) < 0.01, abs(context.column.width - textBlock.width) < 0.01 else { return nil }
        let turned = style.turnedForWideTables
        var onTurned = context
        onTurned.column = Column(x: turned.margins.left, width: turned.contentWidth)
        return wideRoom(onTurned, limit: style.tableMaxWidth, page: turned.pageSize, textBlock: onTurned.column)
    }

    private func neededWidth(_ measures: Measures, available: Double) -> (words: Double, lines: Double) {
        TableColumns.neededWidths(minimum: measures.minimum, preferred: measures.preferred, padding: measures.padding,
                                  available: available)
    }

    private func columns(_ measures: Measures, available: Double, floor: Double) -> TableColumns {
        TableColumns(minimum: measures.minimum, preferred: measures.preferred, header: measures.headerWords,
                     padding: measures.padding, available: available, floor: floor)
    }

    /// A size as a warning says it: to a tenth of a point.
    private static func points(_ size: Double) -> String {
        "\((size * 10).rounded() / 10)"
    }
}
