// Layout/Text is the Pango boundary: Typesetter.swift, ShapedText.swift, LinePainter.swift,
// MetricsPatterns.swift and InstalledFonts.swift are the only files of Layout that import CPangoCairo.
import CPangoCairo

/// Turns shaped lines into glyph runs and rectangles (`TextPaint`), through a `PangoRenderer`
/// subclass that records what Pango would draw instead of drawing it.
///
/// Pango decides everything a line shows: each run's font, colour and glyph positions (with
/// rises), backgrounds, underlines, strikethroughs; this only writes it down as values. What
/// it makes holds no Pango object, so it can be drawn on another thread.
///
/// A painter is used by one thread at a time, the one that laid the lines out (it calls
/// Pango); `render` makes one per document. It keeps a reference to every font it has
/// described, so a font's address is never reused for another while the painter lives.
final class LinePainter {
    private let renderer: UnsafeMutablePointer<PangoRenderer>
    /// What the renderer's callbacks write into (reached from the renderer's instance data).
    fileprivate var ops: [TextPaint] = []
    fileprivate var origin = Point(x: 0, y: 0)
    fileprivate var baseColor = Color(0, 0, 0)
    /// Whether the line's text holds break hints to leave out of the recorded text.
    fileprivate var hasBreakHints = false
    /// The line's styled runs when their colours are applied here (`colorsWhenPainted`).
    fileprivate var paintedColors: [StyledText.Run]?
    private var fonts: [UnsafeMutablePointer<PangoFont>: FontRef] = [:]
    /// The characters no installed font has, painted as .notdef boxes (which PDF/UA-1 and
    /// PDF/A forbid a file to show: 7.21.8, 6.2.11.8).
    private(set) var missingCharacters: Set<UInt32> = []

    init() {
        renderer = UnsafeMutableRawPointer(g_object_new_with_properties(recordingRendererType, 0, nil, nil)!)
            .assumingMemoryBound(to: PangoRenderer.self)
        UnsafeMutableRawPointer(renderer).storeBytes(of: Unmanaged.passUnretained(self).toOpaque(),
                                                     toByteOffset: painterOffset, as: UnsafeMutableRawPointer.self)
    }

    deinit {
        for font in fonts.keys { g_object_unref(UnsafeMutableRawPointer(font)) }
        g_object_unref(UnsafeMutableRawPointer(renderer))
    }

    /// The paint of `line`, in page coordinates. O(glyphs on the line).
    func paint(_ line: TextLine) -> [TextPaint] {
        ops = []
        origin = Point(x: line.x, y: line.baseline)
        baseColor = line.shaped.format.text.color
        hasBreakHints = line.shaped.hasBreakHints
        paintedColors = line.shaped.format.colorsWhenPainted ? line.shaped.text.runs : nil
        pango_renderer_draw_layout_line(renderer, line.shaped.pangoLines[line.lineIndex], 0, 0)
        let result = ops
        ops = []
        return result
    }

