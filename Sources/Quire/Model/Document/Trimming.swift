/// White space trimmed from the ends of a string without Foundation: the same characters as
/// `CharacterSet.whitespaces` and `.whitespacesAndNewlines` (CoreFoundation's lists, which
/// `WhitespaceTrimmingTests` checks against Foundation's trimming character by character).
///
/// Why not Foundation's `trimmingCharacters(in:)`: it goes through `NSString` and
/// `CFCharacterSet`, about 8,000 instructions a call (a heading's title, a colour, a font
/// name) and a million for the first (its tables and the Swift runtime's conformance lookups);
/// this is O(length of the white space trimmed).
extension StringProtocol {
    /// The string without the tabs and spaces (Unicode's space separators and U+200B) at its ends.
    package func trimmingWhitespace() -> String { Trimming.trim(String(self)) { $0.isFoundationWhitespace } }

    /// The string without white space or line ends (U+000A to U+000D, U+0085, U+2028, U+2029)
    /// at its ends.
    package func trimmingWhitespaceAndNewlines() -> String {
        Trimming.trim(String(self)) { $0.isFoundationWhitespace || $0.isFoundationNewline }
    }
}

private enum Trimming {
    /// `string` without the scalars at its ends that `isTrimmed` picks; `string` itself when
    /// there are none (no copy).
    static func trim(_ string: String, _ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = string.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isTrimmed(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        if start == scalars.startIndex && end == scalars.endIndex { return string }
        return String(scalars[start..<end])
    }
}

extension Unicode.Scalar {
    /// In `CharacterSet.whitespaces`: tab, space, no-break space, ogham space mark, the spaces
    /// from en quad to zero width space, narrow no-break space, medium mathematical space and
    /// ideographic space.
    package var isFoundationWhitespace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// A line end in `CharacterSet.whitespacesAndNewlines` beyond `isFoundationWhitespace`.
    package var isFoundationNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
