/// Raw HTML with Markdown between, joined into one buffer for gumbo.
///
/// cmark-gfm cuts raw HTML where Markdown interrupts it: `<div dir="rtl">`, the Markdown
/// inside and `</div>` come as three sibling blocks; `<b>`, the text and `</b>` as three
/// inlines of a paragraph. GitHub hands cmark's HTML output to a browser, which reads the
/// whole as one document; so does Quire: the HTML is written into one buffer as it is, each
/// Markdown node in its place as an empty placeholder element naming it (`<div>` for a block,
/// which closes an open `<p>` as the `<p>`, `<ul>`... cmark writes for it would; `<span>`
/// around the content of an inline span), gumbo builds the tree, and the lowering puts the
/// Markdown nodes back where the placeholders ended up (inside a `<td>`, a `<details>`, a
/// `<b>`...). Text from Markdown is escaped, so only raw HTML is read as markup.
package struct HTMLJoin {
    /// The attribute a placeholder carries: the index of the Markdown node it stands for.
    package static let attribute = "data-quire-markdown"

    package static func isPlaceholder(_ attributes: [String: String]) -> Bool { attributes[attribute] != nil }

    package private(set) var buffer = ""
    /// Where each HTML block's text starts in `buffer`: its first line there and its own
    /// first line in the source (both 1-based), ordered by buffer line.
    private var segments: [(bufferLine: Int, sourceLine: Int)] = []
    private var bufferLine = 1

    /// Appends an HTML block's text, which starts on `sourceLine`, as written; a line end
    /// follows, so each piece starts a line of the buffer. An element whose content HTML
    /// reads as text (`<textarea>`...) left open ends with the block, so that the Markdown
    /// after it stays Markdown (`<plaintext>`, which no end tag ends, is read as `<xmp>`).
    package mutating func appendHTML(_ html: String, sourceLine: Int) {
        segments.append((bufferLine, sourceLine))
        var html = html
        let unclosed = HTMLDepthGuard.unclosedRawText(html)
        if let (name, start) = unclosed, name == "plaintext" {
            var bytes = Array(html.utf8)
            bytes.replaceSubrange((start + 1)..<(start + 1 + name.utf8.count), with: Array("xmp".utf8))
            html = String(decoding: bytes, as: UTF8.self)
        }
        append(html)
        if !html.hasSuffix("\n") { append("\n") }
        if let (name, _) = unclosed { append("</\(name == "plaintext" ? "xmp" : name)>") }
        // A heading left open ends with its HTML block, as the next block cmark writes would
        // end it (an `</h1>` closes whichever heading is open, and is ignored when none is).
        append("</h1>")
    }

    /// Appends HTML as written (an inline fragment of a paragraph).
    package mutating func appendFragment(_ html: String) {
        append(html)
    }

    /// Appends Markdown text, escaped so that it stays text.
    package mutating func appendText(_ text: String) {
        guard text.contains(where: { $0 == "<" || $0 == "&" }) else { return append(text) }
        var escaped = ""
        for c in text {
            switch c {
            case "<": escaped += "&lt;"
            case "&": escaped += "&amp;"
            default: escaped.append(c)
            }
        }
        append(escaped)
    }

    /// Appends the placeholder of Markdown block `index`, on a line of its own.
    package mutating func appendBlockPlaceholder(_ index: Int) {
        append("<div \(Self.attribute)=\"\(index)\"></div>\n")
    }

    /// Opens the placeholder of Markdown inline `index`; `closeInlinePlaceholder` ends it.
    package mutating func openInlinePlaceholder(_ index: Int) {
        append("<span \(Self.attribute)=\"\(index)\">")
    }

    /// Appends `count` line ends inside an inline placeholder (its content is not read), so
    /// that gumbo's lines of the raw HTML after it are the paragraph's lines of the source.
    package mutating func appendLineEnds(_ count: Int) {
        if count > 0 { append(String(repeating: "\n", count: count)) }
    }

    package mutating func closeInlinePlaceholder() {
        append("</span>")
    }

    /// The source line of a node gumbo read on `line` of the buffer (1-based); 0 for 0
    /// (an element the parser inserted) or a line outside every HTML block. O(log segments).
    package func sourceLine(_ line: Int) -> Int {
        guard line > 0 else { return 0 }
        let k = segments.partitionPoint { $0.bufferLine > line } - 1
        guard k >= 0 else { return 0 }
        return segments[k].sourceLine + line - segments[k].bufferLine
    }

    /// Which HTML block (its index in the order appended) the buffer's `line` is in; -1 before the first.
    package func segment(ofLine line: Int) -> Int {
        segments.partitionPoint { $0.bufferLine > line } - 1
    }

    private mutating func append(_ s: String) {
        buffer += s
        bufferLine += s.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Whether `fragment` (one tag, as cmark gives inline HTML) is a start or end tag of an
    /// element whose content HTML reads as text (a placeholder after it would be text).
    package static func opensRawText(_ fragment: String) -> Bool {
        var rest = fragment.utf8.dropFirst()
        if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
        let name = rest.prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        guard fragment.hasPrefix("<"), name.count >= 3, name.count <= 9 else { return false }
        return HTMLElement.rawTextNames.contains(String(decoding: name, as: UTF8.self).lowercased())
    }

    /// The index a placeholder element names, if it is one.
    package static func index(of element: HTMLElement) -> Int? {
        element.attributes[attribute].flatMap { Int($0) }
    }
}
