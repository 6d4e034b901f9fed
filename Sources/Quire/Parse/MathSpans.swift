import CCmarkGFM
import Foundation

/// GitHub's math syntax, found while cmark-gfm reads the text: `$…$`, `` $`…`$ `` and
/// `$$…$$` in inline content, `$$` lines around display math, and ```` ```math ```` blocks.
///
/// Inline spans are matched by a cmark-gfm inline extension at each `$` the inline parser
/// reaches, so what cmark reads first keeps its meaning: a backslash-escaped `\$`, code spans,
/// inline HTML, autolinks and link destinations are consumed before their dollars are seen.
/// A span's TeX is the source between its delimiters, untouched by Markdown's escapes and
/// emphasis. Dollars that are not math stay text (pandoc's and GitHub's rules): an opening `$`
/// followed by a space, a closing one preceded by a space or followed by a digit, spans of
/// digits alone (`$5 and $10`, `$5$`), and a span reaching a backtick (a code span starts
/// there, and code spans take precedence: shell's `$HOME` in prose beside code stays text).
enum MathSpans {
    /// Marks a code node as math in its user data: `(line << 2) | display << 1 | 1`. A real
    /// code span's user data is null, so the low bit tells them apart; nothing is allocated.
    static func tag(line: Int, display: Bool) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: (max(0, line) << 2) | (display ? 2 : 0) | 1)
    }

    /// The formula a converted code node stands for; nil for a real code span.
    static func formula(literal: String, userData: UnsafeMutableRawPointer?) -> MathFormula? {
        guard let bits = userData.map({ Int(bitPattern: $0) }), bits & 1 == 1 else { return nil }
        return MathFormula(tex: literal, display: bits & 2 != 0, line: bits >> 2)
    }

    /// The extension, made once per process (a static is initialised once, thread-safely).
    nonisolated(unsafe) static let extensionPointer: OpaquePointer? = {
        guard let ext = cmark_syntax_extension_new("quire-math") else { return nil }
        let dollar = UnsafeMutableRawPointer(bitPattern: Int(UInt8(ascii: "$")))
        let chars = cmark_llist_append(cmark_get_default_mem_allocator(), nil, dollar)
        cmark_syntax_extension_set_special_inline_chars(ext, chars)
        cmark_syntax_extension_set_match_inline_func(ext, { _, _, _, character, inline in
            guard character == UInt8(ascii: "$"), let inline else { return nil }
            return MathSpans.match(inline)
        })
        return ext
    }()

    /// cmark-gfm marks an extension's characters special in a table shared by every parser
    /// while one finishes (and unmarks them after): parsers finish one at a time.
    static let finishing = NSLock()

    /// Matches a span at the parser's `$`: a node holding its TeX (a code node tagged with
    /// `tag`), the parser past its closing delimiter; or nil, the parser where it was.
    /// O(span length); a `$` that opens nothing scans to the end of its paragraph.
    private static func match(_ parser: OpaquePointer) -> OpaquePointer? {
        let start = Int(cmark_inline_parser_get_offset(parser))
        func byte(_ p: Int) -> UInt8 {
            cmark_inline_parser_set_offset(parser, Int32(p))
            return cmark_inline_parser_peek_char(parser)  // 0 past the end
        }
        guard let span = scan(from: start, byte) else {
            cmark_inline_parser_set_offset(parser, Int32(start))
            return nil
        }
        var content: [UInt8] = []
        for p in span.content { content.append(byte(p)) }
        cmark_inline_parser_set_offset(parser, Int32(span.end))
        guard let node = cmark_node_new(CMARK_NODE_CODE) else { return nil }
        content.append(0)
        content.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_literal(node, $0.baseAddress) }
        }
        let line = Int(cmark_inline_parser_get_line(parser))
        cmark_node_set_user_data(node, tag(line: line, display: span.display))
        return node
    }

    /// A span starting at the `$` at `start`, bytes read by `byte` (0 past the end): its
    /// content's byte range, the offset after it, and whether it is display math.
    static func scan(from start: Int, _ byte: (Int) -> UInt8) -> (content: Range<Int>, end: Int, display: Bool)? {
        let dollar = UInt8(ascii: "$"), backtick = UInt8(ascii: "`"), backslash = UInt8(ascii: "\\")
        if byte(start + 1) == dollar {
            // $$…$$: anything non-blank up to the next unescaped $$.
            var p = start + 2
            while true {
                let c = byte(p)
                if c == 0 || c == backtick { return nil }
                if c == backslash { p += 2; continue }
                if c == dollar && byte(p + 1) == dollar { break }
                p += 1
            }
            let content = (start + 2)..<p
            return isBlank(content, byte) ? nil : (content, p + 2, true)
        }
        if byte(start + 1) == backtick {
            // $`…`$: GitHub's form whose content needs no escapes.
            var p = start + 2
            while true {
                let c = byte(p)
                if c == 0 { return nil }
                if c == backtick && byte(p + 1) == dollar { break }
                p += 1
            }
            let content = (start + 2)..<p
            return isBlank(content, byte) ? nil : (content, p + 2, false)
        }
        let first = byte(start + 1)
        guard first != 0, !isSpace(first) else { return nil }
        var p = start + 1
        while true {
            let c = byte(p)
            // A backtick starts a code span, which takes precedence (as over emphasis).
            if c == 0 || c == backtick { return nil }
            if c == backslash { p += 2; continue }
            if c == dollar {
                // The first unescaped dollar closes the span, or nothing does (GitHub: a
                // dollar inside math is escaped), so `$5 and $10` stays text.
                guard !isSpace(byte(p - 1)) && !isDigit(byte(p + 1)) else { return nil }
                break
            }
            p += 1
        }
        let content = (start + 1)..<p
        if isNumber(content, byte) { return nil }
        return (content, p + 1, false)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    private static func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }

    private static func isBlank(_ range: Range<Int>, _ byte: (Int) -> UInt8) -> Bool {
        range.allSatisfy { isSpace(byte($0)) }
    }

    /// Digits (with `.` and `,` between them) alone: a price, not a formula.
    private static func isNumber(_ range: Range<Int>, _ byte: (Int) -> UInt8) -> Bool {
        range.allSatisfy { let c = byte($0); return isDigit(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: ",") }
    }
}

