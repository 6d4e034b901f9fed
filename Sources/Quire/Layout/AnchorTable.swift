import QuireModel

/// Every place a `#fragment` link may point to, found before layout so that links earlier in
/// the document can point to headings later in it.
///
/// Headings get GitHub slugs (de-duplicated), and each heading's destination is named by its
/// slug, so another PDF links to `doc.pdf#install` as GitHub links to `doc.md#install`; raw
/// HTML `<a id>`/`<a name>` anchors are named by themselves. Destination names are ASCII, so
/// they survive every PDF viewer: a name's other characters are percent-encoded as a URI's
/// fragment carries them (`## Café` is `caf%C3%A9`). A slug that is empty, or that could be
/// one of layout's own names (`isInternal`), is named "h1", "h2", ... by the heading's place
/// instead (an anchor "a1", ...); footnotes get their own names.
package struct AnchorTable: Sendable {
    /// Destination name of the heading that starts on each source line (headings always
    /// start a line, so the line identifies the heading whatever order layout meets it in).
    package private(set) var headingDestinations: [Int: String] = [:]
    /// Fragment (slug or HTML anchor) to destination name.
    package private(set) var destinations: [String: String] = [:]
    /// Footnote label to its number (1-based, in order of definition).
    package private(set) var footnotes: [String: Int] = [:]
    /// Footnote number to its text (the definition's blocks), which a page's foot shows when
    /// the note is first referred to.
    package private(set) var footnoteBodies: [Int: [Block]] = [:]
    /// Whether any block puts an entry in the outline: a heading, Markdown's or raw HTML's.
    /// False means the outline will be empty, so the running title is the fallback from the
    /// first page.
    package private(set) var mayHaveHeadings = false
    /// Whether any block gives a level-1 heading, the running title's source: an ATX or
    /// setext heading of level 1, or raw HTML's `<h1>`. False means the title is the
    /// fallback (the file name) from the first page.
    package private(set) var mayHaveLevelOneHeadings = false
    /// How many blocks give a level-1 heading (as `mayHaveLevelOneHeadings` counts them): with
    /// more than one, each page's running head is the one in force there (`RunningHeads`).
    package private(set) var levelOneHeadings = 0

    /// Prefix of every destination name, so several documents can share one PDF ("d3-").
    package let namespace: String

    /// Collects the anchors in one walk of the document (headings, raw HTML, footnotes). O(n).
    package init(_ document: Document, namespace: String = "") {
        var builder = Builder(namespace: namespace)
        builder.add(document.blocks)
        self = builder.table
    }

    /// The table of a document met a part at a time (its sections, `SectionedBody`): the
    /// parts' blocks in document order give the table the whole document's blocks give.
    package struct Builder {
        private var collector: Collector

        package init(namespace: String = "") { collector = Collector(table: AnchorTable(empty: namespace)) }

        /// Collects the anchors of the document's next blocks. O(n).
        package mutating func add(_ blocks: [Block]) { collector.walk(blocks) }

        package var table: AnchorTable { collector.table }
    }

    private init(empty namespace: String) { self.namespace = namespace }

    /// The walk that fills the table, in document order (so repeated slugs are numbered as
    /// GitHub numbers them).
    private struct Collector: DocumentWalker {
        var table: AnchorTable
        var slugs = SlugRegistry()

        mutating func visitHeading(_ block: Block, level: Int, content: [Inline]) {
            table.mayHaveHeadings = true
            if level == 1 { table.mayHaveLevelOneHeadings = true; table.levelOneHeadings += 1 }
            let slug = slugs.register(heading: content.plainText)
            let name = table.namespace + AnchorTable.name(slug, else: "h\(table.headingDestinations.count + 1)")
            table.headingDestinations[block.line] = name
            if table.destinations[slug] == nil { table.destinations[slug] = name }
            walk(content)
        }

        /// Raw HTML's anchors; its headings are in the outline but given no slug.
        mutating func visitHTML(_ block: Block, html: HTMLBlock) {
            for part in html.blocks {
                guard case .heading(let level, _) = part.kind else { continue }
                table.mayHaveHeadings = true
                if level == 1 { table.mayHaveLevelOneHeadings = true; table.levelOneHeadings += 1 }
            }
            html.anchors.forEach { visitAnchor($0) }
        }

        mutating func visitFootnoteDefinition(_ block: Block, label: String, children: [Block]) {
            if table.footnotes[label] == nil {
                table.footnotes[label] = table.footnotes.count + 1
                table.footnoteBodies[table.footnotes.count] = children
            }
            walk(children)
        }

        mutating func visitAnchor(_ anchor: String) {
            guard slugs.register(anchor: anchor), table.destinations[anchor] == nil else { return }
            table.destinations[anchor] = table.namespace + AnchorTable.name(anchor, else: "a\(table.destinations.count + 1)")
        }
    }

    /// The destination a `#fragment` names: exact match first, then GitHub's case-insensitive one.
    package func destination(forFragment fragment: String) -> String? {
        let decoded = fragment.removingPercentEncodingLeniently
        return destinations[decoded] ?? destinations[decoded.lowercased()]
            ?? destinations[SlugRegistry.slug(decoded)]
    }

    /// The destination name for a fragment: the fragment percent-encoded (`FileLink.uriEncoded`),
    /// or `fallback` when it is empty or could be an internal name.
    package static func name(_ fragment: String, else fallback: String) -> String {
        fragment.isEmpty || isInternal(fragment) ? fallback : FileLink.uriEncoded(fragment)
    }

    /// Whether `name` has the shape of a destination name layout makes up for itself, which a
    /// slug or anchor must not take: "h3" and "a3" (headings and anchors named by place),
    /// "fn3" and "fnref3" (footnotes), "full3" and "excerpt3" (excerpt mode), "h-line3" (a
    /// heading outside the table), "fulltext", "toc", "not-included", and "full" (a digest's
    /// "d2-full", since a document's names there all start "d2-"). Every name layout makes
    /// must have one of these shapes (a test lists them). O(length).
    package static func isInternal(_ name: String) -> Bool {
        if ["fulltext", "toc", "not-included", "full"].contains(name) { return true }
        for prefix in ["h-line", "fnref", "fn", "full", "excerpt", "h", "a"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        }
        return false
    }

    /// Destination name of a footnote's text and of its first reference.
    package func footnoteDestination(_ number: Int) -> String { "\(namespace)fn\(number)" }
    package func footnoteReferenceDestination(_ number: Int) -> String { "\(namespace)fnref\(number)" }
}
