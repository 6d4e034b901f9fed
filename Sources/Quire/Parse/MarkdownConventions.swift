import QuireModel

/// Conventions written in ordinary Markdown that cmark-gfm parses as ordinary blocks: GitHub's
/// alerts (a block quote whose first line is `[!NOTE]`, ...), DocC's asides (`> Note: ...`)
/// and symbol links' disambiguation, and other tools' page breaks (`\newpage`, `\pagebreak`
/// alone on a line). Pure Swift, on the converted blocks.
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

    /// The DocC aside a block quote with `children` is: its first paragraph opens with a DocC
    /// aside kind and a colon (`Note:`, `Experiment:`, `Non-Mutating Variant:`, any case), and
    /// something follows. Shown as the GitHub alert of the nearest look (tip for an experiment,
    /// warning for attention, note for the rest), titled by the kind's name, nil (the alert's
    /// own title) for the four GitHub shares. Its blocks are the quote's without the kind.
    /// O(first text).
    package static func docCAside(_ children: [Block]) -> (kind: AlertKind, title: String?, blocks: [Block])? {
        guard let first = children.first, case .paragraph(let content) = first.kind,
              case .text(let text)? = content.first, let colon = text.firstIndex(of: ":"),
              text.distance(from: text.startIndex, to: colon) <= 24 else { return nil }
        let name = text[..<colon]
        let key = String(name.lowercased().filter { $0 != " " && $0 != "-" })
        guard let (kind, title) = docCAsideKinds[key] else { return nil }
        var rest = Array(content.dropFirst())
        let after = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        if !after.isEmpty {
            rest.insert(.text(String(after)), at: 0)
        } else if let head = rest.first, head == .softBreak || head == .hardBreak {
            rest.removeFirst()
        }
        var blocks = Array(children.dropFirst())
        if !rest.isEmpty { blocks.insert(Block(.paragraph(rest), line: first.line), at: 0) }
        return blocks.isEmpty ? nil : (kind, title, blocks)
    }

    /// DocC's aside kinds (swift-markdown's `Aside.Kind`), by name lowercased without spaces
    /// and hyphens: the alert whose look each takes, and its title (nil: the alert's own).
    package static let docCAsideKinds: [String: (AlertKind, String?)] = {
        var kinds: [String: (AlertKind, String?)] = ["note": (.note, nil), "tip": (.tip, nil), "important": (.important, nil),
                                                     "warning": (.warning, nil), "experiment": (.tip, "Experiment"),
                                                     "attention": (.warning, "Attention")]
        for name in ["Author", "Authors", "Bug", "Complexity", "Copyright", "Date", "Invariant", "Mutating Variant",
                     "Non-Mutating Variant", "Postcondition", "Precondition", "Remark", "Requires", "Since", "To Do",
                     "Version", "Throws", "See Also"] {
            kinds[String(name.lowercased().filter { $0 != " " && $0 != "-" })] = (.note, name)
        }
        return kinds
    }()

    /// A code span's text without a DocC symbol link's disambiguation suffix:
    /// ``` ``Type/method(_:)-9xyz1`` ``` and ``` ``Store/send(_:)-swift.method`` ``` show as
    /// `Type/method(_:)` and `Store/send(_:)`. Only where the span reads as a symbol path (no
    /// space; a slash, a bracket or a capital first) and the suffix as DocC's (a hash of 4 to
    /// 6 lowercase letters and digits, a digit among them; or `-swift.` and a kind), so
    /// `ls -la` and `a-b1c2d` stay. O(n).
    package static func withoutDisambiguation(_ code: String) -> String {
        guard let dash = code.lastIndex(of: "-"), dash > code.startIndex, !code.contains(where: \.isWhitespace) else { return code }
        let symbol = code[..<dash], suffix = code[code.index(after: dash)...]
        guard symbol.contains("/") || symbol.contains("(") || symbol.first?.isUppercase == true, symbol.last != "-" else { return code }
        let isHash = (4...6).contains(suffix.count) && suffix.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
            && suffix.contains(where: \.isNumber)
        let isKind = suffix.hasPrefix("swift.") && suffix.count > 6 && suffix.allSatisfy { $0.isASCII && ($0.isLowercase || $0 == ".") }
        return isHash || isKind ? String(symbol) : code
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
