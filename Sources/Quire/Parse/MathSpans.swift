import CCmarkGFM
import Foundation
import QuireModel

/// GitHub's math syntax, found while cmark-gfm reads the text: `$…$`, `` $`…`$ `` and
/// `$$…$$` in inline content, `$$` lines around display math, and ```` ```math ```` blocks.
///
/// Inline spans are matched by a cmark-gfm inline extension at each `$` the inline parser
/// reaches, so what cmark reads first keeps its meaning: a backslash-escaped `\$`, code spans,
/// inline HTML, autolinks and link destinations are consumed before their dollars are seen.
/// A span's TeX is the source between its delimiters, untouched by Markdown's escapes and
/// emphasis.
///
/// Which dollars delimit (`scan`), and where the rules come from:
/// - GitHub Docs, "Writing mathematical expressions": `$…$` inline; `` $`…`$ `` inline for TeX
///   that holds Markdown's characters; `$$…$$` display; `\$` inside a formula is a dollar.
/// - pandoc's `tex_math_dollars` (which GitLab and commonmark-hs follow, and GitHub's rendering
///   agrees with): the opening `$` is not followed by a space, the closing `$` is not preceded
///   by one; the first unescaped `$` after the opening one closes the span or nothing does
///   (`$5 and $10` is text); `\$` outside a formula is a dollar, never a delimiter.
/// - github/markup#1742 (GitHub's rendering, 2023–2024) and teorth/optimizationproblems#143
///   (2026): a `$` right after a letter or digit opens nothing (`a$x$`, `1$x$`, `US$5`), a
///   closing `$` right before a letter or digit closes nothing (`$x$a`, `$x$1`: shell's
///   `{$a..$b}` and `$1…$2` are text), and `` $`…`$ `` opens nothing right after a letter.
///   Letters and digits here are ASCII ones: CJK text has no spaces between words, and a
///   formula there touches its words on both sides (`値は$x$です`).
/// - Quire's own, for what GitHub leaves to chance: spans of digits alone (`$5$`, `$1,000$`)
///   are prices, not formulas; a span never reaches a backtick (a code span starts there, and
///   code spans take precedence: shell's `$HOME` in prose beside code stays text).
///
/// Where GitHub differs, it is by bugs its issues report, not copied: GitHub finds `$` math in
/// the HTML it has already rendered from the Markdown, so escapes and emphasis reach into the
/// TeX (`\{` loses its backslash, github/markup#1746) and a `$` after punctuation opens
/// nothing (`($x$)`, github/markup#1612 and #1644); here the TeX is the source, and an opening
/// `$` may follow any character but a letter or digit.
package enum MathSpans {
    /// Marks a code node as math in its user data: `(line << 2) | display << 1 | 1`. A real
    /// code span's user data is null, so the low bit tells them apart; nothing is allocated.
    package static func tag(line: Int, display: Bool) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: (max(0, line) << 2) | (display ? 2 : 0) | 1)
    }

    /// The formula a converted code node stands for; nil for a real code span.
    package static func formula(literal: String, userData: UnsafeMutableRawPointer?) -> MathFormula? {
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
    package static let finishing = NSLock()

    /// Matches a span at the parser's `$`: a node holding its TeX (a code node tagged with
    /// `tag`), the parser past its closing delimiter; or nil, the parser where it was.
    /// O(span length); a `$` that opens nothing scans to the end of its paragraph.
    private static func match(_ parser: OpaquePointer) -> OpaquePointer? {
        let start = Int(cmark_inline_parser_get_offset(parser))
        func byte(_ p: Int) -> UInt8 {
            guard p >= 0 else { return 0 }
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

    /// A span starting at the `$` at `start`, bytes read by `byte` (0 before the start and past
    /// the end): its content's byte range, the offset after it, and whether it is display
    /// math. The rules are the type's (see `MathSpans`). O(span length); a `$` that opens
    /// nothing scans to the next `$` or backtick at most.
    package static func scan(from start: Int, _ byte: (Int) -> UInt8) -> (content: Range<Int>, end: Int, display: Bool)? {
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
            // $`…`$: GitHub's form whose content needs no escapes (a code span between
            // dollars: it ends at the next backtick); never right after a letter.
            guard !isLetter(byte(start - 1)) else { return nil }
            var p = start + 2
            while byte(p) != backtick {
                if byte(p) == 0 { return nil }
                p += 1
            }
            guard byte(p + 1) == dollar else { return nil }
            let content = (start + 2)..<p
            return isBlank(content, byte) ? nil : (content, p + 2, false)
        }
        let first = byte(start + 1)
        guard first != 0, !isSpace(first), !isLetterOrDigit(byte(start - 1)) else { return nil }
        var p = start + 1
        while true {
            let c = byte(p)
            // A backtick starts a code span, which takes precedence (as over emphasis).
            if c == 0 || c == backtick { return nil }
            if c == backslash { p += 2; continue }
            if c == dollar {
                // The first unescaped dollar closes the span, or nothing does.
                guard !isSpace(byte(p - 1)) && !isLetterOrDigit(byte(p + 1)) else { return nil }
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
    /// An ASCII letter (a byte of a UTF-8 sequence never is one).
    private static func isLetter(_ c: UInt8) -> Bool { (0x61...0x7A).contains(c | 0x20) }
    private static func isLetterOrDigit(_ c: UInt8) -> Bool { isLetter(c) || isDigit(c) }

    private static func isBlank(_ range: Range<Int>, _ byte: (Int) -> UInt8) -> Bool {
        range.allSatisfy { isSpace(byte($0)) }
    }

    /// Digits (with `.` and `,` between them) alone: a price, not a formula.
    private static func isNumber(_ range: Range<Int>, _ byte: (Int) -> UInt8) -> Bool {
        range.allSatisfy { let c = byte($0); return isDigit(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: ",") }
    }
}

extension MathSpans {
    /// The formulas in the text of raw HTML (an HTML block's `<p>`, `<td>`, `<summary>`…,
    /// whose text cmark leaves to the browser): the text cut into `.text` and `.math`
    /// inlines, or nil when it holds none. GitHub finds math in the HTML it renders, raw HTML
    /// included; the delimiters follow the same rules as in Markdown (`scan`), a `\$` is no
    /// delimiter (and keeps its backslash: HTML has no escapes), and a formula's line is
    /// `line` (the text's first) plus the line ends before it. O(n).
    package static func inlines(inHTMLText text: String, line: Int) -> [Inline]? {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return nil }
        let bytes = Array(text.utf8)
        func byte(_ p: Int) -> UInt8 { p >= 0 && p < bytes.count ? bytes[p] : 0 }
        var out: [Inline] = []
        var textStart = 0, p = 0, lineEnds = 0, counted = 0
        while p < bytes.count {
            if bytes[p] == UInt8(ascii: "\\") { p += 2; continue }
            guard bytes[p] == UInt8(ascii: "$"), let span = scan(from: p, byte) else { p += 1; continue }
            lineEnds += bytes[counted..<p].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            counted = p
            if textStart < p { out.append(.text(String(decoding: bytes[textStart..<p], as: UTF8.self))) }
            let tex = String(decoding: bytes[span.content], as: UTF8.self)
            out.append(.math(MathFormula(tex: tex, display: span.display, line: line + lineEnds)))
            p = span.end
            textStart = p
        }
        guard !out.isEmpty else { return nil }
        if textStart < bytes.count { out.append(.text(String(decoding: bytes[textStart...], as: UTF8.self))) }
        return out
    }

    /// A paragraph's content with each `$$…$$` standing at its top level taken out as a
    /// display block: the text before and after stay paragraphs (those of only spaces and
    /// breaks dropped, the spaces beside the formula trimmed). Nil when it has none. O(n).
    package static func displayBlocks(_ content: [Inline], line: Int) -> [Block]? {
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
                // The spaces that stood beside the formula would indent or end the lines.
                if case .text(let t)? = current.first { current[0] = .text(String(t.drop { $0 == " " || $0 == "\t" })) }
                if case .text(let t)? = current.last {
                    current[current.count - 1] = .text(String(t.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
                }
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
    package static func joiningDollars(_ inlines: [Inline]) -> [Inline] {
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
