/// Slices to pages: fills each page top to bottom, breaking only where allowed.
///
/// A page ends before the first slice that does not fit. If the slice before that break
/// must keep with its next (a heading, an orphan line, a marker's line), the break moves
/// back to the start of that chain, unless the chain fills the whole page, in which case it
/// breaks where it must. Spacing between slices is dropped at the top of a page. Page
/// furniture (header, footer) is added afterwards, when the page count is known.
/// O(slices) plus the length of the chains moved back.
struct Paginator {
    var style: Style

    func paginate(_ slices: [Slice]) -> [Page] {
        let contentHeight = style.contentHeight
        var pages: [Page] = []
        var start = 0
        repeat {
            var placed: [(index: Int, y: Double)] = []
            var y = 0.0
            var previousAfter = 0.0
            var next = start
            while next < slices.count {
                let slice = slices[next]
                if slice.pageBreakBefore && !placed.isEmpty { break }
                let gap = placed.isEmpty ? 0 : max(previousAfter, slice.spaceBefore)
                if !placed.isEmpty && y + gap + slice.height > contentHeight + 0.001 { break }
                placed.append((next, y + gap))
                y += gap + slice.height
                previousAfter = slice.spaceAfter
                next += 1
            }
            if next < slices.count && !slices[next].pageBreakBefore {
                // Move the break back over slices that must keep with their next...
                var breakAt = next
                while breakAt - 1 > start && slices[breakAt - 1].keepWithNext { breakAt -= 1 }
                // ...unless that chain is the whole page: then it cannot be honoured.
                if breakAt == start + 1 && slices[start].keepWithNext { breakAt = next }
                placed.removeLast(next - breakAt)
                next = breakAt
            }
            pages.append(makePage(placed.map { (slices[$0.index], $0.y) }))
            start = next
        } while start < slices.count
        return pages
    }

    private func makePage(_ placed: [(slice: Slice, y: Double)]) -> Page {
        var page = Page(size: style.pageSize, items: [], links: [], destinations: [])
        for (slice, y) in placed {
            let dy = style.margins.top + y
            page.items += slice.items.map { $0.offsetBy(dy: dy) }
            page.links += slice.links.map { LinkArea(rect: $0.rect.offsetBy(dy: dy), target: $0.target) }
            page.destinations += slice.destinations.map { Destination(name: $0.name, y: $0.y + dy) }
        }
        return page
    }
}
