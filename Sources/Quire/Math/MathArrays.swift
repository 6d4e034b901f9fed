/// Arrays (matrices, cases, amsmath's alignments): cells set in the array's style, columns as
/// wide as their widest cell, rows at least a strut apart, the whole centred on the axis as
/// `\vcenter` centres it.
extension MathLayout {
    package func array(_ array: MathArray, _ context: StyleContext) -> MathBox {
        var cellContext = context
        // Cells keep the array's style, or the script style it sits in.
        if let style = array.style { cellContext.style = context.style >= .script ? max(style, context.style) : style }
        let style = cellContext.style
        let em = fontSize(style)
        let cells = array.rows.map { row in row.map { box($0, cellContext) } }
        let columns = max(array.alignments.count, cells.map(\.count).max() ?? 0)
        var widths = Array(repeating: 0.0, count: columns)
        for row in cells { for (j, cell) in row.enumerated() { widths[j] = max(widths[j], cell.width) } }
        // LaTeX's strut: 70% and 30% of a 1.2 em baseline skip.
        let strutHeight = 0.84 * em, strutDepth = 0.36 * em
        let gap = array.columnGap * em, pairGap = 2 * em
        var xs: [Double] = []
        var x = 0.0
        for j in 0..<columns {
            if j > 0 { x += array.pairs ? (j % 2 == 0 ? pairGap : 0) : gap }
            xs.append(x)
            x += widths[j]
        }
        var out = MathBox(width: x)
        var y = 0.0
        var rowBaselines: [Double] = []
        for (i, row) in cells.enumerated() {
            let height = max(strutHeight, row.map(\.height).max() ?? 0)
            let depth = max(strutDepth, row.map(\.depth).max() ?? 0)
            if i > 0 { y -= array.rowGap * em }
            y -= height
            rowBaselines.append(y)
            for (j, cell) in row.enumerated() {
                let alignment = j < array.alignments.count ? array.alignments[j] : .center
                let dx: Double = switch alignment {
                case .left: 0
                case .center: (widths[j] - cell.width) / 2
                case .right: widths[j] - cell.width
                }
                out.place(cell, x: xs[j] + dx, y: y)
            }
            y -= depth
        }
        let total = -y
        let shift = total / 2 + axis(context.style)
        var centred = MathBox(width: out.width, height: shift, depth: total - shift)
        centred.place(out, x: 0, y: shift)
        for column in array.rules {
            let rx = column == 0 ? 0 : column >= columns ? out.width : xs[column] - gap / 2
            centred.rules.append(MathRule(x: rx, y: -centred.depth, width: 0.04 * em, height: total, color: nil))
        }
        return centred
    }
}
