/// Shaped text to slices: one slice per line, with its links and anchors.
extension LayoutSession {
    /// Cuts `shaped` (set at `x`) into one slice per line, each with the links, anchors,
    /// images, frames and footnote references on it, each line tagged with `tag` (its images
    /// as figures inside that element).
    ///
    /// Each line box is at least the format's line height; a taller line (a big emoji, a
    /// fallback font) grows its own box. The first line keeps with the next and the last but
    /// one too, so no paragraph leaves a single orphan or widow line. O(lines + links + anchors).
    func textSlices(_ shaped: ShapedText, x: Double, spaceBefore: Double, spaceAfter: Double,
                    tag: ContentTag = .none) -> [Slice] {
        let text = shaped.text
        let lineCount = shaped.lines.count
        var slices: [Slice] = []
        slices.reserveCapacity(lineCount)
        var linkCursor = 0
        var anchorCursor = 0
        var imageCursor = 0
        var frameCursor = 0
        var noteCursor = 0
        var formulaCursor = 0
        /// Each formula's element, shared by its pieces (which may fall on several lines).
        var formulaElements: [Int: StructureElement] = [:]
        for (index, line) in shaped.lines.enumerated() {
            let natural = line.ascent + line.descent
            let box = max(shaped.format.text.lineHeight, natural)
            let baseline = (box - natural) / 2 + line.ascent
            var slice = Slice(height: box)
            slice.excerptRole = .line
            slice.firstBaseline = baseline
            slice.firstLineHeight = box
            slice.items.append(.text(TextLine(shaped: shaped, lineIndex: index, x: x + line.x,
                                              baseline: baseline, top: 0, width: line.width, tag: tag)))
            let lineEnd = index == lineCount - 1 ? Int.max : line.start + line.length
            while linkCursor < text.links.count, text.links[linkCursor].range.upperBound <= line.start {
                linkCursor += 1
            }
            var l = linkCursor
            while l < text.links.count, text.links[l].range.lowerBound < lineEnd {
                let link = text.links[l]
                for r in shaped.xRanges(line: index, bytes: link.range) where r.upperBound > r.lowerBound {
                    slice.links.append(LinkArea(rect: Rect(x: x + r.lowerBound, y: 0,
                                                           width: r.upperBound - r.lowerBound, height: box),
                                                target: link.target))
                }
                l += 1
            }
            while imageCursor < text.images.count, text.images[imageCursor].offset < lineEnd {
                let image = text.images[imageCursor]
                if let r = shaped.xRanges(line: index, bytes: image.offset..<(image.offset + StyledText.objectLength)).first {
                    let rect = Rect(x: x + r.lowerBound, y: baseline + image.descent - image.height,
                                    width: image.width, height: image.height)
                    let figure: ContentTag = tag.element.map { .element(StructureElement(.figure, parent: $0, alt: image.alt)) } ?? tag
                    slice.items.append(.image(rect, image.image, tag: figure))
                }
                imageCursor += 1
            }
            while formulaCursor < text.formulas.count, text.formulas[formulaCursor].offset < lineEnd {
                let piece = text.formulas[formulaCursor]
                if let r = shaped.xRanges(line: index, bytes: piece.offset..<(piece.offset + StyledText.objectLength)).first {
                    var formulaTag = tag
                    if let parent = tag.element {
                        let element = formulaElements[piece.formula] ?? StructureElement(.formula, parent: parent, alt: piece.source)
                        formulaElements[piece.formula] = element
                        formulaTag = .element(element)
                    }
                    slice.items.append(.formula(PlacedFormula(box: piece.box, origin: Point(x: x + r.lowerBound, y: baseline),
                                                              font: piece.font, color: piece.color, tag: formulaTag)))
                }
                formulaCursor += 1
            }
            while frameCursor < text.frames.count, text.frames[frameCursor].lowerBound < lineEnd {
                let range = text.frames[frameCursor]
                let size = shaped.format.text.size, frame = typography.keycapFrame
                let pieces = shaped.xRanges(line: index, bytes: range).filter { $0.upperBound > $0.lowerBound }
                // A frame wholly on the line is drawn inside its padding spaces, leaving a gap
                // between it and the text around ("Ctrl + C", not keys touching the "+").
                var inset = 0.0
                if pieces.count == 1, range.lowerBound >= line.start, range.upperBound <= lineEnd,
                   let padding = shaped.xRanges(line: index, bytes: range.lowerBound..<(range.lowerBound + text.characterLength(at: range.lowerBound))).first {
                    inset = min(typography.frameGap, (padding.upperBound - padding.lowerBound) / 2)
                }
                for r in pieces {
                    slice.items.append(.frame(Rect(x: x + r.lowerBound + inset, y: baseline - size * typography.keycapTop,
                                                   width: r.upperBound - r.lowerBound - 2 * inset, height: size * typography.keycapHeight),
                                              width: frame.width, color: frame.color))
                }
                if range.upperBound > lineEnd { break }  // continues on the next line
                frameCursor += 1
            }
            while anchorCursor < text.anchors.count, text.anchors[anchorCursor].offset < lineEnd {
                let name = text.anchors[anchorCursor].name
                if claimDestination(name) { slice.destinations.append(Destination(name: name, y: 0)) }
                anchorCursor += 1
            }
            while noteCursor < text.noteReferences.count, text.noteReferences[noteCursor].offset < lineEnd {
                let number = text.noteReferences[noteCursor].number
                if !slice.footnotes.contains(number) { slice.footnotes.append(number) }
                noteCursor += 1
            }
            slice.keepWithNext = lineCount >= 2 && (index == 0 || index == lineCount - 2)
            slices.append(slice)
        }
        if !slices.isEmpty {
            slices[0].spaceBefore = spaceBefore
            slices[slices.count - 1].spaceAfter = spaceAfter
        }
        return slices
    }

