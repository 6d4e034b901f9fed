import QuireModel

/// Excerpts: a section's body cut to exactly N typeset lines, line N ending with
/// "… Continue reading" linked to the section's full text; a document in excerpt mode
/// (`layoutWithExcerpts`).
///
/// Reads the environment and writes to its sink; the blocks of a body, which may be of any
/// kind, are set by the document's walk (`LayoutSession.layoutBlocks`, `layoutBlock`), given
/// the sink to report to: this layouter's, or a trial's (`trial`).
package struct ExcerptLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
    /// Sets blocks in order, with the keeps between them, reporting to the sink given.
    package let blocks: (LayoutSink, [Block], BlockContext) -> [Slice]
    /// Sets one block (a section's heading, a document's title), reporting to the sink given.
    package let block: (LayoutSink, Block, BlockContext) -> [Slice]

    /// `blocks` set in `context`, reported to this layouter's sink.
    package func layoutBlocks(_ blocks: [Block], _ context: BlockContext) -> [Slice] { self.blocks(sink, blocks, context) }

    /// `block` set in `context`, reported to this layouter's sink.
    package func layoutBlock(_ block: Block, _ context: BlockContext) -> [Slice] { self.block(sink, block, context) }

    /// Runs `body` as an excerpt's trial: it is given this layouter over a child sink that sets
    /// pictures as lines, returned with its value for the caller to keep (`sink.keep`) or drop.
    /// `body` must lay out through the layouter it is given, never through this one.
    package func trial<Value>(_ body: (ExcerptLayouter) -> Value) -> (value: Value, sink: LayoutSink) {
        let child = sink.child(picturesAsLines: true)
        return (body(ExcerptLayouter(environment: environment, caches: caches, sink: child, blocks: blocks, block: block)), child)
    }
}

extension LayoutSession {
    /// The layouter of excerpts, setting their blocks through this session's walk.
    package var excerpts: ExcerptLayouter {
        let (environment, caches) = (environment, caches)
        func session(_ sink: LayoutSink) -> LayoutSession {
            LayoutSession(environment: environment, caches: caches, sink: sink)
        }
        return ExcerptLayouter(environment: environment, caches: caches, sink: sink,
                               blocks: { session($0).layoutBlocks($1, $2) }, block: { session($0).layoutBlock($1, $2) })
    }
}

extension ExcerptLayouter {
    package struct Excerpt {
        package var slices: [Slice]
        package var isCut: Bool
        /// How many of the body's first blocks were shown whole and not counted (a README's
        /// badges and logo before its first prose).
        package var decorationBlocks = 0
        /// The line (`ExcerptUnit`, 0-based, counted after the decoration) where the reader
        /// resumes in the full text: the one the cut fell in, or the first not shown.
        package var resume: Int?
    }

    /// Lays out `body` and, when it takes more than `lines` lines, cuts it to `lines`.
    ///
    /// Stages: set apart the leading decoration when `decorationFirst` (blocks of badges,
    /// logos and blank lines before the first prose, shown whole and not counted); take a
    /// bounded prefix of the rest (so a 1 MB paragraph costs what a 10 KB one does); lay it
    /// out as a trial that sets pictures as lines (`LayoutSink.picturesAsLines`); count its
    /// lines (`ExcerptUnit`) and decide where the cut falls (`ExcerptCut`); re-set line N with
    /// the label (`cutLine`). When the body is cut, the trial's sink is dropped (the full text reports
    /// what the section holds: its warnings, its outline entries) and only the destinations
    /// on the lines kept are placed here; when it is not, the trial's sink is kept (or, when
    /// it set pictures as lines, the body is laid out again as the full text would be: this
    /// is the only place it is shown). Forced page breaks are left to the full text: an
    /// excerpt runs on.
    package func excerpt(_ body: [Block], lines n: Int, target: String, decorationFirst: Bool = false,
                 _ context: BlockContext) -> Excerpt {
        let decorationCount = decorationFirst ? body.prefix { $0.isDecoration }.count : 0
        let decoration = layoutBlocks(Array(body.prefix(decorationCount)), context)
        let rest = Array(body.dropFirst(decorationCount))
        var excerpt = counted(rest, lines: n, target: target, context)
        excerpt.slices = Self.withoutPageBreaks(decoration + excerpt.slices)
        excerpt.decorationBlocks = decorationCount
        return excerpt
    }

    /// `slices` without forced page breaks (an empty break's slice goes, another slice keeps
    /// its content).
    private static func withoutPageBreaks(_ slices: [Slice]) -> [Slice] {
        slices.compactMap { slice in
            guard slice.pageBreakBefore else { return slice }
            if slice.isEmptyBreak { return nil }
            var kept = slice
            kept.pageBreakBefore = false
            return kept
        }
    }

