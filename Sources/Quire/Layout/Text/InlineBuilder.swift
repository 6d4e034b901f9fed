import QuireModel
import QuireStyle

/// Inline content to styled text: the "collect" stage of paragraph layout.
extension TextSlicing {
    /// Builds the styled text of `inlines`. Links to `#fragments` that match no anchor are
    /// reported as warnings at `line` (or the line raw HTML gives, `Inline.located`) and set
    /// as plain text; images are set in the line, scaled down to fit `imageBox` (default: the
    /// text column's width, 1.5 line heights); formulas at `mathSize` (default: the body's
    /// size). O(n) in the text's length.
    package func styledText(_ inlines: [Inline], line: Int, imageBox: ImageBox? = nil, mathSize: Double? = nil) -> StyledText {
        var builder = InlineBuilder(session: textSlicer, line: line,
                                    imageBox: imageBox ?? ImageBox(width: style.contentWidth, height: typography.inlineImageHeight))
        builder.mathSize = mathSize ?? typography.body.size
        builder.append(inlines)
        builder.finish()
        return builder.text
    }
}

/// The largest box an inline image is scaled down to, in points.
package struct ImageBox: Equatable {
    package var width: Double
    package var height: Double
}

/// Builds one paragraph's `StyledText`. The effects of HTML elements (`Inline.styled`) apply
/// over Markdown's spans, as a browser applies `<i>` inside `*...*`; an anchor
/// (`Inline.anchor`) is placed where it stands. It is layout's visitor of the inline walk:
/// each kind of inline to its method below.
package struct InlineBuilder: InlineVisitor {
    /// What the text reads (links, anchors, images, formulas) and reports to.
    package let session: TextSlicer
    /// The source line warnings name (raw HTML's elements give their own: `Inline.located`).
    package var line: Int
    package let imageBox: ImageBox
    /// The size formulas are set at (the text's).
    package var mathSize = 10.0
    package private(set) var text = StyledText()
    /// The Markdown spans' style at the inline being visited (HTML elements add theirs: `effective`).
    private var attributes = StyledText.Attributes()

    /// The HTML effects around the inline being visited, each with where its content starts.
    private var open: [(effect: InlineEffect, start: Int)] = []
    /// Links being built (Markdown and HTML): images inside link to nothing more.
    private var linkDepth = 0

    package init(session: TextSlicer, line: Int, imageBox: ImageBox) {
        self.session = session
        self.line = line
        self.imageBox = imageBox
    }

    /// Appends `inlines` in the current style.
    package mutating func append(_ inlines: [Inline]) {
        for inline in inlines {
            inline.accept(&self)
        }
    }

    /// Appends `children` with the style changed by `change`.
    private mutating func append(_ children: [Inline], styled change: (inout StyledText.Attributes) -> Void) {
        let outer = attributes
        change(&attributes)
        append(children)
        attributes = outer
    }

    /// A kind with no method of its own: its children in the current style, or its text.
    package mutating func defaultVisit(_ inline: Inline) {
        if inline.children.isEmpty { text.append([inline].plainText, effective(attributes)) } else { append(inline.children) }
    }

    package mutating func visitText(_ s: String) {
        appendCollapsed(s)
    }

    package mutating func visitSoftBreak() { appendCollapsed(" ") }

    package mutating func visitHardBreak() { text.append("\n", effective(attributes)) }

    package mutating func visitCode(_ s: String) {
        var a = effective(attributes)
        a.monospace = true
        a.background = session.typography.codeBackground
        text.append(s, a)
    }

    /// Appends text as HTML shows it: a run of spaces and tabs as one space, none right after
    /// a space (so two spaces after a full stop print as one); a non-breaking space stays.
    /// O(n), and no copy when there is nothing to collapse.
    private mutating func appendCollapsed(_ s: String) {
        guard !s.isEmpty else { return }
        // The text so far ends with a space that collapses with this text's first (a line's
        // end counts; a space inside code does not: code keeps its spaces).
        let last = text.string.utf8.last
        let endsWithSpace = last == 0x0A
            || (last == 0x20 && text.runs.last.map { $0.range.upperBound == text.count && $0.attributes.monospace } != true)
        // Scan the bytes for what collapses (a tab, a second space), usually finding nothing.
        var needsWork = false
        var bytes = s
        bytes.withUTF8 { utf8 in
            if endsWithSpace, let first = utf8.first, first == 0x20 || first == 0x09 { needsWork = true; return }
            var previous: UInt8 = 0
            for byte in utf8 {
                if byte == 0x09 || (byte == 0x20 && previous == 0x20) { needsWork = true; return }
                previous = byte
            }
        }
        var out = s
        if needsWork {
            out = ""
            var space = endsWithSpace
            for scalar in s.unicodeScalars {
                if scalar == " " || scalar == "\t" {
                    if !space { out.unicodeScalars.append(" ") }
                    space = true
                } else {
                    out.unicodeScalars.append(scalar)
                    space = false
                }
            }
        }
        text.append(out, effective(attributes))
    }

    package mutating func visitEmphasis(_ children: [Inline]) { append(children) { $0.italic.toggle() } }
    package mutating func visitStrong(_ children: [Inline]) { append(children) { $0.bold = true } }
    package mutating func visitStrikethrough(_ children: [Inline]) { append(children) { $0.strikethrough = true } }

    package mutating func visitLink(destination: String, title: String, content: [Inline]) {
        let start = text.count
        let target = session.linkTarget(destination, line: line)
        let linkColor = session.style.linkColor
        linkDepth += 1
        append(content) { if target != nil { $0.color = linkColor } }
        linkDepth -= 1
        if let target, text.count > start {
            text.links.append(StyledText.Link(range: start..<text.count, target: target))
        }
    }

    package mutating func visitImage(source: String, title: String, alt: [Inline]) {
        appendImage(source: source, alt: alt.plainText, declared: (nil, nil))
    }

    package mutating func visitHTMLImage(_ image: HTMLImage) {
        appendImage(source: image.source, alt: image.alt,
                    declared: (image.width.map { $0.points(of: imageBox.width) }, image.height.map { $0.points(of: imageBox.width) }))
    }

    package mutating func visitFootnoteReference(label: String) { appendFootnoteReference(label) }

    /// A formula typeset in the line, in pieces that may break after top-level relations and
    /// binary operators; one that cannot be typeset is its source in the code style, red, and
    /// a warning naming the line and the fault.
    package mutating func visitMath(_ formula: MathFormula) {
        let a = effective(attributes)
        switch session.math.typeset(formula, size: mathSize, width: 0) {
        case .success(let typeset):
            session.formulas.warnAboutMissingGlyphs(typeset, formula)
            text.append(formula: typeset.boxes, spacesAfter: typeset.spacesAfter, breaksAfter: typeset.breaksAfter, number: (text.formulas.last?.formula ?? -1) + 1, source: formula.tex,
                        font: typeset.fontRef, color: a.color ?? session.style.textColor, a)
        case .failure(let error):
            session.formulas.warnAboutBadMath(error, formula)
            var code = a
            code.monospace = true
            code.background = session.typography.codeBackground
            code.color = session.typography.mathErrorColor
            text.append(formula.display ? "$$\(formula.tex)$$" : "$\(formula.tex)$", code)
        }
    }

    package mutating func visitAnchor(_ name: String) {
        if let destination = session.anchors.destination(forFragment: name) {
            text.anchors.append(StyledText.Anchor(offset: text.count, name: destination))
        }
    }

    package mutating func visitLocated(line: Int, _ children: [Inline]) {
        let outer = self.line
        self.line = line
        append(children)
        self.line = outer
    }

    /// An HTML element's effect on its content (a key cap framed, padded on each side).
    package mutating func visitStyled(_ effect: InlineEffect, _ children: [Inline]) {
        open.append((effect, text.count))
        if effect == .keyboard { text.append(Self.keyPadding, effective(attributes)) }
        append(children)
        if effect == .keyboard { text.append(Self.keyPadding, effective(StyledText.Attributes())) }
        let element = open.removeLast()
        let range = element.start..<text.count
        if effect == .keyboard, !range.isEmpty { text.frames.append(range) }
    }

    /// Puts links and frames in text order (a span's range is recorded when it ends, after
    /// those nested in it).
    package mutating func finish() {
        text.links.sort { $0.range.lowerBound < $1.range.lowerBound }
        text.frames.sort { $0.lowerBound < $1.lowerBound }
    }

    /// `attributes` with the open HTML elements' effects added.
    private func effective(_ attributes: StyledText.Attributes) -> StyledText.Attributes {
        var a = attributes
        for element in open {
            switch element.effect {
            case .bold: a.bold = true
            case .italic: a.italic = true
            case .code, .keyboard: a.monospace = true; a.background = session.typography.codeBackground
            case .strikethrough: a.strikethrough = true
            case .underline: a.underline = true
            case .superscript: a.superscript = true; a.subscript = false
            case .subscript: a.subscript = true; a.superscript = false
            case .highlight: a.background = session.typography.highlight
            }
        }
        return a
    }

    /// The space padding a key cap's frame on each side: a no-break one (U+202F), so that
    /// "Ctrl+Shift+P" never breaks between its keys.
    package static let keyPadding = "\u{202F}"

    /// An image in the line, scaled to fit the image box; or, when it cannot be shown, its
    /// alt text (else its file name) framed, linked to its URL when remote, and a warning.
    private mutating func appendImage(source: String, alt: String, declared: (Double?, Double?)) {
        switch session.images.lookup(source) {
        case .image(let image):
            let size = ImageLayouter.fitted(image, declared: declared, into: imageBox)
            // A static badge without alt text says what it shows, as shields.io's title does.
            let described = alt.trimmingWhitespaceAndNewlines().isEmpty ? image.badge?.accessibleText ?? alt : alt
            text.append(image: image, width: size.width, height: size.height, descent: session.inlineImageDescent(height: size.height),
                        alt: described, effective(attributes))
        case .unavailable(let reason, let remote):
            session.sink.warn(session.images.warning(reason, reference: source, line: line))
            var a = effective(attributes)
            a.italic = true
            if a.color == nil { a.color = session.typography.muted }
            let start = text.count
            // A thin space at each end keeps the frame off the words and frames around (the
            // frame is drawn inside it), a narrow no-break space inside pads the italic text.
            text.append("\u{2009}\u{202F}" + ImageLayouter.placeholderLabel(alt: alt, source: source) + "\u{202F}\u{2009}", a)
            text.frames.append(start..<text.count)
            if let remote, linkDepth == 0 {
                text.links.append(StyledText.Link(range: start..<text.count, target: .uri(remote)))
            }
        }
    }

    private mutating func appendFootnoteReference(_ label: String) {
        guard let number = session.anchors.footnotes[label] else {
            text.append("[^\(label)]", effective(attributes))
            return
        }
        var a = effective(attributes)
        a.superscript = true
        a.color = session.style.linkColor
        let start = text.count
        let referenceName = session.anchors.footnoteReferenceDestination(number)
        text.anchors.append(StyledText.Anchor(offset: start, name: referenceName))
        text.noteReferences.append(StyledText.NoteReference(offset: start, number: number))
        text.append("\(number)", a)
        text.links.append(StyledText.Link(range: start..<text.count,
                                          target: .destination(session.anchors.footnoteDestination(number))))
    }
}

