/// Where a paragraph's lines may end, and what kind of break each is: the line breaker's
/// choices, found from Unicode's line breaking (Pango's log attributes) and Quire's rules for
/// code, addresses and tokens too wide for a line.
package enum BreakKind: UInt8 {
    /// A Unicode line-break opportunity: after a space, after a hyphen or dash, between CJK
    /// characters (kinsoku kept), after a zero-width space.
    case normal
    /// After a soft hyphen: the line shows a hyphen.
    case hyphen
    /// Inside a token too wide for a line, where a reader expects it: after `_ . / : - =`
    /// before a letter or digit.
    case token
    /// Inside a token too wide for a line, at a case hump (`Shutdown|Sequence`): inside a
    /// name, so a little worse than after its punctuation.
    case hump
    /// Inside a short token of code or an address, after its punctuation: it could move whole,
    /// so only against a gaping line.
    case wholeToken
    /// Inside a token too wide for a line that offers nothing better: between two graphemes.
    case grapheme
    /// A hard line break, or the text's end: the line ends here whatever it holds.
    case hard

    /// Whether the break is inside a token, where only `addingEmergencyBreaks` puts one.
    package var isInsideToken: Bool {
        switch self {
        case .token, .hump, .wholeToken, .grapheme: return true
        case .normal, .hyphen, .hard: return false
        }
    }
}

/// A place a line may end.
package struct BreakPoint {
    /// Where the next line starts (bytes).
    package var offset: Int32
    /// Where a line ending here ends its content: before the spaces that precede the break
    /// (they hang past the line's end) and before a hard break's characters.
    package var end: Int32
    package var kind: BreakKind
    /// Between two CJK characters: justification may widen the gap.
    package var isCJKGap = false
    /// Natural widths from the paragraph's start (Pango units) at `offset` and at `end`.
    package var x: Int64 = 0
    package var xEnd: Int64 = 0
    /// Widths of the stretchable spaces from the paragraph's start, at `offset` and at `end`.
    package var spaces: Int64 = 0
    package var spacesEnd: Int64 = 0
    /// Widths of the letters a justified line may space apart (`MeasuredText.letters`) from
    /// the paragraph's start, at `offset` and at `end`.
    package var letters: Int64 = 0
    package var lettersEnd: Int64 = 0
    /// CJK gaps among the breaks before this one.
    package var gaps: Int32 = 0
    /// The hyphen's advance when a line ends here with one.
    package var hyphenWidth: Int32 = 0
    /// A line must end here (an excerpt's line re-set with the lines before it as they were).
    package var forced = false
    /// A line starting here starts a paragraph: the text's start, or after a paragraph
    /// separator ("\n", "\r", U+2029; not after a line separator, U+2028 or U+0085, which
    /// ends a line inside its paragraph, keeping its direction and hanging indent, as Pango's).
    package var startsParagraph = false
    /// Inside a token that fits a line whole (`addingEmergencyBreaks`): in justified text a
    /// last resort (`LineBreaker`'s first pass goes without it).
    package var tokenFitsLine = false
}

/// The byte offset of each character of a text, and one past the last: Pango's log
/// attributes count characters, the engine bytes.
package struct CharacterOffsets {
    package private(set) var offsets: [Int32]

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var offsets: [Int32] = []
        offsets.reserveCapacity(bytes.count + 1)
        for (i, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { offsets.append(Int32(i)) }
        offsets.append(Int32(bytes.count))
        self.offsets = offsets
    }

    package subscript(char: Int) -> Int { Int(offsets[char]) }
    package var characters: Int { offsets.count - 1 }
}

