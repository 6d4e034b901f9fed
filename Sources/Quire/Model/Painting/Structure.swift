/// The document's logical structure, as layout knows it: which heading, paragraph, list item,
/// table cell, figure or link each thing on a page belongs to, and which things are only
/// decoration. A PDF writer makes a Tagged PDF's structure tree of it, so that screen readers
/// and reflowing viewers read the document as written.
///
/// Layout makes an element for each block it sets, as a child of the block around it
/// (`BlockContext.structure`), and tags the text lines, markers, images and link areas it
/// makes with their element (`ContentTag`). Elements are values shared by reference: made on
/// the layout thread, never changed, read by the drawing thread.
package final class StructureElement: Sendable {
    /// The standard structure type (ISO 32000-1, 14.8.4).
    package enum Role: String, Sendable {
        case paragraph = "P"
        case heading1 = "H1", heading2 = "H2", heading3 = "H3", heading4 = "H4", heading5 = "H5", heading6 = "H6"
        case list = "L", listItem = "LI", label = "Lbl", listBody = "LBody"
        case table = "Table", tableHead = "THead", tableBody = "TBody", tableRow = "TR"
        case headerCell = "TH", cell = "TD"
        case figure = "Figure", caption = "Caption"
        case code = "Code", blockQuote = "BlockQuote", note = "Note", link = "Link"
        /// A formula, its TeX source as `alt`.
        case formula = "Formula"
        /// A group of blocks of no other kind (what `<details>` folds).
        case division = "Div"

        /// The heading of `level` (1 to 6; others are clamped).
        package static func heading(_ level: Int) -> Role {
            [.heading1, .heading2, .heading3, .heading4, .heading5, .heading6][max(1, min(6, level)) - 1]
        }
    }

    package let role: Role
    /// The element it is part of; nil for a top-level element (a child of the document).
    package let parent: StructureElement?
    /// The alternate description: a figure's alt text, a formula's TeX.
    package let alt: String?
    /// The script the element's own text is mostly in (nil: no text of its own, or no
    /// letters): a writer marks the element's language where it is not the document's.
    package let script: ScriptGuess?

    package init(_ role: Role, parent: StructureElement?, alt: String? = nil, text: String? = nil) {
        self.role = role
        self.parent = parent
        self.alt = alt
        script = text.flatMap(ScriptGuess.of)
    }
}

/// What a page item is in the document's structure.
package enum ContentTag: Sendable, Equatable {
    /// Layout said nothing: a writer takes a text line for a paragraph of its own.
    case none
    /// Decoration or repetition, not content: a table's header row repeated on a new page.
    case artifact
    case element(StructureElement)

    /// The element, if any.
    package var element: StructureElement? {
        if case .element(let e) = self { return e }
        return nil
    }

    /// Elements are equal when they are the same element.
    package static func == (a: ContentTag, b: ContentTag) -> Bool {
        switch (a, b) {
        case (.none, .none), (.artifact, .artifact): return true
        case (.element(let x), .element(let y)): return x === y
        default: return false
        }
    }
}
