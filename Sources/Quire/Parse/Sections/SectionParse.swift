import CCmarkGFM
import QuireModel

/// A document parsed a section at a time, as `parseMarkdown` parses it whole: cmark-gfm's
/// side of it (the cuts `SectionScanner` proposes confirmed, the definitions found, each
/// section parsed with them).
///
/// A cut is confirmed by parsing the section before it with a sentinel heading after it: the
/// cut changes nothing when the sentinel comes out a heading of the document's own (nothing
/// open swallowed it: fenced code, an HTML block, a list) and, where the section has raw HTML,
/// outside every element (`HTMLStructure`'s blocks end with it, with no direction or
/// alignment of an element's).
///
/// Definitions: CommonMark's link reference definitions and GitHub's footnote definitions
/// apply to the whole document, wherever they stand. The same parse finds a section's: each
/// label `SectionScanner` saw is asked for by a paragraph of its own before the section
/// (`[label]` and `[^label]`, which cmark resolves as it would a reference): a link comes back
/// with its destination and title, written again as a definition (`[label]: <url> "title"`,
/// every ASCII punctuation escaped so that it reads back the same), and a footnote's
/// definition comes back with its lines, taken as written. Every section is then parsed after
/// all of the document's definitions (`SectionDefinitions`), the link definitions first in
/// document order (so the first one of a label wins, as in the whole), and its blocks are the
/// ones after them; cmark numbers a section's footnotes from 1, which `FootnoteNumbers` makes
/// the document's numbers (by first reference, as cmark numbers them in the whole), each
/// definition's blocks kept once, for the end of the document.
package enum SectionParse {
    /// What confirming a cut found: whether it changes nothing, and the section's definitions.
    package struct Check {
        package var isClean = false
        /// Link definitions as written again, with their labels, in the order asked for.
        package var links: [(label: String, text: String)] = []
        /// Footnote definitions: their lines as written and the document's line of the first.
        package var footnotes: [(text: String, line: Int)] = []
    }

    /// The text of the sentinel heading.
    private static let sentinel = "quire-section-sentinel-7c1e"

    /// Parses `section` (whole lines, starting on the document's line `firstLine`) after a
    /// paragraph asking for each of `labels`, with a sentinel heading after it; `labels` are
    /// those `SectionScanner` found in it. O(section).
    package static func check(_ section: String, firstLine: Int, labels: [SectionScanner.Label], smartPunctuation: Bool,
                      autolinks: Bool) -> Check {
        var asks = ""
        for label in labels { asks += (label.isFootnote ? "[^" : "[") + label.text + "]\n\n" }
        let askLines = 2 * labels.count
        return withCmarkTree(asks + section + "\n\n# \(sentinel)\n", smartPunctuation: smartPunctuation, autolinks: autolinks) { root in
            var check = Check()
            var nodes: [OpaquePointer] = []
            var child = cmark_node_first_child(root)
            while let c = child { nodes.append(c); child = cmark_node_next(c) }
            // Footnote definitions come last, in the order of their first reference.
            let notes = nodes.reversed().prefix { cmark_node_get_type($0) == CMARK_NODE_FOOTNOTE_DEFINITION }
            let blocks = nodes.dropLast(notes.count)
            check.isClean = blocks.last.map(isSentinel) ?? false
            if check.isClean, blocks.contains(where: { cmark_node_get_type($0) == CMARK_NODE_HTML_BLOCK }) {
                check.isClean = endsOutsideHTML(blocks)
            }
            // The asks, each a paragraph of one link when its label is defined.
            for node in blocks {
                let line = Int(cmark_node_get_start_line(node))
                guard line <= askLines, line % 2 == 1, !labels[line / 2].isFootnote,
                      cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH,
                      let link = cmark_node_first_child(node), cmark_node_get_type(link) == CMARK_NODE_LINK else { continue }
                let label = labels[line / 2].text
                check.links.append((label, definition(label, url: text(cmark_node_get_url(link)), title: text(cmark_node_get_title(link)))))
            }
            let sectionLines = section.split(separator: "\n", omittingEmptySubsequences: false)
            for note in notes.reversed() {
                // Its last line may be one of the blank ones before the sentinel.
                let first = Int(cmark_node_get_start_line(note)) - askLines
                let last = min(Int(cmark_node_get_end_line(note)) - askLines, sectionLines.count)
                guard first >= 1, first <= last else { continue }
                var lines = sectionLines[(first - 1)..<last]
                while let end = lines.last, end.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { lines = lines.dropLast() }
                check.footnotes.append((lines.joined(separator: "\n"), firstLine + first - 1))
            }
            return check
        } ?? Check()
    }

    /// Whether `node` is the sentinel heading.
    private static func isSentinel(_ node: OpaquePointer) -> Bool {
        guard cmark_node_get_type(node) == CMARK_NODE_HEADING, let text = cmark_node_first_child(node),
              cmark_node_next(text) == nil, cmark_node_get_type(text) == CMARK_NODE_TEXT else { return false }
        return Self.text(cmark_node_get_literal(text)) == sentinel
    }

    /// Whether the sentinel, the last of `blocks`, stands outside every element their raw HTML
    /// opens: `HTMLStructure` gives it back last and as it was.
    private static func endsOutsideHTML(_ blocks: ArraySlice<OpaquePointer>) -> Bool {
        var sources: [SourceBlock] = []
        for (i, node) in blocks.enumerated() {
            let line = Int(cmark_node_get_start_line(node))
            if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                sources.append(.html(text(cmark_node_get_literal(node)), line: line))
            } else {
                sources.append(.markdown(Block(i == blocks.count - 1 ? .pageBreak : .thematicBreak, line: line)))
            }
        }
        guard let last = HTMLStructure.build(sources).last, case .pageBreak = last.kind else { return false }
        return last.direction == nil && last.alignment == nil
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

    /// A link reference definition that reads back as `url` and `title`.
    package static func definition(_ label: String, url: String, title: String) -> String {
        var out = "[" + label + "]: <" + escaped(url) + ">"
        if !title.isEmpty { out += " \"" + escaped(title) + "\"" }
        return out
    }

    /// `text` with every ASCII punctuation character (CommonMark's, which a backslash escapes)
    /// backslash-escaped.
    private static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if Self.punctuation.contains(byte) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let punctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".utf8)

    /// Parses one section (whole lines, the first the document's line `firstLine`) after the
    /// document's `definitions` its text may refer to; its footnotes numbered by `numbers`. Returns its blocks and
    /// the footnote definitions it referred to first (for the end of the document). O(section
    /// + definitions).
    package static func parse(_ section: String, firstLine: Int, definitions: SectionDefinitions, numbers: FootnoteNumbers,
                      smartPunctuation: Bool, autolinks: Bool) -> (blocks: [Block], notes: [Block]) {
        let given = definitions.prelude(for: section)
        let prelude = given.lineCount
        let lines = SectionLines(prelude: given.footnoteLines, preludeCount: prelude, firstLine: firstLine)
        let result = withCmarkTree(given.text + section, smartPunctuation: smartPunctuation, autolinks: autolinks) { root in
            let notes = SectionNotes(root, lines: lines, numbers: numbers)
            let blocks = CmarkConverter(lines: lines, notes: notes).blocks(childrenOf: root, prelude: prelude)
            var kept: [Block] = [], new: [Block] = []
            for block in blocks {
                guard case .footnoteDefinition(let label, _) = block.kind else { kept.append(block); continue }
                if notes.isNew(label) { new.append(block) }
            }
            return (kept, new)
        }
        return result ?? ([], [])
    }
}

/// The document's line of each line of a section's text: its definitions' lines (a footnote's
/// taken from where it stands), then its own from `firstLine`. Line 0 stays 0 (unknown).
package struct SectionLines {
    /// Where each footnote definition starts, in the text and in the document.
    package let prelude: [(textLine: Int, documentLine: Int)]
    package let preludeCount: Int
    package let firstLine: Int

    package static let identity = SectionLines(prelude: [], preludeCount: 0, firstLine: 1)

    package func map(_ line: Int) -> Int {
        guard line > 0 else { return line }
        if line > preludeCount { return firstLine + line - preludeCount - 1 }
        let k = prelude.partitionPoint { $0.textLine > line } - 1
        guard k >= 0 else { return 0 }
        return prelude[k].documentLine + line - prelude[k].textLine
    }
}