extension TextAnalysis {
    /// The text's line-break opportunities as Unicode gives them, in order, starting with a
    /// hard break at 0 (where the first line starts) and ending with one at the text's end;
    /// without those inside a code span or an address (`protected`: such a token moves whole
    /// to the next line unless it is wider than a line, see `emergencyBreaks`), nor those
    /// after the dashes that open an option ("-DCMAKE", "--force": UAX #14's LB20.1, which
    /// Pango 1.50 lacks). O(n).
    package func breakOpportunities(_ bytes: UnsafeBufferPointer<UInt8>, _ chars: CharacterOffsets,
                            protected: [Range<Int>]) -> [BreakPoint] {
        var breaks = [BreakPoint(offset: 0, end: 0, kind: .hard, startsParagraph: true)]
        var guardIndex = 0
        let count = chars.characters
        for c in 1...max(count, 1) where c <= count {
            let a = flags[c]
            guard a.contains(.lineBreak) || a.contains(.mandatoryBreak) || c == count else { continue }
            let offset = chars[c]
            let hard = a.contains(.mandatoryBreak) || c == count
            if !hard {
                while guardIndex < protected.count, protected[guardIndex].upperBound <= offset { guardIndex += 1 }
                if guardIndex < protected.count, protected[guardIndex].lowerBound < offset { continue }
                if opensOption(bytes, before: offset) { continue }
            }
            var kind: BreakKind = hard ? .hard : .normal
            if !hard, offset >= 2, bytes[offset - 2] == 0xC2, bytes[offset - 1] == 0xAD { kind = .hyphen }
            // The content ends before the hard break's characters and the spaces before them.
            var endChar = c
            if hard {
                while endChar > 0, isHardBreakCharacter(bytes, chars[endChar - 1]) { endChar -= 1 }
            }
            // A narrow no-break space stays: it pads a frame's text (a placeholder, a key cap),
            // whose frame ends after it even at a line's end.
            while endChar > 0, flags[endChar - 1].contains(.white), !isHardBreakCharacter(bytes, chars[endChar - 1]),
                  !isNarrowNoBreakSpace(bytes, chars[endChar - 1]) {
                endChar -= 1
            }
            var point = BreakPoint(offset: Int32(offset), end: Int32(chars[endChar]), kind: kind)
            point.startsParagraph = hard && (c == count || endsParagraph(bytes, before: offset))
            if kind == .normal, endChar == c, c < count {
                point.isCJKGap = isCJK(scalar(bytes, at: chars[c - 1])) || isCJK(scalar(bytes, at: offset))
            }
            breaks.append(point)
        }
        if count == 0 { breaks.append(BreakPoint(offset: 0, end: 0, kind: .hard)) }
        return breaks
    }

    /// Breaks inside tokens, where a reader expects them: in each piece (text between two
    /// breaks of `breaks`) wider than a third of `width` (Pango units; `x` the natural width
    /// before each byte), after `_ . / : - =` before a letter or digit (`.token`) and at case
    /// humps (`.hump`): a token that long may leave a gaping line when it moves whole, and the
    /// line breaker weighs the one against the other; in a piece wider than `width`, which
    /// cannot move whole to a line of its own, between any two graphemes too (`.grapheme`); in
    /// a shorter piece holding a `protected` token (code, an address, a path: Unicode's breaks
    /// inside it were taken out), after its punctuation at a high price (`.wholeToken`), only
    /// against a line whose spaces would gape (`ssh-|agent` rather than a line stretched
    /// threefold). Never right after an opening bracket. Merged into `breaks` in order. O(n).
    package func addingEmergencyBreaks(_ breaks: [BreakPoint], _ bytes: UnsafeBufferPointer<UInt8>, _ chars: CharacterOffsets,
                               x: [Int64], width: Int64, protected: [Range<Int>]) -> [BreakPoint] {
        var pieces: [Int] = []
        var p = 0
        for i in 1..<breaks.count {
            let lo = Int(breaks[i - 1].offset), hi = Int(breaks[i].end)
            while p < protected.count, protected[p].upperBound <= lo { p += 1 }
            if 3 * (x[hi] - x[lo]) > width || p < protected.count && protected[p].lowerBound < hi && hi - lo >= 4 {
                pieces.append(i)
            }
        }
        guard !pieces.isEmpty else { return breaks }
        var result: [BreakPoint] = []
        result.reserveCapacity(breaks.count + 64)
        var next = 0
        for i in breaks.indices {
            if next < pieces.count, pieces[next] == i {
                next += 1
                let lo = Int(breaks[i - 1].offset), hi = Int(breaks[i].end)
                let wide = x[hi] - x[lo] > width, long = 3 * (x[hi] - x[lo]) > width
                let address = Self.isURLOrMail(bytes, lo..<hi)
                // The piece's characters, from the first after its start.
                var c = chars.offsets.partitionPoint { Int($0) > lo }
                var found: [BreakPoint] = []
                while c < chars.characters, chars[c] < hi {
                    if var kind = emergencyBreak(before: c, bytes, chars, inAddress: address), wide || kind != .grapheme {
                        if !long {
                            guard kind == .token else { c += 1; continue }
                            kind = .wholeToken
                        }
                        var point = BreakPoint(offset: Int32(chars[c]), end: Int32(chars[c]), kind: kind)
                        point.tokenFitsLine = !wide
                        found.append(point)
                    }
                    c += 1
                }
                result += Self.humpsOnlyWhereNeeded(found, from: lo, to: hi, x: x, width: width)
            }
            result.append(breaks[i])
        }
        return result
    }

