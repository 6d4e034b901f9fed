import QuireModel
import QuireStyle

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
    /// Lays `table` out in `context`'s column (`TableLayouter`, a method per step), its cells'
    /// blocks set in this session. `line`: the table's line in the source. O(cells' text); a
    /// cell of blocks is laid out twice.
    package func table(_ table: Table, line: Int, _ context: BlockContext) -> [Slice] {
        TableLayouter(table, line: line, context, environment: environment, caches: caches, sink: sink,
                      blocks: { self.layoutBlocks($0, $1) },
                      trialBlocks: { blocks, cell in self.trial { $0.layoutBlocks(blocks, cell) }.value })?.layout() ?? []
    }
}

extension TableLayouter {
    /// What a cell holds, ready to be measured and set.
    package enum CellContent {
        case empty
        /// Inline content, set in the table's type, each line placed by the cell's alignment.
        case text(StyledText, Table.Alignment)
        /// Blocks, laid out in the cell's column in the body's type.
        case blocks([Block], TextAlignment?)
    }

    /// How much wider than its column's width a cell's text is set: widths measured at one
    /// size and scaled to another differ from those measured at that size by thousandths of a
    /// point (glyph positions are rounded to Pango's units at each size), and a word measured
    /// to fit exactly ("Default" in a column as wide as it) must not break.
    package static let measureTolerance = 0.05

    /// Longest text of a table cell measured to size its column: a longer one gets as much
    /// width as the table can give, unmeasured.
    package static let shapingChunk = 32 * 1024

    /// What `p` holds, as set: inline content when it is one paragraph (a GFM cell) or HTML of
    /// one paragraph; blocks otherwise. A table inside it (set as text by the parser) is
    /// reported with a warning naming its line.
    package func cellContent(_ p: Table.PlacedCell, alignment: Table.Alignment, imageBox: ImageBox) -> CellContent {
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
    package func cellContext(_ context: BlockContext, alignment: TextAlignment?, direction: WritingDirection?) -> BlockContext {
        var cell = BlockContext(column: Column(x: 0, width: Typography.unwrapped))
        cell.inTableCell = true
        cell.alignment = alignment
        cell.direction = direction
        return cell
    }

    /// The narrowest and the widest a cell of blocks wants to be: laid out unwrapped as a trial
    /// (`trialBlocks`: what it records dropped), each line's widest word and whole width plus
    /// its indent from the cell's edge; an image wants its width and makes do with a few
    /// lines' height. On the path a cell's blocks nest through: reads the typography in place.
    package func measureBlocks(_ blocks: [Block], _ context: BlockContext) -> (minimum: Double, preferred: Double) {
        let slices = trialBlocks(blocks, context)
        var narrowest = 0.0, widest = 0.0
        for slice in slices {
            for item in slice.items {
                switch item {
                case .text(let line):
                    let indent = context.column.width - line.shaped.format.width
                    narrowest = max(narrowest, line.shaped.minimumContentWidth() + indent)
                    widest = max(widest, line.width + indent)
                case .image(let rect, _, _), .frame(let rect, _, _):
                    narrowest = max(narrowest, min(rect.width, environment.typography.body.lineHeight * 3))
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
    package static func stackedWithBoxes(_ slices: [Slice]) -> (slice: Slice, boxes: [(top: Double, bottom: Double)]) {
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
    package static func closedSpans(_ open: [Bool]) -> [Range<Int>] {
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
    package func tableFormat(size: Double, width: Double, header: Bool) -> ParagraphFormat {
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
    package func cellSlice(_ text: StyledText, measured: ShapedText?, format: ParagraphFormat, x: Double,
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
    package static func rowCuts(height: Double, lines: [(top: Double, bottom: Double)], limit: Double) -> [Double] {
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
