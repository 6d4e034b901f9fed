import QuireModel
import QuireStyle

/// One table laid out a step at a time (model: Typst's `grid/layouter.rs`): collect what each
/// cell holds; measure each cell once, unwrapped (its preferred width and its widest word),
/// spanning cells after the others; fit the columns (`TableColumns`: at the measure, else
/// wider, else smaller, else on a page turned for it; `fit`); set the cells, reusing
/// the measured layout of every text cell that fits unwrapped at the table's size; size the
/// rows; stack the rows into bands and cut bands taller than a page. Each step is a method
/// that takes the values the steps before it made and returns its own. O(cells' text); a
/// cell of blocks is laid out twice. Lives for one call of `LayoutSession.table`.
///
/// Reads the environment, sets its cells' text as any `TextSlicing` does (reporting to
/// `sink`), and a cell's blocks, which may be of any kind, by `blocks` (as set) and
/// `trialBlocks` (as measured) (`LayoutSession.layoutBlocks`).
package struct TableLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
    /// Sets a cell's blocks in the context given, reporting to `sink`.
    package let blocks: ([Block], BlockContext) -> [Slice]
    /// Lays a cell's blocks out in the context given as a trial, what it records dropped
    /// (measuring a cell).
    package let trialBlocks: ([Block], BlockContext) -> [Slice]
    package let table: Table
    /// The table's line in the source (warnings name it).
    package let line: Int
    package let context: BlockContext
    /// The cells on the grid, row-major, and how many columns the grid has (at least one).
    package let placed: [Table.PlacedCell]
    package let columns: Int
    /// The table's type size as the style gives it, before fitting.
    package let size: Double

    /// What a cell holds as set and the extent of each of its lines, where a row may not be cut.
    package typealias SetCell = (slice: Slice, boxes: [(top: Double, bottom: Double)])

    /// What the cells hold (`collect`).
    package struct Contents {
        /// By cell, in `placed`'s order.
        package var cells: [CellContent]
        /// Cells of pictures alone (`Block.isDecoration`: logos, badges, links around them),
        /// without a header: a bare grid, drawn without rules.
        package var bare: Bool
    }

    /// Each column's widths at the table's size (`measure`).
    package struct Measures {
        /// The widest unbreakable piece and the widest line unwrapped, by column.
        package var minimum: [Double]
        package var preferred: [Double]
        /// The widest word of each column's header, which capping leaves whole while it can.
        package var headerWords: [Double]
        /// Each text cell shaped unwrapped, by cell (nil: not text, or too long to shape at once).
        package var shaped: [ShapedText?]
        /// Padding on each side of a cell.
        package var padding: Double
    }

    /// Where the columns stand (`fit`).
    package struct Grid {
        package let fit: TableColumns
        package let columns: Int
        /// The table's left edge and width, padding included.
        package let left: Double
        package let width: Double
        package let rightToLeft: Bool
        /// Set on a landscape page of its own (`Style.turnedForWideTables`).
        package let landscape: Bool
        /// Where each column starts, left to right (its padding included), as if the table ran
        /// left to right; mirrored when it runs right to left, its first column on the right.
        package let starts: [Double]

        package init(fit: TableColumns, columns: Int, left: Double, rightToLeft: Bool, landscape: Bool = false) {
            self.fit = fit
            self.columns = columns
            self.left = left
            width = fit.totalWidth
            self.rightToLeft = rightToLeft
            self.landscape = landscape
            var starts: [Double] = []
            var x = left
            for w in fit.widths {
                starts.append(x)
                x += w + 2 * fit.padding
            }
            self.starts = starts
        }

        /// Left and right edges of the columns `span`, padding included.
        package func edges(_ span: Range<Int>) -> (Double, Double) {
            if span == 0..<columns { return (left, left + width) }
            let last = span.upperBound - 1
            let start = starts[span.lowerBound], end = starts[last] + fit.widths[last] + 2 * fit.padding
            return rightToLeft ? (2 * left + width - end, 2 * left + width - start) : (start, end)
        }

        /// The columns `p` covers.
        package func span(_ p: Table.PlacedCell) -> Range<Int> { p.column..<min(columns, p.column + p.cell.columnSpan) }

        /// The left edge of `p`, padding included, and the width of its content.
        package func cellLeft(_ p: Table.PlacedCell) -> Double { edges(span(p)).0 }
        package func cellWidth(_ p: Table.PlacedCell) -> Double {
            let covered = span(p)
            return covered.reduce(0) { $0 + fit.widths[$1] } + 2 * fit.padding * Double(covered.count - 1)
        }
    }

    /// Nil for a table with no cells or no columns, which sets nothing.
    package init?(_ table: Table, line: Int, _ context: BlockContext, environment: LayoutEnvironment, caches: LayoutCaches,
                  sink: LayoutSink, blocks: @escaping ([Block], BlockContext) -> [Slice],
                  trialBlocks: @escaping ([Block], BlockContext) -> [Slice]) {
        let (placed, columns) = table.grid
        guard columns > 0, !placed.isEmpty else { return nil }
        self.environment = environment
        self.caches = caches
        self.sink = sink
        self.blocks = blocks
        self.trialBlocks = trialBlocks
        self.table = table
        self.line = line
        self.context = context
        self.placed = placed
        self.columns = columns
        size = environment.typography.tableSize
    }

    package func layout() -> [Slice] {
        let contents = collect()
        let measures = measure(contents)
        let grid = fit(measures)
        let rows = rowElements()
        // A bare grid of logos keeps its pictures' tops in line; a table of text its baselines.
        let set = setCells(contents, measures, grid, rows: rows)
        let cells = contents.bare ? set : alignedOnFirstBaselines(set)
        let heights = rowHeights(cells, grid)
        return bands(cells, rowHeights: heights, grid, bare: contents.bare)
    }

    // MARK: Cells

    package func isHeaderRow(_ row: Int) -> Bool { row < table.headerRows }

    private func alignment(_ p: Table.PlacedCell) -> Table.Alignment {
        p.cell.alignment ?? (p.column < table.alignments.count ? table.alignments[p.column] : .none)
    }

    private func direction(_ p: Table.PlacedCell) -> WritingDirection? { p.cell.direction ?? context.direction }

    private func isBold(_ p: Table.PlacedCell) -> Bool { isHeaderRow(p.row) || p.cell.isHeader }

    // MARK: Steps

    /// What each cell holds. Images in cells may be larger than in a line of text, up to a
    /// column's share.
    package func collect() -> Contents {
        let imageBox = ImageBox(width: context.column.width / Double(columns) * typography.tableImageWidthShare,
                                height: typography.body.lineHeight * typography.tableImageLines)
        let cells = placed.map { cellContent($0, alignment: alignment($0), imageBox: imageBox) }
        let bare = table.headerRows == 0 && placed.allSatisfy { $0.cell.blocks.allSatisfy(\.isDecoration) }
            && placed.contains { !$0.cell.blocks.isEmpty }
        return Contents(cells: cells, bare: bare)
    }

    /// Each column's widths: single-column cells first, then spanning ones widen the
    /// columns they cover.
    package func measure(_ contents: Contents) -> Measures {
        // On the path a cell's blocks nest through: the typography read in place, not copied.
        let padding = size * environment.typography.tablePadding
        var measures = Measures(minimum: Array(repeating: size, count: columns), preferred: Array(repeating: size, count: columns),
                                headerWords: Array(repeating: 0, count: columns),
                                shaped: Array(repeating: nil, count: placed.count), padding: padding)
        var spanning: [(index: Int, minimum: Double, preferred: Double)] = []
        for (i, p) in placed.enumerated() {
            guard let widths = cellWidths(contents.cells[i], p, shaped: &measures.shaped[i]) else { continue }
            if p.cell.columnSpan == 1 {
                measures.minimum[p.column] = max(measures.minimum[p.column], widths.minimum)
                measures.preferred[p.column] = max(measures.preferred[p.column], widths.preferred)
                if isHeaderRow(p.row) { measures.headerWords[p.column] = max(measures.headerWords[p.column], widths.minimum) }
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
            widen(&measures.minimum, to: s.minimum)
            widen(&measures.preferred, to: s.preferred)
        }
        return measures
    }

    /// The narrowest and the widest `content` (of `p`) can be set, at the table's size; text
    /// is shaped unwrapped into `shaped`. Nil for an empty cell.
    private func cellWidths(_ content: CellContent, _ p: Table.PlacedCell,
                            shaped: inout ShapedText?) -> (minimum: Double, preferred: Double)? {
        switch content {
        case .empty:
            return nil
        case .text(let text, _):
            guard text.count <= Self.shapingChunk else {
                // Too long to shape at once: it gets as much width as the table can give.
                return (context.column.width, context.column.width)
            }
            var format = tableFormat(size: size, width: .infinity, header: isBold(p))
            format.direction = direction(p)
            let unwrapped = environment.typesetter.shape(text, format)
            shaped = unwrapped
            return (unwrapped.minimumContentWidth(), unwrapped.lines.map(\.width).max() ?? 0)
        case .blocks(let blocks, let align):
            var cell = cellContext(context, alignment: align, direction: direction(p))
            cell.textRole = tableFormat(size: size, width: .infinity, header: isBold(p)).text
            return measureBlocks(blocks, cell)
        }
    }

    /// Whether the table has no header cell: a grid of pictures or text laid out, not data
    /// whose columns mean something. Its structure is then divisions, not a table (PDF/UA-1,
    /// 7.5, asks a table's data cells for headers: a grid has none to give).
    package var isLayoutGrid: Bool { !placed.contains { isBold($0) } }

    /// The structure elements of the rows: the table's, in its head or its body (a grid's:
    /// a division each, in the grid's division).
    package func rowElements() -> [StructureElement] {
        let rowCount = table.cells.count
        var inTable = context
        if isLayoutGrid {
            inTable.structure = element(.division, in: context)
            return (0..<rowCount).map { _ in StructureElement(.division, parent: inTable.structure) }
        }
        inTable.structure = element(.table, in: context)
        let head = table.headerRows > 0 ? element(.tableHead, in: inTable) : nil
        let body = table.headerRows < rowCount ? element(.tableBody, in: inTable) : nil
        return (0..<rowCount).map { StructureElement(.tableRow, parent: isHeaderRow($0) ? head : body) }
    }

    /// Each cell's content set in its column, from its top; each cell an element of its row
    /// (a header cell in a header row or a `<th>`).
    package func setCells(_ contents: Contents, _ measures: Measures, _ grid: Grid, rows: [StructureElement]) -> [SetCell] {
        let tableSize = size * grid.fit.scale
        let layoutGrid = isLayoutGrid
        func cellElement(_ p: Table.PlacedCell, text: String?) -> StructureElement {
            StructureElement(layoutGrid ? .division : isBold(p) ? .headerCell : .cell, parent: rows[p.row], text: text)
        }
        return placed.enumerated().map { i, p in
            let x = grid.cellLeft(p) + grid.fit.padding, width = grid.cellWidth(p)
            switch contents.cells[i] {
            case .empty:
                return (Slice(height: 0), [])
            case .text(let text, let align):
                var format = tableFormat(size: tableSize, width: width + Self.measureTolerance, header: isBold(p))
                format.direction = direction(p)
                return cellSlice(text, measured: grid.fit.scale == 1 ? measures.shaped[i] : nil, format: format, x: x,
                                         alignment: align, tag: .element(cellElement(p, text: text.string)))
            case .blocks(let blocks, let align):
                var cell = cellContext(context, alignment: align, direction: direction(p))
                cell.structure = cellElement(p, text: nil)
                cell.column = Column(x: x, width: width)
                cell.textRole = tableFormat(size: tableSize, width: width, header: isBold(p)).text
                return Self.stackedWithBoxes(self.blocks(blocks, cell))
            }
        }
    }

    /// The cells with the first lines of each row on one baseline: a cell whose first line
    /// sits higher than its neighbours' (code beside serif text: a smaller ascent) is pushed
    /// down to the lowest of them. Cells without a text line keep their place. O(cells).
    package func alignedOnFirstBaselines(_ cells: [SetCell]) -> [SetCell] {
        var lowest: [Int: Double] = [:]
        for (i, p) in placed.enumerated() {
            if let b = cells[i].slice.firstBaseline { lowest[p.row] = max(lowest[p.row] ?? b, b) }
        }
        return cells.enumerated().map { i, cell in
            guard let b = cell.slice.firstBaseline, let target = lowest[placed[i].row], target - b > 0.001 else { return cell }
            var slice = cell.slice
            slice.pushDown(target - b)
            return (slice, cell.boxes.map { ($0.top + target - b, $0.bottom + target - b) })
        }
    }

    /// Each row as tall as its tallest cell; a cell spanning rows lengthens its last.
    package func rowHeights(_ cells: [SetCell], _ grid: Grid) -> [Double] {
        let minimumContent = size * grid.fit.scale * typography.tableLineHeight, padding = grid.fit.padding
        var heights = Array(repeating: minimumContent + 2 * padding, count: table.cells.count)
        for (i, p) in placed.enumerated() where p.cell.rowSpan == 1 {
            heights[p.row] = max(heights[p.row], cells[i].slice.height + 2 * padding)
        }
        for (i, p) in placed.enumerated() where p.cell.rowSpan > 1 {
            let rows = p.row..<(p.row + p.cell.rowSpan)
            let deficit = cells[i].slice.height + 2 * padding - rows.reduce(0) { $0 + heights[$1] }
            if deficit > 0 { heights[rows.upperBound - 1] += deficit }
        }
        return heights
    }
}
