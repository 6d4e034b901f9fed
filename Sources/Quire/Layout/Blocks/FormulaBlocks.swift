import QuireModel
import QuireMath

/// Display math: a formula on lines of its own, centred in the column with its `\tag` at the
/// right; and what layout reports of formulas (bad TeX, missing glyphs).
///
/// Reads the environment and the caches (the math typesetter); writes warnings, destinations
/// and the uncuttable groups' numbers to `sink`.
package struct FormulaLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
}

extension FormulaLayouter {
    /// The slices of a display formula: one per line (more when it was broken to fit), the
    /// lines kept together, a block an excerpt never cuts and counts as the lines of text its
    /// height displaces (to the nearest, at least one per line: a fraction two, a matrix of
    /// four rows about five). A formula that cannot be typeset is its source as a code block,
    /// in red, with a warning.
    /// O(formula), after the typesetter's cache.
    package func displayFormula(_ formula: MathFormula, _ context: BlockContext) -> [Slice] {
        let size = context.textRole?.size ?? typography.body.size
        let column = context.column
        let tagGap = size
        var tagWidth = 0.0
        var result = math.typeset(formula, size: size, width: column.width)
        if case .success(let typeset) = result, let tag = typeset.tag {
            tagWidth = tag.width + tagGap
            result = math.typeset(formula, size: size, width: column.width - tagWidth)
        }
        guard case .success(let typeset) = result else {
            if case .failure(let error) = result { warnAboutBadMath(error, formula) }
            return badFormula(formula, context)
        }
        warnAboutMissingGlyphs(typeset, formula)
        let element = element(.formula, in: context, alt: formula.tex)
        let group = sink.newAtomicGroup()
        let space = context.tight ? typography.blockSpacing / 2 : typography.blockSpacing
        let lineGap = 0.3 * size
        let lineHeight = context.textRole?.lineHeight ?? typography.body.lineHeight
        var slices: [Slice] = []
        let font = typeset.fontRef
        // The display centred as a whole beside its tag: a broken formula's lines each at its
        // offset (its continuation lines aligned on the first relation's right-hand side).
        let left = max(0, (column.width - tagWidth - typeset.displayWidth) / 2)
        for (i, box) in typeset.boxes.enumerated() {
            let isLast = i == typeset.boxes.count - 1
            let x = left + (i < typeset.lineOffsets.count ? typeset.lineOffsets[i] : 0)
            var slice = Slice(height: box.height + box.depth)
            slice.items.append(.formula(PlacedFormula(box: box, origin: Point(x: column.x + max(0, x), y: box.height),
                                                      font: font, color: style.textColor, tag: .element(element))))
            if isLast, let tag = typeset.tag {
                slice.items.append(.formula(PlacedFormula(box: tag, origin: Point(x: column.x + column.width - tag.width, y: box.height),
                                                          font: font, color: style.textColor, tag: .element(element))))
            }
            slice.firstBaseline = box.height
            slice.firstLineHeight = slice.height
            slice.excerptRole = .atomic(group, lines: max(1, Int((slice.height / lineHeight).rounded())))
            slice.spaceBefore = i == 0 ? space : lineGap
            slice.spaceAfter = isLast ? space : lineGap
            slice.keepWithNext = !isLast
            slices.append(slice)
        }
        return slices
    }

    /// A formula that could not be typeset, as GitHub shows it: its source as code, in red.
    private func badFormula(_ formula: MathFormula, _ context: BlockContext) -> [Slice] {
        var text = StyledText()
        var a = StyledText.Attributes()
        a.monospace = true
        a.color = typography.mathErrorColor
        text.append("$$\n" + formula.tex + "\n$$", a)
        var format = format(typography.code, width: context.column.width)
        format.alignment = .left
        let space = typography.blockSpacing
        return paragraphSlices(text, format, x: context.column.x, spaceBefore: space, spaceAfter: space,
                               tag: .element(element(.code, in: context, text: formula.tex)))
    }

    /// Warns that `formula` was shown as its source: the line, the fault (naming the command
    /// or character), and the formula's start.
    package func warnAboutBadMath(_ error: MathError, _ formula: MathFormula) {
        let excerpt = formula.tex.count > 40 ? String(formula.tex.prefix(40)) + "…" : formula.tex
        let shown = formula.display ? "$$\(excerpt)$$" : "$\(excerpt)$"
        sink.warn(Warning(line: formula.line, message: "math not typeset (\(error.message)) in \(shown); shown as its source"))
    }

    /// Warns about characters the math font has no glyph for.
    package func warnAboutMissingGlyphs(_ typeset: TypesetFormula, _ formula: MathFormula) {
        guard !typeset.missing.isEmpty else { return }
        let characters = Array(Set(typeset.missing)).sorted().joined(separator: " ")
        sink.warn(Warning(line: formula.line, message: "the math font has no glyph for \(characters) in $\(formula.tex)$"))
    }
}

extension TypesetFormula {
    /// The math font as the painter names it (its matrix is set per glyph size).
    package var fontRef: FontRef {
        FontRef(file: fontFile, index: fontIndex, matrix: [1, 0, 0, 1], embolden: false, variations: "", isColor: false)
    }
}

extension MathBox {
    /// The characters the box shows, in the order it was set (reading order).
    package var characters: String { glyphs.map(\.text).joined() }
}

extension TextLine {
    /// The line's characters with each formula piece's own in place of its object
    /// replacement character, without the isolate around a formula and the spaces between
    /// its pieces (for the terminal preview). O(line + formulas).
    package var textWithFormulas: String {
        let text = shaped.text
        guard !text.formulas.isEmpty else { return self.text }
        let line = shaped.lines[lineIndex]
        let pieces = text.formulas.filter { $0.offset >= line.start && $0.offset < line.start + line.length }
        guard !pieces.isEmpty else { return self.text }
        var out = ""
        var next = pieces.makeIterator()
        var current = next.next()
        var offset = line.start
        var spaceAt = -1
        for scalar in String(decoding: Array(text.string.utf8)[line.start..<(line.start + line.length)], as: UTF8.self).unicodeScalars {
            if scalar == "\u{FFFC}", let piece = current, piece.offset == offset {
                out += piece.box.characters
                if piece.spaceAfter > 0 { spaceAt = offset + StyledText.objectLength }
                current = next.next()
            } else if !["\u{200B}", "\u{AD}", "\u{2066}", "\u{2069}"].contains(scalar) && !(offset == spaceAt && (scalar == " " || scalar == "\u{A0}")) {
                out.unicodeScalars.append(scalar)
            }
            offset += String(scalar).utf8.count
        }
        if self.text.hasSuffix("-") && !out.hasSuffix("-") { out += "-" }  // a soft hyphen's
        return out
    }
}
