/// Code blocks: the code on its shading, in its highlighting's colours, as wide and as large as
/// `CodeFit` says (the measure; wider, into the margins; smaller, down to `code.min-size`). A
/// source line still wider than the block continues under itself: indented past its own
/// indentation by the wrap indent, after a drawn mark, so it never reads as a new statement.
extension LayoutSession {
    /// A code block on its shading (`language`: the info string; none for indented code and
    /// `<pre>`), waiting for its colours if they are not ready. O(n) plus shaping.
    func codeBlock(_ code: String, language: String = "", line: Int = 0, _ context: BlockContext) -> [Slice] {
        let (highlighted, warnings) = highlights.code(code, language: language, line: line)
        warnings.forEach(sink.warn)
        let text = code.isEmpty ? plainText(" ") : StyledText(code: code, spans: highlighted.spans)
        let lines = Self.sourceLines(text.string)
        let fit = codeFit(text, lines: lines, context)
        let pad = typography.codePadding * fit.scale
        var format = format(typography.code.scaled(fit.scale), width: fit.column.width - 2 * pad, alignment: .left)
        format.hangingIndent = typography.codeWrapIndent * fit.scale
        format.isCode = true
        format.text.color = highlighted.look.foreground ?? format.text.color
        let background = highlighted.look.background ?? typography.codeBackground
        let space = context.tight ? typography.tightSpacing : blockSpacing
        let tag = ContentTag.element(element(.code, in: context))
        let x = fit.column.x + pad
        var slices = fit.wrapping.isEmpty
            ? paragraphSlices(text, format, x: x, spaceBefore: space, spaceAfter: space, tag: tag)
            : hangingCodeSlices(text, wrapping: fit.wrapping, format, x: x, space: space, tag: tag)
        slices[0].pushDown(pad)
        slices[slices.count - 1].height += pad
        for i in slices.indices {
            let shade = PageItem.fill(Rect(x: fit.column.x, y: 0, width: fit.column.width, height: slices[i].height), background)
            slices[i].items.insert(shade, at: 0)
        }
        return slices
    }

    /// The code's lines when some (`wrapping`, in order) may wrap: each of those set alone
    /// (`wrappedCodeLine`), the runs of lines between them together. The visual lines of a
    /// wrapped line keep together, and the block keeps no orphan or widow line.
    private func hangingCodeSlices(_ text: StyledText, wrapping: [Range<Int>], _ format: ParagraphFormat, x: Double,
                                   space: Double, tag: ContentTag) -> [Slice] {
        var slices: [Slice] = []
        var keeps: [Bool] = []
        func add(_ lines: Range<Int>) {
            let set = paragraphSlices(text.slice(lines), format, x: x, spaceBefore: 0, spaceAfter: 0, tag: tag)
            slices += set
            keeps += Array(repeating: false, count: set.count)
        }
        var start = 0
        for line in wrapping {
            // The lines before it, without the newline that ends the last of them.
            if line.lowerBound > start { add(start..<(line.lowerBound - 1)) }
            let pieces = wrappedCodeLine(text, line, format, x: x, tag: tag)
            slices += pieces
            keeps += pieces.indices.map { $0 < pieces.count - 1 }
            start = line.upperBound + 1
        }
        // After a newline, the rest (an empty line when the text ends with the newline).
        if start <= text.count { add(start..<text.count) }
        for i in slices.indices {
            slices[i].keepWithNext = keeps[i] || slices.count >= 2 && (i == 0 || i == slices.count - 2)
        }
        slices[0].spaceBefore = space
        slices[slices.count - 1].spaceAfter = space
        return slices
    }

    /// One source line that may be wider than the block, set alone: each continuation starts
    /// past the line's own indentation by the wrap indent (at most half the width), after a
    /// drawn mark (`continuationMark`). Its first visual line stands for the whole source line
    /// in the PDF's text and its continuations for nothing, so a reader extracting the text
    /// gets the line whole.
    private func wrappedCodeLine(_ text: StyledText, _ line: Range<Int>, _ format: ParagraphFormat, x: Double,
                                 tag: ContentTag) -> [Slice] {
        let source = text.slice(line)
        var string = source.string
        let scale = format.text.size / typography.code.size
        let indent = Double(string.withUTF8 { Self.indentColumns($0) }) * codeAdvance * scale
        var lineFormat = format
        lineFormat.hangingIndent = min(indent + format.hangingIndent, format.width / 2)
        var pieces = paragraphSlices(source, lineFormat, x: x, spaceBefore: 0, spaceAfter: 0, tag: tag)
        guard pieces.count > 1 else { return pieces }
        for i in pieces.indices {
            pieces[i].items = pieces[i].items.map { item in
                guard case .text(var shown) = item else { return item }
                shown.actualText = i == 0 ? string : ""
                return .text(shown)
            }
            if i > 0, let baseline = pieces[i].firstBaseline {
                pieces[i].items += continuationMark(before: x + lineFormat.hangingIndent, baseline: baseline, size: format.text.size)
            }
        }
        return pieces
    }

    /// The mark before a wrapped code line's continuation, ending a little before `textX`: a
    /// hooked arrow (↳) of rules, about an em wide at the code's `size`, which readers take
    /// for decoration (an artifact), not text.
    func continuationMark(before textX: Double, baseline: Double, size: Double) -> [PageItem] {
        let width = size * typography.codeContinuationStroke, color = typography.codeContinuationColor
        let left = textX - size * 1.45, right = textX - size * 0.45
        let top = baseline - size * 0.75, y = baseline - size * 0.3, head = size * 0.22
        return [
            .line(from: Point(x: left, y: top), to: Point(x: left, y: y + width / 2), width: width, color: color),
            .line(from: Point(x: left, y: y), to: Point(x: right, y: y), width: width, color: color),
            .line(from: Point(x: right - head, y: y - head), to: Point(x: right, y: y), width: width, color: color),
            .line(from: Point(x: right - head, y: y + head), to: Point(x: right, y: y), width: width, color: color),
        ]
    }

    /// A Mermaid diagram, which nothing here can draw: its source as code, a small caption
    /// under it saying so (`mermaid.caption`), and a warning naming its line.
    func mermaidBlock(_ code: String, line: Int, _ context: BlockContext) -> [Slice] {
        sink.warn(Warning(line: line, message: "mermaid diagram not drawn; its source is set as code"))
        var slices = codeBlock(code, context)
        let look = typography.caption
        var text = StyledText()
        text.append(wording(style.mermaidCaption, width: context.column.width), StyledText.Attributes(italic: true, color: typography.muted))
        var format = format(look.text, width: context.column.width, alignment: .left)
        format.direction = context.direction
        let caption = paragraphSlices(text, format, x: context.column.x, spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                      tag: .element(element(.paragraph, in: context, text: text.string)))
        slices[slices.count - 1].keepWithNext = true
        slices[slices.count - 1].spaceAfter = 0
        return slices + caption
    }
}
