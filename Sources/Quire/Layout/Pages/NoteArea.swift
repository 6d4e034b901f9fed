/// The foot of a page being filled: the footnotes set there, under a short rule, bottom
/// aligned with the text block. Pagination adds each placed slice's notes (`Slice.notes`)
/// and asks whether they fit; a note that does not fit whole is split between its lines,
/// at least its first line on the page of its reference, and what is left waits for the
/// next page's foot (`carried`), where it comes first. The lines of a split note after its
/// first, and of a long note set whole after its first three, give way to text placed after
/// its reference (to the next page's foot), so that a long note does not end the page's text
/// early (a 25-line note set whole moved the text after its reference, 60% of a page, on).
package struct NoteArea {
    /// Space from the area's top to the first note (the gap above the rule, and under it).
    package let separator: Double
    /// Note lines set here, each with its offset from the first one's top.
    package private(set) var lines: [(slice: Slice, y: Double)] = []
    /// The area's height after each line (0 when empty, else the separator and the lines).
    private var heights: [Double] = []
    /// Lines that did not fit, for the next page's foot. Once any wait, no other note is
    /// added here, so notes keep their order.
    package private(set) var carried: [Slice] = []
    /// Lines from this index on belong to a split note after its first line: they may go to
    /// the next page's foot to make room for text.
    private var yielding: Int?

    package init(separator: Double) { self.separator = separator }

    package var height: Double { heights.last ?? 0 }

    /// The area's height with `line` added under the others.
    private func height(adding line: Slice) -> Double {
        guard let last = lines.last else { return separator + line.height }
        return height + max(last.slice.spaceAfter, line.spaceBefore) + line.height
    }

    private mutating func append(_ line: Slice) {
        let total = height(adding: line)
        lines.append((line, total - separator - line.height))
        heights.append(total)
    }

    /// Takes `notes` (the lines carried from the page before) while the area stays within
    /// `limit`, at least one line; the rest stays carried. O(lines).
    package mutating func takeCarried(_ notes: [Slice], limit: Double) {
        for (i, line) in notes.enumerated() {
            if !lines.isEmpty && height(adding: line) > limit + 0.001 {
                carried = Array(notes[i...])
                return
            }
            append(line)
        }
    }

    /// A long note set whole keeps this many lines on the page of its reference when the text
    /// after the reference needs room (as a split note keeps its first).
    package static let keptLines = 3
    /// Notes of fewer lines stay whole: splitting them would leave a line or two on each page.
    package static let yieldingLength = 6

    /// Where the lines that may give way to text begin, the last note having just been set
    /// whole in `count` lines: after its first `keptLines` when it is long, else nowhere (an
    /// earlier note's lines cannot give way past a whole one under them, or notes would
    /// change order).
    private func yieldingStart(ofLast count: Int) -> Int? {
        count >= Self.yieldingLength ? lines.count - count + Self.keptLines : nil
    }

    /// How a slice's notes were taken.
    package enum Fit { case whole, split, none }

    /// Makes room for a slice reaching `bottom` with `notes` (each note's lines), and adds
    /// them, if the text and the area fit in `limit`: every note whole, or all but the last
    /// whole and the lines of the last that fit, at least its first, with the rest carried
    /// (with `force`, what fits, possibly nothing). A slice without notes may push the lines
    /// of a split note after its first to the next page. `.none`: the slice does not fit;
    /// nothing changed. Amortised O(note lines).
    package mutating func add(_ notes: [[Slice]], below bottom: Double, limit: Double, force: Bool = false) -> Fit {
        let fits = { (area: NoteArea) in bottom + area.height <= limit + 0.001 }
        guard !notes.isEmpty else {
            var trial = self
            while !fits(trial), let from = trial.yielding, trial.lines.count > from {
                trial.carried.insert(trial.lines.removeLast().slice, at: 0)
                trial.heights.removeLast()
            }
            guard fits(trial) || force else { return .none }
            self = trial
            return .whole
        }
        var trial = self
        if carried.isEmpty {
            for line in notes.joined() { trial.append(line) }
            if fits(trial) {
                trial.yielding = trial.yieldingStart(ofLast: notes.last?.count ?? 0)
                self = trial
                return .whole
            }
            // All but the last note whole, and the last one's first line.
            trial = self
            for line in notes.dropLast().joined() { trial.append(line) }
            if let first = notes.last?.first { trial.append(first) }
        }
        guard carried.isEmpty && fits(trial) || force else { return .none }
        let lines = Array(notes.joined())
        let lastStart = lines.count - (notes.last?.count ?? 0)
        for (i, line) in lines.enumerated() {
            if !carried.isEmpty || bottom + height(adding: line) > limit + 0.001 {
                carried += lines[i...]
                break
            }
            append(line)
            if i == lastStart { yielding = self.lines.count }
        }
        return .split
    }
}
