/// Tables, GFM's and HTML's alike: cells placed on a grid (`Table.grid`: `colspan`, `rowspan`),
/// columns sized from their cells' minimum and preferred widths and fitted to the text column
/// (smaller type, down to a floor, before words wrap inside), cells wrapped and aligned per
/// column or per cell, inline styles, links and images kept, a shaded header that pagination
/// repeats on every page the table continues on. A cell of inline content (every GFM cell, an
/// HTML cell of one paragraph) is set in the table's type; a cell of blocks (Markdown inside an
/// HTML cell, several paragraphs, a list, code) is laid out as blocks in the cell's column.
/// One slice per band of rows that `rowspan` joins (a row, mostly): a band is never split
/// across pages unless it is taller than a page, and then only between lines. A table laid
/// out right to left (`dir`, or its context's) has its first column on the right. A table of
/// images alone, without a header (logos laid out with HTML), is a bare grid: no rules. A
/// header never stands at a page's foot with fewer than two rows under it.
extension LayoutSession {
    /// What a cell holds, ready to be measured and set.
    private enum CellContent {
        case empty
        /// Inline content, set in the table's type, each line placed by the cell's alignment.
        case text(StyledText, Table.Alignment)
        /// Blocks, laid out in the cell's column in the body's type.
        case blocks([Block], TextAlignment?)
    }

