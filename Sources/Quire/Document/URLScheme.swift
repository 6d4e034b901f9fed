/// The URL scheme ("https", "file", "mailto", ...) a link or image reference starts with, as
/// written; nil for a relative path. A scheme is two or more ASCII letters, digits, "+", "-"
/// or ".", starting with a letter, then ":"; one letter before a colon is a Windows drive
/// ("C:\\docs"), not a scheme. O(length of the scheme).
func urlScheme(_ reference: String) -> String? {
    guard let colon = reference.firstIndex(of: ":") else { return nil }
    let name = reference[..<colon]
    guard name.count >= 2, let first = name.first, first.isASCII, first.isLetter,
          name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
    return String(name)
}
