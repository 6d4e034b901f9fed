import QuireModel

/// A Markdown body parsed a section at a time, each section's blocks as the whole document's
/// parse gives them (`SectionParse`), so that memory holds one section's tree and blocks
/// rather than the document's (cmark-gfm's tree alone is about 17 bytes per byte of text).
///
/// Sections are cut where `SectionScanner` proposes, once a section has at least
/// `minimumSize` bytes, and where cmark confirms (`SectionParse.check`); a refused cut makes
/// the next attempt at least twice as long, so that a body no cut suits is checked in
/// O(n log n) at worst, O(n) as a rule. A body with no cut is one section.
///
/// The bytes are read, never copied whole: each section's text is made when it is parsed,
/// and `release` is told of each range of bytes once read (a mapped file drops its pages).
package final class SectionedBody {
    package struct Section {
        package var range: Range<Int>
        /// The document's line of its first line.
        package var firstLine: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    package private(set) var sections: [Section] = []
    /// The definitions every section is parsed after (none for a body of one section).
    package private(set) var definitions = SectionDefinitions()
    package let smartPunctuation: Bool
    /// Whether the body may hold an extended autolink: the whole's parse decides as the
    /// document's would (`mayHoldAutolinks`).
    private let autolinks: Bool
    private let release: (Range<Int>) -> Void

    /// The fewest bytes of a section when the document's definitions are small: about 2 MB
    /// of cmark's tree and 1 MB of blocks at a time.
    package static let minimumSize = 128 * 1024

    /// Cuts `bytes` (valid while this lives), whose first line is the document's `firstLine`
    /// and first byte the file's `base`, into sections of at least `minimumSize` bytes; by
    /// default `SectionedBody.minimumSize`, or twice the size of the document's definitions
    /// should they be larger (every section is parsed after them).
    /// - Throws: `SectionScanner.Problem` when the bytes are not UTF-8 text (checked first).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, base: Int = 0, minimumSize: Int? = nil,
         smartPunctuation: Bool, release: @escaping (Range<Int>) -> Void = { _ in }) throws(SectionScanner.Problem) {
        self.bytes = bytes
        self.smartPunctuation = smartPunctuation
        self.release = release
        let scan = try SectionScanner(bytes, base: base)
        autolinks = mayHoldAutolinks(bytes)
        // About a definition's size, as written again (a link's) or as written (a footnote's);
        // a label defined again (a document repeating a part) is given once.
        let definitionBytes = Set(scan.labels.map(\.text)).count * 96
        cut(scan, firstLine: firstLine, minimumSize: minimumSize ?? max(Self.minimumSize, 2 * definitionBytes))
    }

    /// Cuts the body where cmark confirms it, gathering the definitions as it goes.
    private func cut(_ scan: SectionScanner, firstLine: Int, minimumSize: Int) {
        var start = 0, startLine = 1
        var want = minimumSize
        var next = 0, label = 0
        var notes: [(text: String, line: Int)] = []
        func labels(before end: Int) -> [SectionScanner.Label] {
            var found: [SectionScanner.Label] = []
            while label < scan.labels.count, scan.labels[label].offset < end {
                found.append(scan.labels[label])
                label += 1
            }
            return found
        }
        while true {
            while next < scan.cuts.count, scan.cuts[next].offset < start + max(1, want) { next += 1 }
            guard next < scan.cuts.count else { break }
            let cut = scan.cuts[next]
            let firstLabel = label
            let check = SectionParse.check(text(start..<cut.offset), firstLine: firstLine + startLine - 1,
                                           labels: labels(before: cut.offset), smartPunctuation: smartPunctuation,
                                           autolinks: autolinks)
            release(start..<cut.offset)
            guard check.isClean else {
                // Refused: the labels are asked for again with the longer section.
                label = firstLabel
                want = 2 * (cut.offset - start)
                continue
            }
            sections.append(Section(range: start..<cut.offset, firstLine: firstLine + startLine - 1))
            definitions.add(check)
            notes += check.footnotes
            (start, startLine, want) = (cut.offset, cut.line, minimumSize)
            next += 1
        }
        if !sections.isEmpty {
            let check = SectionParse.check(text(start..<bytes.count), firstLine: firstLine + startLine - 1,
                                           labels: labels(before: bytes.count), smartPunctuation: smartPunctuation,
                                           autolinks: autolinks)
            release(start..<bytes.count)
            definitions.add(check)
            notes += check.footnotes
            definitions.addFootnotes(notes)
        }
        sections.append(Section(range: start..<bytes.count, firstLine: firstLine + startLine - 1))
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Parses each section in order, handing `body` its blocks (a caller returns the memory
    /// they took to the system after each, `ResidentMemory`); returns the footnote
    /// definitions they referred to, numbered across the document, for the end of it (where
    /// cmark puts them in a whole document).
    package func parse(_ body: ([Block]) throws -> Void) rethrows -> [Block] {
        let numbers = FootnoteNumbers()
        var notes: [Block] = []
        for section in sections {
            let text = text(section.range)
            release(section.range)
            let parsed = SectionParse.parse(text, firstLine: section.firstLine, definitions: definitions, numbers: numbers,
                                            smartPunctuation: smartPunctuation, autolinks: autolinks)
            notes += parsed.notes
            try body(parsed.blocks)
        }
        return notes
    }
}
