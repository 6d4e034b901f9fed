import QuireModel

/// The last step of a table's layout: its rows stacked into bands, each a slice that
/// pagination places whole (a row, mostly; rows that `rowspan` joins), with the header's
/// shading and the rules, the header repeated on every page the table continues on, a band
/// taller than a page cut between lines, and every slice on a landscape page when the table
/// turned its page.
extension TableLayouter {
    /// Rows joined by cells spanning them, and the cells (indices into `placed`, row-major)
    /// that start in them.
    package struct Band {
        package var rows: Range<Int>
        package var cells: Range<Int>
    }

    /// The table's bands as slices: a header never stands at a page's foot with fewer than
    /// two rows under it, and every body band carries the header to repeat.
    package func bands(_ cells: [SetCell], rowHeights: [Double], _ grid: Grid, bare: Bool) -> [Slice] {
        let group = sink.newAtomicGroup()
        var slices: [Slice] = []
        var header: RepeatedHeader?
        var headerSlices: [Slice] = []
        var bodyBands = 0
        for band in bandRanges() {
            var (slice, boxes) = bandSlice(band, cells, rowHeights: rowHeights, grid, bare: bare)
            let isHeader = isHeaderRow(band.rows.lowerBound)
            slice.excerptRole = .tableRow(group, isHeader: isHeader)
            slice.landscape = grid.landscape
            if isHeader {
                slice.keepWithNext = true
                slices.append(slice)
                var repeated = slice
                repeated.destinations = []  // named once, where the table starts
                headerSlices.append(repeated)
                continue
            }
            if header == nil, !headerSlices.isEmpty { header = RepeatedHeader(headerSlices.stacked()) }
            bodyBands += 1
            slice.keepWithNext = header != nil && bodyBands == 1 && band.rows.upperBound < table.cells.count
            slice.repeatedHeader = header
            let page = grid.landscape ? style.turnedForWideTables : style
            let limit = page.contentHeight - (header?.slice.height ?? 0) - 1
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

    /// The bands, top to bottom: a band ends at the first row boundary no cell spans. O(cells).
    package func bandRanges() -> [Band] {
        var bands: [Band] = []
        var next = 0   // the first cell not in a band yet
        var r = 0
        while r < table.cells.count {
            var end = r + 1
            var k = next
            while k < placed.count, placed[k].row < end {
                end = max(end, placed[k].row + placed[k].cell.rowSpan)
                k += 1
            }
            bands.append(Band(rows: r..<end, cells: next..<k))
            next = k
            r = end
        }
        return bands
    }

    /// One band's slice: its cells' contents each pushed down to its row, on the header's
    /// shading, with the rules (none in a bare grid); and each line's extent, where a cut may
    /// not fall.
    private func bandSlice(_ band: Band, _ cells: [SetCell], rowHeights: [Double], _ grid: Grid,
                           bare: Bool) -> SetCell {
        var tops: [Double] = [0]
        for row in band.rows { tops.append(tops[row - band.rows.lowerBound] + rowHeights[row]) }
        var slice = Slice(height: tops[band.rows.count])
        var boxes: [(top: Double, bottom: Double)] = []
        for i in band.cells {
            var content = cells[i].slice
            let dy = tops[placed[i].row - band.rows.lowerBound] + grid.fit.padding
            content.pushDown(dy)
            slice.items += content.items
            slice.links += content.links
            slice.destinations += content.destinations
            for box in cells[i].boxes { boxes.append((box.top + dy, box.bottom + dy)) }
            slice.footnotes += content.footnotes
        }
        if !bare {
            if isHeaderRow(band.rows.lowerBound) {
                slice.items.insert(.fill(Rect(x: grid.left, y: 0, width: grid.width, height: slice.height), typography.codeBackground), at: 0)
            }
            slice.items += rules(band, tops: tops, grid)
        }
        return (slice, boxes)
    }

    /// Under each row of `band`, a rule broken where a cell spans down past it; above the
    /// table's first row, the header's rule.
    private func rules(_ band: Band, tops: [Double], _ grid: Grid) -> [PageItem] {
        var items: [PageItem] = []
        let color = style.ruleColor
        for row in band.rows {
            let width = isHeaderRow(row) ? typography.tableHeaderRule : typography.tableRowRule
            var open = Array(repeating: false, count: columns)
            for p in placed[band.cells] where p.row <= row && p.row + p.cell.rowSpan > row + 1 {
                for c in grid.span(p) { open[c] = true }
            }
            let y = tops[row + 1 - band.rows.lowerBound]
            for span in Self.closedSpans(open) {
                let (a, b) = grid.edges(span)
                items.append(.line(from: Point(x: a, y: y), to: Point(x: b, y: y), width: width, color: color))
            }
        }
        if band.rows.lowerBound == 0 {
            items.append(.line(from: Point(x: grid.left, y: 0), to: Point(x: grid.left + grid.width, y: 0),
                               width: typography.tableHeaderRule, color: color))
        }
        return items
    }
}
