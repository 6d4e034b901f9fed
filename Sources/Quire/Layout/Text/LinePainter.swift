// Layout/Text is the Pango boundary: Typesetter.swift, LinePainter.swift, MetricsPatterns.swift
// and Paragraph/FontTable.swift, Itemizer.swift, WordCache.swift and
// WordShaper.swift are the only files of Layout that import CPango.
import CPango
import QuireModel

/// Turns a set line (`AssembledLine`: runs of shaped glyphs in visual order) into glyph runs
/// and rectangles (`TextPaint`): each run cut where its colour changes, backgrounds under
/// their text, underlines and strikethroughs after it, emoji as pictures.
///
/// What it makes holds no Pango object, so it can be drawn on another thread. A painter is
/// used by one thread at a time, the one that set the lines (it asks Pango how each font is
/// opened); `render` makes one per document. It keeps a reference to every font it has
/// described, so a font's address is never reused for another while the painter lives.
package final class LinePainter {
    private var fonts: [UnsafeMutablePointer<PangoFont>: FontRef] = [:]
    private var decorationMetrics: [UnsafeMutablePointer<PangoFont>: DecorationMetrics] = [:]

    package init() {}

    deinit {
        for font in fonts.keys { g_object_unref(UnsafeMutableRawPointer(font)) }
    }

    /// The paint of `line`, in page coordinates: per run, its backgrounds, then its glyphs;
    /// the line's underlines and strikethroughs last. O(glyphs on the line × log runs).
    package func paint(_ line: TextLine) -> [TextPaint] {
        let shaped = line.shaped
        let set = shaped.paragraph.lines[line.lineIndex]
        let metrics = shaped.lines[line.lineIndex]
        var ops: [TextPaint] = []
        ops.reserveCapacity(set.runs.count + 1)
        var decorations: [Decoration] = []
        for run in set.runs where run.object < 0 && !run.glyphs.isEmpty {
            let font = shaped.paragraph.analysis.items[Int(run.item)].font
            let clusters = RunClusters(run, shaped)
            let origin = Point(x: line.x + PangoLength(run.x).points, y: line.baseline - run.rise)
            let spans = shaped.isDecorated ? clusters.spans : []
            for (span, attributes) in spans where attributes.background != nil {
                let extent = clusters.extent(span)
                ops.append(.fill(Rect(x: origin.x + extent.lowerBound, y: line.baseline - metrics.ascent,
                                      width: extent.upperBound - extent.lowerBound, height: metrics.ascent + metrics.descent),
                                 attributes.background!))
            }
            appendGlyphs(run, clusters, Self.upright(fontRef(font), run, shaped.bytes), font, origin, shaped, to: &ops)
            decorations += self.decorations(spans, clusters, font, origin, shaped.format.text.color)
        }
        ops += Decoration.merged(decorations).map { .fill($0.rect, $0.color) }
        return ops
    }

    /// Appends the glyph runs of `run` to `ops`: one per stretch of one colour (a colour font's
    /// run whole, in the colour of its first character: its glyphs are pictures whatever the
    /// colour).
    private func appendGlyphs(_ run: LineRun, _ clusters: RunClusters, _ ref: FontRef, _ font: UnsafeMutablePointer<PangoFont>,
                              _ origin: Point, _ shaped: ShapedText, to ops: inout [TextPaint]) {
        let base = shaped.format.text.color
        if ref.isColor {
            let box = colorBox(run, font, origin)
            var glyphRun = clusters.glyphRun(0..<clusters.count, font: ref, color: clusters.attributes(0).color ?? base,
                                             x: 0, baseline: origin.y - box.y)
            if shaped.hasBreakHints { glyphRun.leaveOutBreakHints() }
            ops.append(.colorGlyphs(glyphRun, box: box))
            return
        }
        var start = 0
        while start < clusters.count {
            let color = clusters.attributes(start).color ?? base
            var end = start + 1
            while end < clusters.count, (clusters.attributes(end).color ?? base) == color { end += 1 }
            var glyphRun = clusters.glyphRun(start..<end, font: ref, color: color, x: origin.x, baseline: origin.y)
            if shaped.hasBreakHints { glyphRun.leaveOutBreakHints() }
            if !glyphRun.glyphs.isEmpty { ops.append(.glyphs(glyphRun)) }
            start = end
        }
    }

    /// The box a colour font's run fills: its width, from the top of its logical or ink
    /// extents (whichever is higher) to the bottom of whichever is lower.
    private func colorBox(_ run: LineRun, _ font: UnsafeMutablePointer<PangoFont>, _ origin: Point) -> Rect {
        var logical = PangoRectangle()
        pango_font_get_glyph_extents(font, PANGO_GLYPH_EMPTY, nil, &logical)
        var top = logical.y, bottom = logical.y + logical.height
        for glyph in run.glyphs where glyph.id != ShapedGlyph.empty {
            var ink = PangoRectangle()
            pango_font_get_glyph_extents(font, glyph.id, &ink, nil)
            guard ink.height > 0 else { continue }
            top = min(top, ink.y + glyph.yOffset)
            bottom = max(bottom, ink.y + ink.height + glyph.yOffset)
        }
        let ascent = PangoLength(-top).points, descent = PangoLength(bottom).points
        return Rect(x: origin.x, y: origin.y - ascent, width: PangoLength(run.width).points, height: ascent + descent)
    }

    /// The underlines and strikethroughs of a run's styled stretches (`spans`), where the font
    /// draws them.
    private func decorations(_ spans: [(Range<Int>, StyledText.Attributes)], _ clusters: RunClusters,
                             _ font: UnsafeMutablePointer<PangoFont>, _ origin: Point, _ base: Color) -> [Decoration] {
        var result: [Decoration] = []
        for (span, attributes) in spans where attributes.underline || attributes.strikethrough {
            let metrics = decorationMetrics[font] ?? DecorationMetrics(font)
            decorationMetrics[font] = metrics
            let extent = clusters.extent(span)
            let color = attributes.color ?? base
            func line(_ position: PangoLength, _ thickness: PangoLength) {
                result.append(Decoration(rect: Rect(x: origin.x + extent.lowerBound, y: origin.y - position.points,
                                                    width: extent.upperBound - extent.lowerBound, height: thickness.points),
                                         color: color))
            }
            if attributes.underline { line(metrics.underlinePosition, metrics.underlineThickness) }
            if attributes.strikethrough { line(metrics.strikethroughPosition, metrics.strikethroughThickness) }
        }
        return result
    }

    /// `ref` without its synthetic slant when `run` shows CJK text: a CJK face has no italic,
    /// and ideographs, kana and Hangul slanted by the fontconfig matrix read as a distortion
    /// (an italic run's CJK characters stay upright, as CSS's `font-synthesis` and browsers'
    /// CJK fallbacks keep them). A font with a real italic has no slant in its matrix. O(run).
    package static func upright(_ ref: FontRef, _ run: LineRun, _ bytes: [UInt8]) -> FontRef {
        guard ref.matrix.count == 4, ref.matrix[2] != 0 else { return ref }
        let shown = bytes[Int(run.start)..<Int(run.end)]
        guard let first = shown.indices.first(where: { shown[$0] >= 0xE2 }),
              bytes.withUnsafeBufferPointer({ isCJK(scalar($0, at: first)) }) else { return ref }
        var upright = ref
        upright.matrix[2] = 0
        return upright
    }

    /// How the renderer opens `font` (a fontconfig font, as all of Pango's fonts on Linux are):
    /// its file, face, scale and synthesis. Cached per font. A font without a file gets an
    /// empty `file`, and its runs are not drawn.
    package func fontRef(_ font: UnsafeMutablePointer<PangoFont>) -> FontRef {
        if let known = fonts[font] { return known }
        var file = ""
        var index: Int32 = 0
        var embolden = false
        var variations = ""
        if let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) {
            var string: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &string) == FcResultMatch, let string {
                file = String(cString: string)
            }
            FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
            var bool: FcBool = 0
            if FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &bool) == FcResultMatch { embolden = bool != 0 }
            if FcPatternGetString(pattern, FC_FONT_VARIATIONS, 0, &string) == FcResultMatch, let string {
                variations = String(cString: string)
            }
        }
        var m = cairo_matrix_t()
        if let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) {
            cairo_scaled_font_get_font_matrix(scaled, &m)
        } else if let description = pango_font_describe_with_absolute_size(font) {
            let size = PangoLength(pango_font_description_get_size(description)).points
            pango_font_description_free(description)
            m = cairo_matrix_t(xx: size, yx: 0, xy: 0, yy: size, x0: 0, y0: 0)
        }
        let ref = FontRef(file: file, index: index, matrix: [m.xx, m.yx, m.xy, m.yy], embolden: embolden,
                          variations: variations, isColor: isColorFont(font))
        g_object_ref(UnsafeMutableRawPointer(font))
        fonts[font] = ref
        return ref
    }
}

/// An underline or a strikethrough: a filled rectangle.
private struct Decoration {
    var rect: Rect
    var color: Color

    /// `lines` with each one that continues the one before it (same height, thickness and
    /// colour, touching) joined to it, as Pango joins a line across runs.
    static func merged(_ lines: [Decoration]) -> [Decoration] {
        var result: [Decoration] = []
        for line in lines {
            if let last = result.last, last.color == line.color, abs(last.rect.y - line.rect.y) < 0.001,
               abs(last.rect.height - line.rect.height) < 0.001, abs(last.rect.maxX - line.rect.x) < 0.01 {
                result[result.count - 1].rect.width = line.rect.maxX - last.rect.x
            } else {
                result.append(line)
            }
        }
        return result
    }
}
