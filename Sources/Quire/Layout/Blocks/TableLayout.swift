/// GFM tables: columns sized from their cells' minimum and preferred widths and fitted to the
/// text column (smaller type, down to a floor, before words wrap inside), cells wrapped and
/// aligned per column, inline styles and links kept, a shaded header row that pagination
/// repeats on every page the table continues on. One slice per row: a row is never split
/// across pages unless it is taller than a page, and then only between lines.
extension LayoutSession {
    /// Stages: collect each cell's styled text; measure each cell once, unwrapped (its
    /// preferred width and its widest word); fit the columns (`TableColumns`); set the rows,
    /// reusing the measured layout of every cell that fits unwrapped at the table's size;
    /// cut rows taller than a page. O(cells' text).
    func table(_ table: Table, line: Int, _ context: BlockContext) -> [Slice] {
        let columns = table.rows.map(\.count).max() ?? 0
        guard columns > 0 else { return [] }
        let size = typography.tableSize
        let isHeader = { (r: Int) in table.hasHeader && r == 0 }
        func alignment(_ c: Int) -> Table.Alignment { c < table.alignments.count ? table.alignments[c] : .none }

        // Collect. Images in cells may be larger than in a line of text, up to a column's share.
        let imageBox = ImageBox(width: context.column.width / Double(columns) * typography.tableImageWidthShare,
                                height: typography.body.lineHeight * typography.tableImageLines)
        let texts: [[StyledText]] = table.rows.map { row in
            (0..<columns).map { c in c < row.count ? styledText(row[c], line: line, imageBox: imageBox) : StyledText() }
        }
        // Measure.
        var minimum = Array(repeating: size, count: columns)
        var preferred = minimum
        let measured: [[ShapedText?]] = texts.enumerated().map { r, row in
            row.enumerated().map { c, cell in
                guard !cell.isEmpty else { return nil }
                guard cell.count <= Self.shapingChunk else {
                    // Too long to shape at once: it gets as much width as the table can give.
                    minimum[c] = max(minimum[c], context.column.width)
                    preferred[c] = max(preferred[c], context.column.width)
                    return nil
                }
                let shaped = typesetter.shape(cell, tableFormat(size: size, width: .infinity, header: isHeader(r)))
                minimum[c] = max(minimum[c], shaped.minimumContentWidth())
                preferred[c] = max(preferred[c], shaped.lines.map(\.width).max() ?? 0)
                return shaped
            }
        }
        // Fit.
        let fit = TableColumns(minimum: minimum, preferred: preferred, padding: size * typography.tablePadding,
                               available: context.column.width, floor: typography.tableMinimumScale)
        let tableSize = size * fit.scale
        let tableWidth = fit.totalWidth
        let left = context.column.x

        // Set the rows.
        let group = sink.newAtomicGroup()
        var slices: [Slice] = []
        var header: RepeatedHeader?
        for (r, row) in texts.enumerated() {
            var slice = Slice(height: 0)
            var boxes: [(top: Double, bottom: Double)] = []
            var x = left
            var contentHeight = tableSize * typography.tableLineHeight
            for c in 0..<columns {
                let reuse = fit.scale == 1 ? measured[r][c] : nil
                let cell = cellSlice(row[c], measured: reuse, format: tableFormat(size: tableSize, width: fit.widths[c], header: isHeader(r)),
                                     x: x + fit.padding, alignment: alignment(c))
                for box in cell.boxes { boxes.append((box.top + fit.padding, box.bottom + fit.padding)) }
                var content = cell.slice
                content.pushDown(fit.padding)
                slice.items += content.items
                slice.links += content.links
                slice.destinations += content.destinations
                contentHeight = max(contentHeight, cell.slice.height)
                x += fit.widths[c] + 2 * fit.padding
            }
            slice.height = contentHeight + 2 * fit.padding
            let rule = { (y: Double, width: Double) in
                PageItem.line(from: Point(x: left, y: y), to: Point(x: left + tableWidth, y: y), width: width, color: self.style.ruleColor)
            }
            if isHeader(r) {
                slice.items.insert(.fill(Rect(x: left, y: 0, width: tableWidth, height: slice.height), typography.codeBackground), at: 0)
                slice.keepWithNext = true
            }
            slice.items.append(rule(slice.height, isHeader(r) ? typography.tableHeaderRule : typography.tableRowRule))
            if r == 0 { slice.items.append(rule(0, typography.tableHeaderRule)) }
            slice.excerptRole = .tableRow(group, isHeader: isHeader(r))
            if isHeader(r) {
                var repeated = slice
                repeated.destinations = []  // named once, where the table starts
                header = RepeatedHeader(repeated)
                slices.append(slice)
                continue
            }
            slice.repeatedHeader = header
            let limit = style.contentHeight - (header?.slice.height ?? 0) - 1
            if slice.height > limit {
                slices += slice.split(at: Self.rowCuts(height: slice.height, lines: boxes, limit: limit))
            } else {
                slices.append(slice)
            }
        }
        slices[0].spaceBefore = blockSpacing
        slices[slices.count - 1].spaceAfter = blockSpacing
        return slices
    }

