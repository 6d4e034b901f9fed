/// Just enough HTML for Markdown's raw HTML: find tags, anchors and the text between tags,
/// and what the common tags mean (`InlineEffect`, `blockTags`).
///
/// Not a general HTML parser: it scans tags `<...>`, comments `<!-- -->` and a few
/// entities; a `<` that does not open a tag is text.
enum HTMLText {
    struct Tag: Equatable {
        var name: String          // lowercased, without "/"
        var isClosing: Bool
        var attributes: [String: String]
        /// The tag as written, `<` to `>`.
        var raw: String = ""
    }

    enum Piece: Equatable {
        case text(String)
        case tag(Tag)
    }

    /// Splits `html` into text and tags, dropping comments. O(n).
    static func pieces(_ html: String) -> [Piece] {
        locatedPieces(html).map(\.piece)
    }

    /// `pieces`, each with the 0-based line of `html` it starts on (so a warning can name the
    /// element's line, not the block's first). O(n).
    static func locatedPieces(_ html: String) -> [(piece: Piece, line: Int)] {
        scan(html).map { ($0.piece, $0.line) }
    }

    /// A piece with the 0-based line it starts on and the characters of `html` it was read
    /// from (a text piece's range covers the comments inside it).
    struct Located {
        var piece: Piece
        var line: Int
        var range: Range<String.Index>
    }

    /// Splits `html` into text and tags, dropping comments, each with where it is written. O(n).
    static func scan(_ html: String) -> [Located] {
        var result: [Located] = []
        var text = ""
        var textStart = html.startIndex
        var rest = html[...]
        // Lines counted up to `counted`, so each newline is counted once.
        var counted = html.startIndex
        var lines = 0
        func line(at index: String.Index) -> Int {
            if index > counted {
                lines += html.utf8[counted..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                counted = index
            }
            return lines
        }
        while let open = rest.firstIndex(of: "<") {
            if text.isEmpty { textStart = rest.startIndex }
            text += rest[..<open]
            let after = rest[open...]
            if after.hasPrefix("<!--") {
                if let end = after.range(of: "-->") { rest = after[end.upperBound...] } else { rest = "" }
                continue
            }
            guard let close = after.firstIndex(of: ">"), let tag = parseTag(after[after.index(after: open)..<close]) else {
                text += "<"
                rest = after.dropFirst()
                continue
            }
            if !text.isEmpty {
                result.append(Located(piece: .text(decodeEntities(text)), line: line(at: textStart), range: textStart..<open))
                text = ""
            }
            var written = tag
            written.raw = String(after[...close])
            let end = after.index(after: close)
            result.append(Located(piece: .tag(written), line: line(at: open), range: open..<end))
            rest = after[end...]
        }
        if text.isEmpty { textStart = rest.startIndex }
        text += rest
        if !text.isEmpty {
            result.append(Located(piece: .text(decodeEntities(text)), line: line(at: textStart), range: textStart..<html.endIndex))
        }
        return result
    }

    /// The names of `<a id="...">` and `<a name="...">` anchors (and any element's `id`).
    static func anchorNames(in html: String) -> [String] {
        guard html.contains("id=") || html.contains("name=") else { return [] }
        return pieces(html).compactMap { piece in
            guard case .tag(let tag) = piece, !tag.isClosing else { return nil }
            if let id = tag.attributes["id"], !id.isEmpty { return id }
            if tag.name == "a", let name = tag.attributes["name"], !name.isEmpty { return name }
            return nil
        }
    }

    /// Elements that start a block of their own (HTML blocks are divided at them).
    static let blockTags: Set<String> = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr",
                                         "table", "ul", "ol", "details", "summary", "blockquote", "pre",
                                         "center", "dl", "dt", "dd", "thead", "tbody", "tfoot", "hr",
                                         "section", "article", "header", "footer", "nav", "aside",
                                         "figure", "figcaption", "main", "address", "caption"]

    /// What an inline element does to its content.
    enum InlineEffect: Equatable {
        case bold, italic, code, keyboard, strikethrough, underline, superscript, `subscript`, highlight, link
    }

    /// The inline elements honoured, by tag name (`<a>` is a link only with an `href`).
    static let inlineEffects: [String: InlineEffect] = [
        "b": .bold, "strong": .bold, "i": .italic, "em": .italic, "cite": .italic, "var": .italic,
        "dfn": .italic, "code": .code, "tt": .code, "samp": .code, "kbd": .keyboard,
        "s": .strikethrough, "del": .strikethrough, "strike": .strikethrough, "u": .underline,
        "ins": .underline, "sup": .superscript, "sub": .subscript, "mark": .highlight,
    ]

