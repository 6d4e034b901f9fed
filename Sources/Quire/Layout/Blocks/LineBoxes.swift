/// The boxes a paragraph's lines are stacked in: each line's height and its baseline in it.
///
/// A line of the paragraph's own fonts has a box of at least the line height, the line's
/// logical extents centred in a taller one (a line holding a tall image or formula). A line
/// set partly in a taller font (`LineGrid`: Naskh, CJK, emoji) keeps the paragraph's baseline
/// grid, a box of the line height with the paragraph font's baseline, and grows only where its
/// ink would come within `LineGrid.clearance` of the ink of the line before it in the
/// paragraph (of the box's edge at the paragraph's first and last lines, whose neighbours are
/// other blocks'), so that Arabic, Hebrew, CJK and Latin lines are one line height apart
/// where their glyphs fit it (issue 46, point 7).
package enum LineBoxes {
    /// Each of `shaped`'s lines' box height and baseline from its top, in points. O(lines).
    package static func of(_ shaped: ShapedText) -> [(box: Double, baseline: Double)] {
        let lines = shaped.lines
        let lineHeight = shaped.format.text.lineHeight
        var boxes = lines.map { line -> (box: Double, baseline: Double) in
            if let grid = line.grid { return (grid.above + grid.below, grid.above) }
            let natural = line.ascent + line.descent
            let box = max(lineHeight, natural)
            return (box, (box - natural) / 2 + line.ascent)
        }
        // How far a line's ink reaches: measured on a line of the grid, its logical extents
        // on another (which hold its ink).
        func reach(_ i: Int) -> (above: Double, below: Double) {
            lines[i].grid.map { ($0.inkAbove, $0.inkBelow) } ?? (lines[i].ascent, lines[i].descent)
        }
        for i in lines.indices {
            guard let clearance = (lines[i].grid ?? (i > 0 ? lines[i - 1].grid : nil))?.clearance else { continue }
            // Room above the baseline for the line's ink: down from the ink of the line before,
            // or from the box's top on the first line.
            let room = i == 0 ? boxes[i].baseline - clearance
                : boxes[i - 1].box - boxes[i - 1].baseline - reach(i - 1).below + boxes[i].baseline - clearance
            let over = reach(i).above - room
            if over > 0 {
                boxes[i].box += over
                boxes[i].baseline += over
            }
            if i == lines.count - 1, lines[i].grid != nil {
                boxes[i].box = max(boxes[i].box, boxes[i].baseline + reach(i).below + clearance)
            }
        }
        return boxes
    }
}
