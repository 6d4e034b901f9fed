import QuireModel

/// `<details>` in a PDF, which cannot fold: everything is shown, the summary as a bold line and
/// what it folds indented beside a thin rule, so the reader sees what was folded.
///
/// Sets the summary as any `TextSlicing` does; the folded blocks, of any kind, by `blocks`
/// (`LayoutSession.layoutBlocks`).
package struct DetailsLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
    /// Sets the folded blocks in the context given.
    package let blocks: ([Block], BlockContext) -> [Slice]
}

extension LayoutSession {
    /// The layouter of `<details>`, setting the blocks it folds in this session.
    package var foldedDetails: DetailsLayouter {
        DetailsLayouter(environment: environment, caches: caches, sink: sink, blocks: { self.layoutBlocks($0, $1) })
    }
}

extension DetailsLayouter {
    /// The summary (`details.summary`, "Details", when there is none, as browsers show) kept
    /// with the folded blocks after it.
    package func details(summary: [Inline], _ children: [Block], line: Int, _ context: BlockContext) -> [Slice] {
        let title: [Inline] = summary.isEmpty ? [.text(wording(style.detailsSummary, width: context.column.width))] : summary
        var head = paragraph(styledText([.strong(title)], line: line), context)
        let body = besideBar(typography.detailsRule, role: .division, context) { blocks(children, $0) }
        if !body.isEmpty, !head.isEmpty { head[head.count - 1].keepWithNext = true }
        return head + body
    }
}
