/// One line as an excerpt counts it: a typeset line of text (which the label may end), a
/// heading's line, a table row (however many lines its cells take), or a block kept whole (a
/// picture with its caption: one line; a display formula: the lines of text its height
/// displaces, so that an excerpt of N lines takes about N lines of the page). Rules and
/// anchors are not counted.
package struct ExcerptUnit: Equatable {
    package enum Kind: Equatable {
        case text
        case heading
        case tableRow(table: Int, isHeader: Bool)
        /// A block kept whole (a picture and its caption, a display formula).
        case block
    }
    package var kind: Kind
    /// The slices it spans: one, or a picture's and its caption's, a formula's lines.
    package var slices: Range<Int>
    /// How many lines it counts as (1 but for a display formula).
    package var lines = 1
}

extension Array where Element == Slice {
    /// The excerpt lines of the slices, in order, until they count `limit` lines (the last
    /// may go past it). O(slices they span).
    package func excerptUnits(upTo limit: Int) -> [ExcerptUnit] {
        excerptUnits { units, lines in lines < limit }
    }

    /// The first `limit` excerpt lines of the slices (units, whatever each counts), in
    /// order. O(slices they span).
    package func excerptUnits(first limit: Int) -> [ExcerptUnit] {
        excerptUnits { units, _ in units < limit }
    }

    /// The units while `more(units so far, lines so far)`.
    private func excerptUnits(while more: (Int, Int) -> Bool) -> [ExcerptUnit] {
        var units: [ExcerptUnit] = []
        var lines = 0
        var i = 0
        while i < count, more(units.count, lines) {
            let kind: ExcerptUnit.Kind
            var end = i + 1
            var weight = 1
            switch self[i].excerptRole {
            case .none:
                i += 1
                continue
            case .line: kind = .text
            case .heading: kind = .heading
            case .tableRow(let table, let isHeader): kind = .tableRow(table: table, isHeader: isHeader)
            case .atomic(let group, let first):
                kind = .block
                weight = first
                while end < count, case .atomic(group, let more) = self[end].excerptRole {
                    weight += more
                    end += 1
                }
            }
            units.append(ExcerptUnit(kind: kind, slices: i..<end, lines: weight))
            lines += weight
            i = end
        }
        return units
    }
}

/// Where an excerpt of N lines is cut, decided from its lines alone.
///
/// Line N is cut with the label when it is text. Otherwise the label stands alone on a line
/// of its own: after as many rows of a table as leave it room (the header and at least one
/// row, else before the table), or before a picture; and never right after a heading (a
/// heading is never the last thing before the label: the cut moves before it).
package enum ExcerptCut: Equatable {
    /// The first `k` lines are shown whole and line `k` (0-based, text) ends with the label.
    case label(Int)
    /// The first `k` lines are shown whole, then the label alone on the next line.
    case alone(Int)

    /// The cut of `units` (at least their first `n` + 1 lines) to `n` lines; nil when they
    /// hold `n` lines or fewer. A block counting several lines is never cut: when line `n`
    /// falls in it, the label stands alone in its place. O(n).
    package init?(_ units: [ExcerptUnit], lines n: Int) {
        guard n > 0, units.reduce(0, { $0 + $1.lines }) > n else { return nil }
        var last = 0, before = 0
        while before + units[last].lines < n {
            before += units[last].lines
            last += 1
        }
        switch units[last].kind {
        case .text:
            self = .label(last)
        case .heading, .block:
            self = Self.before(last, units)
        case .tableRow(let table, _):
            var first = last
            while first > 0, case .tableRow(table, _) = units[first - 1].kind { first -= 1 }
            // Rows first...last - 1 may be shown, the label taking line N.
            let hasHeader = units[first].kind == .tableRow(table: table, isHeader: true)
            self = last - first >= (hasHeader ? 2 : 1) ? .alone(last) : Self.before(first, units)
        }
    }

    /// The label alone in place of line `k`, or of the headings right before it.
    package static func before(_ k: Int, _ units: [ExcerptUnit]) -> ExcerptCut {
        var start = k
        while start > 0, units[start - 1].kind == .heading { start -= 1 }
        return .alone(start)
    }
}
