/// The URL scheme ("https", "file", "mailto", ...) a link or image reference starts with, as
/// written; nil for a relative path. A scheme is two or more ASCII letters, digits, "+", "-"
/// or ".", starting with a letter, then ":"; one letter before a colon is a Windows drive
/// ("C:\\docs"), not a scheme. O(length of the scheme).
///
/// Read as UTF-8 bytes: layout asks this of every link, and reading it as characters (grapheme
/// breaking, Unicode letter properties) cost about 5,000 instructions a link. A scheme is ASCII,
/// so a non-ASCII byte before the first colon means none; a colon followed by a non-ASCII
/// scalar (which may extend it into another character) is read as characters, as before.
package func urlScheme(_ reference: String) -> String? {
    let utf8 = reference.utf8
    var index = utf8.startIndex
    var length = 0
    while index != utf8.endIndex {
        let byte = utf8[index]
        if byte == UInt8(ascii: ":") { break }
        let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        let isOther = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        guard length == 0 ? isLetter : isLetter || isOther else {
            return byte < 0x80 ? nil : characterScheme(reference)
        }
        length += 1
        index = utf8.index(after: index)
    }
    guard index != utf8.endIndex else { return nil }
    let next = utf8.index(after: index)
    if next != utf8.endIndex, utf8[next] >= 0x80 { return characterScheme(reference) }
    return length >= 2 ? String(reference[..<index]) : nil
}

/// `urlScheme` read as characters: for the rare reference where bytes and characters may differ.
private func characterScheme(_ reference: String) -> String? {
    guard let colon = reference.firstIndex(of: ":") else { return nil }
    let name = reference[..<colon]
    guard name.count >= 2, let first = name.first, first.isASCII, first.isLetter,
          name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
    return String(name)
}
