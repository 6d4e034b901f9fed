/// The explicit directional controls of Unicode's Bidirectional Algorithm (UAX #9: the
/// embeddings LRE, RLE, the overrides LRO, RLO, their terminator PDF, the isolates LRI, RLI,
/// FSI and their terminator PDI), filtered before text reaches Pango's itemizer.
///
/// Why: Debian's fribidi (1.0.8), which Pango's itemizer calls, reads past its run lists on
/// deep or unbalanced runs of these controls (a SIGSEGV in
/// `fribidi_get_par_embedding_levels_ex` from a paragraph of 144 bytes of them). UAX #9
/// ignores every control past its depth limit of 125 (an overflow) and every terminator that
/// closes nothing (rules X1–X8), so replacing exactly those changes no level that the
/// algorithm gives, and fribidi only ever sees balanced, bounded nesting.
///
/// A replaced control becomes U+2060 WORD JOINER: like the controls it is three UTF-8 bytes, of
/// bidi class BN (which is what rule X9 turns an explicit control into), default ignorable and
/// of the Common script, so the text's byte offsets, its items' fonts and scripts, and what is
/// drawn stay as they were. The line breaker and the shaper read the original text.
package enum BidiControls {
    /// UAX #9's `max_depth`.
    package static let maximumDepth = 125

    /// Text for the itemizer: `bytes` (UTF-8) cut into `paragraphs` (byte ranges with their
    /// base direction), each of them also cut around every paragraph separator (bidi class B)
    /// it holds, and in each piece every explicit control that UAX #9 ignores replaced by
    /// U+2060. Nil when `bytes` holds no explicit control: such text is itemized as it is.
    ///
    /// Why the cut: fribidi 1.0.8 stops applying the explicit rules at a paragraph separator
    /// (rule X8) but goes on resolving the controls after it, and it frees a run it reads
    /// later when a paragraph separator follows two isolates (`FSI ( PDI FSI` and a line
    /// feed); a piece without a separator, and a separator alone, are what it handles. The
    /// cut also gives each line of a code block its own embeddings, as UAX #9 does. O(n).
    package static func filtered(_ bytes: UnsafeBufferPointer<UInt8>, paragraphs: [(Range<Int>, Bool)]) -> Filtered? {
        guard containsControl(bytes) else { return nil }
        var result = Filtered(text: Array(bytes), paragraphs: [])
        for (range, rightToLeft) in paragraphs {
            var state = EmbeddingState(baseLevel: rightToLeft ? 1 : 0)
            var start = range.lowerBound
            var i = range.lowerBound
            while i < range.upperBound {
                let length = min(scalarLength(result.text[i]), range.upperBound - i)
                if let control = Control(result.text, at: i, end: range.upperBound), !state.apply(control) {
                    (result.text[i], result.text[i + 1], result.text[i + 2]) = (0xE2, 0x81, 0xA0)
                } else if isParagraphSeparator(result.text, at: i, end: range.upperBound) {
                    if start < i { result.paragraphs.append((start..<i, rightToLeft)) }
                    result.paragraphs.append((i..<(i + length), rightToLeft))
                    start = i + length
                    state = EmbeddingState(baseLevel: rightToLeft ? 1 : 0)
                }
                i += length
            }
            if start < range.upperBound || range.isEmpty { result.paragraphs.append((start..<range.upperBound, rightToLeft)) }
        }
        return result
    }

    /// Text and its paragraphs as the itemizer is to read them.
    package struct Filtered {
        /// The same bytes but for ignored controls, each replaced by U+2060 (same offsets).
        package var text: [UInt8]
        /// Byte ranges of `text` with their base direction: pieces without a paragraph
        /// separator, and each separator on its own.
        package var paragraphs: [(Range<Int>, Bool)]
    }

    /// Whether `bytes` holds an explicit control: E2 80 AA–AE or E2 81 A6–A9.
    package static func containsControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) where bytes[i] == 0xE2 {
            if Control(bytes[i + 1], bytes[i + 2]) != nil { return true }
        }
        return false
    }

    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// A paragraph separator of bidi class B: LF, CR, U+001C–001E, U+0085, U+2029.
    private static func isParagraphSeparator(_ b: [UInt8], at i: Int, end: Int) -> Bool {
        switch b[i] {
        case 0x0A, 0x0D, 0x1C, 0x1D, 0x1E: return true
        case 0xC2: return i + 1 < end && b[i + 1] == 0x85
        case 0xE2: return i + 2 < end && b[i + 1] == 0x80 && b[i + 2] == 0xA9
        default: return false
        }
    }
}

