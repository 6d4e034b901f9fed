/// Slices to pages: fills each page top to bottom, breaking only where allowed.
///
/// A page ends before the first slice that does not fit. If the slice before that break
/// must keep with its next (a heading, an orphan line, a marker's line), the break moves
/// back to the start of that chain, unless the chain fills the whole page, in which case it
/// breaks where it must. Spacing between slices is dropped at the top of a page. A page that
/// starts with a table's body row (the table continues from the page before) starts with the
/// table's header row again (`Slice.repeatedHeader`). Page furniture (header, footer) is
/// added afterwards, when the page count is known.
/// O(slices) plus the length of the chains moved back.
struct Paginator {
    var style: Style

    func paginate(_ slices: [Slice]) -> [Page] {
        let contentHeight = style.contentHeight
        var pages: [Page] = []
        var start = 0
        repeat {
            var placed: [(slice: Slice, y: Double)] = []
            var y = 0.0
            if let header = continuedHeader(slices, at: start) {
                placed.append((header, 0))
                y = header.height
            }
            var previousAfter = 0.0
            var next = start
            while next < slices.count {
                let slice = slices[next]
                let first = next == start
                if slice.pageBreakBefore && !first { break }
                let gap = first ? 0 : max(previousAfter, slice.spaceBefore)
                if !first && y + gap + slice.height > contentHeight + 0.001 { break }
                placed.append((slice, y + gap))
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
            pages.append(makePage(placed))
            start = next
        } while start < slices.count
        return pages
    }

    /// The header row to repeat above `slices[start]` when a page starts there: a table body
    /// row continuing from the previous page, when header and row fit on one page together.
    private func continuedHeader(_ slices: [Slice], at start: Int) -> Slice? {
        guard start > 0, start < slices.count, let header = slices[start].repeatedHeader?.slice,
              header.height + slices[start].height <= style.contentHeight + 0.001 else { return nil }
        return header
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
