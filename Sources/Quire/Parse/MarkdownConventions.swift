import QuireModel

/// Conventions written in ordinary Markdown that cmark-gfm parses as ordinary blocks: GitHub's
/// alerts (a block quote whose first line is `[!NOTE]`, ...) and other tools' page breaks
/// (`\newpage`, `\pagebreak` alone on a line). Pure Swift, on the converted blocks.
package enum MarkdownConventions {
    /// The alert a block quote with `children` is: its first line is `[!NOTE]`, `[!TIP]`,
    /// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case) alone, and something follows.
    /// Its blocks are the quote's without that line. Nil for any other quote (a marker with
    /// text after it on its line, an unknown kind, a marker and nothing else), which stays a
    /// quote, as on GitHub. O(first line).
    package static func alert(_ children: [Block]) -> (kind: AlertKind, blocks: [Block])? {
        guard let first = children.first, case .paragraph(let content) = first.kind else { return nil }
        var marker = ""
        var end = content.count
        for (i, inline) in content.enumerated() {
            if case .text(let t) = inline { marker += t; continue }
            if case .softBreak = inline { end = i; break }
            if case .hardBreak = inline { end = i; break }
            return nil  // emphasis, code, a link... on the first line: not a marker
        }
        let trimmed = marker.trimmingWhitespace()
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]"),
              let kind = AlertKind(rawValue: trimmed.dropFirst(2).dropLast().lowercased()) else { return nil }
        var blocks = Array(children.dropFirst())
        let rest = Array(content.dropFirst(min(end + 1, content.count)))
        if !rest.isEmpty { blocks.insert(Block(.paragraph(rest), line: first.line + 1), at: 0) }
        return blocks.isEmpty ? nil : (kind, blocks)
    }

    /// A paragraph with a line that is only `\newpage` or `\pagebreak` as the paragraphs
    /// around such lines and a page break for each; nil when it has none. O(n).
    package static func pageBreakLines(_ content: [Inline], line: Int) -> [Block]? {
        // Such a line's text starts a text node (cmark starts one after each line break): look
        // for a node starting with a backslash first, which costs nothing per character.
        guard content.contains(where: { if case .text(let t) = $0 { return t.utf8.first == 0x5C } else { return false } }) else {
            return nil
        }
        var blocks: [Block] = []
        var current: [Inline] = []
        var currentLine = line
        var sourceLine = line
        var found = false
        var start = 0
        func isBreakLine(_ inlines: ArraySlice<Inline>) -> Bool {
            var text = ""
            for inline in inlines {
                guard case .text(let t) = inline else { return false }
                text += t
            }
            let word = text.trimmingWhitespace()
            return word == "\\newpage" || word == "\\pagebreak"
        }
        func endLine(_ i: Int) {
            let lineInlines = content[start..<i]
            if isBreakLine(lineInlines) {
                found = true
                // The break before this line ends the paragraph so far.
                if case .softBreak? = current.last { current.removeLast() } else if case .hardBreak? = current.last { current.removeLast() }
                if !current.isEmpty { blocks.append(Block(.paragraph(current), line: currentLine)) }
                blocks.append(Block(.pageBreak, line: sourceLine))
                current = []
                currentLine = sourceLine + 1
            } else {
                current += lineInlines
                if i < content.count { current.append(content[i]) }
            }
        }
        for (i, inline) in content.enumerated() {
            switch inline {
            case .softBreak, .hardBreak:
                endLine(i)
                start = i + 1
                sourceLine += 1
            default:
                break
            }
        }
        endLine(content.count)
        guard found else { return nil }
        if case .softBreak? = current.last { current.removeLast() } else if case .hardBreak? = current.last { current.removeLast() }
        if !current.isEmpty { blocks.append(Block(.paragraph(current), line: currentLine)) }
        return blocks
    }
}
