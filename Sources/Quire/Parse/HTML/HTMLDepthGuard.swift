/// Keeps HTML from nesting deeper than `maximumDepth` before gumbo reads it, as browsers cap
/// their trees (Chromium at 512): for each tag gumbo's tree construction looks through the
/// elements open around it, so 40,000 nested `<div>`s cost it seconds, and more cost it
/// quadratically more. Start tags past the cap are left out with their end tags, their
/// content kept; tags of elements that never hold content (`<br>`, `<img>`...) or whose end
/// tag may be left out (`<p>`, `<li>`, `<td>`...) do not count, and placeholders
/// (`HTMLJoin`) are always kept. Real documents nest a few dozen deep: for them this only
/// copies the buffer. O(n).
package enum HTMLDepthGuard {
    package static let maximumDepth = 512

    /// Elements that do not nest what follows them (void elements), or that the next of
    /// their kind closes (optional end tags): they do not deepen the tree in the long run.
    private static let notCounted: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
        "p", "li", "dt", "dd", "td", "th", "tr", "thead", "tbody", "tfoot", "option", "optgroup", "rb", "rt", "rtc", "rp",
        "colgroup", "caption", "html", "head", "body",
    ]

    /// `html` with the tags nested past the cap left out.
    package static func capped(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        var depth = 0
        var dropped = false
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), let tag = Tag(bytes, at: i) else {
                out.append(bytes[i])
                i += 1
                continue
            }
            var keep = true
            if tag.counts {
                if tag.isEnd {
                    keep = depth <= maximumDepth
                    depth = max(0, depth - 1)
                } else {
                    depth += 1
                    keep = depth <= maximumDepth || isPlaceholder(bytes[i..<tag.end])
                }
            }
            if keep { out += bytes[i..<tag.end] } else { dropped = true }
            i = tag.end
            if let name = tag.rawTextName, !tag.isEnd {
                let end = endOfRawText(bytes, from: i, name: name)
                out += bytes[i..<end]
                i = end
            }
        }
        return dropped ? String(decoding: out, as: UTF8.self) : html
    }

    /// The element whose content HTML reads as text (`<textarea>`, `<title>`...) that `html`
    /// leaves open at its end, and where its start tag begins (a UTF-8 offset); nil when none.
    /// Left open, it would read the Markdown after it as text. O(n).
    package static func unclosedRawText(_ html: String) -> (name: String, start: Int)? {
        let bytes = Array(html.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), let tag = Tag(bytes, at: i) else {
                i += 1
                continue
            }
            let start = i
            i = tag.end
            if let name = tag.rawTextName, !tag.isEnd {
                i = endOfRawText(bytes, from: i, name: name)
                if i == bytes.count { return (name, start) }
            }
        }
        return nil
    }

    /// A tag, comment or declaration starting at `<`.
    private struct Tag {
        var end: Int
        var isEnd = false
        var counts = false
        var rawTextName: String?

        init?(_ b: [UInt8], at start: Int) {
            var i = start + 1
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "!") {
                let comment = b[i...].starts(with: Array("!--".utf8))
                let close = comment ? Array("-->".utf8) : [UInt8(ascii: ">")]
                end = Self.find(close, in: b, from: i) ?? b.count
                return
            }
            if b[i] == UInt8(ascii: "/") { isEnd = true; i += 1 }
            let nameStart = i
            while i < b.count, Self.isNameByte(b[i]) { i += 1 }
            guard i > nameStart, Self.isLetter(b[nameStart]) else { return nil }
            let name = String(decoding: b[nameStart..<i], as: UTF8.self).lowercased()
            var quote: UInt8?
            while i < b.count {
                let c = b[i]
                if let q = quote { if c == q { quote = nil } } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { quote = c } else if c == UInt8(ascii: ">") { break }
                i += 1
            }
            end = min(i + 1, b.count)
            let selfClosing = i > 0 && i < b.count && b[i - 1] == UInt8(ascii: "/")
            counts = !notCounted.contains(name) && !selfClosing
            if HTMLElement.rawTextNames.contains(name) { rawTextName = name }
        }

        static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
        static func isNameByte(_ c: UInt8) -> Bool { isLetter(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") }

        /// The index just past `pattern` from `from`, nil when it does not occur.
        static func find(_ pattern: [UInt8], in b: [UInt8], from: Int) -> Int? {
            var i = from
            while i + pattern.count <= b.count {
                if b[i..<(i + pattern.count)].elementsEqual(pattern) { return i + pattern.count }
                i += 1
            }
            return nil
        }
    }

    private static func isPlaceholder(_ tag: ArraySlice<UInt8>) -> Bool {
        String(decoding: tag, as: UTF8.self).contains(HTMLJoin.attribute)
    }

    /// Where the text of a raw-text element ends: at its end tag (`</name`, any case), else
    /// at the end of the buffer.
    private static func endOfRawText(_ b: [UInt8], from: Int, name: String) -> Int {
        let pattern = Array(("</" + name).utf8)
        var i = from
        while i + pattern.count <= b.count {
            if b[i] == UInt8(ascii: "<"), zip(b[i..<(i + pattern.count)], pattern).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) { return i }
            i += 1
        }
        return b.count
    }
}
