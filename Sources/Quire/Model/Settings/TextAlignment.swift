/// How lines are aligned in their column.
public enum TextAlignment: String, Sendable, Equatable, CaseIterable, Encodable {
    /// Flush left, ragged right.
    case left
    /// Flush right, ragged left.
    case right
    /// Centred.
    case center
    /// Flush on both sides (the last line of a paragraph flush left), hyphenated by default.
    case justify
}
