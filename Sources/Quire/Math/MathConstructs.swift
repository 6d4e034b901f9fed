
/// Fractions, radicals, delimiters, accents, bars and braces: appendix G's rules 9 to 15 and
/// 19, with the distances the font's MATH constants give.
extension MathLayout {
    /// TeX's `\nulldelimiterspace` (1.2 pt at 10 pt) on each side of a fraction.
    private func nullDelimiterSpace(_ style: MathStyle) -> Double { 0.12 * fontSize(style) }

    /// A fraction (rule 15): the bar on the axis, numerator and denominator centred and kept
    /// their minimum gaps from it; without a bar (`\binom`), stacked by the stack constants.
    package func fraction(_ numerator: MathList, _ denominator: MathList, rule: Bool, left: String?, right: String?,
                  forced: MathStyle?, _ outer: StyleContext) -> MathBox {
        var context = outer
        if let forced { context.style = forced }
        let style = context.style, display = style == .display
        let num = box(numerator, context.numerator), den = box(denominator, context.denominator)
        var up: Double, down: Double
        let axis = self.axis(style)
        let thickness = rule ? constant(.fractionRuleThickness, style) : 0
        if rule {
            up = constant(display ? .fractionNumeratorDisplayStyleShiftUp : .fractionNumeratorShiftUp, style)
            down = constant(display ? .fractionDenominatorDisplayStyleShiftDown : .fractionDenominatorShiftDown, style)
            let gapAbove = constant(display ? .fractionNumDisplayStyleGapMin : .fractionNumeratorGapMin, style)
            let gapBelow = constant(display ? .fractionDenomDisplayStyleGapMin : .fractionDenominatorGapMin, style)
            up = max(up, axis + thickness / 2 + gapAbove + num.depth)
            down = max(down, den.height + gapBelow - (axis - thickness / 2))
        } else {
            up = constant(display ? .stackTopDisplayStyleShiftUp : .stackTopShiftUp, style)
            down = constant(display ? .stackBottomDisplayStyleShiftDown : .stackBottomShiftDown, style)
            let minimum = constant(display ? .stackDisplayStyleGapMin : .stackGapMin, style)
            let gap = (up - num.depth) - (den.height - down)
            if gap < minimum { up += (minimum - gap) / 2; down += (minimum - gap) / 2 }
        }
        let width = max(num.width, den.width)
        let side = left == nil ? nullDelimiterSpace(style) : 0
        var out = MathBox(width: width + 2 * side, height: up + num.height, depth: down + den.depth)
        out.place(num, x: side + (width - num.width) / 2, y: up)
        out.place(den, x: side + (width - den.width) / 2, y: -down)
        if rule { out.rules.append(MathRule(x: side, y: axis - thickness / 2, width: width, height: thickness, color: nil)) }
        guard let left, let right else { return out }
        return fenced(out, left: left, right: right, style)
    }

    /// `content` between delimiters grown to cover it (rule 19).
    package func fenced(_ content: MathBox, left: String, right: String, _ style: MathStyle, middles: [(x: Double, text: String)] = []) -> MathBox {
        let target = delimiterTarget(height: content.height, depth: content.depth, style)
        var out = delimiterBox(left, target: target, style)
        var inner = content
        for middle in middles.reversed() {
            let bar = delimiterBox(middle.text, target: target, style)
            inner = inserting(bar, at: middle.x, into: inner)
        }
        out.append(inner)
        out.append(delimiterBox(right, target: target, style))
        return out
    }

    /// The size a delimiter needs to cover height and depth about the axis: TeX's
    /// `\delimiterfactor` 901 and `\delimitershortfall` 5 pt (half an em).
    package func delimiterTarget(height: Double, depth: Double, _ style: MathStyle) -> Double {
        let axis = self.axis(style)
        let extent = max(height - axis, depth + axis)
        return max(2 * extent * 0.901, 2 * extent - 0.5 * fontSize(style))
    }