    /// The break a token too wide for a line may take before character `c` (not its first):
    /// `.token` after `_ . / : - =`, `.hump` at a case hump, `.grapheme` at any other grapheme
    /// boundary; none right after an opening bracket, before closing punctuation, or after the
    /// dashes that open an option (`--|set`). O(1).
    /// In a URL or an e-mail address (`inAddress`), Chicago's rule instead of the punctuation
    /// breaks: after `//`, `/` or `@`, before `. ? # - _ ~ % & =` (so a line never ends
    /// with a hyphen a reader would take for hyphenation, nor with a dot taken for a full stop).
    package func emergencyBreak(before c: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ chars: CharacterOffsets,
                        inAddress: Bool = false) -> BreakKind? {
        guard c > 0, flags[c].contains(.cursor), !opensOption(bytes, before: chars[c]) else { return nil }
        let before = scalar(bytes, at: chars[c - 1]), here = scalar(bytes, at: chars[c])
        let next = c + 1 < chars.characters ? scalar(bytes, at: chars[c + 1]) : nil
        guard !before.properties.isOpenPunctuation else { return nil }
        if inAddress { return addressBreak(before, here, next: next) }
        guard !isClosing(here) else { return nil }
        return tokenBreak(before, here, next: next) ?? .grapheme
    }

    /// How a URL or an e-mail address breaks between `before` and `here` (Chicago's rule):
    /// `.token` after a slash (the second of `//`) or `@`, before `. ? # - _ ~ % & =` between
    /// a letter or digit and what goes on; `nil` at its other punctuation (after `:` of
    /// `https:`, after a `.`); `.grapheme` elsewhere.
    private func addressBreak(_ before: Unicode.Scalar, _ here: Unicode.Scalar, next: Unicode.Scalar?) -> BreakKind? {
        func isWord(_ s: Unicode.Scalar?) -> Bool { s.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false }
        if before == "/" || before == "@" { return here == "/" || !isWord(here) && here != "%" && here != "~" ? nil : .token }
        if ".?#-_~%&=".unicodeScalars.contains(here) { return isWord(before) && next != nil && next != " " ? .token : nil }
        if ".?#-_~%&=:".unicodeScalars.contains(before) { return nil }
        return isClosing(here) ? nil : tokenBreak(before, here, next: next) ?? .grapheme
    }

    /// Whether `bytes[range]` holds a URL or an e-mail address: "://" in it, "www." first,
    /// or an "@" with a dot after it. O(range).
    package static func isURLOrMail(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let text = bytes[range]
        if text.starts(with: "www.".utf8) || text.starts(with: "(www.".utf8) { return true }
        var at = false
        for i in range {
            switch bytes[i] {
            case UInt8(ascii: ":") where i + 2 < range.upperBound && bytes[i + 1] == UInt8(ascii: "/") && bytes[i + 2] == UInt8(ascii: "/"):
                return true
            case UInt8(ascii: "@"): at = true
            case UInt8(ascii: ".") where at && i + 1 < range.upperBound: return true
            default: break
            }
        }
        return false
    }

    /// `found` (a piece's breaks inside its token, in order) without the case humps of a part
    /// that fits `width` between two breaks at punctuation: `Dependencies/|withDependencies(`
    /// breaks after its slash or before its bracket, never at `with|Dependencies`, unless the
    /// part between them is wider than a line. O(found).
    package static func humpsOnlyWhereNeeded(_ found: [BreakPoint], from lo: Int, to hi: Int, x: [Int64], width: Int64) -> [BreakPoint] {
        guard found.contains(where: { $0.kind == .hump }), found.contains(where: { $0.kind == .token || $0.kind == .wholeToken })
        else { return found }
        var result: [BreakPoint] = []
        var partStart = lo
        var humps: [BreakPoint] = []
        func endPart(at end: Int) {
            if x[end] - x[partStart] > width { result += humps }
            humps = []
        }
        for point in found {
            switch point.kind {
            case .hump: humps.append(point)
            case .token, .wholeToken:
                endPart(at: Int(point.offset))
                result.append(point)
                partStart = Int(point.offset)
            default: result.append(point)
            }
        }
        endPart(at: hi)
        return result.sorted { $0.offset < $1.offset }
    }