    /// How table cells are set: the table's type, bold in the header; lines are placed by
    /// `cellSlice`, so Pango's alignment is left as is.
    private func tableFormat(size: Double, width: Double, header: Bool) -> ParagraphFormat {
        var format = bodyFormat(width: width, alignment: .left)
        format.text.size = size
        format.text.monospaceSize = size * style.codeScale
        format.text.lineHeight = size * typography.tableLineHeight
        format.text.bold = header
        return format
    }

    /// One cell's lines stacked from 0, each placed by the column's alignment (no alignment:
    /// the text's own direction) at `x`, the cell's content edge; and each line's box.
    /// Uses `measured` (shaped unwrapped) when it fits the width, else shapes the cell.
    private func cellSlice(_ text: StyledText, measured: ShapedText?, format: ParagraphFormat, x: Double,
                           alignment: Table.Alignment) -> (slice: Slice, boxes: [(top: Double, bottom: Double)]) {
        guard !text.isEmpty else { return (Slice(height: 0), []) }
        var lines: [Slice]
        var rightToLeft = false
        if let measured, (measured.lines.map(\.width).max() ?? 0) <= format.width + 0.01 {
            lines = textSlices(measured, x: x, spaceBefore: 0, spaceAfter: 0)
            rightToLeft = measured.isRightToLeft
        } else {
            lines = paragraphSlices(text, format, x: x, spaceBefore: 0, spaceAfter: 0)
            rightToLeft = TextDirection.isRightToLeft(text.string)
        }
        var boxes: [(top: Double, bottom: Double)] = []
        var top = 0.0
        for i in lines.indices {
            if case .text(let t)? = lines[i].items.first {
                let free = format.width - t.width
                let offset: Double
                switch alignment {
                case .center: offset = free / 2
                case .right: offset = free
                case .left: offset = 0
                case .none: offset = rightToLeft ? free : 0
                }
                lines[i].shiftRight(x + offset - t.x)
            }
            boxes.append((top, top + lines[i].height))
            top += lines[i].height
        }
        return (lines.stacked(), boxes)
    }

    /// Heights at which to cut a row of `height` so that no piece is taller than `limit`:
    /// each as low as possible without going through a line (`lines`: boxes from all cells),
    /// or at the limit when one line alone is taller. O(lines log lines).
    static func rowCuts(height: Double, lines: [(top: Double, bottom: Double)], limit: Double) -> [Double] {
        guard limit > 0 else { return [] }
        // Where lines stand (overlapping boxes of different cells merged): cuts go between.
        var blocked: [(top: Double, bottom: Double)] = []
        for box in lines.sorted(by: { $0.top < $1.top }) where box.bottom > box.top {
            if let last = blocked.last, box.top < last.bottom - 0.001 {
                blocked[blocked.count - 1].bottom = max(last.bottom, box.bottom)
            } else {
                blocked.append(box)
            }
        }
        var cuts: [Double] = []
        var start = 0.0
        while height - start > limit {
            let target = start + limit
            // The last merged span starting at or before the target decides.
            var cut = target
            if let k = blocked.lastIndex(where: { $0.top <= target + 0.001 }) {
                let span = blocked[k]
                if span.bottom <= target + 0.001 { cut = target } else if span.top > start + 0.001 { cut = span.top }
            }
            cuts.append(cut)
            start = cut
        }
        return cuts
    }
}
