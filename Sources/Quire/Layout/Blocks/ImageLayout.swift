import QuireModel
import QuireImages

/// Images as blocks. An image too tall to sit in a line (`inlineImageHeight`) stands on its
/// own between its paragraph's text, scaled to fit the column and the page with its aspect
/// ratio kept, its alt text as a caption when it is a Markdown image; a linked image links
/// the whole picture. An image that cannot be shown and stands alone in its paragraph, not
/// inside a link (linked images are mostly badges), becomes a framed placeholder with its alt
/// text and its URL (linked when remote) or the reason; elsewhere its alt text framed in the line.
///
/// Reads the environment (the document's images) and the caches and writes to `sink` (the
/// warnings of images that cannot be shown, the pictures an excerpt sets as lines).
package struct ImageLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
}

extension LayoutSession {
    /// The layouter of paragraphs with their pictures, reporting to this session's sink.
    package var figures: ImageLayouter { ImageLayouter(environment: environment, caches: caches, sink: sink) }
}

extension ImageLayouter {
    /// An image reference that may stand as a block: a paragraph's top-level image, linked
    /// image (`[![alt](src)](url)`), `<img>` or `<a href><img></a>`.
    package struct FigureCandidate {
        package var source: String
        package var alt: String
        package var declared: (width: Double?, height: Double?)
        package var link: String?
        /// Markdown images get their alt text as a caption; HTML ones do not.
        package var isMarkdown: Bool
        /// The line raw HTML gives it (`Inline.located`), which its warnings name.
        package var line: Int?
    }

    /// A paragraph's content as slices: runs of text as paragraphs, block-sized images and
    /// lone unavailable images as blocks between them. O(n) in the content.
    package func paragraphWithImages(_ content: [Inline], line: Int, _ context: BlockContext) -> [Slice] {
        let alignment = context.alignment  // for images set as blocks
        guard content.contains(where: Self.mayStartFigure) else {
            return paragraph(styledText(content, line: line), context, alignment: alignment)
        }
        let width = context.column.width
        var slices: [Slice] = []
        var run: [Inline] = []
        func flushRun() {
            // Breaks and spaces next to a block image would only make empty lines.
            if let first = run.firstIndex(where: { !Self.isBlank($0) }), let last = run.lastIndex(where: { !Self.isBlank($0) }) {
                var kept = Array(run[first...last])
                if case .text(let t) = kept[0] { kept[0] = .text(String(t.drop { $0.isWhitespace })) }
                if case .text(let t) = kept[kept.count - 1] {
                    // Walk back from the end (a reversed String costs a pass over every character).
                    var end = t.endIndex
                    while end > t.startIndex, t[t.index(before: end)].isWhitespace { end = t.index(before: end) }
                    kept[kept.count - 1] = .text(String(t[..<end]))
                }
                slices += paragraph(styledText(kept, line: line), context, alignment: alignment)
            }
            run = []
        }
        let nonBlank = content.reduce(0) { $0 + (Self.isBlank($1) ? 0 : 1) }
        for inline in content {
            guard let figure = Self.figure(inline, width: width) else {
                run.append(inline)
                continue
            }
            let line = figure.line ?? line
            let alone = nonBlank == 1
            let lookup = images.lookup(figure.source)
            var block: [Slice]?
            switch lookup {
            case .image(let image):
                let size = Self.fitted(image, declared: figure.declared, into: ImageBox(width: width, height: .infinity))
                if size.height > typography.inlineImageHeight {
                    block = picturesAsLines ? pictureLine(image, figure, alignment: alignment, line: line, context)
                        : blockImage(image, figure, alignment: alignment, line: line, context)
                }
            case .unavailable(let reason, let remote):
                // Alone and not a link (a linked image is mostly a badge), and not declared small.
                let small = figure.declared.height.map { $0 <= typography.inlineImageHeight } ?? false
                if alone, figure.link == nil, !small, picturesAsLines {
                    sink.notePictureSetAsLine()  // its framed alt text stays in the line (and warns there)
                } else if alone, figure.link == nil, !small {
                    sink.warn(images.warning(reason, reference: figure.source, line: line))
                    block = imagePlaceholder(figure, reason: reason, remote: remote, alignment: alignment, line: line, context)
                }
            }
            if let block {
                flushRun()
                slices += block
            } else {
                run.append(inline)
            }
        }
        flushRun()
        return slices
    }

