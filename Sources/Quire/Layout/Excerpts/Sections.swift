import QuireModel

/// A document divided for excerpts: a heading and the blocks up to the next heading.
package struct Section {
    /// nil for the content before the first heading (or after a leading title heading).
    package var heading: Block?
    package var body: [Block]
}

/// How excerpt mode divides a document, as a reader sees its sections: at every top-level
/// heading, Markdown or HTML (`<h1 align="center">`, a README's title).
package struct SectionedDocument {
    /// A heading that opens the document: shown as is, never cut.
    package var title: Block?
    package var sections: [Section]
    /// Footnote texts, kept out of the sections and set after the main flow.
    package var footnotes: [Block]

    /// Splits top-level blocks at every top-level heading. O(blocks).
    package init(_ blocks: [Block]) {
        var rest = blocks[...]
        if let first = rest.first, first.sectionHeading != nil {
            title = first
            rest = rest.dropFirst()
        }
        sections = []
        footnotes = []
        var current = Section(heading: nil, body: [])
        for block in rest {
            if case .footnoteDefinition = block.kind {
                footnotes.append(block)
            } else if block.sectionHeading != nil {
                if current.heading != nil || !current.body.isEmpty { sections.append(current) }
                current = Section(heading: block, body: [])
            } else {
                current.body.append(block)
            }
        }
        if current.heading != nil || !current.body.isEmpty { sections.append(current) }
    }

    /// The title of the part before the first heading, which its full text is set under: the
    /// front matter's title, else the heading that opens the document (the part stands under
    /// it), else the document's title heading (`titleHeading`), else `fallback` (the file
    /// name). O(blocks up to the first heading).
    package static func preambleTitle(_ blocks: [Block], frontMatter: String?, fallback: String) -> String {
        if let title = frontMatter { return title }
        if let opening = blocks.first?.sectionHeading, !opening.text.isEmpty { return opening.text }
        return blocks.titleHeading?.text ?? fallback
    }
}

extension [Block] {
    /// The heading that titles the document: its first heading (a Markdown heading, or the
    /// first heading of an HTML block) when that is of level 1 (ATX, setext or `<h1>`), with
    /// its index; nil when the first heading is of another level or there is none. A level-1
    /// heading after another heading names a part, not the document (GRDB's README has
    /// "# Documentation" at line 280, after its introduction's headings). Headings without
    /// text are passed over. O(blocks up to the first heading).
    package var titleHeading: (index: Int, text: String)? {
        for (index, block) in enumerated() {
            if let heading = block.sectionHeading, !heading.text.isEmpty {
                return heading.level == 1 ? (index, heading.text) : nil
            }
            if let text = block.levelOneTitle { return (index, text) }
        }
        return nil
    }
}

extension Block {
    /// The heading this block starts a section with: a Markdown heading, or an HTML block
    /// whose first part with text is a heading (what follows it in the same block is shown
    /// with it); its level and plain text. O(block's length).
    package var sectionHeading: (level: Int, text: String)? {
        switch kind {
        case .heading(let level, let content):
            return (level, content.plainText.trimmingWhitespaceAndNewlines())
        case .html(let html):
            for block in html.blocks {
                let text = block.inlineContent.first?.plainText.trimmingWhitespaceAndNewlines() ?? ""
                if case .heading(let level, _) = block.kind, !text.isEmpty { return (level, text) }
                if !text.isEmpty { return nil }
            }
            return nil
        default:
            return nil
        }
    }

    /// The text of the level-1 heading the block is or holds (the first `<h1>` of an HTML
    /// block), when not empty. O(block's length).
    package var levelOneTitle: String? {
        switch kind {
        case .heading(1, let content):
            let text = content.plainText.trimmingWhitespace()
            return text.isEmpty ? nil : text
        case .html(let html):
            let heading = html.blocks.lazy.compactMap { if case .heading(1, let content) = $0.kind { return content } else { return nil } }.first
            let text = heading.map { $0.plainText.trimmingWhitespaceAndNewlines() } ?? ""
            return text.isEmpty ? nil : text
        default:
            return nil
        }
    }

    /// Whether the block is decoration a reader passes over to the prose: badges, logos and
    /// pictures (linked or not), separators between them, blank HTML (`<br>`, `<p></p>`,
    /// comments, anchors) and rules. Text of any other kind makes it prose.
    /// O(block's length).
    package var isDecoration: Bool {
        switch kind {
        case .thematicBreak:
            return true
        case .paragraph(let content):
            return Inline.decorationOnly(content)
        case .html(let html):
            return html.blocks.allSatisfy { part in
                switch part.kind {
                case .thematicBreak: return true
                case .paragraph(let content): return Inline.decorationOnly(content, allowingNone: true)
                default: return false
                }
            }
        default:
            return false
        }
    }
}

extension Inline {
    /// True when `inlines` hold pictures and nothing else a reader reads: images (Markdown's
    /// and HTML's), links whose content is only that, anchors, breaks, spaces and separators
    /// (`|`, `·`, `•`, dashes); with at least one image unless `allowingNone`. O(n).
    package static func decorationOnly(_ inlines: [Inline], allowingNone: Bool = false) -> Bool {
        var images = 0
        func check(_ inlines: [Inline]) -> Bool {
            for inline in inlines {
                switch inline {
                case .image, .htmlImage:
                    images += 1
                case .link(_, _, let content), .located(_, let content), .styled(_, let content):
                    guard check(content) else { return false }
                case .anchor:
                    continue
                case .softBreak, .hardBreak:
                    continue
                case .text(let s):
                    guard s.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || separators.contains($0) }) else { return false }
                default:
                    return false
                }
            }
            return true
        }
        return check(inlines) && (images > 0 || allowingNone)
    }

    private static let separators: Set<Unicode.Scalar> = Set("|·•-–—/,".unicodeScalars)
}
