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
    /// Whether any block could give a level-1 heading, the running title's source: an ATX or
    /// setext heading of level 1, or raw HTML holding `<h1`. False means the title is the
    /// fallback (the file name) from the first page.
    private(set) var mayHaveLevelOneHeadings = false

    /// Prefix of every destination name, so several documents can share one PDF ("d3-").
    let namespace: String

    /// Collects the anchors in one walk of the document (headings, raw HTML, footnotes). O(n).
    init(_ document: Document, namespace: String = "") {
        var collector = Collector(table: AnchorTable(empty: namespace))
        collector.walk(document.blocks)
        self = collector.table
    }

    private init(empty namespace: String) { self.namespace = namespace }

    /// The walk that fills the table, in document order (so repeated slugs are numbered as
    /// GitHub numbers them).
    private struct Collector: DocumentWalker {
        var table: AnchorTable
        var slugs = SlugRegistry()

        mutating func visitHeading(_ block: Block, level: Int, content: [Inline]) {
            table.mayHaveHeadings = true
            if level == 1 { table.mayHaveLevelOneHeadings = true }
            let name = "\(table.namespace)h\(table.headingDestinations.count + 1)"
            table.headingDestinations[block.line] = name
            let slug = slugs.register(heading: content.plainText)
            if table.destinations[slug] == nil { table.destinations[slug] = name }
            walk(content)
        }

        mutating func visitHTML(_ block: Block, html: String) {
            table.mayHaveHeadings = true
            if html.range(of: "<h1", options: .caseInsensitive) != nil { table.mayHaveLevelOneHeadings = true }
            visitHTML(html)
        }

        mutating func visitFootnoteDefinition(_ block: Block, label: String, children: [Block]) {
            if table.footnotes[label] == nil { table.footnotes[label] = table.footnotes.count + 1 }
            walk(children)
        }

        mutating func visitHTML(_ html: String) {
            for anchor in HTMLText.anchorNames(in: html) {
                guard slugs.register(anchor: anchor), table.destinations[anchor] == nil else { continue }
                table.destinations[anchor] = "\(table.namespace)a\(table.destinations.count + 1)"
            }
        }
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
