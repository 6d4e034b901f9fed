import QuireModel
import QuireHighlight

/// Code blocks: the code on its shading, in its highlighting's colours, as wide and as large as
/// `CodeFit` says (the measure; wider, into the margins; smaller, down to `code.min-size`). A
/// source line still wider than the block continues under itself: indented past its own
/// indentation by the wrap indent, after a drawn mark, so it never reads as a new statement.
/// A long block is set a run of lines at a time and handed on as it is set (`CodeStream`).
///
/// Reads the environment, the caches (the highlighted code, the code's advance and the
/// document's code frame) and writes warnings and destinations to `sink`.
package struct CodeLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink

    package var highlights: CodeHighlights { caches.highlights }
    package var codeAdvance: Double { caches.codeAdvance }
    package var documentCodeFrame: CodeFrame? { caches.documentCodeFrame }

    /// The frame for one block's own lines (without a census of the document).
    package func codeFrame(for census: CodeCensus) -> CodeFrame { environment.codeFrame(for: census, advance: codeAdvance) }
}

extension TextSlicing {
    /// The layouter of code blocks, reporting to the same sink.
    package var codeBlocks: CodeLayouter { CodeLayouter(environment: environment, caches: caches, sink: sink) }
}

extension CodeLayouter {
    /// A code block on its shading (`language`: the info string; none for indented code and
    /// `<pre>`), waiting for its colours if they are not ready. O(n) plus shaping.
    package func codeBlock(_ code: String, language: String = "", line: Int = 0, _ context: BlockContext) -> [Slice] {
        var slices: [Slice] = []
        codeBlock(code, language: language, line: line, context) { slices.appendTaking($0) }
        return slices
    }

    /// The code block's slices handed to `emit` as they are set, a run of source lines (at
    /// most `runLimit` bytes of them, unless one line is longer) or one wrapped source line at a
    /// time, all but the last two as soon as they are final (`CodeStream`): what is held at
    /// once is one run's lines, not the block's, however long the block. The slices are those
    /// of the block set whole (runs of lines are set apart only past `runLimit`, and a run's
    /// lines are the lines it has in the whole). O(n) plus shaping.
    package func codeBlock(_ code: String, language: String = "", line: Int = 0, _ context: BlockContext,
                   runLimit: Int = codeRunLimit, emit: ([Slice]) throws -> Void) rethrows {
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
        var stream = CodeStream(column: fit.column, background: highlighted.look.background ?? typography.codeBackground, pad: pad,
                                space: context.tight ? typography.tightSpacing : blockSpacing)
        let tag = ContentTag.element(element(.code, in: context))
        let x = fit.column.x + pad
        for (range, wraps) in Self.codeRuns(lines: lines, wrapping: fit.wrapping, limit: runLimit) {
            let slices = wraps ? wrappedCodeLine(text, range, format, x: x, tag: tag)
                : paragraphSlices(text.slice(range), format, x: x, spaceBefore: 0, spaceAfter: 0, tag: tag)
            let final = stream.add(slices, together: wraps)
            if !final.isEmpty { try emit(final) }
        }
        try emit(stream.finish())
    }

    /// The pieces a code block of source lines `lines` is set in, in order: each line of
    /// `wrapping` (in order, among `lines`) alone (`wraps`), the runs of lines between them
    /// together (their byte range, without the newlines around it), a run longer than `limit`
    /// bytes cut before each line that would take it past `limit`. O(lines).
    package static func codeRuns(lines: [Range<Int>], wrapping: [Range<Int>], limit: Int) -> [(range: Range<Int>, wraps: Bool)] {
        var runs: [(range: Range<Int>, wraps: Bool)] = []
        var first = 0
        func run(to end: Int) {
            guard end > first else { return }
            var start = first
            for k in first..<end where k > start && lines[k].upperBound - lines[start].lowerBound > limit {
                runs.append((lines[start].lowerBound..<lines[k - 1].upperBound, false))
                start = k
            }
            runs.append((lines[start].lowerBound..<lines[end - 1].upperBound, false))
        }
        var w = 0
        for (k, line) in lines.enumerated() where w < wrapping.count && wrapping[w] == line {
            run(to: k)
            runs.append((line, true))
            w += 1
            first = k + 1
        }
        run(to: lines.count)
        return runs
    }

    /// The bytes of source lines a code block sets as one paragraph at most (`codeRuns`):
    /// a block of short lines is set and handed on in runs this long, each run's shaped text
    /// (its glyphs and what setting it measured) let go once its pages are drawn. No code
    /// block of the corpus comes near it (the longest is 25 KB), so theirs are set whole.
    package static let codeRunLimit = 64 * 1024

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
    package func continuationMark(before textX: Double, baseline: Double, size: Double) -> [PageItem] {
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

    /// A Mermaid diagram that is not drawn (`mermaidDiagram` says why in `warning`): its source
    /// as code, a small caption under it saying so (`mermaid.caption`), and the warning.
    package func mermaidBlock(_ code: String, line: Int, _ context: BlockContext, warning: Warning) -> [Slice] {
        sink.warn(warning)
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