    /// How the renderer opens `font` (a fontconfig font, as all of Pango's fonts on Linux are):
    /// its file, face, scale and synthesis. Cached per font. A font without a file gets an
    /// empty `file`, and its runs are not drawn.
    func fontRef(_ font: UnsafeMutablePointer<PangoFont>) -> FontRef {
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
            let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
            pango_font_description_free(description)
            m = cairo_matrix_t(xx: size, yx: 0, xy: 0, yy: size, x0: 0, y0: 0)
        }
        let ref = FontRef(file: file, index: index, matrix: [m.xx, m.yx, m.xy, m.yy], embolden: embolden,
                          variations: variations, isColor: isColorFont(font))
        g_object_ref(UnsafeMutableRawPointer(font))
        fonts[font] = ref
        return ref
    }

    fileprivate func color(_ part: PangoRenderPart) -> Color {
        guard let c = pango_renderer_get_color(renderer, part)?.pointee else { return baseColor }
        return Color(Double(c.red) / 65535, Double(c.green) / 65535, Double(c.blue) / 65535)
    }

    /// Records one run Pango draws at (`x`, `y`) from the line's origin, in Pango units; with
    /// colours applied here, as the pieces of one colour each that Pango would have drawn.
    fileprivate func record(_ text: UnsafePointer<CChar>, _ item: UnsafeMutablePointer<PangoGlyphItem>, _ x: Int32, _ y: Int32) {
        let pangoColor = color(PANGO_RENDER_PART_FOREGROUND)
        guard let runs = paintedColors, let glyphs = item.pointee.glyphs,
              let font = item.pointee.item.pointee.analysis.font else { return record(text, item, x, y, color: pangoColor) }
        let start = Int(item.pointee.item.pointee.offset), end = start + Int(item.pointee.item.pointee.length)
        // The coloured runs over the item (runs are in order and do not overlap: binary search).
        var lo = runs.partitionPoint { $0.range.upperBound > start }
        var colored: [StyledText.Run] = []
        while lo < runs.count, runs[lo].range.lowerBound < end {
            if runs[lo].attributes.color != nil { colored.append(runs[lo]) }
            lo += 1
        }
        func pieceColor(at offset: Int) -> Color {
            colored.first { $0.range.contains(offset) }?.attributes.color?.throughPango ?? pangoColor
        }
        let ref = fontRef(font)
        // A colour font's glyphs (emoji) are images whatever the colour: recorded whole, in
        // the colour of its first character (Pango would cut a run of emoji where a colour ends).
        guard !ref.isColor, let (pieces, clusters) = pieces(item, colored) else {
            return record(text, item, x, y, color: pieceColor(at: start))
        }
        // In visual order, each piece after the widths of the glyphs before it, as Pango places
        // the pieces it cuts (`pango_glyph_item_apply_attrs`), so the positions are the same.
        let scale = Double(PANGO_SCALE)
        let backward = item.pointee.item.pointee.analysis.level & 1 != 0
        var pieceX = x
        for piece in backward ? pieces.reversed() : pieces {
            let (placed, width) = place(glyphs, piece.glyphs, x: origin.x + Double(pieceX) / scale, baseline: origin.y + Double(y) / scale)
            pieceX += Int32((width * scale).rounded())
            guard !placed.isEmpty else { continue }
            var run = GlyphRun(font: ref, color: pieceColor(at: piece.bytes.lowerBound), glyphs: placed,
                               text: Array(UnsafeRawBufferPointer(start: text + piece.bytes.lowerBound, count: piece.bytes.count)
                                   .bindMemory(to: UInt8.self)),
                               clusters: Array(clusters[piece.clusters]), backward: backward, textOffset: piece.bytes.lowerBound)
            if hasBreakHints { run.leaveOutBreakHints() }
            ops.append(.glyphs(run))
        }
    }

    /// `item` cut into pieces of one colour, in the text's order: at each end of a coloured
    /// run inside it, moved to the end of the cluster it falls in, as Pango cuts a run at its
    /// attributes' ends; with the item's (bytes, glyphs) pairs per cluster, as `clusters`
    /// counts them. Nil when the item is of one colour. O(clusters).
    private func pieces(_ item: UnsafeMutablePointer<PangoGlyphItem>, _ colored: [StyledText.Run])
        -> (pieces: [Piece], clusters: [Int32])? {
        let start = Int(item.pointee.item.pointee.offset), end = start + Int(item.pointee.item.pointee.length)
        var ends: [Int] = []
        for run in colored {
            if run.range.lowerBound > start { ends.append(run.range.lowerBound) }
            if run.range.upperBound < end { ends.append(run.range.upperBound) }
        }
        guard !ends.isEmpty, let glyphs = item.pointee.glyphs else { return nil }
        var pieces: [Piece] = []
        pieces.reserveCapacity(ends.count + 1)
        var clusters: [Int32] = []
        clusters.reserveCapacity(2 * Int(item.pointee.item.pointee.num_chars))
        var current = Piece(bytes: start..<start, glyphs: 0..<0, clusters: 0..<0)
        var next = 0
        forEachCluster(item) { clusterStart, clusterEnd, first, last in
            var count = Int32(last - first)
            for g in first..<last where Self.isHidden(glyphs.pointee.glyphs[g].glyph) { count -= 1 }
            if current.clusters.isEmpty {
                current.glyphs = first..<last
            } else {
                current.glyphs = min(current.glyphs.lowerBound, first)..<max(current.glyphs.upperBound, last)
            }
            current.bytes = current.bytes.lowerBound..<clusterEnd
            clusters.append(Int32(clusterEnd - clusterStart))
            clusters.append(count)
            current.clusters = current.clusters.lowerBound..<clusters.count
            var endsInside = false
            while next < ends.count, ends[next] <= clusterEnd {
                if ends[next] > clusterStart { endsInside = true }
                next += 1
            }
            if endsInside, clusterEnd < end {
                pieces.append(current)
                current = Piece(bytes: clusterEnd..<clusterEnd, glyphs: 0..<0, clusters: clusters.count..<clusters.count)
            }
        }
        if !current.clusters.isEmpty { pieces.append(current) }
        return pieces.count > 1 ? (pieces, clusters) : nil
    }

    /// A piece of a glyph item: its bytes in the layout's text, its glyphs (indices in the
    /// item's glyph string) and its clusters' pairs (indices in the item's pairs).
    private struct Piece {
        var bytes: Range<Int>
        var glyphs: Range<Int>
        var clusters: Range<Int>
    }

    /// Records one run in `color`: its glyphs with the clusters that tie them to `text`, or,
    /// in a colour font, an image box.
    private func record(_ text: UnsafePointer<CChar>, _ item: UnsafeMutablePointer<PangoGlyphItem>, _ x: Int32, _ y: Int32,
                        color: Color) {
        guard let glyphs = item.pointee.glyphs, let font = item.pointee.item.pointee.analysis.font else { return }
        let ref = fontRef(font)
        let scale = Double(PANGO_SCALE)
        let baseX = origin.x + Double(x) / scale, baseY = origin.y + Double(y) / scale
        if ref.isColor {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_glyph_string_extents(glyphs, font, &ink, &logical)
            let ascent = Double(-min(logical.y, ink.y)) / scale
            let descent = Double(max(logical.y + logical.height, ink.y + ink.height)) / scale
            let (placed, width) = place(glyphs, x: 0, baseline: ascent)
            let box = Rect(x: baseX, y: baseY - ascent, width: width, height: ascent + descent)
            ops.append(.colorGlyphs(run(ref, color, placed, text, item, glyphs), box: box))
            return
        }
        let placed = place(glyphs, x: baseX, baseline: baseY).glyphs
        guard !placed.isEmpty else { return }
        ops.append(.glyphs(run(ref, color, placed, text, item, glyphs)))
    }

    /// The run of `placed` glyphs with the text of `item` and its clusters.
    private func run(_ font: FontRef, _ color: Color, _ placed: [PaintedGlyph], _ text: UnsafePointer<CChar>,
                     _ item: UnsafeMutablePointer<PangoGlyphItem>, _ glyphs: UnsafeMutablePointer<PangoGlyphString>) -> GlyphRun {
        let offset = Int(item.pointee.item.pointee.offset), length = Int(item.pointee.item.pointee.length)
        var run = GlyphRun(font: font, color: color, glyphs: placed,
                           text: Array(UnsafeRawBufferPointer(start: text + offset, count: length).bindMemory(to: UInt8.self)),
                           clusters: clusters(item, glyphs), backward: item.pointee.item.pointee.analysis.level & 1 != 0,
                           textOffset: offset)
        if hasBreakHints { run.leaveOutBreakHints() }
        return run
    }

    /// The glyphs of `glyphs` (those of `range`; all by default) but the empty ones, placed
    /// from (`x`, `baseline`), and their width, in points (exact: Pango units are 1/1024). A
    /// character no font has becomes the font's .notdef glyph (a box), still tied to the
    /// character, so that copying the text gives it back; a control character (a stray BEL
    /// in code) is a blank of the box's width, as a browser shows it: its box said nothing,
    /// and .notdef is what PDF/UA-1 and PDF/A forbid.
    private func place(_ glyphs: UnsafeMutablePointer<PangoGlyphString>, _ range: Range<Int>? = nil, x: Double, baseline: Double)
        -> (glyphs: [PaintedGlyph], width: Double) {
        let scale = Double(PANGO_SCALE)
        let range = range ?? 0..<Int(glyphs.pointee.num_glyphs)
        var placed: [PaintedGlyph] = []
        placed.reserveCapacity(range.count)
        var position: Int32 = 0
        for g in range {
            let info = glyphs.pointee.glyphs[g]
            defer { position += info.geometry.width }
            guard !Self.isHidden(info.glyph) else { continue }
            let unknown = info.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0
            if unknown { missingCharacters.insert(info.glyph & ~PANGO_GLYPH_UNKNOWN_FLAG) }
            let index = unknown ? 0 : info.glyph
            placed.append(PaintedGlyph(index: index, x: x + Double(position + info.geometry.x_offset) / scale,
                                       y: baseline + Double(info.geometry.y_offset) / scale))
        }
        return (placed, Double(position) / scale)
    }

    /// Whether `glyph` is left out of a run: Pango's empty glyph, or a control character no
    /// font has (C0 and C1, which Pango gives as unknown glyphs).
    @inline(__always)
    private static func isHidden(_ glyph: PangoGlyph) -> Bool {
        if glyph == PANGO_GLYPH_EMPTY { return true }
        guard glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 else { return false }
        let character = glyph & ~PANGO_GLYPH_UNKNOWN_FLAG
        return character < 0x20 || (0x7F...0x9F).contains(character)
    }

    /// Pairs of (bytes, glyphs) per cluster of `item`, not counting empty glyphs (which are
    /// not in the run's glyphs).
    private func clusters(_ item: UnsafeMutablePointer<PangoGlyphItem>, _ glyphs: UnsafeMutablePointer<PangoGlyphString>) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(2 * Int(glyphs.pointee.num_glyphs))
        forEachCluster(item) { start, end, first, last in
            var count = Int32(last - first)
            for g in first..<last where Self.isHidden(glyphs.pointee.glyphs[g].glyph) { count -= 1 }
            result.append(Int32(end - start))
            result.append(count)
        }
        return result
    }

    /// Calls `body` with each cluster of `item` in the text's order: its bytes (`start..<end`,
    /// in the layout's text) and its glyphs (`first..<last`, indices in the item's glyph
    /// string, which a right-to-left item lists from the text's end).
    ///
    /// The clusters `PangoGlyphItemIter` walks, read from the glyph string's `log_clusters` as
    /// `pango_glyph_item_iter_next_cluster` reads them (a cluster goes on while the glyphs'
    /// offsets do not exceed its first glyph's), without the character counts that the
    /// iterator keeps and that cost it a UTF-8 scan of every cluster. O(glyphs).
    private func forEachCluster(_ item: UnsafeMutablePointer<PangoGlyphItem>,
                                _ body: (_ start: Int, _ end: Int, _ first: Int, _ last: Int) -> Void) {
        guard let glyphs = item.pointee.glyphs else { return }
        let count = Int(glyphs.pointee.num_glyphs)
        let offset = Int(item.pointee.item.pointee.offset), itemEnd = offset + Int(item.pointee.item.pointee.length)
        let logClusters = glyphs.pointee.log_clusters!
        let backward = item.pointee.item.pointee.analysis.level & 1 != 0
        var glyph = backward ? count - 1 : 0
        var start = offset
        while backward ? glyph >= 0 : glyph < count {
            let startGlyph = glyph
            let cluster = logClusters[glyph]
            repeat { glyph += backward ? -1 : 1 } while (backward ? glyph >= 0 : glyph < count) && logClusters[glyph] <= cluster
            let end = (backward ? glyph < 0 : glyph == count) ? itemEnd : offset + Int(logClusters[glyph])
            body(start, end, backward ? glyph + 1 : startGlyph, backward ? startGlyph + 1 : glyph)
            start = end
        }
    }

    fileprivate func rectangle(_ part: PangoRenderPart, _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) {
        let scale = Double(PANGO_SCALE)
        ops.append(.fill(Rect(x: origin.x + Double(x) / scale, y: origin.y + Double(y) / scale,
                              width: Double(width) / scale, height: Double(height) / scale), color(part)))
    }
}

