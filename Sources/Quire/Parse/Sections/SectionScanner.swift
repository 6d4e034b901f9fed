import QuireModel

/// One reading of a Markdown body's bytes, before anything is parsed: where it might be cut
/// into sections that parse as the whole does, the labels its definitions might have, how
/// many lines it has, and whether it is UTF-8 text at all.
///
/// A cut is proposed before an ATX heading (`#` to `######` at the line's very start) that
/// follows a blank line, outside what a blank line does not close at the top level: fenced
/// code and the HTML blocks of CommonMark's kinds 1 to 5 (`<pre>`, `<script>`, `<style>`,
/// `<textarea>`, comments, processing instructions, declarations, CDATA). Every other block
/// is closed by the blank line and the heading: paragraphs, tables, lists and quotes (no lazy
/// line follows a blank one), indented code, HTML of kinds 6 and 7, footnote definitions;
/// and `$$` lines are display math only with no blank line between them
/// (`DisplayMathLines`), so a pair never spans a cut. The proposals are only that:
/// `SectionParse.check` has cmark-gfm confirm each cut made, so a construct this reading
/// misjudges (a fence inside a list item) costs a cut, never a difference.
///
/// Lines end as CommonMark's do (LF, CR LF or a lone CR), so line numbers are cmark's.
/// - Complexity: O(n) in the body's length.
package struct SectionScanner {
    /// A proposed cut: the byte offset where the heading's line starts and its line number.
    package struct Cut: Equatable {
        package var offset: Int
        package var line: Int
    }

    /// A line that may start a definition: a link reference definition (`[label]: ...`) or a
    /// footnote's (`[^label]: ...`), after any quote markers, indentation and list marker.
    package struct Label: Equatable {
        package var text: String
        package var isFootnote: Bool
        /// Its line number, and the offset where its line starts.
        package var line: Int
        package var offset: Int
    }

    /// The first byte that is not text (`TextProblem`, in the model: input files report it too).
    package typealias Problem = TextProblem

    package private(set) var cuts: [Cut] = []
    package private(set) var labels: [Label] = []
    /// The body's number of lines (a last line without its end counts).
    package private(set) var lineCount = 0

    /// Reads `bytes`; `base` is the offset of its first byte in the file (for problems).
    /// - Throws: `Problem` at the first byte that is not text.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, base: Int = 0) throws(Problem) {
        if let problem = TextProblem.first(in: bytes, base: base) { throw problem }
        var reader = Reader(bytes: bytes)
        reader.run()
        cuts = reader.cuts
        labels = reader.labels
        lineCount = reader.line
    }

    /// The walk over the lines.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var cuts: [Cut] = []
        var labels: [Label] = []
        var line = 0
        private var previousBlank = true
        /// Open fenced code: its character and length.
        private var fence: (char: UInt8, count: Int)?
        /// Open HTML block of kinds 1 to 5: what ends it.
        private var htmlEnd: [UInt8]?

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func run() {
            var start = 0
            let n = bytes.count
            while start < n {
                var end = start
                while end < n, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                var next = end
                if next < n { next += (bytes[next] == 0x0D && next + 1 < n && bytes[next + 1] == 0x0A) ? 2 : 1 }
                line += 1
                read(start..<end)
                start = next
            }
        }

        private mutating func read(_ range: Range<Int>) {
            var i = range.lowerBound
            var column = 0
            while i < range.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 {
                column = bytes[i] == 0x09 ? (column / 4 + 1) * 4 : column + 1
                i += 1
            }
            let blank = i == range.upperBound
            let text = i..<range.upperBound
            defer { previousBlank = blank }
            if let open = fence {
                if column <= 3, closesFence(text, open) { fence = nil }
                return
            }
            if let end = htmlEnd {
                if contains(text, end) { htmlEnd = nil }
                return
            }
            if blank { return }
            noteLabel(range)
            if column == 0, previousBlank, line > 1, isATXHeading(text) {
                cuts.append(Cut(offset: range.lowerBound, line: line))
            }
            guard column <= 3 else { return }
            if let opened = opensFence(text) {
                fence = opened
            } else if let end = htmlBlockEnd(text), !contains(text, end) {
                htmlEnd = end
            }
        }

        private func isATXHeading(_ text: Range<Int>) -> Bool {
            var i = text.lowerBound
            while i < text.upperBound, bytes[i] == UInt8(ascii: "#") { i += 1 }
            let level = i - text.lowerBound
            return (1...6).contains(level) && (i == text.upperBound || bytes[i] == 0x20 || bytes[i] == 0x09)
        }

        private func run(of char: UInt8, _ text: Range<Int>) -> Int {
            var i = text.lowerBound
            while i < text.upperBound, bytes[i] == char { i += 1 }
            return i - text.lowerBound
        }

        private func opensFence(_ text: Range<Int>) -> (char: UInt8, count: Int)? {
            for char in [UInt8(ascii: "`"), UInt8(ascii: "~")] {
                let count = run(of: char, text)
                guard count >= 3 else { continue }
                if char == UInt8(ascii: "`"), bytes[(text.lowerBound + count)..<text.upperBound].contains(char) { return nil }
                return (char, count)
            }
            return nil
        }

        private func closesFence(_ text: Range<Int>, _ open: (char: UInt8, count: Int)) -> Bool {
            let count = run(of: open.char, text)
            guard count >= open.count else { return false }
            return bytes[(text.lowerBound + count)..<text.upperBound].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        }

        /// What ends the HTML block of kind 1 to 5 the line starts, if it starts one.
        private func htmlBlockEnd(_ text: Range<Int>) -> [UInt8]? {
            guard bytes[text.lowerBound] == UInt8(ascii: "<") else { return nil }
            let rest = bytes[text.lowerBound..<text.upperBound].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
            for name in ["script", "pre", "style", "textarea"] {
                let tag = Array("<\(name)".utf8)
                guard rest.starts(with: tag) else { continue }
                if rest.count == tag.count || [0x20, 0x09, UInt8(ascii: ">")].contains(rest[tag.count]) { return Array("</\(name)>".utf8) }
            }
            if rest.starts(with: Array("<!--".utf8)) { return Array("-->".utf8) }
            if rest.starts(with: Array("<?".utf8)) { return Array("?>".utf8) }
            if rest.starts(with: Array("<![cdata[".utf8)) { return Array("]]>".utf8) }
            if rest.count > 2, rest[1] == UInt8(ascii: "!"), (0x61...0x7A).contains(rest[2]) { return Array(">".utf8) }
            return nil
        }

        /// Whether `text` holds `needle` (ASCII letters compared without case).
        private func contains(_ text: Range<Int>, _ needle: [UInt8]) -> Bool {
            guard text.count >= needle.count else { return false }
            var i = text.lowerBound
            while i + needle.count <= text.upperBound {
                var k = 0
                while k < needle.count {
                    let b = bytes[i + k]
                    if (0x41...0x5A).contains(b) ? b + 0x20 != needle[k] : b != needle[k] { break }
                    k += 1
                }
                if k == needle.count { return true }
                i += 1
            }
            return false
        }

        /// Records the label of a line shaped as a definition's first line.
        private mutating func noteLabel(_ range: Range<Int>) {
            var i = range.lowerBound
            while i < range.upperBound, [0x20, 0x09, UInt8(ascii: ">")].contains(bytes[i]) { i += 1 }
            // A list item's marker before it.
            if i + 1 < range.upperBound, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[i]),
               bytes[i + 1] == 0x20 || bytes[i + 1] == 0x09 {
                i += 2
            } else {
                var d = i
                while d < range.upperBound, d - i < 9, (0x30...0x39).contains(bytes[d]) { d += 1 }
                if d > i, d + 1 < range.upperBound, bytes[d] == UInt8(ascii: ".") || bytes[d] == UInt8(ascii: ")"),
                   bytes[d + 1] == 0x20 || bytes[d + 1] == 0x09 {
                    i = d + 2
                }
            }
            while i < range.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            guard i < range.upperBound, bytes[i] == UInt8(ascii: "[") else { return }
            var k = i + 1
            while k < range.upperBound, bytes[k] != UInt8(ascii: "]") {
                if bytes[k] == UInt8(ascii: "[") { return }
                k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard k + 1 < range.upperBound, bytes[k + 1] == UInt8(ascii: ":"), k - i - 1 <= 999, k > i + 1 else { return }
            let footnote = bytes[i + 1] == UInt8(ascii: "^")
            let label = UnsafeBufferPointer(rebasing: bytes[(i + (footnote ? 2 : 1))..<k])
            guard !label.isEmpty else { return }
            labels.append(Label(text: String(decoding: label, as: UTF8.self), isFootnote: footnote, line: line, offset: range.lowerBound))
        }
    }
}