    /// Stages: place the cells on the grid; collect each cell's content; measure each cell
    /// once, unwrapped (its preferred width and its widest word), spanning cells after the
    /// others; fit the columns (`TableColumns`); set the cells, reusing the measured layout of
    /// every text cell that fits unwrapped at the table's size; stack the rows into bands and
    /// cut bands taller than a page. O(cells' text); a cell of blocks is laid out twice.
    func table(_ table: Table, line: Int, _ context: BlockContext) -> [Slice] {
        let (placed, columns) = table.grid
        guard columns > 0, !placed.isEmpty else { return [] }
        let size = typography.tableSize
        let rowCount = table.cells.count
        let isHeaderRow = { (r: Int) in r < table.headerRows }
        let rtl = context.isRightToLeft
        func alignment(_ p: Table.PlacedCell) -> Table.Alignment {
            p.cell.alignment ?? (p.column < table.alignments.count ? table.alignments[p.column] : .none)
        }
        func direction(_ p: Table.PlacedCell) -> WritingDirection? { p.cell.direction ?? context.direction }
        func isBold(_ p: Table.PlacedCell) -> Bool { isHeaderRow(p.row) || p.cell.isHeader }

        // Collect. Images in cells may be larger than in a line of text, up to a column's share.
        let imageBox = ImageBox(width: context.column.width / Double(columns) * typography.tableImageWidthShare,
                                height: typography.body.lineHeight * typography.tableImageLines)
        let contents = placed.map { cellContent($0, alignment: alignment($0), imageBox: imageBox) }
        // Cells of pictures alone (`Block.isDecoration`: logos, badges, links around them).
        let bare = table.headerRows == 0 && placed.allSatisfy { $0.cell.blocks.allSatisfy(\.isDecoration) }
            && placed.contains { !$0.cell.blocks.isEmpty }

        // Measure: single-column cells first, then spanning ones widen the columns they cover.
        let padding = size * typography.tablePadding
        var minimum = Array(repeating: size, count: columns)
        var preferred = minimum
        var measured: [ShapedText?] = Array(repeating: nil, count: placed.count)
        var spanning: [(index: Int, minimum: Double, preferred: Double)] = []
        /// The widest word of each column's header, which capping leaves whole while it can.
        var headerWords = Array(repeating: 0.0, count: columns)
        for (i, p) in placed.enumerated() {
            var widths: (minimum: Double, preferred: Double)
            switch contents[i] {
            case .empty:
                continue
            case .text(let text, _):
                guard text.count <= Self.shapingChunk else {
                    // Too long to shape at once: it gets as much width as the table can give.
                    widths = (context.column.width, context.column.width)
                    break
                }
                var format = tableFormat(size: size, width: .infinity, header: isBold(p))
                format.direction = direction(p)
                let shaped = typesetter.shape(text, format)
                measured[i] = shaped
                widths = (shaped.minimumContentWidth(), shaped.lines.map(\.width).max() ?? 0)
            case .blocks(let blocks, let align):
                var cell = cellContext(context, alignment: align, direction: direction(p))
                cell.textRole = tableFormat(size: size, width: .infinity, header: isBold(p)).text
                widths = measureBlocks(blocks, cell)
            }
            if p.cell.columnSpan == 1 {
                minimum[p.column] = max(minimum[p.column], widths.minimum)
                preferred[p.column] = max(preferred[p.column], widths.preferred)
                if isHeaderRow(p.row) { headerWords[p.column] = max(headerWords[p.column], widths.minimum) }
            } else {
                spanning.append((i, widths.minimum, widths.preferred))
            }
        }
        for s in spanning {
            let p = placed[s.index]
            let covered = p.column..<min(columns, p.column + p.cell.columnSpan)
            let between = 2 * padding * Double(covered.count - 1)
            func widen(_ widths: inout [Double], to needed: Double) {
                let deficit = needed - between - covered.reduce(0) { $0 + widths[$1] }
                if deficit > 0 { for c in covered { widths[c] += deficit / Double(covered.count) } }
            }
            widen(&minimum, to: s.minimum)
            widen(&preferred, to: s.preferred)
        }

        // Fit.
        let fit = TableColumns(minimum: minimum, preferred: preferred, header: headerWords, padding: padding,
                               available: context.column.width, floor: typography.tableMinimumScale)
        let tableSize = size * fit.scale
        let tableWidth = fit.totalWidth
        let left = context.column.x + (context.column.width - tableWidth) * Self.offsetFraction(context.alignment, context)
        /// Where each column starts, left to right (its padding included), as if the table ran
        /// left to right; mirrored when it runs right to left, its first column on the right.
        var starts: [Double] = []
        var x = left
        for w in fit.widths {
            starts.append(x)
            x += w + 2 * fit.padding
        }
        /// Left and right edges of the columns `span`, padding included.
        func spanEdges(_ span: Range<Int>) -> (Double, Double) {
            if span == 0..<columns { return (left, left + tableWidth) }
            let last = span.upperBound - 1
            let start = starts[span.lowerBound], end = starts[last] + fit.widths[last] + 2 * fit.padding
            return rtl ? (2 * left + tableWidth - end, 2 * left + tableWidth - start) : (start, end)
        }
        func cellLeft(_ p: Table.PlacedCell) -> Double {
            spanEdges(p.column..<min(columns, p.column + p.cell.columnSpan)).0
        }
        func cellWidth(_ p: Table.PlacedCell) -> Double {
            let covered = p.column..<min(columns, p.column + p.cell.columnSpan)
            return covered.reduce(0) { $0 + fit.widths[$1] } + 2 * fit.padding * Double(covered.count - 1)
        }

        // Structure: the table, its head and body, an element for each row and each cell (a
        // header cell in a header row or a `<th>`).
        var inTable = context
        inTable.structure = element(.table, in: context)
        let head = table.headerRows > 0 ? element(.tableHead, in: inTable) : nil
        let body = table.headerRows < rowCount ? element(.tableBody, in: inTable) : nil
        let rows = (0..<rowCount).map { StructureElement(.tableRow, parent: isHeaderRow($0) ? head : body) }
        func cellElement(_ p: Table.PlacedCell, text: String?) -> StructureElement {
            StructureElement(isBold(p) ? .headerCell : .cell, parent: rows[p.row], text: text)
        }

        // Set each cell's content, from its top.
        let minimumContent = tableSize * typography.tableLineHeight
        var set: [(slice: Slice, boxes: [(top: Double, bottom: Double)])] = []
        for (i, p) in placed.enumerated() {
            let x = cellLeft(p) + fit.padding, width = cellWidth(p)
            switch contents[i] {
            case .empty:
                set.append((Slice(height: 0), []))
            case .text(let text, let align):
                var format = tableFormat(size: tableSize, width: width + Self.measureTolerance, header: isBold(p))
                format.direction = direction(p)
                set.append(cellSlice(text, measured: fit.scale == 1 ? measured[i] : nil, format: format, x: x, alignment: align,
                                     tag: .element(cellElement(p, text: text.string))))
            case .blocks(let blocks, let align):
                var cell = cellContext(context, alignment: align, direction: direction(p))
                cell.structure = cellElement(p, text: nil)
                cell.column = Column(x: x, width: width)
                cell.textRole = tableFormat(size: tableSize, width: width, header: isBold(p)).text
                set.append(Self.stackedWithBoxes(layoutBlocks(blocks, cell)))
            }
        }

        // Rows: each as tall as its tallest cell; a cell spanning rows lengthens its last.
        var rowHeights = Array(repeating: minimumContent + 2 * fit.padding, count: rowCount)
        for (i, p) in placed.enumerated() where p.cell.rowSpan == 1 {
            rowHeights[p.row] = max(rowHeights[p.row], set[i].slice.height + 2 * fit.padding)
        }
        for (i, p) in placed.enumerated() where p.cell.rowSpan > 1 {
            let rows = p.row..<(p.row + p.cell.rowSpan)
            let deficit = set[i].slice.height + 2 * fit.padding - rows.reduce(0) { $0 + rowHeights[$1] }
            if deficit > 0 { rowHeights[rows.upperBound - 1] += deficit }
        }

        // Bands: rows joined by cells spanning them, each a slice.
        let group = sink.newAtomicGroup()
        var slices: [Slice] = []
        var header: RepeatedHeader?
        var headerSlices: [Slice] = []
        var next = 0   // the first cell (in `placed`, row-major) not set yet
        var r = 0
        var bodyBands = 0
        while r < rowCount {
            var end = r + 1
            var k = next
            while k < placed.count, placed[k].row < end {
                end = max(end, placed[k].row + placed[k].cell.rowSpan)
                k += 1
            }
            var tops: [Double] = [0]
            for row in r..<end { tops.append(tops[row - r] + rowHeights[row]) }
            var slice = Slice(height: tops[end - r])
            var boxes: [(top: Double, bottom: Double)] = []
            for i in next..<k {
                var content = set[i].slice
                let dy = tops[placed[i].row - r] + fit.padding
                content.pushDown(dy)
                slice.items += content.items
                slice.links += content.links
                slice.destinations += content.destinations
                for box in set[i].boxes { boxes.append((box.top + dy, box.bottom + dy)) }
                slice.footnotes += content.footnotes
            }
            let isHeader = isHeaderRow(r)
            if !bare {
                if isHeader {
                    slice.items.insert(.fill(Rect(x: left, y: 0, width: tableWidth, height: slice.height), typography.codeBackground), at: 0)
                }
                // Under each row, a rule broken where a cell spans down past it.
                for row in r..<end {
                    let width = isHeaderRow(row) ? typography.tableHeaderRule : typography.tableRowRule
                    var open = Array(repeating: false, count: columns)
                    for p in placed[next..<k] where p.row <= row && p.row + p.cell.rowSpan > row + 1 {
                        for c in p.column..<min(columns, p.column + p.cell.columnSpan) { open[c] = true }
                    }
                    for span in Self.closedSpans(open) {
                        let (a, b) = spanEdges(span)
                        slice.items.append(.line(from: Point(x: a, y: tops[row + 1 - r]), to: Point(x: b, y: tops[row + 1 - r]),
                                                 width: width, color: style.ruleColor))
                    }
                }
                if r == 0 {
                    slice.items.append(.line(from: Point(x: left, y: 0), to: Point(x: left + tableWidth, y: 0),
                                             width: typography.tableHeaderRule, color: style.ruleColor))
                }
            }
            slice.excerptRole = .tableRow(group, isHeader: isHeader)
            next = k
            defer { r = end }
            if isHeader {
                slice.keepWithNext = true
                slices.append(slice)
                var repeated = slice
                repeated.destinations = []  // named once, where the table starts
                headerSlices.append(repeated)
                continue
            }
            if header == nil, !headerSlices.isEmpty { header = RepeatedHeader(headerSlices.stacked()) }
            // A header never stands at a page's foot with fewer than two rows under it.
            bodyBands += 1
            slice.keepWithNext = header != nil && bodyBands == 1 && end < rowCount
            slice.repeatedHeader = header
            let limit = style.contentHeight - (header?.slice.height ?? 0) - 1
            if slice.height > limit {
                slices += slice.split(at: Self.rowCuts(height: slice.height, lines: boxes, limit: limit))
            } else {
                slices.append(slice)
            }
        }
        guard !slices.isEmpty else { return [] }
        slices[0].spaceBefore = blockSpacing
        slices[slices.count - 1].spaceAfter = blockSpacing
        return slices
    }