/// Where a recording renderer keeps its painter: right after Pango's instance struct.
private let painterOffset = (MemoryLayout<PangoRenderer>.size + 7) / 8 * 8

private func painter(_ renderer: UnsafeMutablePointer<PangoRenderer>?) -> LinePainter {
    let raw = UnsafeMutableRawPointer(renderer!).load(fromByteOffset: painterOffset, as: UnsafeMutableRawPointer.self)
    return Unmanaged<LinePainter>.fromOpaque(raw).takeUnretainedValue()
}

/// The GType of the recording renderer, registered once (Swift runs this initializer once).
private let recordingRendererType: GType = {
    g_type_register_static_simple(
        pango_renderer_get_type(), "QuireRecordingRenderer",
        guint(MemoryLayout<PangoRendererClass>.size),
        { klass, _ in
            let c = klass!.assumingMemoryBound(to: PangoRendererClass.self)
            c.pointee.draw_glyph_item = { renderer, text, item, x, y in painter(renderer).record(text!, item!, x, y) }
            c.pointee.draw_rectangle = { renderer, part, x, y, width, height in
                painter(renderer).rectangle(part, x, y, width, height)
            }
            // Error underlines and shapes: Quire sets neither (inline images are page items).
            c.pointee.draw_error_underline = { _, _, _, _, _ in }
            c.pointee.draw_shape = { _, _, _, _ in }
            c.pointee.draw_trapezoid = { _, _, _, _, _, _, _, _ in }
        },
        guint(painterOffset + MemoryLayout<UnsafeMutableRawPointer>.size),
        nil, GTypeFlags(rawValue: 0))
}()

