/// GitHub-style heading anchors ("slugs").
///
/// GitHub lowercases the heading text, drops every character that is not a letter, mark,
/// number, connector punctuation, space or hyphen, and turns spaces into hyphens; a repeated
/// slug gets "-1", "-2", ... appended. `SlugRegistry` reproduces that and remembers every
/// anchor a document defines, including raw `<a id>`/`<a name>` anchors.
package struct SlugRegistry: Sendable {
    private var counts: [String: Int] = [:]
    private var taken: Set<String> = []

    package init() {}

    /// The bare GitHub slug of `text`, before de-duplication.
    package static func slug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark,
                 .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
                out.append(scalar)
            case .spaceSeparator where scalar == " ":
                out.append("-")
            default:
                if scalar == "-" { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// Registers a heading's text and returns its unique slug (O(length of text) amortised).
    package mutating func register(heading text: String) -> String {
        let base = Self.slug(text)
        var candidate = base
        var n = counts[base, default: 0]
        while taken.contains(candidate) {
            n += 1
            candidate = "\(base)-\(n)"
        }
        counts[base] = n
        taken.insert(candidate)
        return candidate
    }

    /// Registers an explicit anchor name (from raw HTML) as written; false if it was taken.
    @discardableResult
    package mutating func register(anchor name: String) -> Bool {
        taken.insert(name).inserted
    }
}