    /// A length attribute (`width="120"`, `"120px"`, `"100px;"`, `"50%"`) in points: pixels at
    /// 96 per inch, a percentage of `percentOf`. Nil when absent or not understood.
    static func length(_ value: String?, percentOf: Double) -> Double? {
        guard var v = value?.filter({ !$0.isWhitespace && $0 != ";" }).lowercased(), !v.isEmpty else { return nil }
        if v.hasSuffix("%") {
            v.removeLast()
            return Double(v).flatMap { $0 > 0 ? $0 / 100 * percentOf : nil }
        }
        if v.hasSuffix("px") { v.removeLast(2) }
        return Double(v).flatMap { $0 > 0 && $0.isFinite ? $0 * LoadedImage.pointsPerPixel : nil }
    }

    /// The `align` attribute as a text alignment.
    static func alignment(_ tag: Tag) -> TextAlignment? {
        switch tag.attributes["align"]?.lowercased() {
        case "center", "middle": return .center
        case "right": return .right
        case "left": return .left
        case "justify": return .justify
        default: return tag.name == "center" ? .center : nil
        }
    }

    /// The `dir` attribute (or CSS `direction`): nil when absent; `.auto` for "auto".
    static func direction(_ tag: Tag) -> DirectionAttribute? {
        switch (tag.attributes["dir"] ?? style(tag)["direction"])?.lowercased().trimmingCharacters(in: .whitespaces) {
        case "rtl": return .fixed(.rightToLeft)
        case "ltr": return .fixed(.leftToRight)
        case "auto": return .auto
        default: return nil
        }
    }

    enum DirectionAttribute: Equatable {
        case fixed(WritingDirection)
        /// From the element's first strong character.
        case auto
    }

    /// The element's alignment: `align` (and `<center>`), else CSS `text-align`.
    static func blockAlignment(_ tag: Tag) -> TextAlignment? {
        if let a = alignment(tag) { return a }
        switch style(tag)["text-align"] {
        case "center"?: return .center
        case "right"?: return .right
        case "left"?: return .left
        case "justify"?: return .justify
        default: return nil
        }
    }

    /// Whether the element starts a new page before (`page-break-before: always`,
    /// `break-before: page`) or after itself (the same with `after`, or the class
    /// `page-break`, as other Markdown tools write it).
    static func pageBreaks(_ tag: Tag) -> (before: Bool, after: Bool) {
        let css = style(tag)
        func forces(_ property: String) -> Bool {
            guard let value = css["page-break-" + property] ?? css["break-" + property] else { return false }
            return ["always", "page", "left", "right", "recto", "verso"].contains(value)
        }
        let classes = (tag.attributes["class"] ?? "").lowercased().split(separator: " ")
        let classBreak = classes.contains { $0 == "page-break" || $0 == "pagebreak" || $0 == "page-break-after" }
        return (forces("before") || classes.contains("page-break-before"), forces("after") || classBreak)
    }

    /// The element's `style` attribute as lowercased properties and values (`!important`
    /// dropped).
    static func style(_ tag: Tag) -> [String: String] {
        guard let css = tag.attributes["style"], !css.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for declaration in css.lowercased().split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = declaration[..<colon].trimmingCharacters(in: .whitespaces)
            let value = declaration[declaration.index(after: colon)...].replacingOccurrences(of: "!important", with: "")
            result[property] = value.trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    /// Runs of HTML whitespace (space, tab, newline, carriage return, form feed) as one space;
    /// a non-breaking space is not whitespace. O(n).
    static func collapseWhitespace(_ s: String) -> String {
        guard s.contains(where: { $0.isWhitespace && $0 != " " }) || s.contains("  ") else { return s }
        var out = ""
        var space = false
        for c in s {
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

    private static func parseTag(_ body: Substring) -> Tag? {
        var s = body
        var closing = false
        if s.first == "/" { closing = true; s = s.dropFirst() }
        let name = s.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter else { return nil }
        var attributes: [String: String] = [:]
        var rest = s.dropFirst(name.count)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let key = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
            if key.isEmpty { break }
            rest = rest.dropFirst(key.count).drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let inner = rest.dropFirst()
                    let v = inner.prefix { $0 != quote }
                    value = String(v)
                    rest = inner.dropFirst(v.count).dropFirst()
                } else {
                    let v = rest.prefix { !$0.isWhitespace }
                    value = String(v)
                    rest = rest.dropFirst(v.count)
                }
            }
            attributes[key.lowercased()] = decodeEntities(value)
        }
        return Tag(name: name.lowercased(), isClosing: closing, attributes: attributes)
    }

    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "copy": "©", "reg": "®", "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…",
        "lrm": "\u{200E}", "rlm": "\u{200F}", "laquo": "«", "raquo": "»", "middot": "·",
    ]

    /// Decodes named entities from a small common set and numeric ones; others stay as written.
    static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = s[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(12).firstIndex(of: ";") {
                let name = after[..<semi]
                var decoded: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    decoded = entities[String(name)]
                }
                if let d = decoded {
                    out += d
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        out += rest
        return out
    }
}
