/// Glyph runs as PDF text: positioned glyphs in TJ arrays, with the text they show.
///
/// Glyphs go in logical (reading) order, also in right-to-left runs, where Pango gives them
/// in visual order: readers that extract text in content order (MuPDF, pdfium) then give
/// Arabic and Hebrew as written, while each glyph still lands where Pango put it. A glyph's
/// text comes from Pango's clusters: one glyph for one cluster is that glyph's ToUnicode
/// entry; a cluster of several glyphs (a split vowel, an unsupported sequence) or a glyph
/// already standing for other text (the same space for a space and a no-break space) is
/// wrapped in an ActualText span that says the cluster's text.
extension ContentStream {
    /// Pen moves smaller than this (points) are not written: Pango rounds each advance to
    /// 1/1024 pt, so its positions drift from the font's widths by a few thousandths of a
    /// point per word, far below what any reader can show.
    static let positionTolerance = 0.01

    /// Shows `run` with `font`, in `run.color`, glyphs offset by (`dx`, `dy`) (a colour run's
    /// positions are relative to its box); a run whose font is synthetically emboldened is
    /// filled and stroked.
    /// - Complexity: O(glyphs + text bytes).
    mutating func show(_ run: GlyphRun, font: some ShownFont, dx: Double = 0, dy: Double = 0) {
        guard !run.glyphs.isEmpty, let (size, shape) = Self.sizeAndShape(run.font.matrix) else { return }
        beginText()
        setFont(font.name, size: size)
        setFillColor(run.color)
        if run.font.embolden {
            // FreeType's emboldening widens each outline by 1/24 em, as a stroke that wide does.
            setStrokeColor(run.color)
            setLineWidth(size / 24)
            setTextRenderMode(2)
        } else {
            setTextRenderMode(0)
        }
        let scale = size * shape.a / 1000  // user space per thousandth of an em, along the line
        for cluster in Self.clusters(run) {
            let glyphs = run.glyphs[cluster.glyphs]
            var actual: [UInt16]?
            if let text = cluster.text {
                if glyphs.count == 1 {
                    if !font.claim(glyphs[glyphs.startIndex].index, for: text) { actual = text }
                } else {
                    font.suggest(glyphs[glyphs.startIndex].index, for: text)
                    actual = text
                }
            }
            if let actual {
                var properties: [UInt8] = []
                properties.appendLiteral(" << /ActualText <FEFF")
                for unit in actual { properties.appendHex16(unit) }
                properties.appendLiteral("> >>")
                beginMarkedContent("Span", properties: properties)
            }
            for glyph in glyphs {
                place(x: glyph.x + dx, y: glyph.y + dy, shape: shape, scale: scale)
                if !hexOpen { showing.append(UInt8(ascii: "<")); hexOpen = true }
                font.appendCode(glyph.index, to: &showing)
                pen += font.width(glyph.index) * scale
            }
            if actual != nil { endMarkedContent() }
        }
    }

    /// Moves the pen to (`x`, `y`) (page coordinates) for the next glyph: within the TJ array
    /// along the same baseline, else by a new text line (Td, or Tm for a shaped matrix).
    private mutating func place(x: Double, y: Double, shape: TextShape, scale: Double) {
        let ux = (x * 1000).rounded() / 1000, uy = ((height - y) * 1000).rounded() / 1000
        if let line = textLine, line.shape == shape, abs(uy - line.y) < 0.0005 {
            let dx = ux - pen
            guard abs(dx) > Self.positionTolerance else { return }
            // A TJ number moves the pen back by its value in thousandths of an em.
            let adjustment = (-dx / scale * 10).rounded() / 10
            if hexOpen { showing.append(UInt8(ascii: ">")); hexOpen = false }
            showing.appendNumber(adjustment, decimals: 1)
            pen -= adjustment * scale
            return
        }
        if let line = textLine, line.shape.isPlain, shape.isPlain {
            let dx = ((ux - line.x) * 1000).rounded() / 1000, dy = ((uy - line.y) * 1000).rounded() / 1000
            moveText(dx: dx, dy: dy)
            textLine = (line.x + dx, line.y + dy, shape)
        } else {
            setTextMatrix(shape, x: ux, y: uy)
            textLine = (ux, uy, shape)
        }
        pen = textLine!.x
    }

