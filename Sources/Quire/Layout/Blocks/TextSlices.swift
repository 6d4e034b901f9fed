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
        let lineCount = shaped.lines.count
        var items = LineItems(shaped: shaped, x: x, tag: tag)
        var slices: [Slice] = []
        slices.reserveCapacity(lineCount)
        for index in shaped.lines.indices {
            items.start(line: index)
            var slice = items.lineSlice()
            items.addLinks(to: &slice)
            items.addImages(to: &slice)
            items.addFormulas(to: &slice)
            items.addFrames(to: &slice, typography)
            items.addAnchors(to: &slice) { claimDestination($0) }
            items.addNoteReferences(to: &slice)
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

/// What the lines of one shaped paragraph carry besides their text, handed out line by line:
/// a cursor into each of the styled text's sorted lists (links, images, key-cap frames,
/// anchors, footnote references), so the whole paragraph is walked once.
private struct LineItems {
    let shaped: ShapedText
    let text: StyledText
    /// Where the paragraph is set, and the structure element its lines belong to.
    let x: Double
    let tag: ContentTag
    private var linkCursor = 0
    private var anchorCursor = 0
    private var imageCursor = 0
    private var frameCursor = 0
    private var noteCursor = 0
    private var formulaCursor = 0
    /// Each formula's element, shared by its pieces (which may fall on several lines).
    private var formulaElements: [Int: StructureElement] = [:]
    /// The line being cut: its index, where it ends in the text (`Int.max` for the last, which
    /// takes whatever is left), its box's height and its baseline in the box.
    private(set) var line = 0
    private var lineEnd = 0
    private var box = 0.0
    private var baseline = 0.0

    init(shaped: ShapedText, x: Double, tag: ContentTag) {
        self.shaped = shaped
        text = shaped.text
        self.x = x
        self.tag = tag
    }

    /// Moves to line `index`: the line box is at least the format's line height, the line
    /// centred in a taller one.
    mutating func start(line index: Int) {
        let metrics = shaped.lines[index]
        let natural = metrics.ascent + metrics.descent
        line = index
        lineEnd = index == shaped.lines.count - 1 ? Int.max : metrics.start + metrics.length
        box = max(shaped.format.text.lineHeight, natural)
        baseline = (box - natural) / 2 + metrics.ascent
    }

    /// The line's slice with its text.
    func lineSlice() -> Slice {
        let metrics = shaped.lines[line]
        var slice = Slice(height: box)
        slice.excerptRole = .line
        slice.firstBaseline = baseline
        slice.firstLineHeight = box
        slice.items.append(.text(TextLine(shaped: shaped, lineIndex: line, x: x + metrics.x,
                                          baseline: baseline, top: 0, width: metrics.width, tag: tag)))
        return slice
    }

    /// A link area over each piece of each link on the line, as tall as the line box.
    mutating func addLinks(to slice: inout Slice) {
        let start = shaped.lines[line].start
        while linkCursor < text.links.count, text.links[linkCursor].range.upperBound <= start {
            linkCursor += 1
        }
        var l = linkCursor
        while l < text.links.count, text.links[l].range.lowerBound < lineEnd {
            let link = text.links[l]
            for r in shaped.xRanges(line: line, bytes: link.range) where r.upperBound > r.lowerBound {
                slice.links.append(LinkArea(rect: Rect(x: x + r.lowerBound, y: 0, width: r.upperBound - r.lowerBound, height: box),
                                            target: link.target))
            }
            l += 1
        }
    }

    /// The images in the line, standing on its baseline less their descent; each a figure
    /// inside the line's element.
    mutating func addImages(to slice: inout Slice) {
        while imageCursor < text.images.count, text.images[imageCursor].offset < lineEnd {
            let image = text.images[imageCursor]
            if let r = shaped.xRanges(line: line, bytes: image.offset..<(image.offset + StyledText.objectLength)).first {
                let rect = Rect(x: x + r.lowerBound, y: baseline + image.descent - image.height,
                                width: image.width, height: image.height)
                let figure: ContentTag = tag.element.map { .element(StructureElement(.figure, parent: $0, alt: image.alt)) } ?? tag
                slice.items.append(.image(rect, image.image, tag: figure))
            }
            imageCursor += 1
        }
    }

    /// The formula pieces in the line, on its baseline; each formula one `Formula` element
    /// (its TeX as `Alt`) inside the line's element.
    mutating func addFormulas(to slice: inout Slice) {
        while formulaCursor < text.formulas.count, text.formulas[formulaCursor].offset < lineEnd {
            let piece = text.formulas[formulaCursor]
            if let r = shaped.xRanges(line: line, bytes: piece.offset..<(piece.offset + StyledText.objectLength)).first {
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
    }

    /// The key-cap frames on the line, a frame that goes on to the next line drawn in pieces.
    /// A frame wholly on the line is drawn inside its padding spaces, leaving a gap between it
    /// and the text around ("Ctrl + C", not keys touching the "+").
    mutating func addFrames(to slice: inout Slice, _ typography: Typography) {
        let metrics = shaped.lines[line]
        while frameCursor < text.frames.count, text.frames[frameCursor].lowerBound < lineEnd {
            let range = text.frames[frameCursor]
            let size = shaped.format.text.size, frame = typography.keycapFrame
            let pieces = shaped.xRanges(line: line, bytes: range).filter { $0.upperBound > $0.lowerBound }
            var inset = 0.0
            if pieces.count == 1, range.lowerBound >= metrics.start, range.upperBound <= lineEnd,
               let padding = shaped.xRanges(line: line, bytes: range.lowerBound..<(range.lowerBound + text.characterLength(at: range.lowerBound))).first {
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
    }

    /// A destination for each anchor in the line that `claim` says is not placed yet.
    mutating func addAnchors(to slice: inout Slice, claim: (String) -> Bool) {
        while anchorCursor < text.anchors.count, text.anchors[anchorCursor].offset < lineEnd {
            let name = text.anchors[anchorCursor].name
            if claim(name) { slice.destinations.append(Destination(name: name, y: 0)) }
            anchorCursor += 1
        }
    }

    /// The footnotes the line refers to, each once.
    mutating func addNoteReferences(to slice: inout Slice) {
        while noteCursor < text.noteReferences.count, text.noteReferences[noteCursor].offset < lineEnd {
            let number = text.noteReferences[noteCursor].number
            if !slice.footnotes.contains(number) { slice.footnotes.append(number) }
            noteCursor += 1
        }
    }
}
