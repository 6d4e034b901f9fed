/// Every place a `#fragment` link may point to, found before layout so that links earlier in
/// the document can point to headings later in it.
///
/// Headings get GitHub slugs (de-duplicated) and destinations named "h1", "h2", ... in
/// document order; raw HTML `<a id>`/`<a name>` anchors and footnotes get their own names.
/// Destination names are ASCII so they survive every PDF viewer.
struct AnchorTable: Sendable {
    /// Destination name of the heading that starts on each source line (headings always
    /// start a line, so the line identifies the heading whatever order layout meets it in).
    private(set) var headingDestinations: [Int: String] = [:]
    /// Fragment (slug or HTML anchor) to destination name.
    private(set) var destinations: [String: String] = [:]
    /// Footnote label to its number (1-based, in order of definition).
    private(set) var footnotes: [String: Int] = [:]
    /// Whether any block could put an entry in the outline: a heading, or raw HTML (which may
    /// hold `<h1>`…`<h6>`). False means the outline will be empty, so the running title is the
    /// fallback from the first page.
    private(set) var mayHaveHeadings = false

    /// Prefix of every destination name, so several documents can share one PDF ("d3-").
    let namespace: String

    init(_ document: Document, namespace: String = "") {
        self.namespace = namespace
        var slugs = SlugRegistry()
        visit(document.blocks, &slugs)
    }

    private mutating func visit(_ blocks: [Block], _ slugs: inout SlugRegistry) {
        for block in blocks {
            switch block.kind {
            case .heading(_, let content):
                mayHaveHeadings = true
                let name = "\(namespace)h\(headingDestinations.count + 1)"
                headingDestinations[block.line] = name
                let slug = slugs.register(heading: content.plainText)
                if destinations[slug] == nil { destinations[slug] = name }
                visitInlines(content, &slugs)
            case .paragraph(let content):
                visitInlines(content, &slugs)
            case .blockQuote(let children):
                visit(children, &slugs)
            case .list(let list):
                for item in list.items { visit(item.blocks, &slugs) }
            case .table(let table):
                for row in table.rows { for cell in row { visitInlines(cell, &slugs) } }
            case .html(let html):
                mayHaveHeadings = true
                for anchor in HTMLText.anchorNames(in: html) { register(anchor, &slugs) }
            case .footnoteDefinition(let label, let children):
                if footnotes[label] == nil { footnotes[label] = footnotes.count + 1 }
                visit(children, &slugs)
            case .codeBlock, .thematicBreak:
                break
            }
        }
    }

    private mutating func visitInlines(_ inlines: [Inline], _ slugs: inout SlugRegistry) {
        for inline in inlines {
            switch inline {
            case .html(let html):
                for anchor in HTMLText.anchorNames(in: html) { register(anchor, &slugs) }
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c):
                visitInlines(c, &slugs)
            default:
                break
            }
        }
    }

    private mutating func register(_ anchor: String, _ slugs: inout SlugRegistry) {
        guard slugs.register(anchor: anchor), destinations[anchor] == nil else { return }
        destinations[anchor] = "\(namespace)a\(destinations.count + 1)"
    }

    /// The destination a `#fragment` names: exact match first, then GitHub's case-insensitive one.
    func destination(forFragment fragment: String) -> String? {
        let decoded = fragment.removingPercentEncodingLeniently
        return destinations[decoded] ?? destinations[decoded.lowercased()]
            ?? destinations[SlugRegistry.slug(decoded)]
    }

    /// Destination name of a footnote's text and of its first reference.
    func footnoteDestination(_ number: Int) -> String { "\(namespace)fn\(number)" }
    func footnoteReferenceDestination(_ number: Int) -> String { "\(namespace)fnref\(number)" }
}

extension String {
    /// Decodes %XX escapes; invalid escapes and invalid UTF-8 are kept as written.
    var removingPercentEncodingLeniently: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let b = utf8.first {
            utf8 = utf8.dropFirst()
            if b == UInt8(ascii: "%"), utf8.count >= 2,
               let v = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(v)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
