import QuireModel

/// A horizontal strip of laid-out content that pagination places as a whole.
///
/// Blocks become slices: one per text line (so long blocks split between lines), one per
/// table row, one per rule. Positions inside are relative to the slice's top; x is already
/// absolute on the page. `keepWithNext` forbids a page break after the slice (headings,
/// orphan and widow lines, a marker's first line).
package struct Slice {
    package var height: Double
    /// Space wanted above and below; between two slices the larger of the two is used, and
    /// none at the top of a page.
    package var spaceBefore: Double = 0
    package var spaceAfter: Double = 0
    package var keepWithNext = false
    package var items: [PageItem] = []
    package var links: [LinkArea] = []
    package var destinations: [Destination] = []
    /// Baseline of the first text line, from the slice top (list markers align to it).
    package var firstBaseline: Double?
    /// Height of the first line box (a marker without a baseline is centred in it).
    package var firstLineHeight: Double?
    /// How an excerpt counts the slice: a typeset line it may cut, a heading's line, a table
    /// row, part of a block it must keep whole (a picture and its caption: one line), or
    /// nothing (rules, anchors).
    package var excerptRole: ExcerptRole = .none
    /// Start a new page with this slice (a forced page break, the "Full text" part).
    package var pageBreakBefore = false
    /// On a table's body rows: the table's header row, which pagination repeats at the top of
    /// a page that starts with this row (so the previous page ended inside the same table).
    package var repeatedHeader: RepeatedHeader?
    /// Set on a landscape page (`Style.turnedForWideTables`): a table too wide for the page
    /// upright. Pagination gives such slices pages of their own, then goes on upright.
    package var landscape = false
    /// The footnotes referred to on the slice's lines, by number, in order.
    package var footnotes: [Int] = []
    /// The notes first referred to here, each as its lines (`footnotes` laid out, when
    /// footnotes go at the page's foot): pagination sets them at the foot of the page holding
    /// this slice, and continues on the next page's foot what does not fit.
    package var notes: [[Slice]] = []

    /// A forced page break's slice, or one like it: no height, nothing on it.
    package var isEmptyBreak: Bool {
        pageBreakBefore && height == 0 && items.isEmpty && links.isEmpty && destinations.isEmpty
    }

    /// Moves everything in the slice down by `dy` and grows it by as much.
    package mutating func pushDown(_ dy: Double) {
        guard dy != 0 else { return }
        items = items.map { $0.offsetBy(dy: dy) }
        links = links.map { LinkArea(rect: $0.rect.offsetBy(dy: dy), target: $0.target) }
        destinations = destinations.map { Destination(name: $0.name, y: $0.y + dy) }
        firstBaseline = firstBaseline.map { $0 + dy }
        height += dy
    }

    /// The slice with everything in it tagged as an artifact (a repetition, not content).
    package func asArtifact() -> Slice {
        var copy = self
        copy.items = items.map { item in
            switch item {
            case .text(var line): line.tag = .artifact; return .text(line)
            case .marker(var m): m.tag = .artifact; return .marker(m)
            case .image(let r, let image, _): return .image(r, image, tag: .artifact)
            case .formula(var f): f.tag = .artifact; return .formula(f)
            case .path(let p, _): return .path(p, tag: .artifact)
            case .fill, .line, .frame: return item
            }
        }
        return copy
    }

    /// Moves everything in the slice right by `dx` (its height is unchanged).
    package mutating func shiftRight(_ dx: Double) {
        guard dx != 0 else { return }
        items = items.map { $0.offsetBy(dx: dx, dy: 0) }
        links = links.map { LinkArea(rect: $0.rect.offsetBy(dx: dx, dy: 0), target: $0.target) }
    }
}

/// A table's header row as laid out, shared by every body row of the table.
package final class RepeatedHeader {
    package let slice: Slice
    package init(_ slice: Slice) { self.slice = slice }
}

package enum ExcerptRole: Sendable, Equatable {
    case none
    case line
    /// Rows of the uncuttable block with this identifier, each counted as `lines` lines (a
    /// display formula's line counts the lines of text its height displaces).
    case atomic(Int, lines: Int = 1)
    /// A line of a heading: counted, never cut, never the last thing before the label.
    case heading
    /// A row of the table with this identifier (the header row when `isHeader`): an excerpt
    /// may show the header and the rows that fit, each counted as one line.
    case tableRow(Int, isHeader: Bool)
}

/// The horizontal band blocks are set in: left edge and width in points.
package struct Column: Sendable, Equatable {
    package var x: Double
    package var width: Double
    package var maxX: Double { x + width }

    package func inset(left: Double = 0, right: Double = 0) -> Column {
        Column(x: x + left, width: max(1, width - left - right))
    }
}

extension Array where Element == Slice {
    /// Appends `slices` (a part a block handed up): while this is empty, by taking the part's
    /// storage as it is, so that the slices are not copied one by one with each of their
    /// arrays retained (as `+=` does at every level a part passes through: lists in lists).
    /// O(1) when empty, else O(slices).
    package mutating func appendTaking(_ slices: [Slice]) {
        if isEmpty { self = slices } else { self += slices }
    }

    /// The slices (lines of one text) stacked into one slice, top to bottom, without the
    /// spacing between them; the first baseline kept. O(items).
    package func stacked() -> Slice {
        var out = Slice(height: 0)
        out.firstBaseline = first?.firstBaseline
        out.firstLineHeight = first?.firstLineHeight
        for var slice in self {
            slice.pushDown(out.height)
            out.items += slice.items
            out.links += slice.links
            out.destinations += slice.destinations
            out.footnotes += slice.footnotes
            out.notes += slice.notes
            out.height = slice.height
        }
        return out
    }

    /// Applies `decorate` to every slice and, once each, to the repeated table headers they
    /// carry, so that a header repeated on a new page looks like the rows around it (a block
    /// quote's bar, say).
    package mutating func decorateEach(_ decorate: (inout Slice) -> Void) {
        var headers: [ObjectIdentifier: RepeatedHeader] = [:]
        for i in indices {
            decorate(&self[i])
            guard let header = self[i].repeatedHeader else { continue }
            if let done = headers[ObjectIdentifier(header)] {
                self[i].repeatedHeader = done
            } else {
                var copy = header.slice
                decorate(&copy)
                let done = RepeatedHeader(copy)
                headers[ObjectIdentifier(header)] = done
                self[i].repeatedHeader = done
            }
        }
    }

    /// Turns the gaps between consecutive slices into part of the later slice, so a
    /// decoration drawn beside each slice (quote bar, code shading) is continuous.
    /// The first slice keeps its `spaceBefore`, the last its `spaceAfter`.
    package mutating func bakeSpacing() {
        guard count > 1 else { return }
        for i in 1..<count {
            let gap = Swift.max(self[i - 1].spaceAfter, self[i].spaceBefore)
            self[i].pushDown(gap)
            self[i].spaceBefore = 0
            self[i - 1].spaceAfter = 0
        }
    }
}
