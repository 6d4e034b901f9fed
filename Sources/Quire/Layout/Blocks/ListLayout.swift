import QuireModel
import QuireStyle

/// Lists as a grid: a marker column and a body column per item.
///
/// The body of every item (all its lines and blocks) is set in a column indented by the
/// gutter, so wrapped lines and later paragraphs start under the first word whatever the
/// text alignment; the marker is drawn in the gutter beside the first line. A list takes one
/// direction for all its items (`TextDirection.ofList`), so markers never change sides; a
/// right-to-left list mirrors this: body on the left, marker column on the right.
///
/// Reads the environment only; the blocks of an item's body, which may be of any kind, are
/// set by `blocks` (`LayoutSession.layoutBlocks`), which writes to the session's sink.
package struct ListLayouter: EnvironmentReader {
    package let environment: LayoutEnvironment
    /// Sets an item's blocks in the context given.
    package let blocks: ([Block], BlockContext) -> [Slice]

    /// What sits in an item's marker column.
    package enum MarkerSpec {
        case shape(MarkerShape)
        case task(checked: Bool)
        /// A number such as "10." (searchable text), right-aligned against the gutter's gap.
        case text(ShapedText)
    }

    package func list(_ list: ListBlock, _ context: BlockContext) -> [Slice] {
        var slices: [Slice] = []
        self.list(list, context) { slices.appendTaking($0) }
        return slices
    }

    /// The list's slices handed to `emit` an item at a time (the last item's once the list
    /// is done, since its last slice takes the space after the list): a list of 100,000 items
    /// reaches pagination, and is drawn and dropped, as it is set, never whole. Emits nothing
    /// for a list without items.
    package func list(_ list: ListBlock, _ context: BlockContext, emit: ([Slice]) throws -> Void) rethrows {
        let gap = environment.typography.listMarkerGap
        var gutter = environment.typography.listIndent
        let shapes = environment.style.listMarkers.isEmpty ? [MarkerShape.disc] : environment.style.listMarkers
        let bullet = shapes[context.listDepth % shapes.count]
        var numbers: NumberLabels?
        if let start = list.start {
            let labels = NumberLabels(start: start, count: list.items.count, environment: environment)
            gutter = max(gutter, labels.widest + gap)
            numbers = labels
        }
        let itemGap = list.isTight ? environment.typography.tightItemSpacing : blockSpacing
        var items = context
        items.direction = TextDirection.ofList(list, in: context)
        items.structure = element(.list, in: context)
        let outer = context.listDepth > 0 && context.tight ? environment.typography.tightItemSpacing : blockSpacing
        var pending: [Slice] = []
        for (i, item) in list.items.enumerated() {
            if !pending.isEmpty { try emit(pending) }
            let marker: MarkerSpec = item.task.map { .task(checked: $0) } ?? numbers.map { .text($0.label(i)) } ?? .shape(bullet)
            pending = listItem(item.blocks, marker: marker, gutter: gutter, tight: list.isTight,
                               spaceBefore: i == 0 ? 0 : itemGap, items)
            if i == 0 { pending[0].spaceBefore = outer }
        }
        guard !pending.isEmpty else { return }
        pending[pending.count - 1].spaceAfter = max(pending[pending.count - 1].spaceAfter, outer)
        try emit(pending)
    }

    /// An ordered list's numbers ("10."), shaped: the widest one's width sets the gutter of
    /// every item. A long list's labels are shaped again as their items are set rather than
    /// kept, so that a list's memory does not grow with its length.
    private struct NumberLabels {
        let start: Int
        let environment: LayoutEnvironment
        /// The labels of a short list, kept from the measuring.
        private var kept: [ShapedText] = []
        private(set) var widest = 0.0
        /// Lists longer than this shape their labels twice.
        static let keptUpTo = 1024

        init(start: Int, count: Int, environment: LayoutEnvironment) {
            self.start = start
            self.environment = environment
            for i in 0..<count {
                let shaped = shape(i)
                widest = max(widest, shaped.lines.first?.width ?? 0)
                if count <= Self.keptUpTo { kept.append(shaped) }
            }
        }

        func label(_ index: Int) -> ShapedText { index < kept.count ? kept[index] : shape(index) }

        private func shape(_ index: Int) -> ShapedText {
            var text = StyledText()
            let (sum, overflow) = start.addingReportingOverflow(index)
            text.append(overflow ? "\(start)." : "\(sum).")
            return environment.typesetter.shape(text, environment.bodyFormat(width: Typography.unwrapped, alignment: .left))
        }
    }

    /// One item: its blocks in the body column, the marker beside the first line (on the
    /// right when `context` runs right to left; before the line's text in the slice: the
    /// label comes first in reading order).
    ///
    /// Its structure: an element of `role` (a list item, `LI`, or a footnote, `Note`) holding
    /// the marker as its label (`Lbl`) and the blocks, in a list item's body (`LBody`) or, in
    /// a note, directly.
    package func listItem(_ blocks: [Block], marker: MarkerSpec, gutter: Double, tight: Bool,
                  spaceBefore: Double, role: StructureElement.Role = .listItem, _ context: BlockContext) -> [Slice] {
        let gap = environment.typography.listMarkerGap
        let column = context.column
        // Deep nesting stops indenting once the text column would get too narrow.
        let indent = nestingIndent(gutter, context)
        let rtl = context.isRightToLeft
        var item = context
        item.structure = element(role, in: context)
        let label = ContentTag.element(element(.label, in: item))
        var inner = item
        inner.column = rtl ? column.inset(right: indent) : column.inset(left: indent)
        inner.tight = tight
        inner.listDepth += 1
        if role == .listItem { inner.structure = element(.listBody, in: item) }
        var slices = self.blocks(blocks, inner)
        let lineHeight = environment.typography.body.lineHeight
        if slices.isEmpty {
            var empty = Slice(height: lineHeight)
            empty.firstBaseline = lineHeight * environment.typography.emptyLineBaseline
            slices = [empty]
        }
        slices[0].spaceBefore = spaceBefore
        let baseline = slices[0].firstBaseline ?? (slices[0].firstLineHeight ?? lineHeight) * environment.typography.emptyLineBaseline
        let xHeight = typesetter.xHeight(family: environment.typography.body.family, size: environment.typography.body.size)
        let centerY = baseline - xHeight / 2
        // The edge of the text column the marker stands against, and the direction away from it.
        let edge = rtl ? inner.column.maxX : inner.column.x
        let away: Double = rtl ? 1 : -1
        switch marker {
        case .shape(let shape):
            let diameter = xHeight * (shape == .square ? environment.typography.squareScale : environment.typography.discScale)
            let cx = edge + away * (gap + diameter / 2 + environment.typography.markerInset)
            slices[0].items.insert(.marker(Marker(kind: .shape(shape), center: Point(x: cx, y: centerY),
                                                  size: diameter, color: environment.style.textColor, tag: label)), at: 0)
        case .task(let checked):
            let box = xHeight * environment.typography.taskBoxScale
            let cx = edge + away * (gap + box / 2)
            slices[0].items.insert(.marker(Marker(kind: .taskBox(checked: checked), center: Point(x: cx, y: centerY),
                                                  size: box, color: environment.style.textColor, tag: label)), at: 0)
        case .text(let shaped):
            let width = shaped.lines.first?.width ?? 0
            let x = rtl ? edge + gap : edge - gap - width
            slices[0].items.insert(.text(TextLine(shaped: shaped, lineIndex: 0, x: x, baseline: baseline,
                                                  top: 0, width: width, tag: label)), at: 0)
        }
        return slices
    }
}

extension LayoutSession {
    /// The layouter of lists, setting their items' blocks in this session.
    package var lists: ListLayouter { ListLayouter(environment: environment, blocks: { self.layoutBlocks($0, $1) }) }
}
