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
/// table's header row again (`Slice.repeatedHeader`). Page furniture (header, footer) is
/// added afterwards, when the page count is known.
/// O(slices) plus the length of the chains moved back.
struct Paginator {
    var style: Style

    func paginate(_ slices: [Slice]) -> [Page] {
        var flow = PageFlow(style: style)
        return flow.add(slices) + flow.finish()
    }
}

/// `Paginator`'s pages made as slices arrive: a page is handed over as soon as the slice that
/// does not fit on it has arrived, so only the slices of the page being filled are held.
/// Gives the same pages as paginating all the slices at once.
struct PageFlow {
    let style: Style
    /// Slices not on a page yet: `pending[head...]`.
    private var pending: [Slice] = []
    private var head = 0
    private(set) var pagesMade = 0
    /// How far the page being filled has been filled, kept between calls so that slices
    /// arriving a few at a time are measured once: the repeated table header on top, the
    /// offset of each slice placed so far (`pending[head + i]` at `offsets[i]`), the height
    /// used and the space the last slice asks after it. Nil until the page's first slice.
    private var filling: (header: Slice?, offsets: [Double], y: Double, spaceAfter: Double)?

    init(style: Style) { self.style = style }

    /// Adds slices; returns the pages they complete. Amortised O(slices added).
    mutating func add(_ slices: [Slice]) -> [Page] {
        pending += slices
        var pages: [Page] = []
        while let page = nextPage(final: false) { pages.append(page) }
        return pages
    }

    /// The pages left when no slice follows: at least one page for a document.
    mutating func finish() -> [Page] {
        var pages: [Page] = []
        while head < pending.count || pagesMade == 0 {
            // Page breaks with nothing after them: no empty last page.
            if pagesMade > 0, pending[head...].allSatisfy(\.isEmptyBreak) { break }
            guard let page = nextPage(final: true) else { break }
            pages.append(page)
        }
        return pages
    }

    /// The next page, or nil when it could still take slices that have not arrived.
    private mutating func nextPage(final: Bool) -> Page? {
        if filling == nil && head < pending.count {
            let header = continuedHeader(at: head)
            filling = (header, [], header?.height ?? 0, 0)
        }
        var fill = filling ?? (nil, [], 0, 0)
        // Place slices while they fit.
        var next = head + fill.offsets.count
        while next < pending.count {
            let slice = pending[next]
            let first = next == head
            if slice.pageBreakBefore && !first && fill.y > 0 { break }
            // Nothing but a page break above it: the slice is at the top of the page.
            let atTop = first || (fill.y == 0 && pending[head].pageBreakBefore)
            let gap = atTop ? 0 : max(fill.spaceAfter, slice.spaceBefore)
            if !first && fill.y + gap + slice.height > style.contentHeight + 0.001 { break }
            fill.offsets.append(fill.y + gap)
            fill.y += gap + slice.height
            fill.spaceAfter = slice.spaceAfter
            next += 1
        }
        if next == pending.count && !final {
            filling = fill
            return nil
        }
        if next < pending.count && !(pending[next].pageBreakBefore && fill.y > 0) {
            // Move the break back over slices that must keep with their next...
            var breakAt = next
            while breakAt - 1 > head && pending[breakAt - 1].keepWithNext { breakAt -= 1 }
            // ...unless that chain is the whole page: then it cannot be honoured.
            if breakAt == head + 1 && pending[head].keepWithNext { breakAt = next }
            next = breakAt
        }
        var placed: [(slice: Slice, y: Double)] = fill.header.map { [($0, 0)] } ?? []
        for i in head..<next { placed.append((pending[i], fill.offsets[i - head])) }
        head = next
        filling = nil
        if head > 64 && head * 2 > pending.count {
            pending.removeFirst(head)
            head = 0
        }
        pagesMade += 1
        return makePage(placed)
    }

    /// The header row to repeat above `pending[start]` when a page starts there: a table body
    /// row continuing from the previous page, when header and row fit on one page together.
    private func continuedHeader(at start: Int) -> Slice? {
        guard pagesMade > 0, start < pending.count, let header = pending[start].repeatedHeader?.slice,
              header.height + pending[start].height <= style.contentHeight + 0.001 else { return nil }
        return header
    }

    private func makePage(_ placed: [(slice: Slice, y: Double)]) -> Page {
        var page = Page(size: style.pageSize, items: [], links: [], destinations: [])
        page.items.reserveCapacity(placed.reduce(0) { $0 + $1.slice.items.count })
        for (slice, y) in placed {
            let dy = style.margins.top + y
            page.items += slice.items.map { $0.offsetBy(dy: dy) }
            page.links += slice.links.map { LinkArea(rect: $0.rect.offsetBy(dy: dy), target: $0.target) }
            page.destinations += slice.destinations.map { Destination(name: $0.name, y: $0.y + dy) }
        }
        return page
    }
}
