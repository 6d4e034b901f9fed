import QuireModel

/// `<details>` in a PDF, which cannot fold: everything is shown, the summary as a bold line and
/// what it folds indented beside a thin rule, so the reader sees what was folded.
extension LayoutSession {
    /// The summary (`details.summary`, "Details", when there is none, as browsers show) kept
    /// with the folded blocks after it.
    package func details(summary: [Inline], _ children: [Block], line: Int, _ context: BlockContext) -> [Slice] {
        let title: [Inline] = summary.isEmpty ? [.text(wording(style.detailsSummary, width: context.column.width))] : summary
        var head = paragraph(styledText([.strong(title)], line: line), context)
        let body = besideBar(typography.detailsRule, role: .division, context) { layoutBlocks(children, $0) }
        if !body.isEmpty, !head.isEmpty { head[head.count - 1].keepWithNext = true }
        return head + body
    }
}
