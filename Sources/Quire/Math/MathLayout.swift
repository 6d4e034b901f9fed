import QuireModel
import QuireFonts

/// A style with TeX's cramped flag: the context every atom is set in.
package struct StyleContext: Sendable, Equatable {
    package var style: MathStyle
    package var cramped: Bool
    package var color: Color?

    package var superscript: StyleContext { StyleContext(style: style <= .text ? .script : .scriptScript, cramped: cramped, color: color) }
    package var `subscript`: StyleContext { StyleContext(style: superscript.style, cramped: true, color: color) }
    package var numerator: StyleContext {
        StyleContext(style: MathStyle(rawValue: min(style.rawValue + 1, 3)) ?? .scriptScript, cramped: cramped, color: color)
    }
    package var denominator: StyleContext { StyleContext(style: numerator.style, cramped: true, color: color) }
    package var crampedForm: StyleContext { StyleContext(style: style, cramped: true, color: color) }
    /// 0 in display and text style, 1 in script, 2 in scriptscript (for `ssty`).
    package var scriptLevel: Int { max(0, style.rawValue - 1) }
}

/// One atom of a list set in a box, with what spacing and line breaking need to know of it.
package struct MathPiece: Sendable, Equatable {
    package var box: MathBox
    package var kind: AtomClass
    /// Space before it (its neighbour's class decides), and how much of that may shrink.
    package var space: Double
    package var shrink: Double
    /// An atom after which a formula may break: a relation or binary operator at top level.
    package var breakAfter: Bool
}