    /// A picture scaled to fit the column and the page, aligned, linked, with its caption.
    private func blockImage(_ image: LoadedImage, _ figure: FigureCandidate, alignment: TextAlignment?,
                            line: Int, _ context: BlockContext) -> [Slice] {
        let caption = figure.isMarkdown ? figure.alt.trimmingWhitespaceAndNewlines() : ""
        let room = style.contentHeight - (caption.isEmpty ? 0 : typography.captionRoom)
        let size = Self.fitted(image, declared: figure.declared, into: ImageBox(width: context.column.width, height: room))
        let x = context.column.x + (context.column.width - size.width) * Self.offsetFraction(alignment, context)
        var slice = Slice(height: size.height, spaceBefore: blockSpacing, spaceAfter: blockSpacing)
        slice.excerptRole = .atomic(sink.newAtomicGroup())
        let rect = Rect(x: x, y: 0, width: size.width, height: size.height)
        let element = element(.figure, in: context, alt: figure.alt.trimmingWhitespaceAndNewlines())
        slice.items.append(.image(rect, image, tag: .element(element)))
        if let link = figure.link, let target = linkTarget(link, line: line) {
            slice.links.append(LinkArea(rect: rect, target: target))
        }
        guard !caption.isEmpty else { return [slice] }
        slice.keepWithNext = true
        var text = StyledText()
        text.append(caption, StyledText.Attributes(italic: true, color: typography.muted))
        let look = typography.caption
        var format = format(look.text, width: context.column.width,
                            alignment: startRelative(alignment == .justify ? nil : alignment, text, context) ?? .left)
        format.direction = context.direction
        var lines = paragraphSlices(text, format, x: context.column.x, spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                    tag: .element(StructureElement(.caption, parent: element, text: caption)))
        for k in lines.indices { lines[k].excerptRole = slice.excerptRole }
        slice.spaceAfter = 0
        return [slice] + lines
    }

    /// A picture as one line of an excerpt: scaled to the body's line height (never up),
    /// aligned, linked; its caption is left to the full text.
    private func pictureLine(_ image: LoadedImage, _ figure: FigureCandidate, alignment: TextAlignment?,
                             line: Int, _ context: BlockContext) -> [Slice] {
        sink.notePictureSetAsLine()
        let size = Self.fitted(image, declared: figure.declared,
                               into: ImageBox(width: context.column.width, height: typography.body.lineHeight))
        var text = StyledText()
        text.append(image: image, width: size.width, height: size.height, descent: inlineImageDescent(height: size.height),
                    alt: figure.alt.trimmingWhitespaceAndNewlines())
        if let link = figure.link, let target = linkTarget(link, line: line) {
            text.links.append(StyledText.Link(range: 0..<text.count, target: target))
        }
        return paragraph(text, context, alignment: alignment)
    }

    /// A frame holding the image's alt text (else its file name) and, smaller, its URL
    /// (linked) or why it is missing; as large as its text, or as declared when larger.
    private func imagePlaceholder(_ figure: FigureCandidate, reason: String, remote: String?,
                                  alignment: TextAlignment?, line: Int, _ context: BlockContext) -> [Slice] {
        let pad = typography.placeholderPadding
        let column = context.column
        let declaredWidth = figure.declared.width.map { min($0, column.width) } ?? 0
        var text = StyledText()
        text.append(Self.placeholderLabel(alt: figure.alt, source: figure.source), StyledText.Attributes(italic: true, color: typography.muted))
        text.append("\n")
        let start = text.count
        text.append(remote ?? reason, StyledText.Attributes(color: remote == nil ? typography.muted : style.linkColor))
        if let remote {
            let target = figure.link.flatMap { linkTarget($0, line: line) } ?? .uri(remote)
            text.links.append(StyledText.Link(range: start..<text.count, target: target))
        }
        let shaped = typesetter.shape(text, format(typography.placeholder, width: column.width - 2 * pad, alignment: .left))
        // A figure whose picture is missing: its alt text (else its name) says what it was.
        let element = element(.figure, in: context, alt: Self.placeholderLabel(alt: figure.alt, source: figure.source))
        var slice = textSlices(shaped, x: column.x + pad, spaceBefore: 0, spaceAfter: 0, tag: .element(element)).stacked()
        let width = max(declaredWidth, min(column.width, (shaped.lines.map(\.width).max() ?? 0) + 2 * pad))
        let height = max(slice.height + 2 * pad, min(figure.declared.height ?? 0, style.contentHeight * typography.placeholderMaximumHeight))
        slice.pushDown((height - slice.height) / 2)
        slice.height = height
        let frame = typography.placeholderFrame
        slice.items.insert(.frame(Rect(x: column.x, y: 0, width: width, height: height), width: frame.width, color: frame.color), at: 0)
        slice.shiftRight((column.width - width) * Self.offsetFraction(alignment, context))
        slice.spaceBefore = blockSpacing
        slice.spaceAfter = blockSpacing
        slice.excerptRole = .atomic(sink.newAtomicGroup())
        slice.firstBaseline = nil
        return [slice]
    }

