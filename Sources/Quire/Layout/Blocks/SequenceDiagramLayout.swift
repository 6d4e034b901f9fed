import QuireModel
import QuireStyle
import QuireDiagrams

/// Mermaid sequence diagrams on the page: their texts set by Quire's own text engine (in the
/// body font at 0.9 of its size, wrapped at 12.5 em as flowchart labels are), laid out by
/// `SequenceLayout` (no Graphviz), painted by `SequencePainter`; a figure whose Alt text
/// names the participants and the messages in reading order. Sized to the page as flowcharts
/// are (`mermaidDiagram`): wider than the column it takes the margins, then it is set smaller,
/// never below `minimumDiagramSize`, and a diagram that fits only smaller is its source.
extension DiagramLayouter {
    /// A sequence diagram from the ```` ```mermaid ```` block `code` starting on line `line`.
    package func sequenceDiagram(_ diagram: SequenceDiagram, code: String, line: Int, _ context: BlockContext) -> [Slice] {
        let natural = typography.body.size * 0.9
        let wide = wideRoom(context, limit: style.tableMaxWidth)
        let room = (width: wide.maximumWidth, height: style.contentHeight)
        func fits(_ drawn: DrawnSequence) -> Bool { drawn.geometry.width <= room.width + 0.5 && drawn.geometry.height <= room.height + 0.5 }
        var drawn = drawSequence(diagram, size: natural)
        // Too large: first tighter boxes, then smaller text (which does not shrink quite in
        // proportion, for hinting and wrapping: up to three tries).
        if !fits(drawn) { drawn = drawSequence(diagram, size: natural, compact: true) }
        var tries = 0
        while !fits(drawn) {
            let fit = min(room.width / drawn.geometry.width, room.height / drawn.geometry.height)
            let size = max(Self.minimumDiagramSize, (drawn.fontSize * fit * 0.995 * 100).rounded(.down) / 100)
            guard tries < 3, size < drawn.fontSize else {
                return codeBlocks.mermaidBlock(code, line: line, context, warning: Warning(
                    line: line, message: "mermaid diagram not drawn: too large for the page at a readable text size (\(Self.minimumDiagramSize) pt); its source is set as code"))
            }
            drawn = drawSequence(diagram, size: size, compact: true)
            tries += 1
        }
        if drawn.fontSize < natural {
            sink.warn(Warning(line: line, message: "mermaid diagram shrunk to \(Int((drawn.fontSize / natural * 100).rounded()))% to fit the page"))
        }
        return [sequenceSlice(diagram, drawn, column: wide.column(width: drawn.geometry.width), context)]
    }

    /// The diagram's texts set at text size `size` and the layout around them (`compact`: see
    /// `SequenceLayout`). O(texts).
    package func drawSequence(_ diagram: SequenceDiagram, size: Double, compact: Bool = false) -> DrawnSequence {
        let role = typography.body.scaled(size / typography.body.size)
        let small = typography.body.scaled(size * 0.75 / typography.body.size)
        let text = style.diagram.text
        let participants = diagram.participants.map { diagramLabel($0.label, role, color: text) }
        var events: [DiagramLabel] = [], tabs: [DiagramLabel] = [], numbers: [DiagramLabel] = []
        for event in diagram.events {
            var label = DiagramLabel.empty, tab = DiagramLabel.empty, number = DiagramLabel.empty
            switch event {
            case .message(let m):
                label = diagramLabel(m.text, role, color: text)
                if let n = m.number { number = diagramLabel(DiagramText("\(n)"), small, color: Color(1, 1, 1)) }
            case .note(let n): label = diagramLabel(n.text, role, color: text)
            case .blockStart(let b) where b.kind != .rect:
                label = diagramLabel(b.label.bracketed, role, color: text)
                tab = diagramLabel(DiagramText(b.kind.rawValue), role, color: text)
            case .blockDivider(let words, _): label = diagramLabel(words.bracketed, role, color: text)
            default: break
            }
            events.append(label)
            tabs.append(tab)
            numbers.append(number)
        }
        let boxes = diagram.boxes.map { $0.title.map { diagramLabel($0, role, color: text) } ?? .empty }
        var title = DiagramLabel.empty
        if let t = diagram.title {
            title = diagramLabel(t.bold, role, color: text)
        }
        let sizes = SequenceLabelSizes(participants: participants.map(\.size), events: events.map(\.size), tabs: tabs.map(\.size),
                                       numbers: numbers.map(\.size), boxes: boxes.map(\.size), title: title.size, fontSize: size)
        let geometry = SequenceLayout(diagram: diagram, sizes: sizes, compact: compact).layout()
        return DrawnSequence(geometry: geometry, participants: participants, events: events, tabs: tabs, numbers: numbers,
                             boxes: boxes, title: title, fontSize: size)
    }

    /// The diagram as one slice centred in `column`, a figure an excerpt keeps whole.
    private func sequenceSlice(_ diagram: SequenceDiagram, _ drawn: DrawnSequence, column: Column, _ context: BlockContext) -> Slice {
        let element = element(.figure, in: context, alt: Self.sequenceAlt(diagram))
        let origin = Point(x: column.x + (column.width - drawn.geometry.width) / 2, y: 0)
        let painter = SequencePainter(theme: style.diagram, em: drawn.fontSize, origin: origin, tag: .element(element))
        var slice = Slice(height: drawn.geometry.height, spaceBefore: blockSpacing, spaceAfter: blockSpacing)
        slice.items = painter.paint(diagram, drawn)
        let lineHeight = typography.body.lineHeight
        slice.excerptRole = .atomic(sink.newAtomicGroup(), lines: max(1, Int((slice.height / lineHeight).rounded())))
        return slice
    }

    /// "Sequence diagram: " then its title, its participants, and its messages, notes and
    /// blocks in reading order. O(texts).
    package static func sequenceAlt(_ diagram: SequenceDiagram) -> String {
        let names = diagram.participants.map(\.label.plain)
        var parts: [String] = []
        if let title = diagram.title { parts.append(title.plain) }
        parts.append(names.joined(separator: ", "))
        for event in diagram.events {
            switch event {
            case .message(let m):
                let text = m.text.plain
                parts.append("\(names[m.from]) to \(names[m.to])" + (text.isEmpty ? "" : ": \(text)"))
            case .note(let n): parts.append("note: \(n.text.plain)")
            case .blockStart(let b) where b.kind != .rect: parts.append(b.label.isEmpty ? b.kind.rawValue : "\(b.kind.rawValue) \(b.label.plain)")
            case .blockDivider(let label, _) where !label.isEmpty: parts.append(label.plain)
            default: break
            }
        }
        return "Sequence diagram: " + parts.joined(separator: "; ")
    }
}

/// A sequence diagram's layout and its texts, at one text size (by the indices of
/// `SequenceLabelSizes`).
package struct DrawnSequence {
    package var geometry: SequenceGeometry
    package var participants: [DiagramLabel]
    package var events: [DiagramLabel]
    package var tabs: [DiagramLabel]
    package var numbers: [DiagramLabel]
    package var boxes: [DiagramLabel]
    package var title: DiagramLabel
    package var fontSize: Double
}
