/// Inline content to styled text: the "collect" stage of paragraph layout.
extension LayoutSession {
    /// Builds the styled text of `inlines`. Links to `#fragments` that match no anchor are
    /// reported as warnings at `line` and set as plain text. O(n) in the text's length.
    func styledText(_ inlines: [Inline], line: Int) -> StyledText {
        var text = StyledText()
        append(inlines, to: &text, attributes: StyledText.Attributes(), line: line)
        return text
    }

    private func append(_ inlines: [Inline], to text: inout StyledText,
                        attributes: StyledText.Attributes, line: Int) {
        for inline in inlines {
            switch inline {
            case .text(let s):
                text.append(s, attributes)
            case .softBreak:
                text.append(" ", attributes)
            case .hardBreak:
                text.append("\n", attributes)
            case .code(let s):
                var a = attributes
                a.monospace = true
                a.background = style.codeBackground
                text.append(s, a)
            case .emphasis(let children):
                var a = attributes
                a.italic.toggle()
                append(children, to: &text, attributes: a, line: line)
            case .strong(let children):
                var a = attributes
                a.bold = true
                append(children, to: &text, attributes: a, line: line)
            case .strikethrough(let children):
                var a = attributes
                a.strikethrough = true
                append(children, to: &text, attributes: a, line: line)
            case .link(let destination, _, let children):
                appendLink(destination, children, to: &text, attributes: attributes, line: line)
            case .image(let source, _, let alt):
                // Issue 7 draws images; until then the alt text (or the file name) stands in.
                var a = attributes
                a.italic = true
                a.color = style.mutedColor
                let label = alt.plainText.isEmpty ? (source.split(separator: "/").last.map(String.init) ?? source) : alt.plainText
                text.append("[\(label)]", a)
            case .html(let html):
                appendHTML(html, to: &text, attributes: attributes)
            case .footnoteReference(let label):
                appendFootnoteReference(label, to: &text, attributes: attributes)
            }
        }
    }

    private func appendLink(_ destination: String, _ children: [Inline], to text: inout StyledText,
                            attributes: StyledText.Attributes, line: Int) {
        let target: LinkArea.Target?
        if destination.hasPrefix("#") {
            let fragment = String(destination.dropFirst())
            if let name = anchors.destination(forFragment: fragment) {
                target = .destination(name)
            } else {
                warnings.append(Warning(line: line, message: "link to missing anchor \(destination); set as plain text"))
                target = nil
            }
        } else if destination.isEmpty {
            target = nil
        } else if let inDigest = linkResolver?(destination) {
            target = .destination(inDigest)
        } else {
            target = .uri(destination)
        }
        let start = text.count
        var a = attributes
        if target != nil { a.color = style.linkColor }
        append(children, to: &text, attributes: a, line: line)
        if let t = target, text.count > start {
            text.links.append(StyledText.Link(range: start..<text.count, target: t))
        }
    }

    private func appendHTML(_ html: String, to text: inout StyledText, attributes: StyledText.Attributes) {
        for piece in HTMLText.pieces(html) {
            switch piece {
            case .text(let t):
                text.append(t, attributes)
            case .tag(let tag):
                if tag.name == "br" { text.append("\n", attributes); continue }
                guard !tag.isClosing else { continue }
                let name = tag.attributes["id"] ?? (tag.name == "a" ? tag.attributes["name"] : nil)
                if let n = name, let destination = anchors.destination(forFragment: n) {
                    text.anchors.append(StyledText.Anchor(offset: text.count, name: destination))
                }
            }
        }
    }

    private func appendFootnoteReference(_ label: String, to text: inout StyledText,
                                         attributes: StyledText.Attributes) {
        guard let number = anchors.footnotes[label] else {
            text.append("[^\(label)]", attributes)
            return
        }
        var a = attributes
        a.superscript = true
        a.color = style.linkColor
        let start = text.count
        let referenceName = anchors.footnoteReferenceDestination(number)
        text.anchors.append(StyledText.Anchor(offset: start, name: referenceName))
        text.append("\(number)", a)
        text.links.append(StyledText.Link(range: start..<text.count,
                                          target: .destination(anchors.footnoteDestination(number))))
    }
}