    /// `box` with `bar` set in it at `x`, what follows moved right by its width.
    private func inserting(_ bar: MathBox, at x: Double, into box: MathBox) -> MathBox {
        var out = MathBox(width: box.width + bar.width, height: max(box.height, bar.height), depth: max(box.depth, bar.depth))
        out.glyphs = box.glyphs.map { var g = $0; if g.x >= x - 0.001 { g.x += bar.width }; return g }
        out.rules = box.rules.map { var r = $0; if r.x >= x - 0.001 { r.x += bar.width }; return r }
        out.place(bar, x: x, y: 0)
        return out
    }

    /// `\left … \middle … \right`: the segments set as one list, the delimiters sized to it.
    package func delimited(_ left: String, _ segments: [MathList], _ middles: [String], _ right: String, _ context: StyleContext) -> MathBox {
        var content = MathBox()
        var marks: [(x: Double, text: String)] = []
        for (i, segment) in segments.enumerated() {
            content.append(box(segment, context))
            if i < middles.count { marks.append((content.width, middles[i])) }
        }
        return fenced(content, left: left, right: right, context.style, middles: marks)
    }

    /// `\big(` … `\Bigg(`: 1.2, 1.8, 2.4 and 3 times the size, as plain TeX's delimiters are.
    package func sizedDelimiter(_ text: String, _ step: Int, _ context: StyleContext) -> MathBox {
        delimiterBox(text, target: [1.2, 1.8, 2.4, 3.0][min(max(step, 1), 4) - 1] * fontSize(context.style) * 0.95, context.style)
    }

    /// A radical (rule 11): the sign grown to the cramped body plus gap and rule, its bar on
    /// the sign's top; the degree in scriptscript style, raised and kerned by the constants.
    package func radical(_ degree: MathList?, _ body: MathList, _ context: StyleContext) -> MathBox {
        let style = context.style
        let inner = box(body, context.crampedForm)
        let thickness = constant(.radicalRuleThickness, style)
        var gap = constant(style == .display ? .radicalDisplayStyleVerticalGap : .radicalVerticalGap, style)
        let sign = stretchedGlyph("√", target: inner.height + inner.depth + gap + thickness, horizontal: false, style)
        let signTotal = sign.height + sign.depth
        gap += max(0, (signTotal - (inner.height + inner.depth + gap + thickness)) / 2)
        // The sign's top is the bar's top.
        let top = inner.height + gap + thickness
        let shift = top - sign.height
        var out = MathBox()
        var x = 0.0
        if let degree {
            let index = box(degree, StyleContext(style: .scriptScript, cramped: true, color: context.color))
            let before = constant(.radicalKernBeforeDegree, style)
            let after = constant(.radicalKernAfterDegree, style)
            let raise = font.constant(.radicalDegreeBottomRaisePercent) * signTotal
            let y = shift - sign.depth + raise + index.depth
            out.place(index, x: before, y: y)
            out.height = y + index.height
            x = max(0, before + index.width + after)
        }
        out.place(sign, x: x, y: shift)
        x += sign.width
        out.rules.append(MathRule(x: x, y: top - thickness, width: inner.width, height: thickness, color: nil))
        out.place(inner, x: x, y: 0)
        out.width = x + inner.width
        out.height = max(out.height, top + constant(.radicalExtraAscender, style))
        out.depth = max(inner.depth, sign.depth - shift)
        return out
    }

    /// An accent (rule 12): centred on the base's top accent attachment, lowered onto a base
    /// shorter than the font's accent base height; `wide` accents grown to the base's width.
    package func accent(_ accent: String, _ body: MathList, wide: Bool, _ context: StyleContext) -> MathBox {
        let style = context.style
        let base = box(body, context.crampedForm)
        let mark = wide ? stretchedGlyph(accent, target: base.width, horizontal: true, style)
            : symbolBox(accent, StyleContext(style: style, cramped: false))
        let baseAttach = base.single.map { font.topAccentAttachment($0.glyph) * $0.size } ?? base.width / 2
        let markAttach = mark.single.map { font.topAccentAttachment($0.glyph) * $0.size } ?? mark.width / 2
        let accentBase = constant(.accentBaseHeight, style)
        let y = base.height - min(base.height, accentBase)
        var out = base
        out.place(mark, x: baseAttach - markAttach, y: y)
        out.height = max(base.height, y + mark.height)
        out.single = nil
        return out
    }