extension GlyphRun {
    /// Takes the break hints out of the run's text: a soft hyphen or zero-width space that
    /// shows nothing goes, with its cluster; a soft hyphen Pango broke at, shown as a hyphen,
    /// becomes "-" (so text extraction joins the word again, as it does for a hyphen at a
    /// line's end, and copying gives the word as written). O(text).
    mutating func leaveOutBreakHints() {
        guard BreakHint.occurs(in: text) else { return }
        // Clusters in text order (a right-to-left run lists them from the text's end).
        let count = clusters.count / 2
        var order = Array(0..<count)
        if backward { order.reverse() }
        var keep = [Bool](repeating: true, count: count)
        var hyphen = [Bool](repeating: false, count: count)
        var kept: [UInt8] = []
        kept.reserveCapacity(text.count)
        var offset = 0
        for c in order {
            let bytes = Int(clusters[2 * c]), glyphs = clusters[2 * c + 1]
            defer { offset += bytes }
            if bytes == 2 && text[offset] == 0xC2 && text[offset + 1] == 0xAD {
                if glyphs > 0 { hyphen[c] = true; kept.append(UInt8(ascii: "-")) } else { keep[c] = false }
                continue
            }
            if bytes == 3 && glyphs == 0 && text[offset] == 0xE2 && text[offset + 1] == 0x80 && text[offset + 2] == 0x8B {
                keep[c] = false
                continue
            }
            kept += text[offset..<(offset + bytes)]
        }
        var newClusters: [Int32] = []
        newClusters.reserveCapacity(clusters.count)
        for c in 0..<count where keep[c] {
            newClusters.append(hyphen[c] ? 1 : clusters[2 * c])
            newClusters.append(clusters[2 * c + 1])
        }
        text = kept
        clusters = newClusters
    }
}
