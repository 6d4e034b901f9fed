import QuireModel
import QuireStyle
import QuireMath

/// A layouter that sets text into slices: it reads the environment, the caches (the
/// language's hyphenation) and writes to a sink (the destinations its lines place). The
/// session is one; so is each block layouter that sets text (`CodeLayouter`).
package protocol TextSlicing: EnvironmentReader {
    var caches: LayoutCaches { get }
    var sink: LayoutSink { get }
}

/// The text layer's inputs as a value of their own (what `InlineBuilder` holds).
package struct TextSlicer: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
}

extension TextSlicing {
    /// Whether pictures are set as lines: in an excerpt's trial (`LayoutSink.picturesAsLines`).
    package var picturesAsLines: Bool { sink.picturesAsLines }
    /// This layouter's text layer.
    package var textSlicer: TextSlicer { TextSlicer(environment: environment, caches: caches, sink: sink) }
    /// The document's math typesetter (`LayoutCaches.math`).
    package var math: MathTypesetter { caches.math }
    /// The layouter of display formulas, reporting to the same sink.
    package var formulas: FormulaLayouter { FormulaLayouter(environment: environment, caches: caches, sink: sink) }
}

/// Shaped text to slices: one slice per line, with its links and anchors.
extension TextSlicing {
    /// Records a destination name as placed; false if it was placed before (skip it then).
    package func claimDestination(_ name: String) -> Bool { sink.claimDestination(name) }

    /// Cuts `shaped` (set at `x`) into one slice per line, each with the links, anchors,
    /// images, frames and footnote references on it, each line tagged with `tag` (its images
    /// as figures inside that element).
    ///
    /// Each line box is at least the format's line height (`LineBoxes`); a line whose ink or
    /// objects would reach its neighbour's (a tall image, a formula, stacked marks) grows. The first line keeps with the next and the last but
    /// one too, so no paragraph leaves a single orphan or widow line. O(lines + links + anchors).
    package func textSlices(_ shaped: ShapedText, x: Double, spaceBefore: Double, spaceAfter: Double,
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

    /// Sets a paragraph of any length into line slices: hyphenated when its format says so,
    /// then set by the paragraph engine (`Typesetter.shape`), which breaks long code tokens and
    /// addresses where a reader expects and keeps hyphens in a row few. Orphan and widow
    /// control applies to the whole paragraph. O(n) in the text's length.
    package func paragraphSlices(_ text: StyledText, _ format: ParagraphFormat, x: Double,
                         spaceBefore: Double, spaceAfter: Double, tag: ContentTag = .none) -> [Slice] {
        var text = text
        if format.hyphenate, format.width.isFinite, let hyphenation = caches.hyphenation { text = text.hyphenated(by: hyphenation) }
        return textSlices(typesetter.shape(text, format), x: x, spaceBefore: spaceBefore, spaceAfter: spaceAfter, tag: tag)
    }

    /// A slice of no height holding only destinations (an anchor with no text of its own).
    package func anchorSlice(_ names: [String]) -> [Slice] {
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
    /// Each line's box height and baseline in it.
    private let boxes: [(box: Double, baseline: Double)]

    init(shaped: ShapedText, x: Double, tag: ContentTag) {
        self.shaped = shaped
        boxes = LineBoxes.of(shaped)
        text = shaped.text
        self.x = x
        self.tag = tag
    }

    /// Moves to line `index`, its box and baseline as `LineBoxes` places them.
    mutating func start(line index: Int) {
        let metrics = shaped.lines[index]
        line = index
        lineEnd = index == shaped.lines.count - 1 ? Int.max : metrics.start + metrics.length
        (box, baseline) = boxes[index]
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
            // Drawn inside its padding at each end, by what that end's space shows on the line
            // (a space ending the line hangs past it: none).
            var inset = (left: 0.0, right: 0.0)
            if pieces.count == 1, range.lowerBound >= metrics.start, range.upperBound <= lineEnd {
                func half(_ bytes: Range<Int>) -> Double {
                    guard let r = shaped.xRanges(line: line, bytes: bytes).first else { return 0 }
                    return min(typography.frameGap, (r.upperBound - r.lowerBound) / 2)
                }
                var last = range.upperBound - 1
                while last > range.lowerBound, shaped.bytes[last] & 0xC0 == 0x80 { last -= 1 }
                inset = (half(range.lowerBound..<(range.lowerBound + text.characterLength(at: range.lowerBound))),
                         half(last..<range.upperBound))
            }
            for r in pieces {
                let left = r.lowerBound + inset.left, right = r.upperBound - inset.right
                slice.items.append(.frame(Rect(x: x + left, y: baseline - size * typography.keycapTop,
                                               width: right - left, height: size * typography.keycapHeight),
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