    /// How much wider than its column's width a cell's text is set: widths measured at one
    /// size and scaled to another differ from those measured at that size by thousandths of a
    /// point (glyph positions are rounded to Pango's units at each size), and a word measured
    /// to fit exactly ("Default" in a column as wide as it) must not break.
    static let measureTolerance = 0.05

    /// What `p` holds, as set: inline content when it is one paragraph (a GFM cell) or HTML of
    /// one paragraph; blocks otherwise. A table inside it (set as text by the parser) is
    /// reported with a warning naming its line.
    private func cellContent(_ p: Table.PlacedCell, alignment: Table.Alignment, imageBox: ImageBox) -> CellContent {
        let blocks = p.cell.blocks
        for block in blocks {
            if case .html(let html) = block.kind, let line = html.nestedTableLine {
                sink.warn(Warning(line: line, message: "table inside a table cell set as text"))
            }
        }
        guard blocks.count == 1 else { return blocks.isEmpty ? .empty : .blocks(blocks, Self.textAlignment(p.cell.alignment)) }
        switch blocks[0].kind {
        case .paragraph(let content):
            return .text(styledText(content, line: blocks[0].line, imageBox: imageBox), alignment)
        case .html(let html):
            if html.blocks.isEmpty, html.anchors.isEmpty { return .empty }
            guard html.blocks.count <= 1 else { return .blocks(blocks, Self.textAlignment(p.cell.alignment)) }
            var content: [Inline] = []
            if let part = html.blocks.first {
                guard case .paragraph(let inlines) = part.kind else { return .blocks(blocks, Self.textAlignment(p.cell.alignment)) }
                content = inlines
            }
            var text = styledText(content, line: blocks[0].line, imageBox: imageBox)
            for name in html.anchors.compactMap(anchors.destination(forFragment:))
            where !text.anchors.contains(where: { $0.name == name }) {
                text.anchors.insert(StyledText.Anchor(offset: 0, name: name), at: 0)
            }
            return .text(text, p.cell.alignment ?? Self.tableAlignment(html.blocks.first?.alignment) ?? alignment)
        default:
            return .blocks(blocks, Self.textAlignment(p.cell.alignment))
        }
    }

