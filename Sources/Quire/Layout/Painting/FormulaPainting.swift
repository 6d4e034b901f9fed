import QuireModel

/// A placed formula as the renderer draws it: glyph runs of the math font (one per size and
/// colour, in the order layout set the glyphs, which is reading order) and its rules.
extension PlacedFormula {
    /// Each glyph's characters are its cluster; a glyph showing none (a piece of an assembled
    /// delimiter) joins the cluster before it, so the text layer holds each character once.
    /// O(glyphs).
    package var painted: [TextPaint] {
        var out: [TextPaint] = []
        var run: GlyphRun?
        var runKey: (size: Double, color: Color)?
        var offset = 0
        func flush() {
            if let finished = run { out.append(.glyphs(finished)) }
            run = nil
        }
        for glyph in box.glyphs {
            let color = glyph.color ?? self.color
            if runKey?.size != glyph.size || runKey?.color != color || run == nil {
                flush()
                var scaled = font
                scaled.matrix = [glyph.size, 0, 0, glyph.size]
                run = GlyphRun(font: scaled, color: color, glyphs: [], text: [], clusters: [], backward: false, textOffset: offset)
                runKey = (glyph.size, color)
            }
            run!.glyphs.append(PaintedGlyph(index: glyph.glyph, x: origin.x + glyph.x, y: origin.y - glyph.y))
            let bytes = Array(glyph.text.utf8)
            if bytes.isEmpty, run!.clusters.count >= 2 {
                run!.clusters[run!.clusters.count - 1] += 1
            } else {
                run!.text += bytes
                run!.clusters += [Int32(bytes.count), 1]
            }
            offset += bytes.count
        }
        flush()
        for rule in box.rules {
            out.append(.fill(Rect(x: origin.x + rule.x, y: origin.y - rule.y - rule.height, width: rule.width, height: rule.height),
                             rule.color ?? color))
        }
        return out
    }
}
