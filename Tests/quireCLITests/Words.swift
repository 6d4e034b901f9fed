import Foundation
import Quire

/// The text a reader should find in the PDF, taken from the parsed Document.
enum VisibleText {
    /// All visible text of `blocks`: inline text and code spans, code blocks, table cells,
    /// image alt text and the text raw HTML shows. Blocks are separated by newlines.
    static func of(_ blocks: [Block]) -> String {
        blocks.map(of).joined(separator: "\n")
    }

    static func of(_ block: Block) -> String {
        switch block.kind {
        case .heading(_, let content), .paragraph(let content):
            return of(content)
        case .blockQuote(let children), .footnoteDefinition(_, let children), .alert(_, let children, _):
            return of(children)
        case .details(let summary, let children):
            return of(summary) + "\n" + of(children)
        case .codeBlock(let text, _):
            return text
        case .thematicBreak, .pageBreak:
            return ""
        case .list(let list):
            return list.items.map { of($0.blocks) }.joined(separator: "\n")
        case .table(let table):
            return table.cells.map { row in row.map { of($0.blocks) }.joined(separator: "\t") }.joined(separator: "\n")
        case .html(let html):
            return of(html.blocks)
        // Typeset: its symbols, not its TeX, are on the page.
        case .math:
            return ""
        }
    }

    /// Inline text joined without separators, so `foo**bar**` stays the one word "foobar".
    static func of(_ inlines: [Inline]) -> String {
        inlines.map { inline in
            switch inline {
            case .text(let s), .code(let s): return s
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .styled(_, let c), .located(_, let c):
                return of(c)
            case .image(_, _, let alt): return of(alt)
            case .softBreak, .hardBreak: return " "
            case .anchor, .htmlImage: return ""
            // Set as a superscript number, not its label: not reference text.
            case .footnoteReference: return ""
            // Typeset: its symbols, not its TeX, are on the page.
            case .math: return ""
            }
        }.joined()
    }

    /// Headings in `blocks`, counted through quotes, lists and footnotes; raw HTML `<h1>`–`<h6>`
    /// elements too (Quire sets them as headings in the outline).
    static func headingCount(_ blocks: [Block]) -> Int {
        blocks.reduce(0) { sum, block in
            switch block.kind {
            case .heading: return sum + 1
            case .html(let html): return sum + headingCount(html.blocks)
            case .blockQuote(let c), .footnoteDefinition(_, let c), .alert(_, let c, _), .details(_, let c): return sum + headingCount(c)
            case .list(let list): return sum + list.items.reduce(0) { $0 + headingCount($1.blocks) }
            case .table(let table): return sum + table.cells.joined().reduce(0) { $0 + headingCount($1.blocks) }
            default: return sum
            }
        }
    }
}