    /// What stands for an image that cannot be shown: its alt text, else a name from its URL
    /// (`ImageLabel`: a badge's label and message, a file's name).
    package static func placeholderLabel(alt: String, source: String) -> String {
        let trimmed = alt.trimmingWhitespaceAndNewlines()
        return trimmed.isEmpty ? ImageLabel.label(for: source) : trimmed
    }

    /// The size to set `image` at: its declared size (one side alone keeps the aspect ratio),
    /// else its own, scaled down (never up) to fit `box`.
    package static func fitted(_ image: LoadedImage, declared: (Double?, Double?), into box: ImageBox) -> (width: Double, height: Double) {
        var w = image.width, h = image.height
        switch declared {
        case (let dw?, let dh?): (w, h) = (dw, dh)
        case (let dw?, nil): (w, h) = (dw, image.height * dw / image.width)
        case (nil, let dh?): (w, h) = (image.width * dh / image.height, dh)
        case (nil, nil): break
        }
        let scale = min(1, box.width / w, box.height / h)
        return (max(0.5, w * scale), max(0.5, h * scale))
    }

    /// Where a block of some width sits in the column: 0 left, 0.5 centred, 1 right (HTML's
    /// `align`, physical); without one, at the start: the right edge where blocks run right
    /// to left.
    package static func offsetFraction(_ alignment: TextAlignment?, _ context: BlockContext) -> Double {
        switch alignment {
        case .center: return 0.5
        case .right: return 1
        case .left: return 0
        case .justify, nil: return context.isRightToLeft ? 1 : 0
        }
    }

    // MARK: Finding images in a paragraph

    private static func isBlank(_ inline: Inline) -> Bool {
        switch inline {
        case .text(let s): return s.allSatisfy(\.isWhitespace)
        case .softBreak, .hardBreak: return true
        default: return false
        }
    }

    private static func mayStartFigure(_ inline: Inline) -> Bool {
        switch inline {
        case .image, .link, .htmlImage, .located: return true
        default: return false
        }
    }

    /// The figure candidate `inline` is, if any: an image, or a link around one image (blanks
    /// aside); `width` is what a declared percentage is of.
    package static func figure(_ inline: Inline, width: Double) -> FigureCandidate? {
        switch inline {
        case .image(let source, _, let alt):
            return FigureCandidate(source: source, alt: alt.plainText, declared: (nil, nil), link: nil, isMarkdown: true)
        case .htmlImage(let image):
            return FigureCandidate(source: image.source, alt: image.alt,
                                   declared: (image.width.map { $0.points(of: width) }, image.height.map { $0.points(of: width) }),
                                   link: nil, isMarkdown: false)
        case .link(let destination, _, let children):
            let inner = children.filter { !isBlank($0) }
            guard inner.count == 1, var figure = figure(inner[0], width: width), figure.link == nil else { return nil }
            figure.link = destination
            return figure
        case .located(let line, let children):
            guard children.count == 1, var figure = figure(children[0], width: width) else { return nil }
            figure.line = line   // a link's line, not its image's
            return figure
        default:
            return nil
        }
    }
}

extension HTMLLength {
    /// In points: pixels at 96 per inch, a percentage of `width`.
    package func points(of width: Double) -> Double {
        switch self {
        case .pixels(let v): return v * LoadedImage.pointsPerPixel
        case .percent(let v): return v / 100 * width
        }
    }
}
