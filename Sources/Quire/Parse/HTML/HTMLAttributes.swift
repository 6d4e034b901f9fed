import QuireModel

/// What the attributes Quire honours say of an element: alignment, direction, page breaks,
/// lengths; and which elements are blocks and which style inline content.
extension HTMLElement {
    /// Elements that start a block of their own (text is divided into parts at them).
    package static let blockNames: Set<String> = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr",
                                          "table", "ul", "ol", "details", "summary", "blockquote", "pre",
                                          "center", "dl", "dt", "dd", "thead", "tbody", "tfoot", "hr",
                                          "section", "article", "header", "footer", "nav", "aside",
                                          "figure", "figcaption", "main", "address", "caption"]

    /// The inline elements honoured, by tag name (`<a>` is a link with an `href`).
    package static let inlineEffects: [String: InlineEffect] = [
        "b": .bold, "strong": .bold, "i": .italic, "em": .italic, "cite": .italic, "var": .italic,
        "dfn": .italic, "code": .code, "tt": .code, "samp": .code, "kbd": .keyboard,
        "s": .strikethrough, "del": .strikethrough, "strike": .strikethrough, "u": .underline,
        "ins": .underline, "sup": .superscript, "sub": .subscript, "mark": .highlight,
    ]

    /// Elements whose content HTML reads as text, up to their end tag.
    package static let rawTextNames: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
                                            "noscript", "plaintext"]

    /// Elements whose content is never shown.
    package static let hiddenNames: Set<String> = ["script", "style", "template", "head", "title"]

    package var isBlock: Bool { Self.blockNames.contains(name) }

    /// The anchor it names: its `id`, else an `<a>`'s `name`; nil when none (or empty).
    package var anchorName: String? {
        if let id = attributes["id"], !id.isEmpty { return id }
        if name == "a", let n = attributes["name"], !n.isEmpty { return n }
        return nil
    }

    /// The element's alignment: `align` (and `<center>`), else CSS `text-align`.
    package var blockAlignment: TextAlignment? {
        switch attributes["align"]?.lowercased() {
        case "center", "middle": return .center
        case "right": return .right
        case "left": return .left
        case "justify": return .justify
        default: if name == "center" { return .center }
        }
        switch style["text-align"] {
        case "center"?: return .center
        case "right"?: return .right
        case "left"?: return .left
        case "justify"?: return .justify
        default: return nil
        }
    }

    /// A table cell's or row's alignment (`justify` is none).
    package var cellAlignment: Table.Alignment? {
        switch blockAlignment {
        case .left?: return .left
        case .center?: return .center
        case .right?: return .right
        case .justify?, nil: return nil
        }
    }

    /// What the `dir` attribute (or CSS `direction`) says: nil when absent.
    package enum Direction: Equatable {
        case fixed(WritingDirection)
        /// From the element's first strong character.
        case auto
    }

    package var direction: Direction? {
        switch (attributes["dir"] ?? style["direction"])?.lowercased().trimmingWhitespace() {
        case "rtl": return .fixed(.rightToLeft)
        case "ltr": return .fixed(.leftToRight)
        case "auto": return .auto
        default: return nil
        }
    }

    /// Whether the element starts a new page before (`page-break-before: always`,
    /// `break-before: page`) or after itself (the same with `after`, or the class
    /// `page-break`, as other Markdown tools write it).
    package var pageBreaks: (before: Bool, after: Bool) {
        let css = style
        func forces(_ property: String) -> Bool {
            guard let value = css["page-break-" + property] ?? css["break-" + property] else { return false }
            return ["always", "page", "left", "right", "recto", "verso"].contains(value)
        }
        let classes = (attributes["class"] ?? "").lowercased().split(separator: " ")
        let classBreak = classes.contains { $0 == "page-break" || $0 == "pagebreak" || $0 == "page-break-after" }
        return (forces("before") || classes.contains("page-break-before"), forces("after") || classBreak)
    }

    /// The `style` attribute as lowercased properties and values (`!important` dropped).
    package var style: [String: String] {
        guard let css = attributes["style"], !css.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for declaration in css.lowercased().split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = declaration[..<colon].trimmingWhitespace()
            let value = declaration[declaration.index(after: colon)...].replacingOccurrences(of: "!important", with: "")
            result[property] = value.trimmingWhitespace()
        }
        return result
    }

    /// A length attribute (`width="120"`, `"120px"`, `"100px;"`, `"50%"`); nil when absent,
    /// not positive or not understood.
    package func length(_ attribute: String) -> HTMLLength? {
        guard var v = attributes[attribute]?.filter({ !$0.isWhitespace && $0 != ";" }).lowercased(), !v.isEmpty else { return nil }
        if v.hasSuffix("%") {
            v.removeLast()
            return Double(v).flatMap { $0 > 0 ? .percent($0) : nil }
        }
        if v.hasSuffix("px") { v.removeLast(2) }
        return Double(v).flatMap { $0 > 0 && $0.isFinite ? .pixels($0) : nil }
    }

    /// `colspan`/`rowspan` as a count: 1 when absent or not a number; `rowspan="0"` (to the
    /// end of the table) as a large count that placing caps.
    package func span(_ attribute: String) -> Int {
        guard let n = attributes[attribute].flatMap({ Int($0.trimmingWhitespace()) }) else { return 1 }
        return n == 0 ? 10_000 : max(1, min(n, 10_000))
    }
}

extension String {
    /// Runs of HTML whitespace (space, tab, newline, carriage return, form feed) as one space;
    /// a non-breaking space is not whitespace. O(n).
    package var collapsingHTMLWhitespace: String {
        guard contains(where: { $0.isWhitespace && $0 != " " }) || contains("  ") else { return self }
        var out = ""
        var space = false
        for c in self {
            if c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{0C}" || c == "\r\n" {
                if !space { out.append(" ") }
                space = true
            } else {
                out.append(c)
                space = false
            }
        }
        return out
    }
}