extension BidiControls {
    /// One explicit control.
    package enum Control {
        case embedding(rightToLeft: Bool)  // LRE, RLE, LRO, RLO: X2–X5
        case popDirectionalFormatting      // PDF: X7
        case isolate(rightToLeft: Bool?)   // LRI, RLI, and FSI (whose direction is its content's): X5a–X5c
        case popDirectionalIsolate         // PDI: X6a

        /// The control whose UTF-8 encoding's last two bytes are `second`, `third` (after 0xE2).
        package init?(_ second: UInt8, _ third: UInt8) {
            switch (second, third) {
            case (0x80, 0xAA), (0x80, 0xAD): self = .embedding(rightToLeft: false)
            case (0x80, 0xAB), (0x80, 0xAE): self = .embedding(rightToLeft: true)
            case (0x80, 0xAC): self = .popDirectionalFormatting
            case (0x81, 0xA6): self = .isolate(rightToLeft: false)
            case (0x81, 0xA7): self = .isolate(rightToLeft: true)
            case (0x81, 0xA8): self = .isolate(rightToLeft: nil)
            case (0x81, 0xA9): self = .popDirectionalIsolate
            default: return nil
            }
        }

        package init?(_ b: [UInt8], at i: Int, end: Int) {
            guard b[i] == 0xE2, i + 2 < end else { return nil }
            self.init(b[i + 1], b[i + 2])
        }
    }

    /// Rules X1–X8's directional status stack, reduced to what decides whether a control
    /// takes effect: levels, isolate entries and the overflow counters.
    package struct EmbeddingState {
        private var stack: [(level: Int, isolate: Bool)]
        private var overflowIsolates = 0
        private var overflowEmbeddings = 0
        private var validIsolates = 0

        package init(baseLevel: Int) { stack = [(baseLevel, false)] }

        /// Applies `control`; false when UAX #9 ignores it (an overflow, or a terminator that
        /// matches nothing). An FSI counts as overflowing when either direction would: its
        /// content is not read, and dropping it at the depth limit is the safe side.
        package mutating func apply(_ control: Control) -> Bool {
            let level = stack[stack.count - 1].level
            let nextOdd = (level + 1) | 1
            let nextEven = (level + 2) & ~1
            switch control {
            case .embedding(let rightToLeft):
                let new = rightToLeft ? nextOdd : nextEven
                guard new <= maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 else {
                    if overflowIsolates == 0 { overflowEmbeddings += 1 }
                    return false
                }
                stack.append((new, false))
                return true
            case .isolate(let rightToLeft):
                let new = rightToLeft.map { $0 ? nextOdd : nextEven } ?? max(nextOdd, nextEven)
                guard new <= maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 else {
                    overflowIsolates += 1
                    return false
                }
                validIsolates += 1
                stack.append((new, true))
                return true
            case .popDirectionalIsolate:
                if overflowIsolates > 0 { overflowIsolates -= 1; return false }
                guard validIsolates > 0 else { return false }
                overflowEmbeddings = 0
                while !stack[stack.count - 1].isolate { stack.removeLast() }
                stack.removeLast()
                validIsolates -= 1
                return true
            case .popDirectionalFormatting:
                if overflowIsolates > 0 { return false }
                if overflowEmbeddings > 0 { overflowEmbeddings -= 1; return false }
                guard !stack[stack.count - 1].isolate, stack.count >= 2 else { return false }
                stack.removeLast()
                return true
            }
        }
    }
}
