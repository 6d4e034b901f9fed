/// How full pagination left a page's text block, and whether what follows excuses a page
/// ending short: the measure of issue 46's "no blank page bottoms", read off the pages a
/// document gave (`LayoutSummary.pageFills`), not off its drawing.
package struct PageFill: Sendable, Equatable {
    /// The height of the text block used: the last placed slice's bottom, and the footnotes.
    package var used: Double
    /// The text block's height.
    package var capacity: Double
    /// Why the page may end where it does, short or not: the next page opens with a forced
    /// break (or turns), or with a block that cannot break (a slice, or a block's run of
    /// slices kept together, not a chain of them through a heading) taller than the space this
    /// page had left. False for the last page.
    package var excused: Bool

    /// The share of the text block used, 0...1.
    package var fraction: Double { capacity > 0 ? used / capacity : 1 }

    /// Whether the page ends short of `fraction` (0.7: the 70%) of its text block
    /// without an excuse.
    package func isShort(below fraction: Double = 0.7) -> Bool { !excused && self.fraction < fraction }
}

extension Array where Element == PageFill {
    /// The pages (all but the last) ending short of `fraction` of the text block without an
    /// excuse (`PageFill.isShort`). O(pages).
    package func shortPages(below fraction: Double = 0.7) -> Int {
        dropLast().filter { $0.isShort(below: fraction) }.count
    }
}