    /// Where blocks of a cell are set: no list nesting or tightness from around the table.
    private func cellContext(_ context: BlockContext, alignment: TextAlignment?, direction: WritingDirection?) -> BlockContext {
        var cell = BlockContext(column: Column(x: 0, width: Typography.unwrapped))
        cell.inTableCell = true
        cell.alignment = alignment
        cell.direction = direction
        return cell
    }

    /// The narrowest and the widest a cell of blocks wants to be: laid out unwrapped as a trial
    /// (what it records dropped), each line's widest word and whole width plus its indent from
    /// the cell's edge; an image wants its width and makes do with a few lines' height.
    private func measureBlocks(_ blocks: [Block], _ context: BlockContext) -> (minimum: Double, preferred: Double) {
        let slices = trial { layoutBlocks(blocks, context) }.value
        var narrowest = 0.0, widest = 0.0
        for slice in slices {
            for item in slice.items {
                switch item {
                case .text(let line):
                    let indent = context.column.width - line.shaped.format.width
                    narrowest = max(narrowest, line.shaped.minimumContentWidth() + indent)
                    widest = max(widest, line.width + indent)
                case .image(let rect, _, _), .frame(let rect, _, _):
                    narrowest = max(narrowest, min(rect.width, typography.body.lineHeight * 3))
                    widest = max(widest, rect.width)
                case .formula(let formula):
                    narrowest = max(narrowest, formula.box.width)
                    widest = max(widest, formula.box.width)
                default:
                    break
                }
            }
        }
        return (narrowest, widest)
    }

    /// `slices` stacked into one (the spacing between them kept, that above the first and
    /// below the last dropped), with each one's extent, where a cut may not fall.
    private static func stackedWithBoxes(_ slices: [Slice]) -> (slice: Slice, boxes: [(top: Double, bottom: Double)]) {
        var baked = slices
        baked.bakeSpacing()
        var boxes: [(top: Double, bottom: Double)] = []
        var y = 0.0
        for (original, slice) in zip(slices, baked) {
            boxes.append((y + slice.height - original.height, y + slice.height))
            y += slice.height
        }
        return (baked.stacked(), boxes)
    }

    /// The runs of columns not marked `open`, as ranges.
    private static func closedSpans(_ open: [Bool]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var start: Int?
        for (c, isOpen) in open.enumerated() {
            if !isOpen, start == nil { start = c }
            if isOpen, let s = start { spans.append(s..<c); start = nil }
        }
        if let s = start { spans.append(s..<open.count) }
        return spans
    }

    private static func textAlignment(_ alignment: Table.Alignment?) -> TextAlignment? {
        switch alignment {
        case .left?: return .left
        case .center?: return .center
        case .right?: return .right
        case .none?, nil: return nil
        }
    }

    private static func tableAlignment(_ alignment: TextAlignment?) -> Table.Alignment? {
        switch alignment {
        case .left?, .justify?: return .left
        case .center?: return .center
        case .right?: return .right
        case nil: return nil
        }
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
                           alignment: Table.Alignment, tag: ContentTag) -> (slice: Slice, boxes: [(top: Double, bottom: Double)]) {
        // A cell holding only an anchor (`<a name="x"></a>`) still places it.
        guard !text.isEmpty else { return (anchorSlice(text.anchors.map(\.name)).first ?? Slice(height: 0), []) }
        var lines: [Slice]
        var rightToLeft = false
        if let measured, (measured.lines.map(\.width).max() ?? 0) <= format.width + 0.01 {
            lines = textSlices(measured, x: x, spaceBefore: 0, spaceAfter: 0, tag: tag)
            rightToLeft = measured.isRightToLeft
        } else {
            lines = paragraphSlices(text, format, x: x, spaceBefore: 0, spaceAfter: 0, tag: tag)
            rightToLeft = format.direction.map { $0 == .rightToLeft } ?? TextDirection.isRightToLeft(text.string)
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
