import QuireModel

/// A code block's slices on their way to pagination (`LayoutSession.codeBlock`): each given
/// the block's shading, its padding and spacing, and its keeps, and handed on as soon as
/// nothing can change it any more. The keeps: the visual lines of a wrapped source line stay
/// together; a block of up to `wholeLines` lines stays whole (moves whole to the next page);
/// a longer one leaves at least `endLines` lines on each side of a break, so no page opens
/// with a lone `]` and `)`. So what is held at once is the first `wholeLines` slices, then
/// the last `endLines`, whose keeps and padding wait for the block's end; a block of any
/// length reaches pagination, and is drawn and dropped, as it is set.
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
    /// wrapped source line.
    private var held: [(slice: Slice, together: Bool)] = []
    /// Slices added so far.
    package private(set) var count = 0

    /// The most lines a block may have and still never break (issue 46).
    package static let wholeLines = 8
    /// The fewest lines a longer block leaves on either side of a break.
    package static let endLines = 3

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
        // Until the block is longer than `wholeLines`, it may yet stay whole: nothing is final.
        guard count > Self.wholeLines, held.count > Self.endLines else { return [] }
        let final = held.count - Self.endLines
        // Slices before the last `endLines`: the block's first lines keep with their next
        // (a break leaves `endLines` of them at least), the others only within their wrapped line.
        let first = count - held.count
        let out = held[..<final].enumerated().map { k, held in
            shaded(held.slice, keep: held.together || first + k < Self.endLines - 1)
        }
        held.removeFirst(final)
        return out
    }

    /// The block's last slices, once every one was added: the last takes the padding below
    /// and the space after; a block of up to `wholeLines` keeps whole, a longer one keeps its
    /// last `endLines` together. O(held).
    package mutating func finish() -> [Slice] {
        guard !held.isEmpty else { return [] }
        held[held.count - 1].slice.height += pad
        held[held.count - 1].slice.spaceAfter = space
        let first = count - held.count
        let whole = count <= Self.wholeLines
        let out = held.enumerated().map { k, held in
            let i = first + k
            let keep = i < count - 1 && (whole || i < Self.endLines - 1 || i >= count - Self.endLines)
            return shaded(held.slice, keep: held.together || keep)
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