/// TeX's math layout (The TeXbook, appendix G) over an OpenType MATH font: math lists to
/// boxes. Sizes are points: `size` is the text size the formula is set at, script sizes
/// follow from the font's scale-down percentages. Not thread-safe (the font caches).
package struct MathLayout {
    package let font: MathFont
    package let size: Double

    /// The size glyphs are drawn at in `style`.
    package func fontSize(_ style: MathStyle) -> Double {
        switch style {
        case .display, .text: return size
        case .script: return size * scale(font.constant(.scriptPercentScaleDown), 0.7)
        case .scriptScript: return size * scale(font.constant(.scriptScriptPercentScaleDown), 0.5)
        }
    }

    private func scale(_ value: Double, _ fallback: Double) -> Double { value > 0 ? value : fallback }

    /// A MATH constant in points at `style`'s size.
    package func constant(_ c: MathConstant, _ style: MathStyle) -> Double { font.constant(c) * fontSize(style) }

    package func axis(_ style: MathStyle) -> Double { constant(.axisHeight, style) }

    /// 1 mu (1/18 em) at `style`'s size.
    package func mu(_ style: MathStyle) -> Double { fontSize(style) / 18 }

    // MARK: Lists

    /// A list set in one box, spaced by class (rules 5, 6 and 20 of appendix G).
    package func box(_ list: MathList, _ context: StyleContext) -> MathBox {
        pack(pieces(list, context, topLevel: false))
    }

    /// The pieces a list is set as, each atom with the space before it. Style and colour
    /// changes last to the list's end; binary operators where no operand can be are ordinary.
    package func pieces(_ list: MathList, _ start: StyleContext, topLevel: Bool) -> [MathPiece] {
        var context = start
        var out: [MathPiece] = []
        var pendingSpace = 0.0
        var previous: AtomClass?
        var previousIndex: Int?
        let atoms = list.compactMap { if case .atom(let a) = $0 { return a } else { return nil } }
        var atomIndex = 0
        for node in list {
            switch node {
            case .space(let amount):
                pendingSpace += amount * mu(context.style)
            case .style(let style):
                context.style = style
                context.cramped = false
            case .color(let color):
                context.color = color
            case .atom(let atom):
                var kind = atom.kind
                if kind == .bin, previous == nil || [.bin, .op, .rel, .open, .punct].contains(previous!) { kind = .ord }
                if [.rel, .close, .punct].contains(kind), let p = previousIndex, out[p].kind == .bin {
                    out[p].kind = .ord
                    out[p].breakAfter = false
                }
                if kind == .bin, atomIndex + 1 == atoms.count { kind = .ord }
                let (space, shrink) = previous.map { Self.spacing(between: $0, and: kind, context.style) } ?? (0, 0)
                var box = atomBox(atom, context)
                box = box.colored(context.color)
                out.append(MathPiece(box: box, kind: kind, space: space * mu(context.style) + pendingSpace,
                                     shrink: shrink * mu(context.style),
                                     breakAfter: topLevel && (kind == .rel || kind == .bin)))
                pendingSpace = 0
                previous = kind
                previousIndex = out.count - 1
                atomIndex += 1
            }
        }
        if pendingSpace != 0 {
            out.append(MathPiece(box: MathBox(), kind: .ord, space: pendingSpace, shrink: 0, breakAfter: false))
        }
        // A binary operator ending a list has no right operand (rule 6 of appendix G).
        if let p = previousIndex, out[p].kind == .bin { out[p].kind = .ord; out[p].breakAfter = false }
        return out
    }

    /// Pieces side by side, each space shrunk by `shrink` (0…1) of what it may give.
    package func pack(_ pieces: some Collection<MathPiece>, shrink: Double = 0, dropFirstSpace: Bool = false) -> MathBox {
        var out = MathBox()
        var first = true
        for piece in pieces {
            if !(first && dropFirstSpace) { out.width += piece.space - piece.shrink * shrink }
            first = false
            out.append(piece.box)
        }
        if pieces.count == 1, let only = pieces.first, only.space == 0 {
            out.single = only.box.single
            out.italic = only.box.italic
        }
        return out
    }

    /// TeX's table of spaces between classes (The TeXbook, chapter 18): thin 3 mu, medium 4 mu,
    /// thick 5 mu; those in parentheses in the book are left out in script styles. Returns
    /// (space, shrink) in mu: a medium space may shrink by half (plain TeX lets it shrink to
    /// nothing, which runs operators into their operands; a break reads better).
    package static func spacing(between left: AtomClass, and right: AtomClass, _ style: MathStyle) -> (Double, Double) {
        // 0 none, 1 thin, 2 medium, 3 thick; negative: not in script styles.
        let table: [[Int]] = [
            //  ord op  bin rel open close punct inner
            [0, 1, -2, -3, 0, 0, 0, -1],     // ord
            [1, 1, 0, -3, 0, 0, 0, -1],      // op
            [-2, -2, 0, 0, -2, 0, 0, -2],    // bin
            [-3, -3, 0, 0, -3, 0, 0, -3],    // rel
            [0, 0, 0, 0, 0, 0, 0, 0],        // open
            [0, 1, -2, -3, 0, 0, 0, -1],     // close
            [-1, -1, 0, -1, -1, -1, -1, -1], // punct
            [-1, 1, -2, -3, -1, 0, -1, -1],  // inner
        ]
        let entry = table[left.rawValue][right.rawValue]
        if entry < 0 && style >= .script { return (0, 0) }
        switch abs(entry) {
        case 1: return (3, 0)
        case 2: return (4, 2)
        case 3: return (5, 0)
        default: return (0, 0)
        }
    }

    // MARK: Atoms

    /// An atom with its scripts (rules 13 to 18).
    package func atomBox(_ atom: Atom, _ context: StyleContext) -> MathBox {
        var nucleus = nucleusBox(atom.nucleus, context, kind: atom.kind)
        let isLargeOperator: Bool
        if case .symbol(_, let large) = atom.nucleus, large { isLargeOperator = true } else { isLargeOperator = false }
        if isLargeOperator {
            nucleus = centredOnAxis(nucleus, context.style)
        }
        guard atom.superscript != nil || atom.subscript != nil else {
            // No scripts: the italic correction is part of the width (rule 17), except after
            // a big operator, whose correction only places limits.
            if !isLargeOperator { nucleus.width += nucleus.italic }
            return nucleus
        }
        let limits = atom.limits ?? (atom.kind == .op && context.style == .display && !sideLimits(atom.nucleus))
        if limits { return self.limits(nucleus, atom, context) }
        return scripts(nucleus, atom, context, isLargeOperator: isLargeOperator)
    }

    /// Integrals keep their limits at the side in display style.
    private func sideLimits(_ nucleus: Nucleus) -> Bool {
        if case .symbol(let text, true) = nucleus { return TeXSymbols.sideLimits.contains(text) }
        return false
    }

    /// A big operator: in display style its display-size variant; centred on the axis.
    private func centredOnAxis(_ box: MathBox, _ style: MathStyle) -> MathBox {
        var out = MathBox(width: box.width, italic: box.italic, single: box.single)
        let shift = (box.height - box.depth) / 2 - axis(style)
        out.place(box, x: 0, y: -shift)
        out.height = box.height - shift
        out.depth = box.depth + shift
        return out
    }

    package func nucleusBox(_ nucleus: Nucleus, _ context: StyleContext, kind: AtomClass) -> MathBox {
        switch nucleus {
        case .symbol(let text, let large):
            return symbolBox(text, context, large: large)
        case .group(let list):
            return box(list, context)
        case .text(let text):
            return textBox(text, context)
        case .fraction(let num, let den, let rule, let left, let right, let style):
            return fraction(num, den, rule: rule, left: left, right: right, forced: style, context)
        case .radical(let degree, let body):
            return radical(degree, body, context)
        case .delimited(let left, let segments, let middles, let right):
            return delimited(left, segments, middles, right, context)
        case .sizedDelimiter(let text, let size):
            return sizedDelimiter(text, size, context)
        case .accent(let accent, let body, let wide):
            return self.accent(accent, body, wide: wide, context)
        case .bar(let body, let over):
            return bar(body, over: over, context)
        case .brace(let glyph, let body, let over):
            return brace(glyph, body, over: over, context)
        case .stretched(let glyph, let lists):
            return stretched(glyph, lists, context)
        case .array(let array):
            return self.array(array, context)
        case .negated(let list):
            return negated(list, context)
        case .phantom(let list, let horizontal, let vertical):
            let inner = box(list, context)
            return MathBox(width: horizontal ? inner.width : 0, height: vertical ? inner.height : 0, depth: vertical ? inner.depth : 0)
        case .boxed(let list):
            return boxed(list, context)
        case .source(let text):
            return textBox(text, context)
        }
    }

    /// One character (or a few, for primes) of the font; a big operator's display variant in
    /// display style.
    package func symbolBox(_ text: String, _ context: StyleContext, large: Bool = false) -> MathBox {
        let size = fontSize(context.style)
        var out = MathBox()
        for scalar in text.unicodeScalars {
            var glyph = font.glyph(scalar.value) ?? fallbackGlyph(scalar)
            glyph = font.scriptForm(glyph, scalar: scalar.value, level: context.scriptLevel)
            if large && context.style == .display {
                let minimum = font.constant(.displayOperatorMinHeight)
                let variants = font.variants(glyph, horizontal: false)
                glyph = variants.first { $0.size >= minimum }?.glyph ?? variants.last?.glyph ?? glyph
            }
            let extents = font.extents(glyph)
            var one = MathBox(width: font.advance(glyph) * size, height: extents.height * size, depth: extents.depth * size)
            one.glyphs = [MathGlyph(glyph: glyph, x: 0, y: 0, size: size, text: String(scalar), color: nil)]
            one.italic = font.italicCorrection(glyph) * size
            one.single = MathBox.SingleGlyph(glyph: glyph, size: size)
            if out.glyphs.isEmpty { out = one } else { out.append(one) }
        }
        return out
    }

    /// A letter of a math alphabet the font lacks is drawn as the plain letter.
    private func fallbackGlyph(_ scalar: Unicode.Scalar) -> UInt32 {
        for plain in MathAlphabet.plainForms(of: scalar) { if let g = font.glyph(plain) { return g } }
        return 0
    }

    /// Upright text shaped with the font's kerning (`\text`, operator names).
    package func textBox(_ text: String, _ context: StyleContext) -> MathBox {
        let size = fontSize(context.style)
        let shaped = font.shape(text)
        var out = MathBox()
        let utf8 = Array(text.utf8)
        var x = 0.0
        for (i, g) in shaped.enumerated() {
            let end = i + 1 < shaped.count ? shaped[i + 1].cluster : utf8.count
            let chars = g.cluster < end ? String(decoding: utf8[g.cluster..<end], as: UTF8.self) : ""
            let extents = font.extents(g.glyph)
            out.glyphs.append(MathGlyph(glyph: g.glyph, x: x + g.xOffset * size, y: g.yOffset * size, size: size, text: chars, color: nil))
            out.height = max(out.height, extents.height * size)
            out.depth = max(out.depth, extents.depth * size)
            x += g.advance * size
        }
        out.width = x
        return out
    }

    /// Superscript and subscript beside the nucleus (rule 18, with the font's constants).
    private func scripts(_ nucleus: MathBox, _ atom: Atom, _ context: StyleContext, isLargeOperator: Bool) -> MathBox {
        let style = context.style
        let sup = atom.superscript.map { box($0, context.superscript) }
        let sub = atom.subscript.map { box($0, context.subscript) }
        let isGlyph = nucleus.single != nil && !isLargeOperator
        var u = isGlyph ? 0 : nucleus.height - constant(.superscriptBaselineDropMax, context.superscript.style)
        var v = isGlyph ? 0 : nucleus.depth + constant(.subscriptBaselineDropMin, context.subscript.style)
        if let sup {
            let shiftUp = constant(context.cramped ? .superscriptShiftUpCramped : .superscriptShiftUp, style)
            u = max(u, shiftUp, sup.depth + constant(.superscriptBottomMin, style))
        }
        if let sub {
            v = max(v, constant(.subscriptShiftDown, style))
            if sup == nil { v = max(v, sub.height - constant(.subscriptTopMax, style)) }
        }
        if let sup, let sub {
            let gap = (u - sup.depth) - (sub.height - v)
            let minimum = constant(.subSuperscriptGapMin, style)
            if gap < minimum {
                v += minimum - gap
                let psi = constant(.superscriptBottomMaxWithSubscript, style) - (u - sup.depth)
                if psi > 0 { u += psi; v -= psi }
            }
        }
        var out = nucleus
        out.single = nil
        let base = nucleus.width
        var right = base
        if let sup {
            var x = base + (isLargeOperator ? 0 : nucleus.italic)
            if let g = nucleus.single { x += font.kern(g.glyph, .topRight, height: (u - sup.depth) / g.size) * g.size }
            out.place(sup, x: x, y: u)
            out.height = max(out.height, u + sup.height)
            out.depth = max(out.depth, sup.depth - u)
            right = max(right, x + sup.width)
        }
        if let sub {
            var x = base - (isLargeOperator ? nucleus.italic : 0)
            if let g = nucleus.single { x += font.kern(g.glyph, .bottomRight, height: (sub.height - v) / g.size) * g.size }
            out.place(sub, x: x, y: -v)
            out.height = max(out.height, sub.height - v)
            out.depth = max(out.depth, v + sub.depth)
            right = max(right, x + sub.width)
        }
        out.width = right + constant(.spaceAfterScript, style)
        out.italic = 0
        return out
    }

    /// Limits above and below (rule 13a): a big operator in display style, `\limits`,
    /// `\overset`, a brace's label.
    private func limits(_ nucleus: MathBox, _ atom: Atom, _ context: StyleContext) -> MathBox {
        let style = context.style
        let sup = atom.superscript.map { box($0, context.superscript) }
        let sub = atom.subscript.map { box($0, context.subscript) }
        let width = max(nucleus.width, sup?.width ?? 0, sub?.width ?? 0)
        var out = MathBox(width: width, height: nucleus.height, depth: nucleus.depth)
        out.place(nucleus, x: (width - nucleus.width) / 2, y: 0)
        if let sup {
            let rise = max(constant(.upperLimitBaselineRiseMin, style),
                           constant(.upperLimitGapMin, style) + sup.depth)
            let y = nucleus.height + rise
            out.place(sup, x: (width - sup.width + nucleus.italic) / 2, y: y)
            out.height = y + sup.height
        }
        if let sub {
            let drop = max(constant(.lowerLimitBaselineDropMin, style),
                           constant(.lowerLimitGapMin, style) + sub.height)
            let y = -(nucleus.depth + drop)
            out.place(sub, x: (width - sub.width - nucleus.italic) / 2, y: y)
            out.depth = -y + sub.depth
        }
        return out
    }
}
