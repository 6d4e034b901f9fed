/// Chooses where a paragraph's lines end, among its break points (measured: `BreakPoint`).
///
/// Justified and ragged text: by total fit (Knuth and Plass), the lines of least total cost,
/// each line's cost from how far its spaces stretch (its letters opening a little with them:
/// `LetterSpacing`) or shrink (justified) or how much room it leaves (ragged: TeX's
/// `\raggedright` with a finite right skip, as ragged2e's), plus
/// penalties for breaking a word at a hyphen, inside a token, two hyphens in a row (at most
/// `maxHyphensInARow`), a hyphen before the last line, and a runt (a last line of one short word:
/// CSS's `text-wrap: pretty`). Widths come from sums over the paragraph (`BreakPoint.x`), so a
/// line's cost is O(1); the lines that may end at a break start at the breaks less than a
/// line's width before it (an active set bounded by a line, as in Typst's `linebreak.rs`:
/// a start is dropped once a line from it would be overfull), so a paragraph costs
/// O(breaks × breaks per line): linear.
///
/// Code: first fit, as an editor wraps. Headings: balanced (CSS's `text-wrap: balance`), as
/// many lines as first fit gives, as even as they can be. Widths in Pango units.
package struct LineBreaker {
    package enum Mode { case justified, ragged, firstFit, balanced }

    package let breaks: [BreakPoint]
    /// The width of a paragraph's first line, and of the lines after it (a hanging indent).
    package let firstWidth: Int64
    package let otherWidth: Int64
    /// The font size (Pango units): the scale of a ragged line's room and a CJK gap's stretch.
    package let em: Int64

    // Costs, in TeX's units: a line's demerits are (line penalty + badness)² plus the
    // squares of its penalties; badness is 100 r³ (r: how far its spaces stretch, 1 at half
    // their width again).
    package static let linePenalty = 10.0
    /// Breaking a word at a hyphen: in justified text worth it against a line whose spaces
    /// would stretch to about 1.7 times their width, its letters opened as far as they may (the
    /// demerits of a badness of 990). In ragged text (hyphenated only when asked), where it
    /// only evens the edge, TeX's 50. Tuned on Samples/typography.md and art-of-command-line.md
    /// set compact on A5 against Pango's first fit (see docs/performance.md, "Paragraph
    /// quality"): with letters spaced, 300 left fewer lines loose but hyphenated a third more.
    package static let hyphenPenalty = (justified: 1_000.0, ragged: 50.0)
    /// Breaking a token too wide for a line at its punctuation or a case hump; between two of
    /// its graphemes.
    package static let tokenPenalty = 150.0
    /// At a case hump: enough more that a break after punctuation a few letters before it
    /// wins (`…line:|updatesHandler:)`, not `…line:updates|Handler:)`).
    package static let humpPenalty = 400.0
    package static let graphemePenalty = 5_000.0
    /// Inside a short token of code or an address, which could move whole: worth it only
    /// against a line whose spaces would stretch to about twice their width.
    package static let wholeTokenPenalty = 1_000.0
    /// A runt: in justified text about what a line whose spaces stretch 1.7 times their width
    /// costs, in ragged text a line short by five ems: worth moving a word down for, not
    /// worth a gaping line.
    package static let runtDemerits = (justified: 4_000_000.0, ragged: 300_000.0)
    /// Overfull lines are kept only when nothing else fits, at this badness (above any
    /// underfull line's).
    package static let overfullBadness = 1e12
    package static let maxHyphensInARow = 2
    /// How far a justified line's spaces may shrink (a third, TeX's; with the letters closing
    /// up too, `letterShrink`) and stretch before a line counts as loose (by half: a ratio of 1).
    package static let shrinkFraction = 1.0 / 3
    package static let stretchFraction = 0.5
    /// How far a justified line's letters may open (`LetterSpacing`), in their advance, when
    /// its spaces stretch half their width again (a ratio of 1): the expansion pdfTeX's
    /// microtype allows by default, as room between letters instead of wider glyphs.
    package static let letterStretch = 0.02
    /// How far a justified line's letters may close up, with its spaces, in their advance:
    /// pdfTeX's expansion shrinks as it stretches (microtype's default, 2%). A line may then
    /// take a word whole (`patterns`, not `pat-terns`) where its spaces alone could not.
    package static let letterShrink = 0.02
    /// A justified line's ratio beyond which it is not acceptable when the alternative is to
    /// break inside a token that fits a line (`totalFit`): spaces stretched to twice their width.
    package static let tokenTolerance = 2.0
    /// A ragged line's room is measured against this many ems.
    package static let raggedStretch = 3.0
    /// What a gap between CJK characters may stretch, in ems.
    package static let cjkGapStretch = 0.25

    /// Where the lines end, and the work it took.
    package struct Choice {
        /// The breaks (indices in `breaks`, ascending) where the lines end; the last is the
        /// text's end.
        package var ends: [Int]
        /// The candidate lines weighed: what bounds the work (tests check it grows with the
        /// text, not faster).
        package var examined: Int
    }

    /// The breaks (indices in `breaks`, ascending) where the lines end; the last is the
    /// text's end.
    package func lines(_ mode: Mode) -> [Int] { choose(mode).ends }

    /// The lines `mode` chooses.
    package func choose(_ mode: Mode) -> Choice {
        guard breaks.count > 1 else { return Choice(ends: [], examined: 0) }
        switch mode {
        case .justified: return totalFit(justified: true)
        case .ragged: return totalFit(justified: false)
        case .firstFit: return firstFit(scale: 1)
        case .balanced: return balanced()
        }
    }

    // MARK: The line from break i to break j

    private func available(from i: Int) -> Int64 { breaks[i].startsParagraph ? firstWidth : otherWidth }

    /// The natural width of the line from break `i` to break `j`: its content, and the hyphen
    /// it ends with.
    package func naturalWidth(_ i: Int, _ j: Int) -> Int64 {
        breaks[j].xEnd - breaks[i].x + (breaks[j].kind == .hyphen ? Int64(breaks[j].hyphenWidth) : 0)
    }

    /// The stretchable spaces' width between break `i` and the content end of break `j`, and
    /// the CJK gaps there.
    private func glue(_ i: Int, _ j: Int) -> (spaces: Int64, gaps: Int64) {
        let spaces = max(0, breaks[j].spacesEnd - breaks[i].spaces)
        let gaps = Int64(breaks[j].gaps - breaks[i].gaps) - (breaks[i].isCJKGap ? 1 : 0)
        return (spaces, max(0, gaps))
    }

    /// How far the line from `i` to `j` must stretch (positive) or shrink (negative) to fill
    /// its width, relative to what it may (below -1: overfull), and its badness: 100 |r|³,
    /// TeX's, up to spaces half again their width; past that, in a justified line, 100 r⁷ (a
    /// loose line costs as a line past TeX's tolerance: a hyphen or a neighbour a little
    /// looser is cheaper than a line whose spaces gape).
    package func ratio(_ i: Int, _ j: Int, justified: Bool) -> (ratio: Double, badness: Double) {
        let delta = Double(available(from: i) - naturalWidth(i, j))
        let last = breaks[j].kind == .hard
        let (spaces, gaps) = glue(i, j)
        // Letters close up only with spaces, as `LineAssembler.justify` sets them.
        let shrink = spaces > 0 ? Double(spaces) * Self.shrinkFraction + Double(breaks[j].lettersEnd - breaks[i].letters) * Self.letterShrink : 0
        var r: Double
        if delta < 0 {
            // Only justified lines shrink; a ragged line that does not fit is overfull.
            r = justified && shrink > 0 ? delta / shrink : -2
        } else if last {
            r = 0
        } else if justified, spaces > 0 || gaps > 0 {
            let stretch = Double(spaces) * Self.stretchFraction + Double(gaps) * Double(em) * Self.cjkGapStretch
            let letters = Double(breaks[j].lettersEnd - breaks[i].letters) * Self.letterStretch
            // The letters open with the spaces up to a ratio of 1, then only the spaces stretch.
            r = delta <= stretch + letters ? delta / (stretch + letters) : (delta - letters) / stretch
        } else if justified, !inToken(i, j) {
            // A lone word, which cannot be stretched: its line is as bad as one whose spaces
            // would make up the room, a quarter of an em of stretch for all.
            r = delta / (Double(em) * Self.stretchFraction / 2)
        } else {
            // Ragged, or a piece of a long token, which is set as it is and reads as one:
            // what it leaves is judged as a ragged line's room.
            r = delta / (Double(em) * Self.raggedStretch)
        }
        if r < -1 { return (r, Self.overfullBadness) }
        // Not capped at TeX's 10,000: a line stretched fifty times must cost more than one
        // stretched five (only then does a token that moves whole leave the least gap).
        r = min(r, 100)
        let cube = r * r * r
        if justified, r > 1, !last, !inToken(i, j) { return (r, 100 * cube * cube * r) }
        return (r, 100 * abs(cube))
    }

    /// Whether the line from `i` to `j` starts or ends inside a token (after a break
    /// `addingEmergencyBreaks` made).
    private func inToken(_ i: Int, _ j: Int) -> Bool {
        breaks[i].kind.isInsideToken || breaks[j].kind.isInsideToken
    }

    // MARK: Total fit

    private struct Node {
        var breakIndex: Int32
        var pred: Int32
        var hyphens: Int8  // lines ending in a hyphen up to this one, in a row
        var total: Double
    }

    /// Justified text breaks inside a token that fits a line whole (code, an address) only as
    /// a last resort, as the token could move to the next line: a first pass goes without such
    /// breaks, and its lines are kept unless one is overfull or its spaces stretch past
    /// `tokenTolerance` (TeX's first pass without hyphenation, under `\pretolerance`); else
    /// they are weighed with the rest. At most twice the work, for paragraphs holding such a
    /// token.
    private func totalFit(justified: Bool) -> Choice {
        if justified, breaks.contains(where: { $0.tokenFitsLine && !$0.forced }),
           let whole = totalFit(justified: true, keepingTokensWhole: true), acceptable(whole.ends) {
            return whole
        }
        return totalFit(justified: justified, keepingTokensWhole: false) ?? firstFit(scale: 1)
    }

    /// Whether no justified line ending at `ends` is overfull or stretched past `tokenTolerance`.
    private func acceptable(_ ends: [Int]) -> Bool {
        var start = 0
        for end in ends {
            let r = ratio(start, end, justified: true).ratio
            if r < -1 || r > Self.tokenTolerance { return false }
            start = end
        }
        return true
    }

    /// The lines of least total demerits (without breaks inside tokens that fit a line when
    /// `keepingTokensWhole`), or nil when none reach the text's end.
    private func totalFit(justified: Bool, keepingTokensWhole: Bool) -> Choice? {
        var examined = 0
        var nodes = [Node(breakIndex: 0, pred: -1, hyphens: 0, total: 0)]
        nodes.reserveCapacity(breaks.count + breaks.count / 4)
        var active = 0
        for j in 1..<breaks.count {
            let b = breaks[j]
            if keepingTokensWhole, b.tokenFitsLine, !b.forced { continue }
            let isHyphen = b.kind == .hyphen
            var best0: Node?, best1: Node?, best2: Node?
            var k = active
            examined += nodes.count - k
            while k < nodes.count {
                let node = nodes[k]
                let i = Int(node.breakIndex)
                let (r, badness) = ratio(i, j, justified: justified)
                if r < -1, k == active { active += 1 }
                let hyphens = isHyphen ? Int(node.hyphens) + 1 : 0
                if hyphens <= Self.maxHyphensInARow {
                    let total = node.total + demerits(i, j, badness: badness, previousHyphens: Int(node.hyphens), justified: justified)
                    let candidate = Node(breakIndex: Int32(j), pred: Int32(k), hyphens: Int8(hyphens), total: total)
                    switch hyphens {
                    case 0: if best0.map({ total < $0.total }) ?? true { best0 = candidate }
                    case 1: if best1.map({ total < $0.total }) ?? true { best1 = candidate }
                    default: if best2.map({ total < $0.total }) ?? true { best2 = candidate }
                    }
                }
                k += 1
            }
            let first = nodes.count
            if let best0 { nodes.append(best0) }
            if let best1 { nodes.append(best1) }
            if let best2 { nodes.append(best2) }
            if b.kind == .hard || b.forced { active = first }
            // A start stays, should every later one have been dropped: some line must end here.
            active = min(active, nodes.count - 1)
        }
        // The best node at the text's end, and back.
        var k = -1
        for candidate in nodes.indices.reversed() where Int(nodes[candidate].breakIndex) == breaks.count - 1 {
            if k < 0 || nodes[candidate].total < nodes[k].total { k = candidate }
        }
        guard k >= 0 else { return nil }
        var result: [Int] = []
        while k > 0 {
            result.append(Int(nodes[k].breakIndex))
            k = Int(nodes[k].pred)
        }
        return Choice(ends: result.reversed(), examined: examined)
    }

    /// The demerits of the line from `i` to `j` of `badness`, after `previousHyphens` lines
    /// in a row ending in a hyphen.
    /// The demerits of the line from `i` to `j` of `badness`, after `previousHyphens` lines
    /// in a row ending in a hyphen: a second hyphen in a row, and a hyphen before the last
    /// line, cost a hyphen's penalty again (TeX's double and final hyphen demerits).
    private func demerits(_ i: Int, _ j: Int, badness: Double, previousHyphens: Int, justified: Bool) -> Double {
        let end = breaks[j]
        let hyphen = justified ? Self.hyphenPenalty.justified : Self.hyphenPenalty.ragged
        var d = (Self.linePenalty + badness) * (Self.linePenalty + badness)
        switch end.kind {
        case .hyphen:
            d += hyphen * hyphen
            if previousHyphens > 0 { d += hyphen * hyphen }
        case .token: d += Self.tokenPenalty * Self.tokenPenalty
        case .hump: d += Self.humpPenalty * Self.humpPenalty
        case .wholeToken: d += Self.wholeTokenPenalty * Self.wholeTokenPenalty
        case .grapheme: d += Self.graphemePenalty * Self.graphemePenalty
        case .hard:
            if previousHyphens > 0 { d += hyphen * hyphen }
            if isRunt(i, j) { d += justified ? Self.runtDemerits.justified : Self.runtDemerits.ragged }
        case .normal: break
        }
        return d
    }

    /// Whether the line from `i` to `j`, a paragraph's last, is a runt: one short word (no
    /// space, no gap between CJK characters; narrower than a quarter of the line) under a line
    /// of the same paragraph. A long last word (`-DCMAKE_BUILD_TYPE=Release).`) is no runt:
    /// avoiding it would cost a loose line for nothing a reader minds.
    package func isRunt(_ i: Int, _ j: Int) -> Bool {
        guard breaks[j].kind == .hard, !breaks[i].startsParagraph, breaks[j].xEnd > breaks[i].x,
              4 * naturalWidth(i, j) < available(from: i) else { return false }
        let (spaces, gaps) = glue(i, j)
        return spaces == 0 && gaps == 0
    }

    // MARK: First fit and balance

    /// Each line as long as fits (`scale`: the widths multiplied), preferring a break between
    /// words or at a token's punctuation to one between graphemes; a line with no break that
    /// fits ends at its first (overfull).
    private func firstFit(scale: Double) -> Choice {
        var result: [Int] = []
        var examined = 0
        var i = 0
        while i < breaks.count - 1 {
            let width = Int64(Double(available(from: i)) * scale)
            var fitting: Int?, fittingGrapheme: Int?
            var j = i + 1
            while j < breaks.count {
                examined += 1
                if naturalWidth(i, j) > width { break }
                if breaks[j].kind == .grapheme { fittingGrapheme = j } else { fitting = j }
                if breaks[j].kind == .hard || breaks[j].forced { break }
                j += 1
            }
            let end = fitting ?? fittingGrapheme ?? min(i + 1, breaks.count - 1)
            result.append(end)
            i = end
        }
        return Choice(ends: result, examined: examined)
    }

    /// First fit's number of lines, each as near the same width as can be: the narrowest
    /// width (a fraction of the measure, found by halving) at which first fit still needs no
    /// more lines. O(log(1/precision) × first fit).
    private func balanced() -> Choice {
        let full = firstFit(scale: 1)
        guard full.ends.count > 1, !full.ends.dropLast().contains(where: { breaks[$0].kind == .hard }) else { return full }
        var examined = full.examined
        var lo = 0.0, hi = 1.0
        for _ in 0..<12 {
            let mid = (lo + hi) / 2
            let trial = firstFit(scale: mid)
            examined += trial.examined
            if trial.ends.count > full.ends.count { lo = mid } else { hi = mid }
        }
        var result = firstFit(scale: hi)
        result.examined += examined
        return result
    }
}