/// Words, counted the same way for the Markdown and for pdftotext's output.
enum Words {
    /// NFKC-normalised, lowercased words: maximal runs of letters and digits, except that each
    /// CJK ideograph, kana or hangul syllable is a word of its own (so line breaks inside CJK
    /// text do not matter). Combining marks (Arabic harakat, Hebrew points), the Arabic tatweel
    /// and invisible format characters (bidi marks, zero-width joiners, soft hyphens) are dropped
    /// first, on both sides alike.
    ///
    /// Three rules make pdftotext's known rewrites count the same on both sides:
    /// - a hyphen between letters joins them ("free-programming" is "freeprogramming"), because
    ///   pdftotext drops the hyphen of a line ending in one and joins the lines;
    /// - a word ends where right-to-left letters meet other letters or digits ("לFree" is "ל"
    ///   and "free"), because pdftotext reorders mixed-direction lines and separates them;
    /// - runs of lam and alef (or alef maksura) are put in one order ("لا" and "ال", "لى" and
    ///   "ىل" are the same), because pdftotext reverses the letters of the lam-alef and
    ///   lam-alef-maksura ligature glyphs in right-to-left lines ("إلى" comes out "إىل").
    /// With `emoji`, a run of emoji (a family, a flag, a face with a skin tone: their joiners
    /// and variation selectors dropped like other format characters) is a word too.
    static func tokens(_ text: String, emoji: Bool = false) -> [String] {
        let normalized = text.precomposedStringWithCompatibilityMapping.lowercased()
        var scalars = String.UnicodeScalarView()
        for s in normalized.unicodeScalars {
            switch s.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: if s.value != 0x0640 { scalars.append(s) }
            }
        }
        let chars = Array(String(scalars))
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(canonicalLamAlef(current)); current = "" }
        }
        /// Whether the hyphen at `i` joins letters: one follows it, or a line break and then one
        /// ("free-" ending a line in a table cell, then "programming": MuPDF keeps the break).
        func joinsAcross(_ i: Int) -> Bool {
            var k = i + 1
            if k < chars.count, chars[k] == "\n" { k += 1 }
            return k < chars.count && (chars[k].isLetter || chars[k].isNumber) && !isCJK(chars[k])
        }
        var emojiRun = ""
        for (i, ch) in chars.enumerated() {
            if emoji, isEmoji(ch) {
                flush()
                emojiRun.append(ch)
                continue
            }
            if !emojiRun.isEmpty { words.append(emojiRun); emojiRun = "" }
            if isCJK(ch) {
                flush()
                words.append(String(ch))
            } else if ch.isLetter || ch.isNumber {
                if let last = current.last, isRightToLeft(last) != isRightToLeft(ch) { flush() }
                current.append(ch)
            } else if ch == "-" || ch == "\u{2010}", !current.isEmpty, joinsAcross(i) {
                continue
            } else if ch == "\n", i > 0, chars[i - 1] == "-" || chars[i - 1] == "\u{2010}", !current.isEmpty {
                continue  // the break after a hyphen that joins
            } else {
                flush()
            }
        }
        flush()
        if !emojiRun.isEmpty { words.append(emojiRun) }
        return words
    }

    /// An emoji picture (not a digit or sign that may also be one).
    static func isEmoji(_ ch: Character) -> Bool {
        guard let s = ch.unicodeScalars.first else { return false }
        return s.properties.isEmojiPresentation || s.properties.isEmojiModifier || (0x1F1E6...0x1F1FF).contains(s.value)
            || (s.properties.isEmoji && s.value >= 0x2100 && ch.unicodeScalars.contains { $0.value == 0xFE0F })
    }

    /// How much of `reference`'s word order `found` keeps: the share of the reference's pairs
    /// of consecutive words (numerals aside) that are consecutive in `found` too (as
    /// multisets). Words out of order, reversed right-to-left text and missing words all lower
    /// it; extra words (running headers) barely do. O(n).
    static func orderCoverage(of reference: [String], in found: [String]) -> (share: Double, missing: [String]) {
        func pairs(_ words: [String]) -> [String: Int] {
            zip(words, words.dropFirst()).reduce(into: [:]) { $0[$1.0 + " " + $1.1, default: 0] += 1 }
        }
        // Numerals left out: list and footnote numbers and page numbers are set as text
        // among the words, and Markdown writes none of them.
        let isNumeral = { (w: String) in w.allSatisfy(\.isNumber) }
        let wanted = pairs(reference.filter { !isNumeral($0) }), have = pairs(found.filter { !isNumeral($0) })
        var kept = 0, total = 0
        var missing: [(String, Int)] = []
        for (pair, n) in wanted {
            let k = min(n, have[pair] ?? 0)
            kept += k
            total += n
            if k < n { missing.append((pair, n - k)) }
        }
        missing.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        return (total == 0 ? 1 : Double(kept) / Double(total), missing.prefix(12).map { "«\($0.0)»×\($0.1)" })
    }

    static func counts(_ text: String) -> [String: Int] {
        tokens(text).reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    static func isCJK(_ ch: Character) -> Bool {
        guard let v = ch.unicodeScalars.first?.value else { return false }
        switch v {
        case 0x3040...0x30FF, 0x31F0...0x31FF,           // hiragana, katakana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF,  // Han
             0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF:  // hangul
            return true
        default:
            return false
        }
    }

    /// Hebrew and Arabic-script letters (not digits: bidi lays even Arabic-Indic digits out
    /// left to right, and pdftotext moves them about like Latin text).
    static func isRightToLeft(_ ch: Character) -> Bool {
        guard ch.isLetter, let v = ch.unicodeScalars.first?.value else { return false }
        switch v {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
        default: return false
        }
    }

    private static let lamAlef: Set<Character> = ["\u{0644}", "\u{0627}", "\u{0622}", "\u{0623}", "\u{0625}", "\u{0649}"]

    /// `word` with each run of lam and alef letters sorted.
    static func canonicalLamAlef(_ word: String) -> String {
        guard word.contains("\u{0644}") else { return word }
        var out = ""
        var run: [Character] = []
        for ch in word {
            if lamAlef.contains(ch) { run.append(ch); continue }
            out += String(run.sorted()); run = []
            out.append(ch)
        }
        return out + String(run.sorted())
    }

    /// How much of `reference` (a word multiset) `found` holds: sum of min(counts) / total.
    struct Coverage {
        var covered: Int
        var total: Int
        /// Reference words short in `found`, most-missed first, with how many are missing.
        var missing: [(word: String, count: Int)]
    }

    static func coverage(of reference: [String: Int], in found: [String: Int]) -> Coverage {
        var covered = 0, total = 0
        var missing: [(word: String, count: Int)] = []
        for (word, n) in reference {
            let have = min(n, found[word] ?? 0)
            covered += have
            total += n
            if have < n { missing.append((word, n - have)) }
        }
        missing.sort { $0.count != $1.count ? $0.count > $1.count : $0.word < $1.word }
        return Coverage(covered: covered, total: total, missing: missing)
    }
}