    /// Largest piece of text shaped at once. HarfBuzz, under Pango, shapes a run of a few
    /// hundred kilobytes partly or not at all, so longer paragraphs are shaped in pieces.
    static let shapingChunk = 32 * 1024
    /// Largest piece shaped at once where a word is longer than this: Pango breaks one long
    /// word in time quadratic in its length (a 1 MB line without spaces took 34 s).
    static let longWordChunk = 1024
    /// Largest piece of code shaped at once. Pango measures each line of a layout from the
    /// layout's start (`g_utf8_strlen`) and, for highlighted code, applies its attributes by
    /// walking them from the start too, so a piece costs lines × bytes, and code has many
    /// short lines: in 32 KB pieces 1 MB of highlighted Swift took 5.6 s of CPU, in 4 KB
    /// ones 3.2 s; a quarter of plain code's layout time went to `g_utf8_strlen`. Code is cut
    /// after a newline, where its lines break anyway, so the pieces change nothing on the page.
    static let codeChunk = 4 * 1024

    /// Shapes a paragraph of any length into line slices.
    ///
    /// Up to `shapingChunk` bytes (`codeChunk` for code), without a word longer than
    /// `longWordChunk`, it is one `ShapedText`. Otherwise it is shaped a piece at a time: every
    /// line of a piece but its last is kept and the next piece starts where that last line
    /// started, so the lines are those of the whole paragraph set at once (Pango breaks lines
    /// greedily); a piece that starts inside a source line is set as continuation lines (the
    /// hanging indent on every line). Code (`atSourceLines`) is cut after a newline instead,
    /// where a new line starts anyway. Orphan and widow control applies to the whole paragraph.
    /// O(n) in the text's length.
    func paragraphSlices(_ text: StyledText, _ format: ParagraphFormat, x: Double,
                         spaceBefore: Double, spaceAfter: Double, atSourceLines: Bool = false, tag: ContentTag = .none) -> [Slice] {
        var text = text
        if format.hyphenate, format.width.isFinite, let hyphenation { text = text.hyphenated(by: hyphenation) }
        let shapingChunk = atSourceLines ? Self.codeChunk : Self.shapingChunk
        guard text.count > shapingChunk || Self.longestWord(text.string.utf8) > Self.longWordChunk else {
            return textSlices(shapeLines(text, format), x: x, spaceBefore: spaceBefore, spaceAfter: spaceAfter, tag: tag)
        }
        let bytes = Array(text.string.utf8)
        var continuation = format
        continuation.width = max(1, format.width - format.hangingIndent)
        continuation.hangingIndent = 0
        var slices: [Slice] = []
        var start = 0
        var continuing = false
        while start < bytes.count {
            let window = min(bytes.count, start + shapingChunk)
            let chunk = Self.longestWord(bytes[start..<window]) > Self.longWordChunk ? Self.longWordChunk : shapingChunk
            var end = min(bytes.count, start + chunk)
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let (pieceFormat, pieceX) = continuing ? (continuation, x + format.hangingIndent) : (format, x)
            if atSourceLines, end < bytes.count, let newline = bytes[start..<end].lastIndex(of: 0x0A), newline > start {
                // Shape up to the newline (not including it: Pango would add an empty line).
                slices += textSlices(typesetter.shape(text.slice(start..<newline), pieceFormat), x: pieceX,
                                     spaceBefore: 0, spaceAfter: 0, tag: tag)
                start = newline + 1
                continuing = false
                continue
            }
            let shaped = typesetter.shape(text.slice(start..<end), pieceFormat)
            var pieces = textSlices(shaped, x: pieceX, spaceBefore: 0, spaceAfter: 0, tag: tag)
            if end < bytes.count, pieces.count > 1 {
                pieces.removeLast()
                end = start + shaped.lines[shaped.lines.count - 1].start
                continuing = bytes[end - 1] != 0x0A
            } else {
                continuing = end < bytes.count && bytes[end - 1] != 0x0A
            }
            slices += pieces
            start = end
        }
        for i in slices.indices { slices[i].keepWithNext = slices.count >= 2 && (i == 0 || i == slices.count - 2) }
        slices[0].spaceBefore = spaceBefore
        slices[slices.count - 1].spaceAfter = spaceAfter
        return slices
    }