    /// `\overline` and `\underline`: a rule at the font's gap, with its extra space beyond.
    package func bar(_ body: MathList, over: Bool, _ context: StyleContext) -> MathBox {
        let style = context.style
        var out = box(body, over ? context.crampedForm : context)
        out.single = nil
        if over {
            let gap = constant(.overbarVerticalGap, style)
            let thickness = constant(.overbarRuleThickness, style)
            out.rules.append(MathRule(x: 0, y: out.height + gap, width: out.width, height: thickness, color: nil))
            out.height += gap + thickness + constant(.overbarExtraAscender, style)
        } else {
            let gap = constant(.underbarVerticalGap, style)
            let thickness = constant(.underbarRuleThickness, style)
            out.rules.append(MathRule(x: 0, y: -(out.depth + gap + thickness), width: out.width, height: thickness, color: nil))
            out.depth += gap + thickness + constant(.underbarExtraDescender, style)
        }
        return out
    }

    /// `\overbrace` and kin: the glyph grown to the body's width, above or below it.
    package func brace(_ glyph: String, _ body: MathList, over: Bool, _ context: StyleContext) -> MathBox {
        let style = context.style
        let base = box(body, context)
        let mark = stretchedGlyph(glyph, target: base.width, horizontal: true, style)
        var out = MathBox(width: max(base.width, mark.width), height: base.height, depth: base.depth)
        out.place(base, x: (out.width - base.width) / 2, y: 0)
        if over {
            let y = base.height + constant(.stretchStackGapBelowMin, style) + mark.depth
            out.place(mark, x: (out.width - mark.width) / 2, y: y)
            out.height = y + mark.height
        } else {
            let y = -(base.depth + constant(.stretchStackGapAboveMin, style) + mark.height)
            out.place(mark, x: (out.width - mark.width) / 2, y: y)
            out.depth = -y + mark.depth
        }
        return out
    }

    /// `\xrightarrow`'s arrow: as wide as its widest label, with a little room each side.
    package func stretched(_ glyph: String, _ lists: [MathList], _ context: StyleContext) -> MathBox {
        let labels = lists.map { box($0, context.superscript).width }.max() ?? 0
        let size = fontSize(context.style)
        return stretchedGlyph(glyph, target: max(labels + 0.6 * size, 1.5 * size), horizontal: true, context.style)
    }

    /// `\not`: a solidus over the symbol, centred on it.
    package func negated(_ list: MathList, _ context: StyleContext) -> MathBox {
        var out = box(list, context)
        let slash = delimiterBox("/", target: max(out.height + out.depth, fontSize(context.style) * 0.8), context.style)
        out.place(slash, x: (out.width - slash.width) / 2, y: 0)
        out.single = nil
        return out
    }

    /// `\boxed`: a frame 3 pt out from the body (LaTeX's `\fboxsep`), 0.4 pt thick.
    package func boxed(_ list: MathList, _ context: StyleContext) -> MathBox {
        let size = fontSize(context.style)
        let inner = box(list, context)
        let pad = 0.3 * size, t = 0.04 * size
        var out = MathBox(width: inner.width + 2 * (pad + t), height: inner.height + pad + t, depth: inner.depth + pad + t)
        out.place(inner, x: pad + t, y: 0)
        let bottom = -out.depth, total = out.height + out.depth
        out.rules += [MathRule(x: 0, y: bottom, width: out.width, height: t, color: nil),
                      MathRule(x: 0, y: out.height - t, width: out.width, height: t, color: nil),
                      MathRule(x: 0, y: bottom, width: t, height: total, color: nil),
                      MathRule(x: out.width - t, y: bottom, width: t, height: total, color: nil)]
        return out
    }
}
