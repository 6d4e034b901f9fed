import QuireModel

/// A code block's slices on their way to pagination (`LayoutSession.codeBlock`): each given
/// the block's shading, its padding and spacing, and its keeps (the visual lines of a wrapped
/// source line together; no orphan or widow line), and handed on as soon as nothing can change
/// it any more: all but the last two slices, whose keeps and padding wait for the block's end.
/// So a block of any length reaches pagination, and is drawn and dropped, as it is set.
///
/// The slices handed on are those the block set whole would give.
package struct CodeStream {
    /// The shading's column and colour.
    package let column: Column
    package let background: Color
    /// The padding inside the shading, above the first line and below the last.
    package let pad: Double
    /// The space around the block.
    package let space: Double
    /// Slices not handed on yet, each with whether it keeps with the next as a piece of a
    /// wrapped source line; at most two after each `add`.
    private var held: [(slice: Slice, together: Bool)] = []
    /// Slices added so far.
    package private(set) var count = 0

    package init(column: Column, background: Color, pad: Double, space: Double) {
        self.column = column
        self.background = background
        self.pad = pad
        self.space = space
    }

    /// Adds the next slices of the block, set without spacing (a run of source lines, or the
    /// visual lines of one wrapped source line: `together`, which keep together); returns
    /// those now final. O(slices).
    package mutating func add(_ slices: [Slice], together: Bool) -> [Slice] {
        for (i, var slice) in slices.enumerated() {
            if count == 0 {
                slice.spaceBefore = space
                slice.pushDown(pad)
            }
            count += 1
            held.append((slice, together && i < slices.count - 1))
        }
        guard held.count > 2 else { return [] }
        let final = held.count - 2
        // Slices before the last two: the block's first keeps with its next, the others only
        // within their wrapped line.
        let first = count - held.count
        let out = held[..<final].enumerated().map { k, held in
            shaded(held.slice, keep: held.together || first + k == 0)
        }
        held.removeFirst(final)
        return out
    }

    /// The block's last slices, once every one was added: the last takes the padding below
    /// and the space after, the last but one keeps with it. O(1).
    package mutating func finish() -> [Slice] {
        guard !held.isEmpty else { return [] }
        held[held.count - 1].slice.height += pad
        held[held.count - 1].slice.spaceAfter = space
        let first = count - held.count
        let out = held.enumerated().map { k, held in
            let i = first + k
            return shaded(held.slice, keep: held.together || count >= 2 && (i == 0 || i == count - 2))
        }
        held = []
        return out
    }

    /// `slice` on its shading (as tall as the slice), keeping with the next when `keep`.
    private func shaded(_ slice: Slice, keep: Bool) -> Slice {
        var slice = slice
        slice.keepWithNext = keep
        slice.items.insert(.fill(Rect(x: column.x, y: 0, width: column.width, height: slice.height), background), at: 0)
        return slice
    }
}
