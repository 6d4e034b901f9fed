import QuireModel

/// Direction in layout: of a paragraph by the Unicode bidi rule P2 (the first strong
/// character decides, `WritingDirection.of`), and of a list, which takes one for all its items.
package enum TextDirection {
    /// True when the first strong character of `text` is right-to-left (Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko, ... or RLM); false for a left-to-right letter (or LRM) or none.
    /// O(n) until the first strong character.
    package static func isRightToLeft(_ text: String) -> Bool {
        WritingDirection.of(text) == .rightToLeft
    }

    /// The direction of a list: the context's when an element's `dir` or an enclosing list
    /// gives one, else that of the first item holding a strong character (so markers never
    /// change sides within a list), else nil. O(text up to that character).
    package static func ofList(_ list: ListBlock, in context: BlockContext) -> WritingDirection? {
        if let direction = context.direction { return direction }
        for item in list.items {
            if let direction = item.blocks.lazy.compactMap({ $0.direction ?? [$0].firstStrongDirection }).first {
                return direction
            }
        }
        return nil
    }
}
