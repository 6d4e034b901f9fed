/// Footnotes: each note's text set like an ordered list item under a short rule, its number
/// linking back to the first reference.
extension LayoutSession {
    /// A footnote's text: numbered like an ordered list item; the number links back to the reference.
    func footnote(label: String, _ children: [Block], _ context: BlockContext) -> [Slice] {
        guard let number = anchors.footnotes[label] else { return layoutBlocks(children, context) }
        var text = StyledText()
        text.append("\(number).")
        let shaped = typesetter.shape(text, bodyFormat(width: Typography.unwrapped, alignment: .left))
        var note = context
        note.direction = context.direction ?? children.firstStrongDirection
        var slices = listItem(children, marker: .text(shaped), gutter: typography.listIndent,
                              tight: true, spaceBefore: typography.footnoteSpacing, note)
        let name = anchors.footnoteDestination(number)
        if claimDestination(name) { slices[0].destinations.append(Destination(name: name, y: 0)) }
        let back = anchors.footnoteReferenceDestination(number)
        if sink.isPlaced(back), case .text(let line)? = slices[0].items.last {
            slices[0].links.append(LinkArea(rect: Rect(x: line.x, y: line.baseline - typography.body.size,
                                                       width: line.width, height: typography.footnoteLinkHeight),
                                            target: .destination(back)))
        }
        if sink.startFootnotes() {
            let size = typography.body.size, rule = typography.footnoteRule
            let slice = Slice(height: size, spaceBefore: typography.footnoteRuleSpace,
                              items: [.line(from: Point(x: context.column.x, y: size / 2),
                                            to: Point(x: context.column.x + context.column.width / typography.footnoteRuleParts, y: size / 2),
                                            width: rule.width, color: rule.color)])
            slices.insert(slice, at: 0)
            slices[0].keepWithNext = true
        }
        return slices
    }
}
