import QuireModel
import QuireStyle

/// Footnotes: each note's text set like an ordered list item, its number linking back to the
/// first reference. With `footnote.placement` "page" (the default) a note is set, smaller, at
/// the foot of the page that shows its first reference (`attachNotes`; pagination places it);
/// with "end", where its definition stands (cmark-gfm puts them all at the document's end),
/// under a short rule.
///
/// Reads the environment and writes the notes' destinations and the rule's place to `sink`;
/// a note's blocks are set as a list item's (`lists`), a definition without a note (one
/// never referred to) by `blocks`. The notes at a page's foot are set by the layouter of a
/// session set smaller (`LayoutSession.attachNotes`).
package struct FootnoteLayouter: EnvironmentReader {
    package let environment: LayoutEnvironment
    package let sink: LayoutSink
    package let lists: ListLayouter
    /// Sets blocks in the context given.
    package let blocks: ([Block], BlockContext) -> [Slice]
}

extension LayoutSession {
    /// The layouter of footnotes, setting their blocks in this session.
    package var footnotes: FootnoteLayouter {
        FootnoteLayouter(environment: environment, sink: sink, lists: lists, blocks: { self.layoutBlocks($0, $1) })
    }

    /// With footnotes at the page's foot: lays out, for each slice, the notes first referred to
    /// on it (at `Typography.footnoteScale` of the body size, in the text column), with the
    /// notes referred to inside those, into the slice's `notes`, for pagination to set at the
    /// foot of its page. Each note is laid out once, where it is first shown. O(notes' text).
    package func attachNotes(_ slices: inout [Slice], _ context: BlockContext) {
        guard style.footnotePlacement == .page, !anchors.footnoteBodies.isEmpty else { return }
        var notes: LayoutSession?
        for i in slices.indices where !slices[i].footnotes.isEmpty {
            let session = notes ?? scaled(Typography.footnoteScale)
            notes = session
            slices[i].notes += session.footnotes.notesAtFoot(slices[i].footnotes, context)
        }
    }

    /// With footnotes at the page's foot, the notes no page showed a reference to (`FootnoteLayouter.unplacedNotes`).
    package func unplacedNotes(_ context: BlockContext) -> [Slice] { footnotes.unplacedNotes(context) }
}

extension FootnoteLayouter {
    /// A footnote definition met in the flow: its note under the end's rule ("end"), or nothing
    /// ("page": the note goes with its first reference).
    package func footnote(label: String, _ children: [Block], _ context: BlockContext) -> [Slice] {
        guard let number = anchors.footnotes[label] else { return blocks(children, context) }
        guard style.footnotePlacement == .end else { return [] }
        return endNote(number, children, context)
    }

    /// A note after the text: its lines, with the rule above the document's first one.
    private func endNote(_ number: Int, _ children: [Block], _ context: BlockContext) -> [Slice] {
        var slices = noteLines(number, children, context)
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

    /// A note's text: numbered like an ordered list item; the number links back to the first
    /// reference when that has been placed. Places the note's destination.
    private func noteLines(_ number: Int, _ children: [Block], _ context: BlockContext) -> [Slice] {
        var text = StyledText()
        text.append("\(number).")
        let shaped = typesetter.shape(text, bodyFormat(width: Typography.unwrapped, alignment: .left))
        var note = context
        note.direction = context.direction ?? children.firstStrongDirection
        var slices = lists.listItem(children, marker: .text(shaped), gutter: typography.listIndent,
                              tight: true, spaceBefore: typography.footnoteSpacing, role: .note, note)
        let name = anchors.footnoteDestination(number)
        if sink.claimDestination(name) { slices[0].destinations.append(Destination(name: name, y: 0)) }
        let back = anchors.footnoteReferenceDestination(number)
        if sink.isPlaced(back), case .text(let line)? = slices[0].items.first {
            slices[0].links.append(LinkArea(rect: Rect(x: line.x, y: line.baseline - typography.body.size,
                                                       width: line.width, height: typography.footnoteLinkHeight),
                                            target: .destination(back)))
        }
        return slices
    }

    /// The notes `numbers` not placed yet, each as its lines, each followed by those its text
    /// refers to. A note places its destination before its inner notes are looked at, so a
    /// note that refers to itself ends.
    package func notesAtFoot(_ numbers: [Int], _ context: BlockContext) -> [[Slice]] {
        var notes: [[Slice]] = []
        for number in numbers where !sink.isPlaced(anchors.footnoteDestination(number)) {
            guard let body = anchors.footnoteBodies[number] else { continue }
            var note = noteLines(number, body, context)
            let inner = note.flatMap(\.footnotes)
            for i in note.indices { note[i].footnotes = [] }
            notes += [note] + notesAtFoot(inner, context)
        }
        return notes
    }

    /// With footnotes at the page's foot, the notes no page showed a reference to (a reference
    /// in text an excerpt left out, with no full text after it), set after the text as "end"
    /// sets them, so that no note is lost. Empty when every note was shown.
    package func unplacedNotes(_ context: BlockContext) -> [Slice] {
        guard style.footnotePlacement == .page else { return [] }
        return anchors.footnoteBodies.keys.sorted().flatMap { number -> [Slice] in
            guard !sink.isPlaced(anchors.footnoteDestination(number)), let body = anchors.footnoteBodies[number] else { return [] }
            return endNote(number, body, context)
        }
    }
}
