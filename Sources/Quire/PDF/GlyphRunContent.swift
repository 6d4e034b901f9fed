import QuireModel

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
    package static let positionTolerance = 0.01

    /// Shows `run` with `font`, in `run.color`, glyphs offset by (`dx`, `dy`) (a colour run's
    /// positions are relative to its box); a run whose font is synthetically emboldened is
    /// filled and stroked. Without `clusterSpans` (inside a span that says the text already),
    /// no cluster gets a span of its own.
    /// - Complexity: O(glyphs + text bytes).
    package mutating func show(_ run: GlyphRun, font: some ShownFont, dx: Double = 0, dy: Double = 0, clusterSpans: Bool = true) {
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
        // Pango's clusters, in logical order: each takes the next bytes of the text and the
        // next glyphs (from the end of the glyphs when the run is right to left, `backward`,
        // as Cairo's clusters do). A run whose clusters do not add up is shown without text.
        // The arrays are read through their buffers: no slice to retain per cluster.
        run.glyphs.withUnsafeBufferPointer { glyphs in
            run.clusters.withUnsafeBufferPointer { clusters in
                let pairs = clusters.count / 2
                var totalBytes = 0, totalGlyphs = 0
                for k in 0..<pairs {
                    totalBytes += Int(clusters[2 * k])
                    totalGlyphs += Int(clusters[2 * k + 1])
                }
                guard pairs > 0, totalBytes == run.text.count, totalGlyphs == glyphs.count,
                      !clusters.contains(where: { $0 < 0 }) else {
                    for glyph in glyphs { showGlyph(glyph, font, dx, dy, shape, scale) }
                    return
                }
                let joinsEmptyClusters = font.joinsEmptyClusters
                run.text.withUnsafeBufferPointer { textBytes in
                    var glyphStart = 0, glyphEnd = glyphs.count, byte = 0
                    for k in 0..<pairs {
                        let bytes = Int(clusters[2 * k]), count = Int(clusters[2 * k + 1])
                        let range = run.backward ? (glyphEnd - count)..<glyphEnd : glyphStart..<(glyphStart + count)
                        if run.backward { glyphEnd -= count } else { glyphStart += count }
                        // In a run of colour glyphs, characters shaped to no glyph (a joiner
                        // between emoji the font has no picture of together) belong to the
                        // cluster before them. (Elsewhere such characters are marks of
                        // direction and the like, which copied text does without.)
                        let joined = joinsEmptyClusters && count > 0 ? bytes + Self.emptyClusterBytes(after: k, clusters) : bytes
                        let text = UnsafeBufferPointer(rebasing: textBytes[byte..<(byte + joined)])
                        byte += bytes
                        guard count > 0 else { continue }
                        let first = glyphs[range.lowerBound].index
                        let spanned: Bool
                        if count == 1 {
                            spanned = !font.claim(first, utf8: text)
                        } else {
                            font.suggest(first, utf8: text)
                            spanned = true
                        }
                        let span = spanned && clusterSpans
                        if span { beginActualText(text) }
                        for g in range { showGlyph(glyphs[g], font, dx, dy, shape, scale) }
                        if span { endMarkedContent() }
                    }
                }
            }
        }
    }

    /// The bytes of the clusters of no glyph right after cluster `k` (pairs of bytes and
    /// glyphs in `clusters`): out of the glyph loop, which needs it only for colour glyphs.
    @inline(never)
    private static func emptyClusterBytes(after k: Int, _ clusters: UnsafeBufferPointer<Int32>) -> Int {
        var bytes = 0
        var next = k + 1
        while 2 * next + 1 < clusters.count, clusters[2 * next + 1] == 0 {
            bytes += Int(clusters[2 * next])
            next += 1
        }
        return bytes
    }

    /// Begins a span whose text is `utf8` (ActualText): out of the glyph loop, which it is
    /// seldom needed in.
    @inline(never)
    private mutating func beginActualText(_ utf8: UnsafeBufferPointer<UInt8>) {
        beginMarkedContent(.span) { $0.pair(.actualText, utf16Text: utf8) }
    }

    /// Begins a span whose text is `text` (ActualText): a wrapped code line's first piece
    /// standing for the whole line.
    package mutating func beginActualText(_ text: String) {
        var text = text
        text.withUTF8 { beginActualText($0) }
    }

    /// Places and shows one glyph, advancing the pen by its width.
    @inline(__always)
    private mutating func showGlyph(_ glyph: PaintedGlyph, _ font: some ShownFont, _ dx: Double, _ dy: Double,
                                    _ shape: TextShape, _ scale: Double) {
        place(x: glyph.x + dx, y: glyph.y + dy, shape: shape, scale: scale)
        showCode(glyph.index, font)
        pen += font.width(glyph.index) * scale
    }

    /// Moves the pen to (`x`, `y`) (page coordinates) for the next glyph: within the TJ array
    /// along the same baseline, else by a new text line (Td, or Tm for a shaped matrix).
    private mutating func place(x: Double, y: Double, shape: TextShape, scale: Double) {
        let ux = roundedHalfAway(x * 1000) / 1000, uy = roundedHalfAway((height - y) * 1000) / 1000
        if let line = textLine, line.shape == shape, abs(uy - line.y) < 0.0005 {
            let dx = ux - pen
            guard abs(dx) > Self.positionTolerance else { return }
            // A TJ number moves the pen back by its value in thousandths of an em.
            let adjustment = roundedHalfAway(-dx / scale * 10) / 10
            showAdjustment(adjustment)
            pen -= adjustment * scale
            return
        }
        if let line = textLine, line.shape.isPlain, shape.isPlain {
            let dx = roundedHalfAway((ux - line.x) * 1000) / 1000, dy = roundedHalfAway((uy - line.y) * 1000) / 1000
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
    package static func sizeAndShape(_ m: [Double]) -> (Double, TextShape)? {
        guard m.count == 4 else { return nil }
        let size = abs(m[3]) > 1e-9 ? abs(m[3]) : abs(m[0])
        guard size > 1e-9, size.isFinite else { return nil }
        return (size, TextShape(a: m[0] / size, b: -m[1] / size, c: -m[2] / size, d: m[3] / size))
    }
}

/// A font text is shown in: an outline font (`EmbeddedFonts.Font`) or a font of colour
/// glyphs (`ColorGlyphFonts.Font`).
package protocol ShownFont: AnyObject {
    /// The resource name ("F1").
    var name: [UInt8] { get }
    /// Appends the glyph's character code inside a literal string (escaped as needed).
    func appendCode(_ glyph: UInt32, to bytes: inout ByteBuffer)
    /// The glyph's advance in thousandths of an em, as the PDF states it; records it as used.
    func width(_ glyph: UInt32) -> Double
    /// Whether the glyph's ToUnicode entry says `utf8`, setting it when the glyph has none.
    func claim(_ glyph: UInt32, utf8: UnsafeBufferPointer<UInt8>) -> Bool
    /// Sets the glyph's ToUnicode entry to `utf8` if it has none.
    func suggest(_ glyph: UInt32, utf8: UnsafeBufferPointer<UInt8>)
    /// Whether characters shaped to no glyph belong to the cluster before them (a colour
    /// font's: the joiners of an emoji sequence it has no picture of).
    var joinsEmptyClusters: Bool { get }
}

extension PDFByteSink where Self: ~Copyable {
    /// Appends a byte of a literal string: `(`, `)` and `\\` escaped, and a carriage return
    /// (which a reader would take for a line feed).
    @inline(__always)
    package mutating func appendStringByte(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
            append(UInt8(ascii: "\\"))
            append(byte)
        case 0x0D:
            append(UInt8(ascii: "\\"))
            append(UInt8(ascii: "r"))
        default:
            append(byte)
        }
    }
}
