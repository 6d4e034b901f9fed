import QuireFonts

/// Glyphs grown to a size: the font's larger variants first, then its assembly of parts
/// (extenders repeated between ends), as the MATH table's `MathVariants` describe them.
extension MathLayout {
    /// `text`'s glyph at least `target` points tall (height plus depth) or, `horizontal`, wide;
    /// the largest variant when nothing reaches it and the font has no assembly. The box's
    /// baseline is the glyph's own (vertical glyphs are centred by the caller).
    package func stretchedGlyph(_ text: String, target: Double, horizontal: Bool, _ style: MathStyle) -> MathBox {
        let size = fontSize(style)
        guard let scalar = text.unicodeScalars.first, let base = font.glyph(scalar.value) else {
            return symbolBox(text, StyleContext(style: style, cramped: false))
        }
        let variants = font.variants(base, horizontal: horizontal)
        if let fit = variants.first(where: { $0.size * size >= target }) { return glyphBox(fit.glyph, text: text, size: size) }
        let parts = font.assembly(base, horizontal: horizontal)
        if parts.isEmpty || !parts.contains(where: \.isExtender) {
            return glyphBox(variants.last?.glyph ?? base, text: text, size: size)
        }
        return assembled(parts, text: text, target: target, horizontal: horizontal, size: size)
    }

    package func glyphBox(_ glyph: UInt32, text: String, size: Double) -> MathBox {
        let extents = font.extents(glyph)
        var box = MathBox(width: font.advance(glyph) * size, height: extents.height * size, depth: extents.depth * size)
        box.glyphs = [MathGlyph(glyph: glyph, x: 0, y: 0, size: size, text: text, color: nil)]
        box.italic = font.italicCorrection(glyph) * size
        box.single = MathBox.SingleGlyph(glyph: glyph, size: size)
        return box
    }

    /// Parts laid end to end with as many extenders as `target` needs, the overlaps between
    /// neighbours shared out evenly within what their connectors allow.
    private func assembled(_ parts: [MathFont.Part], text: String, target: Double, horizontal: Bool, size: Double) -> MathBox {
        let minOverlap = font.minConnectorOverlap(horizontal: horizontal) * size
        var chosen: [MathFont.Part] = []
        for repeats in 1...64 {
            chosen = parts.flatMap { $0.isExtender ? Array(repeating: $0, count: repeats) : [$0] }
            let full = chosen.reduce(0) { $0 + $1.fullAdvance * size }
            if full - Double(chosen.count - 1) * minOverlap >= target { break }
        }
        let full = chosen.reduce(0) { $0 + $1.fullAdvance * size }
        let joins = max(1, chosen.count - 1)
        var maxOverlap = Double.infinity
        for i in 1..<max(chosen.count, 2) where i < chosen.count {
            maxOverlap = min(maxOverlap, min(chosen[i - 1].endConnector, chosen[i].startConnector) * size)
        }
        let overlap = min(max((full - target) / Double(joins), minOverlap), max(minOverlap, maxOverlap))
        var box = MathBox()
        var position = 0.0
        for (i, part) in chosen.enumerated() {
            let extents = font.extents(part.glyph)
            let glyphText = i == 0 ? text : ""
            if horizontal {
                box.glyphs.append(MathGlyph(glyph: part.glyph, x: position, y: 0, size: size, text: glyphText, color: nil))
                box.height = max(box.height, extents.height * size)
                box.depth = max(box.depth, extents.depth * size)
            } else {
                box.glyphs.append(MathGlyph(glyph: part.glyph, x: 0, y: position + extents.depth * size, size: size, text: glyphText, color: nil))
                box.width = max(box.width, font.advance(part.glyph) * size)
            }
            position += part.fullAdvance * size - overlap
        }
        let length = position + overlap
        if horizontal { box.width = length } else { box.height = length; box.depth = 0 }
        return box
    }

    /// A delimiter at least `target` points tall, centred on the axis; nothing for `.` (null
    /// delimiter space).
    package func delimiterBox(_ text: String, target: Double, _ style: MathStyle) -> MathBox {
        if text.isEmpty { return MathBox(width: 0.12 * fontSize(style)) }
        let glyph = stretchedGlyph(text, target: target, horizontal: false, style)
        let shift = (glyph.height - glyph.depth) / 2 - axis(style)
        var out = MathBox(width: glyph.width, height: glyph.height - shift, depth: glyph.depth + shift)
        out.place(glyph, x: 0, y: -shift)
        return out
    }
}
