import QuireModel
import QuireStyle

/// Slices to pages: fills each page top to bottom, breaking only where allowed.
///
/// A page ends before the first slice that does not fit. If the slice before that break
/// must keep with its next (a heading, an orphan line, a marker's line), the break moves
/// back to the start of that chain, unless the chain fills the whole page, in which case it
/// breaks where it must. Spacing between slices is dropped at the top of a page. A slice that
/// asks for a page break (`pageBreakBefore`: a forced break, the "Full text" part) starts a new
/// page unless nothing with height stands on the current one yet, so breaks in a row make no
/// empty page; breaks left at the end make none either. A page that
/// starts with a table's body row (the table continues from the page before) starts with the
/// table's header row again (`Slice.repeatedHeader`). Slices set for a landscape page (a table
/// too wide upright: `Slice.landscape`) get pages of their own, turned (`Style.turnedForWideTables`):
/// a page ends where the orientation changes, and keeps do not carry across. Page furniture
/// (header, footer) is added afterwards, when the page count is known. Footnotes go at the
/// foot of the page whose slices carry them (`PageFlow`).
/// O(slices) plus the length of the chains moved back.
package struct Paginator {
    package var style: Style

    package func paginate(_ slices: [Slice]) -> [Page] {
        var flow = PageFlow(style: style)
        return flow.add(slices) + flow.finish()
    }
}