    /// The font size and the text matrix's shape for a Cairo font matrix (xx yx xy yy, y
    /// down): the size is the vertical scale; a synthetic italic's slant becomes the shape's c.
    static func sizeAndShape(_ m: [Double]) -> (Double, TextShape)? {
        guard m.count == 4 else { return nil }
        let size = abs(m[3]) > 1e-9 ? abs(m[3]) : abs(m[0])
        guard size > 1e-9, size.isFinite else { return nil }
        return (size, TextShape(a: m[0] / size, b: -m[1] / size, c: -m[2] / size, d: m[3] / size))
    }

    /// A cluster of a run: its glyphs (indices into `run.glyphs`) and its text as UTF-16
    /// (nil when the run carries no text).
    struct Cluster {
        var glyphs: Range<Int>
        var text: [UInt16]?
    }

    /// The run's clusters in logical order: Pango lists them so, each taking the next bytes of
    /// the text and the next glyphs (from the end of the glyphs when the run is right to left,
    /// `backward`, as Cairo's clusters). A run whose clusters do not add up to its glyphs and
    /// text is one cluster without text (its glyphs shown, nothing claimed).
    static func clusters(_ run: GlyphRun) -> [Cluster] {
        let pairs = run.clusters.count / 2
        let whole = [Cluster(glyphs: 0..<run.glyphs.count, text: nil)]
        guard pairs > 0, !run.text.isEmpty else { return whole }
        var result: [Cluster] = []
        result.reserveCapacity(pairs)
        var glyphStart = 0, glyphEnd = run.glyphs.count, byte = 0
        for k in 0..<pairs {
            let bytes = Int(run.clusters[2 * k]), count = Int(run.clusters[2 * k + 1])
            guard bytes >= 0, count >= 0, count <= glyphEnd - glyphStart, byte + bytes <= run.text.count else { return whole }
            let glyphs = run.backward ? (glyphEnd - count)..<glyphEnd : glyphStart..<(glyphStart + count)
            if run.backward { glyphEnd -= count } else { glyphStart += count }
            if count > 0 { result.append(Cluster(glyphs: glyphs, text: utf16(run.text[byte..<(byte + bytes)]))) }
            byte += bytes
        }
        guard glyphStart == glyphEnd else { return whole }
        return result
    }

    /// UTF-8 bytes as UTF-16 units (one byte of ASCII without a String).
    private static func utf16(_ bytes: ArraySlice<UInt8>) -> [UInt16] {
        if bytes.count == 1, let b = bytes.first, b < 0x80 { return [UInt16(b)] }
        return Array(String(decoding: bytes, as: UTF8.self).utf16)
    }
}

/// A font text is shown in: an outline font (`EmbeddedFonts.Font`) or a font of colour
/// glyphs (`ColorGlyphFonts.Font`).
protocol ShownFont: AnyObject {
    /// The resource name ("F1").
    var name: [UInt8] { get }
    /// Appends the glyph's character code, in hexadecimal.
    func appendCode(_ glyph: UInt32, to bytes: inout [UInt8])
    /// The glyph's advance in thousandths of an em, as the PDF states it; records it as used.
    func width(_ glyph: UInt32) -> Double
    /// Whether the glyph's ToUnicode entry says `text`, setting it when the glyph has none.
    func claim(_ glyph: UInt32, for text: [UInt16]) -> Bool
    /// Sets the glyph's ToUnicode entry if it has none.
    func suggest(_ glyph: UInt32, for text: [UInt16])
}
