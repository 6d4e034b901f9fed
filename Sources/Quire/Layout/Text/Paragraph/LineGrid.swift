import QuireModel

/// Where a line set partly in a font taller than its paragraph's (Arabic's Naskh, a CJK or an
/// emoji font) sits on the paragraph's baseline grid, and how far its ink reaches.
///
/// Such a font's nominal ascent and descent (Naskh's are about twice an em) are far above what
/// its glyphs draw; sized by them, an Arabic line took 21.6 pt against Latin's 17. A line with
/// a grid is set in the line height, its baseline where a line of the paragraph's font alone
/// has it; `TextSlices` grows its box only where its ink would come nearer a neighbour's than
/// `clearance` (issue 46, point 7). Pango units in `AssembledLine`, points in `ShapedText`.
package struct LineGrid: Sendable, Equatable {
    /// The paragraph font's place in a box of the line height: above and below the baseline.
    package var above: Double
    package var below: Double
    /// How far the line's ink reaches above and below the baseline: its glyphs' inked extents
    /// (raised or lowered with them) and its objects' boxes.
    package var inkAbove: Double
    package var inkBelow: Double
    /// The least room between its ink and a neighbouring line's.
    package var clearance: Double

    /// The grid of an `AssembledLine` (whole Pango units) in points, as `ShapedText` holds it.
    package var inPoints: LineGrid {
        func points(_ units: Double) -> Double { PangoLength(units: Int64(units)).points }
        return LineGrid(above: points(above), below: points(below), inkAbove: points(inkAbove), inkBelow: points(inkBelow),
                        clearance: points(clearance))
    }

    /// The least room between two lines' ink, in ems of the paragraph's font.
    package static let clearance = 0.05
}

extension LineAssembler {
    /// The line's place on the grid when one of its runs is in a font reaching above or below
    /// the paragraph font's logical extents (a superscript's rise does not count: it keeps
    /// the box it has always had), else nil: lines of the paragraph's own fonts (a Latin
    /// line, with its code and its bold) keep the box their logical extents give them.
    /// O(glyphs of the line) for a line on the grid (their ink), O(runs) otherwise.
    package func grid(_ runs: [LineRun]) -> LineGrid? {
        guard !runs.isEmpty else { return nil }
        let body = typesetter.emptyLineFont(format, item: nil)
        let taller = runs.contains { run in
            guard run.object < 0 else { return false }
            let info = typesetter.fontTable.info(analysis.items[Int(run.item)].font)
            return info.ascent > body.ascent || info.descent > body.descent
        }
        guard taller else { return nil }
        let box = max(PangoLength(points: format.text.lineHeight).pango, body.ascent + body.descent)
        let above = (box - body.ascent - body.descent) / 2 + body.ascent
        var inkAbove: Int32 = 0, inkBelow: Int32 = 0
        for run in runs {
            if run.object >= 0 {
                let object = measured.objects[Int(run.object)]
                inkAbove = max(inkAbove, object.ascent)
                inkBelow = max(inkBelow, object.descent)
                continue
            }
            guard let ink = typesetter.inkExtents(run.glyphs, font: analysis.items[Int(run.item)].font) else { continue }
            let rise = PangoLength(points: run.rise).pango
            inkAbove = max(inkAbove, -ink.top + rise)
            inkBelow = max(inkBelow, ink.bottom - rise)
        }
        return LineGrid(above: Double(above), below: Double(box - above), inkAbove: Double(inkAbove), inkBelow: Double(inkBelow),
                        clearance: Double(PangoLength(points: format.text.size * LineGrid.clearance).pango))
    }
}
