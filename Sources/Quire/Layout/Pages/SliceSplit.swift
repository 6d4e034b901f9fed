import QuireModel

/// Cutting one slice into several, for content taller than a page (a table row).
extension Slice {
    /// The slice cut at the heights `cuts` (ascending, inside `0 < y < height`) into
    /// `cuts.count + 1` pieces, each moved up to start at 0.
    ///
    /// Each text line, marker, link and destination goes to the piece its top is in (the
    /// cuts should fall between lines: a line is never divided); fills and vertical rules are
    /// clipped to every piece they cross. The first piece keeps the space before, the
    /// baseline and the footnotes, the last the space after and `keepWithNext`; all keep the
    /// excerpt role, the repeated header and the page's orientation. O(items × log cuts).
    package func split(at cuts: [Double]) -> [Slice] {
        let edges = [0] + cuts + [height]
        var pieces = (0..<edges.count - 1).map { i -> Slice in
            var piece = Slice(height: edges[i + 1] - edges[i])
            piece.excerptRole = excerptRole
            piece.repeatedHeader = repeatedHeader
            piece.landscape = landscape
            return piece
        }
        guard !cuts.isEmpty else { return [self] }
        /// The piece holding height `y` (the last one holds its bottom edge).
        func piece(_ y: Double) -> Int {
            var lo = 0, hi = pieces.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if edges[mid] <= y + 0.001 { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        /// Adds `item` (spanning `top...bottom`) clipped to every piece it crosses.
        func clipped(_ top: Double, _ bottom: Double, _ make: (Double, Double) -> PageItem) {
            for k in piece(top)...piece(max(top, bottom - 0.001)) {
                let a = max(top, edges[k]), b = min(bottom, edges[k + 1])
                if b > a { pieces[k].items.append(make(a - edges[k], b - edges[k])) }
            }
        }
        for item in items {
            switch item {
            case .text(let line):
                let k = piece(line.top)
                pieces[k].items.append(item.offsetBy(dy: -edges[k]))
            case .marker(let m):
                let k = piece(m.center.y)
                pieces[k].items.append(item.offsetBy(dy: -edges[k]))
            case .image(let r, _, _), .frame(let r, _, _):
                let k = piece(r.y)
                pieces[k].items.append(item.offsetBy(dy: -edges[k]))
            case .path(let p, _):
                let k = piece(p.bounds.y)
                pieces[k].items.append(item.offsetBy(dy: -edges[k]))
            case .formula(let f):
                let k = piece(f.rect.y)
                pieces[k].items.append(item.offsetBy(dy: -edges[k]))
            case .fill(let r, let color):
                clipped(r.y, r.maxY) { .fill(Rect(x: r.x, y: $0, width: r.width, height: $1 - $0), color) }
            case .line(let a, let b, let width, let color) where a.x == b.x && a.y != b.y:
                clipped(min(a.y, b.y), max(a.y, b.y)) {
                    .line(from: Point(x: a.x, y: $0), to: Point(x: a.x, y: $1), width: width, color: color)
                }
            case .line(let a, _, _, _):
                let k = piece(a.y)
                pieces[k].items.append(item.offsetBy(dy: -edges[k]))
            }
        }
        for link in links {
            let k = piece(link.rect.y)
            pieces[k].links.append(LinkArea(rect: link.rect.offsetBy(dy: -edges[k]), target: link.target))
        }
        for destination in destinations {
            let k = piece(destination.y)
            pieces[k].destinations.append(Destination(name: destination.name, y: destination.y - edges[k]))
        }
        pieces[0].footnotes = footnotes
        pieces[0].notes = notes
        pieces[0].spaceBefore = spaceBefore
        pieces[0].firstBaseline = firstBaseline
        pieces[0].firstLineHeight = firstLineHeight
        pieces[0].pageBreakBefore = pageBreakBefore
        pieces[pieces.count - 1].spaceAfter = spaceAfter
        pieces[pieces.count - 1].keepWithNext = keepWithNext
        return pieces
    }
}
