/// A link annotation's description (/Contents, which PDF/UA-1 asks every link for, 7.18.5):
/// the text the link shows.
package enum LinkDescription {
    /// `utf8` without the white space and invisible marks at its ends (spaces, no-break and
    /// thin spaces, tabs, newlines; direction marks and joiners): a link around a picture
    /// holds only the spaces beside it, a link in right-to-left text may hold only a mark,
    /// and neither describes anything. O(n).
    package static func trimmed(_ utf8: [UInt8]) -> [UInt8] {
        // Most links start and end with a letter: nothing to decode.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return utf8 }
        let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
        func shows(_ scalar: Unicode.Scalar) -> Bool {
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .format
        }
        guard let first = scalars.firstIndex(where: shows), let last = scalars.lastIndex(where: shows) else { return [] }
        return Array(String(scalars[first...last]).utf8)
    }
}
