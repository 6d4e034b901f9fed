/// GFM tables: columns sized from their content and fitted to the column, cells wrapped,
/// a shaded header row, one slice per row (a row is never split). Issue 7 refines this.
extension LayoutSession {
    func table(_ table: Table, line: Int, _ context: BlockContext) -> [Slice] {
        let columns = table.rows.map(\.count).max() ?? 0
        guard columns > 0 else { return [] }
        let size = style.bodySize * 0.92
        let pad = size * 0.45
        func format(_ width: Double, _ column: Int, header: Bool) -> ParagraphFormat {
            var f = bodyFormat(width: width, alignment: .left)
            f.size = size
            f.monospaceSize = size * style.codeScale
            f.lineHeight = size * 1.3
            f.bold = header
            switch column < table.alignments.count ? table.alignments[column] : .none {
            case .center: f.alignment = .center
            case .right: f.alignment = .right
            case .left, .none: f.alignment = .left
            }
            return f
        }
        let texts = table.rows.map { row in row.map { styledText($0, line: line) } }
        // Natural width of each column: its widest cell set on one line.
        var natural = Array(repeating: size * 2, count: columns)
        for (r, row) in texts.enumerated() {
            for (c, cell) in row.enumerated() where !cell.isEmpty {
                let shaped = typesetter.shape(cell, format(100_000, c, header: table.hasHeader && r == 0))
                natural[c] = max(natural[c], shaped.lines.map(\.width).max() ?? 0)
            }
        }
        let available = context.column.width - Double(columns) * 2 * pad
        let widths = Self.fit(natural, into: available)
        var slices: [Slice] = []
        atomicBlocks += 1
        for (r, row) in texts.enumerated() {
            let header = table.hasHeader && r == 0
            var slice = Slice(height: 0)
            slice.excerptRole = .atomic(atomicBlocks)
            var x = context.column.x
            var rowHeight = 0.0
            for c in 0..<columns {
                let cell = c < row.count ? row[c] : StyledText()
                if !cell.isEmpty {
                    let shaped = typesetter.shape(cell, format(widths[c], c, header: header))
                    var cellSlice = Slice(height: 0)
                    for line in textSlices(shaped, x: x + pad, spaceBefore: 0, spaceAfter: 0) {
                        // Cell lines are not lines of the text flow: the row is the unit.
                        var l = line
                        l.pushDown(cellSlice.height + pad)
                        cellSlice.items += l.items
                        cellSlice.links += l.links
                        cellSlice.destinations += l.destinations
                        cellSlice.height = l.height - pad
                    }
                    slice.items += cellSlice.items
                    slice.links += cellSlice.links
                    slice.destinations += cellSlice.destinations
                    rowHeight = max(rowHeight, cellSlice.height)
                }
                x += widths[c] + 2 * pad
            }
            slice.height = max(rowHeight, size * 1.3) + 2 * pad
            let tableWidth = x - context.column.x
            if header {
                slice.items.insert(.fill(Rect(x: context.column.x, y: 0, width: tableWidth, height: slice.height),
                                         style.codeBackground), at: 0)
                slice.keepWithNext = true
            }
            let ruleY = slice.height
            slice.items.append(.line(from: Point(x: context.column.x, y: ruleY), to: Point(x: context.column.x + tableWidth, y: ruleY),
                                     width: header ? 0.9 : 0.4, color: style.ruleColor))
            if r == 0 {
                slice.items.append(.line(from: Point(x: context.column.x, y: 0), to: Point(x: context.column.x + tableWidth, y: 0),
                                         width: 0.9, color: style.ruleColor))
            }
            slices.append(slice)
        }
        slices[0].spaceBefore = blockSpacing
        slices[slices.count - 1].spaceAfter = blockSpacing
        return slices
    }

    /// Column widths summing to at most `available`: natural widths when they fit; otherwise
    /// each column gets up to a fair share and the rest goes to the wider ones in proportion.
    static func fit(_ natural: [Double], into available: Double) -> [Double] {
        let total = natural.reduce(0, +)
        guard total > available, available > 0 else { return natural }
        let fair = available / Double(natural.count)
        var widths = natural.map { min($0, fair) }
        let remaining = available - widths.reduce(0, +)
        let excess = zip(natural, widths).map { $0 - $1 }
        let excessTotal = excess.reduce(0, +)
        if excessTotal > 0 {
            for i in widths.indices { widths[i] += remaining * excess[i] / excessTotal }
        }
        return widths
    }
}