    /// At most this many hyphenated lines follow one another.
    static let hyphenatedLinesInARow = 2
    /// The width of a character of code or an address, in em, for judging a token long.
    static let codeCharacterWidth = 0.55
    /// Tokens of fewer bytes are never judged long: a narrow table column cuts them instead.
    static let shortestBreakableToken = 8

    /// Shapes `text` and breaks it into lines, minding what Pango's breaking does not know: a
    /// long code token or URL may break after its punctuation (`/ . : ( _ - =`: zero-width
    /// spaces put there), rather than leave a gap before it or be cut between any two
    /// characters when wider than the line; and no more than `hyphenatedLinesInARow` lines in
    /// a row end in a hyphen (the word at the third's end loses its soft hyphens). Long
    /// tokens (a third of the line or more) get their breaks before shaping; a shorter one
    /// only when Pango had to cut it, and each mend shapes the paragraph again, only when
    /// needed (lines before the mended one stay as they were: Pango breaks greedily).
    /// O(n) per shaping.
    func shapeLines(_ text: StyledText, _ format: ParagraphFormat) -> ShapedText {
        var text = text
        if format.width.isFinite {
            let long = Int(format.width / (3 * Self.codeCharacterWidth * format.text.size))
            let tokens = text.codeOrAddressTokens(longerThan: max(Self.shortestBreakableToken, long))
            if !tokens.isEmpty { text = text.withTokenBreaks(in: tokens) }
        }
        var shaped = typesetter.shape(text, format)
        let cut = shaped.forcedBreakTokens().filter { shaped.text.isCodeOrAddress($0) }
        if !cut.isEmpty {
            shaped = typesetter.shape(shaped.text.withTokenBreaks(in: cut), format)
        }
        while shaped.lines.count > Self.hyphenatedLinesInARow + 1, let word = shaped.hyphenatedWordBeyond(Self.hyphenatedLinesInARow) {
            shaped = typesetter.shape(shaped.text.removingSoftHyphens(in: word), format)
        }
        return shaped
    }

    /// The longest run of bytes without an ASCII space, tab or newline. O(n).
    static func longestWord<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var longest = 0, current = 0
        for b in bytes {
            if b == 0x20 || b == 0x0A || b == 0x09 { current = 0 } else { current += 1; longest = max(longest, current) }
        }
        return longest
    }

    /// A slice of no height holding only destinations (an anchor with no text of its own).
    func anchorSlice(_ names: [String]) -> [Slice] {
        let placed = names.filter(claimDestination)
        guard !placed.isEmpty else { return [] }
        var slice = Slice(height: 0)
        slice.destinations = placed.map { Destination(name: $0, y: 0) }
        slice.keepWithNext = true
        return [slice]
    }
}
