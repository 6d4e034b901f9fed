import QuireModel

/// The clusters of one run of a set line, in the text's order: for each, its bytes, its glyphs
/// (a stretch of the run's glyphs, which are in visual order) and its styled attributes. What
/// painting a run needs: where its colours, backgrounds and lines start and end (always at a
/// cluster's edge: a ligature takes one colour), and the glyph runs with their clusters.
package struct RunClusters {
    package let run: LineRun
    package let shaped: ShapedText
    /// Each cluster's first byte in the paragraph, and the run's end after the last.
    private var starts: [Int] = []
    /// Each cluster's glyphs, indices in `run.glyphs`.
    private var glyphRanges: [Range<Int>] = []
    /// The advances before each glyph of the run, and after the last (Pango units).
    private var xs: [Int32] = []
    /// Each cluster's attributes (those of the styled run its first byte is in).
    private var styles: [StyledText.Attributes] = []

    /// O(glyphs × log styled runs).
    package init(_ run: LineRun, _ shaped: ShapedText) {
        self.run = run
        self.shaped = shaped
        let glyphs = run.glyphs
        xs.reserveCapacity(glyphs.count + 1)
        var x: Int32 = 0
        for glyph in glyphs {
            xs.append(x)
            x += glyph.advance
        }
        xs.append(x)
        // At most a cluster per glyph: one allocation each, not one per doubling.
        starts.reserveCapacity(glyphs.count + 1)
        glyphRanges.reserveCapacity(glyphs.count)
        if run.shownText != nil {
            // An ellipsis: one cluster of its own text.
            starts = [Int(run.start), Int(run.start)]
            glyphRanges = [0..<glyphs.count]
        } else {
            var g = run.isBackward ? glyphs.count - 1 : 0
            while run.isBackward ? g >= 0 : g < glyphs.count {
                let cluster = glyphs[g].cluster
                if Int(cluster) != starts.last {
                    starts.append(Int(cluster))
                    glyphRanges.append(g..<(g + 1))
                } else {
                    let r = glyphRanges[glyphRanges.count - 1]
                    glyphRanges[glyphRanges.count - 1] = min(r.lowerBound, g)..<max(r.upperBound, g + 1)
                }
                g += run.isBackward ? -1 : 1
            }
            starts.append(Int(run.end))
        }
        let runs = shaped.text.runs
        var k = runs.partitionPoint { $0.range.upperBound > starts[0] }
        styles = starts.dropLast().map { start in
            while k < runs.count, runs[k].range.upperBound <= start { k += 1 }
            return k < runs.count && runs[k].range.contains(start) ? runs[k].attributes : StyledText.Attributes()
        }
    }

    package var count: Int { glyphRanges.count }

    /// The attributes of cluster `k`.
    package func attributes(_ k: Int) -> StyledText.Attributes { styles[k] }

    /// The stretches of clusters of one set of attributes, in the text's order.
    package var spans: [(Range<Int>, StyledText.Attributes)] {
        var result: [(Range<Int>, StyledText.Attributes)] = []
        var start = 0
        for k in 1...count where k == count || styles[k] != styles[start] {
            result.append((start..<k, styles[start]))
            start = k
        }
        return result
    }

    /// The glyphs of `clusters` (consecutive in the text, so consecutive on the line too).
    private func glyphs(_ clusters: Range<Int>) -> Range<Int> {
        var lo = Int.max, hi = Int.min
        for k in clusters {
            lo = min(lo, glyphRanges[k].lowerBound)
            hi = max(hi, glyphRanges[k].upperBound)
        }
        return lo..<hi
    }

    /// Where `clusters` are, in points from the run's left edge.
    package func extent(_ clusters: Range<Int>) -> ClosedRange<Double> {
        let g = glyphs(clusters)
        return PangoLength(xs[g.lowerBound]).points...PangoLength(xs[g.upperBound]).points
    }

    /// The glyph run of `clusters` in `font` and `color`, placed from the run's left edge at
    /// `x` on `baseline`: its glyphs but those that show nothing (`ShapedGlyph.isHidden`), its
    /// text and the pairs of
    /// (bytes, glyphs) per cluster that tie them. A character no font has becomes the font's
    /// .notdef glyph (a box), still tied to the character, so that copying the text gives it back.
    package func glyphRun(_ clusters: Range<Int>, font: FontRef, color: Color, x: Double, baseline: Double) -> GlyphRun {
        let range = glyphs(clusters)
        var placed: [PaintedGlyph] = []
        placed.reserveCapacity(range.count)
        for g in range {
            let glyph = run.glyphs[g]
            guard !glyph.isHidden else { continue }
            let index = glyph.id & ShapedGlyph.unknownFlag != 0 ? 0 : glyph.id
            placed.append(PaintedGlyph(index: index, x: x + PangoLength(xs[g] + glyph.xOffset).points,
                                       y: baseline + PangoLength(glyph.yOffset).points))
        }
        var pairs: [Int32] = []
        pairs.reserveCapacity(2 * clusters.count)
        for k in clusters {
            let shown = run.glyphs[glyphRanges[k]].reduce(Int32(0)) { $0 + ($1.isHidden ? 0 : 1) }
            pairs.append(Int32(run.shownText?.count ?? (starts[k + 1] - starts[k])))
            pairs.append(shown)
        }
        let text = run.shownText ?? Array(shaped.bytes[starts[clusters.lowerBound]..<starts[clusters.upperBound]])
        return GlyphRun(font: font, color: color, glyphs: placed, text: text, clusters: pairs, backward: run.isBackward,
                        textOffset: starts[clusters.lowerBound])
    }
}