    private func counted(_ body: [Block], lines n: Int, target: String, _ context: BlockContext) -> Excerpt {
        let charsPerLine = Int(context.column.width / (style.bodySize * Self.narrowestCharacter)) + 1
        var bytes = (n + 2) * charsPerLine * 4
        var blockLines = n
        while true {
            let (blocks, shortened) = body.prefix(lines: blockLines, bytes: bytes)
            let trial = trial { excerpts -> (slices: [Slice], cut: (slices: [Slice], resume: Int)?) in
                let slices = excerpts.layoutBlocks(blocks, context)
                return (slices, excerpts.cutSlices(slices, lines: n, target: target, column: context.column))
            }
            if let cut = trial.value.cut {
                for name in cut.slices.flatMap({ $0.destinations.map(\.name) }) { _ = claimDestination(name) }
                return Excerpt(slices: cut.slices, isCut: true, resume: cut.resume)
            }
            if !shortened {
                if trial.sink.picturesSetAsLines > 0 { return Excerpt(slices: layoutBlocks(body, context), isCut: false) }
                sink.keep(trial.sink)
                return Excerpt(slices: trial.value.slices, isCut: false)
            }
            // The prefix gave too few lines (text of zero-width characters, blocks of no line
            // such as anchors): take a longer one; it ends up as the whole body.
            bytes = min(bytes, 1 << 50) * 4
            blockLines = min(blockLines, 1 << 40) * 2
        }
    }

    /// The most lines an excerpt may show and still move whole to the next page rather than
    /// be split across two.
    package static let unsplitExcerptLines = 8

    /// Keeps an excerpt's slices on one page when it shows up to `unsplitExcerptLines` lines
    /// (every slice but the last keeps with the next); a longer one keeps two lines under its
    /// heading, as any block does. O(slices).
    package static func keepTogether(_ slices: inout [Slice]) {
        let lines = slices.reduce(0) { lines, slice in
            switch slice.excerptRole {
            case .none: return lines
            case .atomic(_, let count): return lines + count
            default: return lines + 1
            }
        }
        guard lines <= unsplitExcerptLines else {
            BlockKeeps.keepFirstLine(&slices)
            return
        }
        for i in slices.indices.dropLast() { slices[i].keepWithNext = true }
    }

    /// The slices cut to `n` lines with the label on the last, and the line where the reader
    /// resumes; nil when they hold `n` lines or fewer. O(slices up to line n + 1).
    private func cutSlices(_ slices: [Slice], lines n: Int, target: String, column: Column) -> (slices: [Slice], resume: Int)? {
        let units = slices.excerptUnits(upTo: n + 1)
        guard var cut = ExcerptCut(units, lines: n) else { return nil }
        if case .label(let k) = cut {
            let start = units[k].slices.lowerBound
            let line = cutLine(slices[start], target: target)
            if let line, line.showsText { return (Self.kept(slices, before: start) + [line.slice], k) }
            // Not even a piece of the line fits beside the label: it stands alone on line N
            // (in the line's own place and direction), unless that would leave a heading as
            // the last thing before it.
            cut = ExcerptCut.before(k, units)
            if let line, cut == .alone(k) { return (Self.kept(slices, before: start) + [line.slice], k) }
        }
        guard case .alone(let k) = cut else { return nil }
        let start = units[k].slices.lowerBound
        return (Self.kept(slices, before: start) + [labelOnlyLine(target: target, beside: slices[start], column: column)], k)
    }

    /// The slices before `start`, an excerpt's; when a wrapped code line goes on at `start`
    /// (its continuation stands for nothing in the PDF's text, `TextLine.actualText`), its
    /// lines kept here say only what they show, not the whole line the excerpt cuts.
    private static func kept(_ slices: [Slice], before start: Int) -> [Slice] {
        var kept = Array(slices[..<start])
        guard start < slices.count, actualText(slices[start]) == "" else { return kept }
        for i in kept.indices.reversed() {
            guard let actual = actualText(kept[i]) else { break }
            kept[i].items = kept[i].items.map { item in
                guard case .text(var line) = item else { return item }
                line.actualText = nil
                return .text(line)
            }
            if !actual.isEmpty { break }  // the source line's first visual line
        }
        return kept
    }

    private static func actualText(_ slice: Slice) -> String? {
        for case .text(let line) in slice.items { return line.actualText }
        return nil
    }

    /// The narrowest a character's advance is taken to be, in em: with it a prefix of
    /// (lines + 2) × column / (this × size) characters (× 4 bytes) surely fills the lines.
    package static let narrowestCharacter = 0.15

    /// A line holding only "… label" in the body's type, where the slice `beside` (a table
    /// row, a heading, a picture) would have started: at its left edge, inside `column`.
    private func labelOnlyLine(target: String, beside slice: Slice, column: Column) -> Slice {
        let edges = slice.items.compactMap { item -> Double? in
            switch item {
            case .fill(let r, _), .frame(let r, _, _), .image(let r, _, _): return r.x
            case .line(let a, let b, _, _) where a.y == b.y: return min(a.x, b.x)
            default: return nil
            }
        }
        let x = min(max(column.x, edges.min() ?? column.x), column.maxX - 1)
        let width = column.maxX - x
        let text = labelled(StyledText(), label: wording(style.excerptLabel, width: width), target: target).text
        let shaped = typesetter.shape(text, bodyFormat(width: width, alignment: .left))
        var line = textSlices(shaped, x: x, spaceBefore: blockSpacing, spaceAfter: 0,
                              tag: .element(StructureElement(.paragraph, parent: nil, text: text.string)))[0]
        line.excerptRole = .line
        return line
    }
}