/// `Paginator`'s pages made as slices arrive: a page is handed over as soon as the slice that
/// does not fit on it has arrived, so only the slices of the page being filled are held.
/// Gives the same pages as paginating all the slices at once.
///
/// Footnotes: the notes a placed slice carries (`Slice.notes`) go to the page's foot
/// (`NoteArea`); a slice goes on a page only with at least the first line of its notes, and
/// note lines that do not fit continue at the next page's foot, before any other.
package struct PageFlow {
    package let style: Style
    /// The page turned to landscape, for slices set on one.
    private let turned: Style
    /// The rule above a page's footnotes: its length, width and colour, and the space above it.
    private let noteRule: (length: Double, rule: Typography.Rule, gap: Double)
    /// Space from a page's note area's top to its first note.
    private let noteSeparator: Double
    /// Slices not on a page yet: `pending[head...]`.
    private var pending: [Slice] = []
    private var head = 0
    package private(set) var pagesMade = 0
    /// How full each page made was left, in order (`PageFill`).
    package private(set) var fills: [PageFill] = []
    /// Note lines the last page could not hold, for the next page's foot.
    private var carriedNotes: [Slice] = []
    /// How far the page being filled has been filled, kept between calls so that slices
    /// arriving a few at a time are measured once. Nil until the page's first slice.
    private var filling: Filling?

    private struct Filling {
        /// Whether the page is turned (its first slice's orientation, which all share).
        var landscape = false
        /// The repeated table header on top.
        var header: Slice?
        /// The offset of each slice placed so far (`pending[head + i]` at `offsets[i]`).
        var offsets: [Double] = []
        /// The height used and the space the last slice asks after it.
        var y: Double
        var spaceAfter = 0.0
        var notes: NoteArea
    }

    package init(style: Style) {
        self.style = style
        turned = style.turnedForWideTables
        let type = Typography(style)
        noteRule = (style.contentWidth / type.footnoteRuleParts, type.footnoteRule, type.footnoteAreaGap)
        noteSeparator = type.footnoteAreaGap + type.footnoteRuleGap
    }

    /// Adds slices; returns the pages they complete. Amortised O(slices added).
    package mutating func add(_ slices: [Slice]) -> [Page] {
        pending += slices
        var pages: [Page] = []
        while let page = nextPage(final: false) { pages.append(page) }
        return pages
    }

    /// The pages left when no slice follows: at least one page for a document, and as many as
    /// the notes still waiting need.
    package mutating func finish() -> [Page] {
        var pages: [Page] = []
        while head < pending.count || pagesMade == 0 || !carriedNotes.isEmpty {
            // Page breaks with nothing after them: no empty last page.
            if pagesMade > 0, carriedNotes.isEmpty, pending[head...].allSatisfy(\.isEmptyBreak) { break }
            guard let page = nextPage(final: true) else { break }
            pages.append(page)
        }
        return pages
    }

    /// The page's geometry: the style's, or the turned page's.
    private func page(_ landscape: Bool) -> Style { landscape ? turned : style }

    /// A page's note area with the notes carried from the page before, under `header`.
    private func startNotes(under header: Slice?, landscape: Bool) -> NoteArea {
        var notes = NoteArea(separator: noteSeparator)
        notes.takeCarried(carriedNotes, limit: page(landscape).contentHeight - (header?.height ?? 0))
        return notes
    }

    /// Adds `pending[index]`'s notes to `fill`'s area, its text reaching `bottom`; `.none` when
    /// it does not fit. The first slice of a page goes on it whatever its size, unless notes
    /// carried from the page before already stand at its foot.
    private func addNotes(of index: Int, below bottom: Double, to fill: inout Filling) -> NoteArea.Fit {
        let force = index == head && fill.notes.height == 0
        return fill.notes.add(pending[index].notes, below: bottom, limit: page(fill.landscape).contentHeight, force: force)
    }

    /// The next page, or nil when it could still take slices that have not arrived.
    private mutating func nextPage(final: Bool) -> Page? {
        if filling == nil && (head < pending.count || !carriedNotes.isEmpty) {
            let landscape = head < pending.count && pending[head].landscape
            let header = continuedHeader(at: head, landscape: landscape)
            filling = Filling(landscape: landscape, header: header, y: header?.height ?? 0,
                              notes: startNotes(under: header, landscape: landscape))
        }
        var fill = filling ?? Filling(y: 0, notes: NoteArea(separator: noteSeparator))
        // Place slices while they fit, with their notes.
        var next = head + fill.offsets.count
        while next < pending.count {
            let slice = pending[next]
            let first = next == head
            if slice.pageBreakBefore && !first && fill.y > 0 { break }
            if slice.landscape != fill.landscape {
                // Nothing but page breaks yet: the page takes the slice's orientation.
                if fill.y == 0, fill.notes.height == 0, pending[head..<next].allSatisfy(\.isEmptyBreak) {
                    fill.landscape = slice.landscape
                } else {
                    break
                }
            }
            // Nothing but a page break above it: the slice is at the top of the page.
            let atTop = first || (fill.y == 0 && pending[head].pageBreakBefore)
            let gap = atTop ? 0 : max(fill.spaceAfter, slice.spaceBefore)
            guard addNotes(of: next, below: fill.y + gap + slice.height, to: &fill) != .none else { break }
            fill.offsets.append(fill.y + gap)
            fill.y += gap + slice.height
            fill.spaceAfter = slice.spaceAfter
            next += 1
        }
        if next == pending.count && !final {
            filling = fill
            return nil
        }
        if next < pending.count && !(pending[next].pageBreakBefore && fill.y > 0) && pending[next].landscape == fill.landscape {
            // Move the break back over slices that must keep with their next...
            var breakAt = next
            while breakAt - 1 > head && pending[breakAt - 1].keepWithNext { breakAt -= 1 }
            // ...unless that chain is the whole page: then it cannot be honoured.
            if breakAt == head + 1 && pending[head].keepWithNext { breakAt = next }
            if breakAt < next {
                // The notes of the slices moved to the next page go with them.
                fill.notes = startNotes(under: fill.header, landscape: fill.landscape)
                for i in head..<breakAt {
                    _ = addNotes(of: i, below: fill.offsets[i - head] + pending[i].height, to: &fill)
                }
            }
            next = breakAt
        }
        fills.append(pageFill(fill, placedTo: next))
        // A header row repeated here is a copy: decoration, not content (an artifact).
        var placed: [(slice: Slice, y: Double)] = fill.header.map { [($0.asArtifact(), 0)] } ?? []
        for i in head..<next { placed.append((pending[i], fill.offsets[i - head])) }
        head = next
        filling = nil
        carriedNotes = fill.notes.carried
        if head > 64 && head * 2 > pending.count {
            pending.removeFirst(head)
            head = 0
        }
        pagesMade += 1
        return makePage(placed, notes: fill.notes, on: page(fill.landscape))
    }

    /// How full the page `fill` is with `pending[head..<end]` on it, and whether what starts the
    /// next page excuses it: a forced break or a turn, or a slice taller than the space left,
    /// or a run of slices kept together (`keepWithNext`: one block's) as tall, unless the run
    /// goes on past a heading (a chain of keeps between blocks). O(the run).
    private func pageFill(_ fill: Filling, placedTo end: Int) -> PageFill {
        let capacity = page(fill.landscape).contentHeight
        let top = end > head ? fill.offsets[end - 1 - head] + pending[end - 1].height : (fill.header?.height ?? 0)
        let used = top + fill.notes.height
        guard end < pending.count else { return PageFill(used: used, capacity: capacity, excused: false) }
        if pending[end].pageBreakBefore || pending[end].landscape != fill.landscape {
            return PageFill(used: used, capacity: capacity, excused: true)
        }
        // The run kept together from the next page's top; a run through a heading is a chain
        // of keeps between blocks, not one block, and excuses nothing.
        var run = 0.0, i = end, throughHeading = false
        while i < pending.count {
            run += (i == end ? 0 : max(pending[i - 1].spaceAfter, pending[i].spaceBefore)) + pending[i].height
            if i > end && pending[i].excerptRole == .heading { throughHeading = true }
            if !pending[i].keepWithNext { break }
            i += 1
        }
        let gap = end > head ? max(pending[end - 1].spaceAfter, pending[end].spaceBefore) : 0
        let left = capacity - used - gap
        return PageFill(used: used, capacity: capacity, excused: pending[end].height > left || (!throughHeading && run > left))
    }

    /// The header row to repeat above `pending[start]` when a page starts there: a table body
    /// row continuing from the previous page, when header and row fit on one page together.
    private func continuedHeader(at start: Int, landscape: Bool) -> Slice? {
        guard pagesMade > 0, start < pending.count, let header = pending[start].repeatedHeader?.slice,
              header.height + pending[start].height <= page(landscape).contentHeight + 0.001 else { return nil }
        return header
    }

    /// The page of `geometry`: `placed` from the text block's top, the notes at its foot under
    /// their rule.
    private func makePage(_ placed: [(slice: Slice, y: Double)], notes: NoteArea, on geometry: Style) -> Page {
        var page = Page(size: geometry.pageSize, items: [], links: [], destinations: [])
        var placed = placed
        if !notes.lines.isEmpty {
            let top = geometry.contentHeight - notes.height
            var rule = Slice(height: 0)
            rule.items = [.line(from: Point(x: geometry.margins.left, y: noteRule.gap),
                                to: Point(x: geometry.margins.left + noteRule.length, y: noteRule.gap),
                                width: noteRule.rule.width, color: noteRule.rule.color)]
            placed.append((rule, top))
            placed += notes.lines.map { ($0.slice, top + noteSeparator + $0.y) }
        }
        page.items.reserveCapacity(placed.reduce(0) { $0 + $1.slice.items.count })
        for (slice, y) in placed {
            let dy = geometry.margins.top + y
            page.items += slice.items.map { $0.offsetBy(dy: dy) }
            page.links += slice.links.map { LinkArea(rect: $0.rect.offsetBy(dy: dy), target: $0.target) }
            page.destinations += slice.destinations.map { Destination(name: $0.name, y: $0.y + dy) }
        }
        return page
    }
}
