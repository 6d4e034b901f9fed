import QuireModel

/// Invisible characters that tell the line breaker where a line may break: soft hyphens put
/// into a paragraph's text at a word's hyphenation points (a line ending there shows a
/// hyphen), and zero-width spaces (between a formula's pieces, or in the source). They are
/// layout's alone: the text a line shows (`ShapedText.lineText`) and the text the PDF holds
/// (`LinePainter`) leave them out, a hyphen shown at a break being the only trace.
package enum BreakHint {
    /// U+00AD SOFT HYPHEN, two bytes in UTF-8.
    package static let softHyphen = "\u{AD}"

    /// Whether `bytes` (UTF-8) hold a soft hyphen or a zero-width space. O(n).
    package static func occurs<C: Collection>(in bytes: C) -> Bool where C.Element == UInt8 {
        var previous: UInt8 = 0, beforeThat: UInt8 = 0
        for byte in bytes {
            if byte == 0xAD && previous == 0xC2 { return true }
            if byte == 0x8B && previous == 0x80 && beforeThat == 0xE2 { return true }
            beforeThat = previous
            previous = byte
        }
        return false
    }
}

/// A language's hyphenation points for the tokens of a document's text, each token worked out
/// once (the same words come back again and again). Used by one layout thread (a session's).
package final class WordHyphenation {
    package let hyphenator: Hyphenator
    /// Byte offsets inside each token seen, where a soft hyphen goes.
    private var known: [String: [Int]] = [:]

    package init(_ hyphenator: Hyphenator) { self.hyphenator = hyphenator }

    /// Where `token` (text between spaces) may take a soft hyphen, as byte offsets from its
    /// start: the points of its word (its letters between leading and trailing punctuation)
    /// when it is a word to hyphenate. Left alone: addresses, words in capitals only
    /// (acronyms), words with a capital inside (identifiers such as "JavaScript"), with a
    /// digit or a mark other than letters (a soft hyphen already), and words of fewer than
    /// five letters. O(token × pattern depth) the first time, O(token) after.
    package func offsets(in token: String) -> [Int] {
        if let cached = known[token] { return cached }
        let result = Self.offsets(in: token, hyphenator)
        known[token] = result
        return result
    }

    private static func offsets(in text: String, _ hyphenator: Hyphenator) -> [Int] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiOffsets(in: Array(text.utf8), hyphenator) }
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.properties.isAlphabetic }),
              let last = scalars.lastIndex(where: { $0.properties.isAlphabetic }), last - first >= 4 else { return [] }
        let letters = scalars[first...last]
        guard !StyledText.looksLikeAddress(text),
              letters.allSatisfy({ $0.properties.isAlphabetic && !$0.properties.isUppercase || $0 == letters.first }),
              letters.contains(where: { $0.properties.isLowercase }) else { return [] }
        var word = ""
        word.unicodeScalars.append(contentsOf: letters)
        let lower = word.lowercased()
        guard lower.unicodeScalars.count == letters.count else { return [] }
        let points = hyphenator.points(lower)
        guard !points.isEmpty else { return [] }
        // Scalar index → byte offset in the token.
        var offsets: [Int] = []
        var byte = scalars[..<first].reduce(0) { $0 + UTF8.width($1) }
        var index = 0
        var next = points.makeIterator()
        var point = next.next()
        for scalar in letters {
            if let p = point, p == index {
                offsets.append(byte)
                point = next.next()
            }
            byte += UTF8.width(scalar)
            index += 1
        }
        return offsets
    }

    /// `offsets(in:)` for a token of ASCII characters, by bytes (most tokens of most text):
    /// the same rules without Unicode's tables.
    private static func asciiOffsets(in bytes: [UInt8], _ hyphenator: Hyphenator) -> [Int] {
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        guard let first = bytes.firstIndex(where: isLetter), let last = bytes.lastIndex(where: isLetter), last - first >= 4 else {
            return []
        }
        let letters = bytes[first...last]
        guard !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "@") }),
              letters.allSatisfy(isLetter),
              letters.dropFirst().allSatisfy({ $0 >= 0x61 }) else { return [] }
        let word = String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self)
        return hyphenator.points(word).map { first + $0 }
    }
}

extension StyledText {
    /// The text with soft hyphens at the hyphenation points of its words (`WordHyphenation`),
    /// code and links that show their address left alone. O(n), plus each new word's points.
    package func hyphenated(by words: WordHyphenation) -> StyledText {
        var offsets: [Int] = []
        let utf8 = Array(string.utf8)
        let skipped = runs.filter { $0.attributes.monospace }.map(\.range) + links.compactMap { link in
            guard case .uri(let address) = link.target else { return nil }
            let shown = String(decoding: utf8[link.range], as: UTF8.self)
            return shown == address || Self.looksLikeAddress(shown) ? link.range : nil
        }
        var start = 0
        while start < utf8.count {
            // A token: up to the next space (ASCII whitespace).
            while start < utf8.count, utf8[start] == 0x20 || utf8[start] == 0x0A || utf8[start] == 0x09 { start += 1 }
            var end = start
            while end < utf8.count, utf8[end] != 0x20 && utf8[end] != 0x0A && utf8[end] != 0x09 { end += 1 }
            // Five letters at least: shorter tokens are never hyphenated.
            if end - start >= 5, !skipped.contains(where: { $0.overlaps(start..<end) }) {
                let token = String(decoding: utf8[start..<end], as: UTF8.self)
                offsets += words.offsets(in: token).map { start + $0 }
            }
            start = end
        }
        return inserting(BreakHint.softHyphen, at: offsets)
    }

    /// Text that reads as an address: a URL, a "www." host, a path, an e-mail address.
    package static func looksLikeAddress(_ text: String) -> Bool {
        text.contains("://") || text.hasPrefix("www.") || text.contains("/") || text.contains("@")
    }
}

extension GlyphRun {
    /// Takes the break hints out of the run's text: a soft hyphen or zero-width space that
    /// shows nothing goes, with its cluster; a soft hyphen Pango broke at, shown as a hyphen,
    /// becomes "-" (so text extraction joins the word again, as it does for a hyphen at a
    /// line's end, and copying gives the word as written). O(text).
    package mutating func leaveOutBreakHints() {
        guard BreakHint.occurs(in: text) else { return }
        // Clusters in text order (a right-to-left run lists them from the text's end).
        let count = clusters.count / 2
        var order = Array(0..<count)
        if backward { order.reverse() }
        var keep = [Bool](repeating: true, count: count)
        var hyphen = [Bool](repeating: false, count: count)
        var kept: [UInt8] = []
        kept.reserveCapacity(text.count)
        var offset = 0
        for c in order {
            let bytes = Int(clusters[2 * c]), glyphs = clusters[2 * c + 1]
            defer { offset += bytes }
            if bytes == 2 && text[offset] == 0xC2 && text[offset + 1] == 0xAD {
                if glyphs > 0 { hyphen[c] = true; kept.append(UInt8(ascii: "-")) } else { keep[c] = false }
                continue
            }
            if bytes == 3 && glyphs == 0 && text[offset] == 0xE2 && text[offset + 1] == 0x80 && text[offset + 2] == 0x8B {
                keep[c] = false
                continue
            }
            kept += text[offset..<(offset + bytes)]
        }
        var newClusters: [Int32] = []
        newClusters.reserveCapacity(clusters.count)
        for c in 0..<count where keep[c] {
            newClusters.append(hyphen[c] ? 1 : clusters[2 * c])
            newClusters.append(clusters[2 * c + 1])
        }
        text = kept
        clusters = newClusters
    }
}
