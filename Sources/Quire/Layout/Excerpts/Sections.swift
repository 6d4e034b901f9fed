/// A document divided for excerpts: a heading and the blocks up to the next heading.
struct Section {
    /// nil for the content before the first heading (or after a leading title heading).
    var heading: Block?
    var body: [Block]
}

/// How excerpt mode divides a document.
struct SectionedDocument {
    /// A heading that opens the document: shown as is, never cut.
    var title: Block?
    var sections: [Section]
    /// Footnote texts, kept out of the sections and set after the main flow.
    var footnotes: [Block]

    /// Splits top-level blocks at every top-level heading. O(blocks).
    init(_ blocks: [Block]) {
        var rest = blocks[...]
        if let first = rest.first, case .heading = first.kind {
            title = first
            rest = rest.dropFirst()
        }
        sections = []
        footnotes = []
        var current = Section(heading: nil, body: [])
        for block in rest {
            switch block.kind {
            case .heading:
                if current.heading != nil || !current.body.isEmpty { sections.append(current) }
                current = Section(heading: block, body: [])
            case .footnoteDefinition:
                footnotes.append(block)
            default:
                current.body.append(block)
            }
        }
        if current.heading != nil || !current.body.isEmpty { sections.append(current) }
    }
}