extension TextSlicing {
    /// How far an image `height` points tall set in a line reaches below the baseline: it is
    /// centred on the middle of the body's x-height, like CSS's `vertical-align: middle`.
    package func inlineImageDescent(height: Double) -> Double {
        let xHeight = typesetter.xHeight(family: typography.body.family, size: typography.body.size)
        return max(0, height / 2 - xHeight / 2)
    }

    /// Where a link leads: a destination for `#fragment` (nil with a warning when no anchor
    /// matches), nil for an empty destination, what `linkResolver` says for a link to another
    /// document (its warning reported here), else the URI, when its scheme is one a reader can
    /// trust (`LinkSchemes`; nil with a warning otherwise).
    package func linkTarget(_ destination: String, line: Int) -> LinkArea.Target? {
        if destination.hasPrefix("#") {
            if let name = anchors.destination(forFragment: String(destination.dropFirst())) {
                return .destination(name)
            }
            sink.warn(Warning(line: line, message: "link to missing anchor \(destination); set as plain text"))
            return nil
        }
        if destination.isEmpty { return nil }
        guard LinkSchemes.allows(destination, style.linkSchemes) else {
            let scheme = LinkSchemes.scheme(of: destination) ?? ""
            sink.warn(Warning(line: line, message: "link to a \(scheme): address set as plain text (links keep http, https and mailto; "
                              + "the key links.schemes allows others)"))
            return nil
        }
        switch linkResolver?(destination) {
        case .target(let target, let warning)?:
            if let warning { sink.warn(Warning(line: line, message: warning)) }
            return target
        case .sameDocument(let fragment)?:
            return linkTarget("#" + fragment, line: line)
        case nil:
            return .uri(destination)
        }
    }
}
