/// Column widths of a table, from each column's minimum and preferred content widths.
///
/// The minimum is the column's widest unbreakable piece (a word), the preferred its widest
/// cell set on one line. The rule, in order:
/// 1. every column at its preferred width, when the table fits that way;
/// 2. else every column at its minimum, and the room left shared in proportion to how much
///    each column wants beyond its minimum (so no word is broken);
/// 3. else smaller type (and padding) until the minimums fit, down to `floor`;
/// 4. else, at the floor, the narrow columns keep their minimum and the widest ones are
///    capped to one common width, so only their longest words wrap inside; a column never
///    goes below its header's longest word while another can give way (a header word is
///    broken only when the header words alone are wider than the table).
/// Pure arithmetic: widths scale with the type size (unhinted metrics are linear).
package struct TableColumns: Equatable {
    /// Type scale to apply to the table (1 = as measured; at least `floor`).
    package var scale: Double
    /// Padding on each side of a cell, in points, at the final scale.
    package var padding: Double
    /// Content width of each column, in points, at the final scale.
    package var widths: [Double]

    /// Width of the whole table: columns and their padding.
    package var totalWidth: Double { widths.reduce(0, +) + Double(widths.count) * 2 * padding }

    /// - Parameters:
    ///   - minimum, preferred: content widths per column at scale 1 (`preferred >= minimum`).
    ///   - header: the widest word of each column's header at scale 1 (at most `minimum`).
    ///   - padding: padding on each side of a cell at scale 1.
    ///   - available: the width the table must fit, in points.
    ///   - floor: the smallest type scale allowed (0 < floor <= 1).
    /// - Complexity: O(columns log columns).
    package init(minimum: [Double], preferred: [Double], header: [Double]? = nil, padding: Double, available: Double, floor: Double) {
        let n = Double(minimum.count)
        let preferred = zip(minimum, preferred).map { max($0, $1) }
        let sumMin = minimum.reduce(0, +), sumPref = preferred.reduce(0, +)
        // Padding never takes more than a quarter of the width (a table of very many columns).
        let pad = min(padding, available / max(1, n) / 8)
        if sumPref + n * 2 * pad <= available {
            self.init(scale: 1, padding: pad, widths: preferred)
            return
        }
        if sumMin + n * 2 * pad <= available {
            let room = available - n * 2 * pad - sumMin
            let wanted = sumPref - sumMin
            self.init(scale: 1, padding: pad,
                      widths: zip(minimum, preferred).map { $0 + ($1 - $0) * (wanted > 0 ? room / wanted : 0) })
            return
        }
        let needed = sumMin + n * 2 * pad
        let scale = max(floor, min(1, available / needed))
        let scaledPad = pad * scale
        let content = max(n, available - n * 2 * scaledPad)
        let mins = minimum.map { $0 * scale }
        if mins.reduce(0, +) <= content + 0.001 {
            self.init(scale: scale, padding: scaledPad, widths: mins)
            return
        }
        let floors = (header ?? []).map { $0 * scale }
        self.init(scale: scale, padding: scaledPad, widths: Self.capped(mins, floors: floors, to: content))
    }

    /// The width a table of these columns needs when offered `available` points: without
    /// breaking a word (`minimum`), and with every cell on one line (`preferred`), at scale 1;
    /// padding as `init` gives it (it shrinks for very many columns). O(columns).
    package static func neededWidths(minimum: [Double], preferred: [Double], padding: Double,
                             available: Double) -> (words: Double, lines: Double) {
        let n = Double(minimum.count)
        let pad = n * 2 * min(padding, available / max(1, n) / 8)
        return (minimum.reduce(0, +) + pad, zip(minimum, preferred).reduce(0) { $0 + max($1.0, $1.1) } + pad)
    }

    package init(scale: Double, padding: Double, widths: [Double]) {
        self.scale = scale
        self.padding = padding
        self.widths = widths
    }

    /// `widths` lowered to one common cap, but none below its floor (`floors`, by column;
    /// missing ones 0), so that they sum to `total`: the cap found by bisection, since the sum
    /// grows with it. When the floors alone exceed `total`, they give way too (plain capping).
    /// O(columns × 60).
    package static func capped(_ widths: [Double], floors: [Double], to total: Double) -> [Double] {
        let low = widths.indices.map { min(widths[$0], $0 < floors.count ? floors[$0] : 0) }
        guard low.reduce(0, +) <= total else { return capped(widths, to: total) }
        func atCap(_ cap: Double) -> [Double] { widths.indices.map { max(low[$0], min(widths[$0], cap)) } }
        var lo = 0.0, hi = widths.max() ?? 0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if atCap(mid).reduce(0, +) > total { hi = mid } else { lo = mid }
        }
        return atCap(lo)
    }

    /// `widths` with the largest ones lowered to one common cap so that they sum to `total`
    /// ("water filling"); the ones under the cap stay as they are.
    package static func capped(_ widths: [Double], to total: Double) -> [Double] {
        let sorted = widths.sorted()
        var below = 0.0
        for (i, w) in sorted.enumerated() {
            let rest = Double(sorted.count - i)
            let cap = (total - below) / rest
            if w >= cap { return widths.map { min($0, max(cap, 0)) } }
            below += w
        }
        return widths
    }
}
