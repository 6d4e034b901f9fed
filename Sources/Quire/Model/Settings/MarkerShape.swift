/// The drawn marker of a bullet list item.
public enum MarkerShape: String, Sendable, Equatable, CaseIterable, Encodable {
    /// A filled circle.
    case disc
    /// An open circle.
    case circle
    /// A filled square.
    case square
    /// A short horizontal rule.
    case dash
}