extension MathSpans {
    /// `source` with each display formula written as `$$` lines of their own turned into a
    /// ```` ```math ```` block, so that cmark keeps its lines whole (a line starting `+ ` or
    /// `- ` inside it would otherwise start a list). The same number of lines, each `$$`
    /// replaced where it stands (after a quote's `>` or a list item's indent). Lines inside
    /// fenced code are left alone; so is a `$$` without a closing one, and a pair whose lines
    /// between are not inside the same quotes (a lazy line would end the fence early).
    /// O(n); a source without `$$` is returned as is.
    static func fencingDisplayLines(_ source: String) -> String {
        guard source.contains("$$") else { return source }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fencer = DisplayLineFencer()
        for i in lines.indices {
            if let (opener, closer) = fencer.next(lines[i], at: i) {
                lines[opener] = replacingDollars(lines[opener], with: "```math")
                lines[closer] = replacingDollars(lines[closer], with: "```")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `fencingDisplayLines`' reading of the lines one at a time: which lines are inside
    /// fenced code, where a `$$` line waits for its closing one. Idle between them, where the
    /// text may be cut into parts fenced one by one with the same result (`SectionScanner`).
    struct DisplayLineFencer {
        private var fence: (char: Character, count: Int)?
        private var opener: (index: Int, quotes: Int)?

        /// Whether no fenced code is open and no `$$` waits for its closing line.
        var isIdle: Bool { fence == nil && opener == nil }

        /// Reads line `index` (the lines split at "\n"); returns the lines of a pair of `$$`
        /// lines it closes.
        mutating func next(_ line: String, at index: Int) -> (opener: Int, closer: Int)? {
            let (prefix, rest) = MathSpans.containerPrefix(line)
            let quotes = prefix.filter { $0 == ">" }.count
            let trimmed = rest.trimmingCharacters(in: .whitespaces)
            if opener == nil, let open = fence {
                let run = trimmed.prefix { $0 == open.char }
                if run.count >= open.count && trimmed.dropFirst(run.count).allSatisfy(\.isWhitespace) { fence = nil }
                return nil
            }
            if let open = opener {
                if quotes != open.quotes { opener = nil; return nil }
                guard trimmed == "$$" else { return nil }
                opener = nil
                return (open.index, index)
            }
            if trimmed == "$$" { opener = (index, quotes); return nil }
            for marker: Character in ["`", "~"] {
                let run = trimmed.prefix { $0 == marker }
                if run.count >= 3 && !(marker == "`" && trimmed.dropFirst(run.count).contains("`")) { fence = (marker, run.count) }
            }
            return nil
        }
    }

    /// A line's quote markers and indentation (`> > `, spaces, a list item's marker), and the
    /// rest.
    fileprivate static func containerPrefix(_ line: String) -> (Substring, Substring) {
        var index = line.startIndex
        while index < line.endIndex, line[index] == " " || line[index] == "\t" || line[index] == ">" {
            index = line.index(after: index)
        }
        return (line[..<index], line[index...])
    }

    private static func replacingDollars(_ line: String, with fence: String) -> String {
        guard let range = line.range(of: "$$") else { return line }
        return line.replacingCharacters(in: range, with: fence)
    }

    /// A paragraph's content with each `$$…$$` standing at its top level taken out as a
    /// display block: the text before and after stay paragraphs (those of only spaces and
    /// breaks dropped). Nil when it has none. O(n).
    static func displayBlocks(_ content: [Inline], line: Int) -> [Block]? {
        guard content.contains(where: { if case .math(let f) = $0 { return f.display } else { return false } }) else { return nil }
        var blocks: [Block] = []
        var current: [Inline] = []
        var currentLine = line
        func flush(nextLine: Int) {
            let blank = current.allSatisfy {
                switch $0 {
                case .softBreak, .hardBreak: return true
                case .text(let t): return t.allSatisfy(\.isWhitespace)
                default: return false
                }
            }
            if !blank {
                while let last = current.last, case .softBreak = last { current.removeLast() }
                while let first = current.first, case .softBreak = first { current.removeFirst() }
                blocks.append(Block(.paragraph(current), line: currentLine))
            }
            current = []
            currentLine = nextLine
        }
        for inline in content {
            if case .math(let formula) = inline, formula.display {
                flush(nextLine: formula.line)
                blocks.append(Block(.math(formula), line: formula.line))
            } else {
                current.append(inline)
            }
        }
        flush(nextLine: currentLine)
        return blocks
    }

    /// Text nodes starting with a `$` joined to the text before: cmark ends a text node at
    /// every `$` (a character the extension asks to see), and those it declines are text.
    static func joiningDollars(_ inlines: [Inline]) -> [Inline] {
        var out: [Inline] = []
        out.reserveCapacity(inlines.count)
        for inline in inlines {
            if case .text(let b) = inline, b.utf8.first == UInt8(ascii: "$"), let last = out.last, case .text(let a) = last {
                out[out.count - 1] = .text(a + b)
            } else {
                out.append(inline)
            }
        }
        return out
    }
}
