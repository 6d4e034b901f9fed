/// The definitions a section is parsed after (`SectionParse.parse`): the document's link
/// reference definitions, then its footnote definitions, in document order (so that the first
/// of a label wins, as in the whole), of the labels the section's text may refer to, then a
/// blank line.
///
/// Which labels a section may refer to: the text between each pair of brackets in it (and in
/// the footnote definitions it is given), folded as cmark folds labels (ASCII case, runs of
/// white space). A label with other characters is always given (cmark folds Unicode case,
/// which this does not imitate); a definition of a label the section never names is not, since
/// cmark would do nothing with it. So a section's parse costs its own length and its
/// references', not all the document's definitions' (a document defining a footnote in every
/// part would otherwise give each section all of them).
package struct SectionDefinitions {
    private struct Definition {
        /// The folded label (nil: given to every section), "^label" for a footnote's.
        var key: String?
        var text: String
        /// A footnote definition's first line in the document; nil for a link's.
        var line: Int?
    }

    private var links: [Definition] = []
    private var footnotes: [Definition] = []
    private var seen: Set<String> = []

    /// Adds `check`'s link definitions (those of the next section), each once.
    package mutating func add(_ check: SectionParse.Check) {
        for link in check.links where seen.insert(link.text).inserted {
            links.append(Definition(key: Self.key(link.label), text: link.text, line: nil))
        }
    }

    /// Adds footnote definitions (their text and first line), each once.
    package mutating func addFootnotes(_ notes: [(text: String, line: Int)]) {
        for note in notes where seen.insert("^\(note.line)").inserted {
            footnotes.append(Definition(key: Self.footnoteLabel(note.text).flatMap(Self.key).map { "^" + $0 }, text: note.text,
                                        line: note.line))
        }
    }

    package var isEmpty: Bool { links.isEmpty && footnotes.isEmpty }

    /// The definitions `section` may refer to, as one text: its length in lines, and where
    /// each footnote definition starts in it and in the document. After a footnote, a thematic
    /// break ends it (the first section need not start with a heading, and an indented line
    /// there would continue it). O(section + definitions).
    package func prelude(for section: String) -> (text: String, lineCount: Int, footnoteLines: [(textLine: Int, documentLine: Int)]) {
        guard !isEmpty else { return ("", 0, []) }
        var named = Self.bracketed(section)
        let notes = footnotes.filter { $0.key.map(named.contains) ?? true }
        for note in notes { named.formUnion(Self.bracketed(note.text)) }
        var text = "", lineCount = 0, footnoteLines: [(Int, Int)] = []
        func append(_ definition: String) {
            text += definition + "\n\n"
            lineCount += definition.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } + 1
        }
        for link in links where link.key.map(named.contains) ?? true { append(link.text) }
        for note in notes {
            footnoteLines.append((lineCount + 1, note.line ?? 0))
            append(note.text)
        }
        if !notes.isEmpty { append("***") }
        return (text, lineCount, footnoteLines)
    }

    /// `label` folded as cmark folds it when it is ASCII (letters to lower case, each run of
    /// white space one space, none at the ends); nil when it holds other characters.
    package static func key(_ label: Substring) -> String? {
        var out: [UInt8] = []
        var space = false
        for byte in label.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                space = !out.isEmpty
                continue
            }
            if space { out.append(0x20); space = false }
            out.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    package static func key(_ label: String) -> String? { key(label[...]) }

    /// The label of a footnote definition's text (`[^label]:` on its first line).
    private static func footnoteLabel(_ text: String) -> Substring? {
        guard let open = text.range(of: "[^"), let close = text[open.upperBound...].firstIndex(of: "]") else { return nil }
        return text[open.upperBound..<close]
    }

    /// The folded text between each pair of brackets in `text` (innermost pairs first, a
    /// backslash escaping the next character), as keys: "^label" for `[^label]`. O(n).
    package static func bracketed(_ text: String) -> Set<String> {
        var keys: Set<String> = []
        var opens: [String.UTF8View.Index] = []
        var i = text.utf8.startIndex
        while i < text.utf8.endIndex {
            let byte = text.utf8[i]
            if byte == UInt8(ascii: "\\") {
                i = text.utf8.index(after: i)
                if i < text.utf8.endIndex { i = text.utf8.index(after: i) }
                continue
            }
            if byte == UInt8(ascii: "[") {
                if opens.count == 32 { opens.removeFirst() }
                opens.append(text.utf8.index(after: i))
            } else if byte == UInt8(ascii: "]"), let start = opens.popLast(), text.utf8.distance(from: start, to: i) <= 999,
                      let key = key(text[start..<i]) {
                keys.insert(key)
            }
            i = text.utf8.index(after: i)
        }
        return keys
    }
}