    /// How well a long token breaks between `before` and `here`: after `_ . / : - =` followed
    /// by a letter or digit, and before the `(` of a call (`bootstrap|(_:)`) (`.token`); at a
    /// case hump (`.hump`: a lowercase letter then a capital; a capital then a capital and a
    /// lowercase letter: `HTTP|Server`); else nil.
    private func tokenBreak(_ before: Unicode.Scalar, _ here: Unicode.Scalar, next: Unicode.Scalar?) -> BreakKind? {
        let p = here.properties
        if "_./:-=".unicodeScalars.contains(before) { return p.isAlphabetic || p.numericType != nil ? .token : nil }
        if here == "(", before.properties.isAlphabetic || before.properties.numericType != nil { return .token }
        if p.isUppercase {
            if before.properties.isLowercase { return .hump }
            if before.properties.isUppercase, let next, next.properties.isLowercase { return .hump }
        }
        return nil
    }
}

/// The scalar starting at byte `offset` of UTF-8 `bytes`. O(1).
package func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar {
    let b0 = UInt32(bytes[offset])
    var value: UInt32
    if b0 < 0x80 { return Unicode.Scalar(UInt8(b0)) }
    if b0 < 0xE0 {
        value = (b0 & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
    } else if b0 < 0xF0 {
        value = (b0 & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
    } else {
        value = (b0 & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
            | UInt32(bytes[offset + 3] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
}

/// Whether the text before byte `offset` ends with a paragraph separator ("\n", "\r",
/// U+2029), after which a paragraph starts (its own direction, no hanging indent).
package func endsParagraph(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Bool {
    guard offset > 0 else { return true }
    if bytes[offset - 1] == 0x0A || bytes[offset - 1] == 0x0D { return true }
    return offset >= 3 && bytes[offset - 3] == 0xE2 && bytes[offset - 2] == 0x80 && bytes[offset - 1] == 0xA9
}

/// Whether the character at `offset` is (part of) a hard line break.
package func isHardBreakCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
    hardBreakLength(bytes, at: offset) > 0
}

/// Whether the character at `offset` is U+202F NARROW NO-BREAK SPACE.
private func isNarrowNoBreakSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
    offset + 2 < bytes.count && bytes[offset] == 0xE2 && bytes[offset + 1] == 0x80 && bytes[offset + 2] == 0xAF
}

/// Punctuation that closes or ends what comes before it: a line never starts with one.
private func isClosing(_ s: Unicode.Scalar) -> Bool {
    ",.;:!?".unicodeScalars.contains(s) || s.properties.generalCategory == .closePunctuation
        || s.properties.generalCategory == .finalPunctuation
}

/// Whether a break before byte `offset` would split the dashes opening an option from its
/// name: one or two ASCII hyphens after a space, an opening bracket or quote (or the text's
/// start), then a letter: `-A` of "(`-A`)" as of "ls -A".
package func opensOption(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Bool {
    guard offset > 0, offset < bytes.count, bytes[offset - 1] == UInt8(ascii: "-") else { return false }
    var start = offset - 1
    if start > 0, bytes[start - 1] == UInt8(ascii: "-") { start -= 1 }
    guard start == 0 || opensWord(bytes[start - 1]) else { return false }
    let letter = bytes[offset] | 0x20
    return letter >= 0x61 && letter <= 0x7A
}

/// Whether ASCII `byte` may come right before a word: a space, an opening bracket or a quote.
private func opensWord(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || "([{\"'`".utf8.contains(byte)
}

/// CJK ideographs, kana, Hangul and their punctuation and full-width forms: characters set
/// without spaces, between which justification may add room.
package func isCJK(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x2E80...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF: return true
    default: return false
    }
}

extension Unicode.Scalar.Properties {
    /// Opening punctuation (Unicode's Ps): a line never ends with one.
    package var isOpenPunctuation: Bool { generalCategory == .openPunctuation }
}
