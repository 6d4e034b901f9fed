import QuireModel
import QuireStyle
import QuireDiagrams

/// Mermaid diagrams on the page: parsed (`MermaidParser`), their labels set by Quire's own text
/// engine, laid out by Graphviz's dot (`DotLayout`), and painted as vector paths with real text
/// (`DiagramPainter`), a figure whose Alt text is the diagram's kind and labels. Wider than the
/// column, it grows into the margins as a wide table does (`table.max-width`), then is scaled
/// down to fit, never below `minimumDiagramSize`; one unbreakable block. What
/// cannot be drawn (a syntax error, a type Quire does not draw, a diagram past the limits,
/// no Graphviz) is its source as code, with a warning naming the line.
///
/// Reads the environment and the caches; writes warnings and the uncuttable groups' numbers
/// to `sink` (as does the code block a diagram falls back to).
package struct DiagramLayouter: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    package let sink: LayoutSink
}

extension LayoutSession {
    /// The layouter of Mermaid diagrams, reporting to this session's sink.
    package var diagrams: DiagramLayouter { DiagramLayouter(environment: environment, caches: caches, sink: sink) }
}

extension DiagramLayouter {
    /// The smallest text size a diagram's labels are set at, in points: a diagram that fits the
    /// page only smaller is shown as its source.
    package static let minimumDiagramSize = 6.0

    /// A ```` ```mermaid ```` block starting on source line `line` (its fence).
    package func mermaidDiagram(_ code: String, line: Int, _ context: BlockContext) -> [Slice] {
        let chart: Flowchart
        switch MermaidParser.parse(code) {
        case .failure(let error):
            return codeBlocks.mermaidBlock(code, line: line, context,
                                warning: Warning(line: error.line > 0 ? line + error.line : line,
                                                 message: "mermaid diagram not drawn: \(error.message); its source is set as code"))
        case .success(.flowchart(let c)): chart = c
        case .success(.sequence(let diagram)): return sequenceDiagram(diagram, code: code, line: line, context)
        case .success(let diagram):
            guard let graph = diagram.graph else {
                return codeBlocks.mermaidBlock(code, line: line, context, warning: Warning(line: line, message: "mermaid diagram not drawn: \(diagram.kindName) diagrams are not laid out by dot; its source is set as code"))
            }
            chart = graph
        }
        let graphviz: GraphvizLibrary
        switch self.graphviz.library {
        case .success(let library): graphviz = library
        case .failure(let error):
            return codeBlocks.mermaidBlock(code, line: line, context, warning: Warning(line: line, message: "mermaid diagram not drawn: \(error.message); its source is set as code"))
        }
        let natural = typography.body.size * 0.9
        // Wider than the column, a diagram grows into the margins as a wide table does.
        let wide = wideRoom(context, limit: style.tableMaxWidth)
        let room = (width: wide.maximumWidth, height: style.contentHeight)
        do {
            var drawn = try drawFlowchart(chart, size: natural, graphviz)
            let fit = min(1, room.width / drawn.geometry.width, room.height / drawn.geometry.height)
            if fit < 0.999 {
                let size = max(Self.minimumDiagramSize, (natural * fit * 0.995 * 100).rounded(.down) / 100)
                drawn = try drawFlowchart(chart, size: size, graphviz)
                guard drawn.geometry.width <= room.width + 0.5, drawn.geometry.height <= room.height + 0.5 else {
                    return codeBlocks.mermaidBlock(code, line: line, context, warning: Warning(
                        line: line, message: "mermaid diagram not drawn: too large for the page at a readable text size (\(Self.minimumDiagramSize) pt); its source is set as code"))
                }
                sink.warn(Warning(line: line, message: "mermaid diagram shrunk to \(Int((size / natural * 100).rounded()))% to fit the page"))
            }
            return [diagramSlice(chart, drawn, column: wide.column(width: drawn.geometry.width), context)]
        } catch {
            let message = (error as? GraphvizError)?.message ?? "\(error)"
            return codeBlocks.mermaidBlock(code, line: line, context, warning: Warning(line: line, message: "mermaid diagram not drawn: \(message); its source is set as code"))
        }
    }

    /// The chart's labels set at text size `size` and the layout dot makes around them.
    package func drawFlowchart(_ chart: Flowchart, size: Double, _ graphviz: GraphvizLibrary) throws -> DrawnFlowchart {
        let role = typography.body.scaled(size / typography.body.size)
        let theme = style.diagram
        let nodes = chart.nodes.map { diagramNodeLabel($0, role, color: $0.style.textColor ?? theme.text) }
        let edges = chart.edges.map { edge in edge.label.map { diagramLabel($0, role, color: edge.style.textColor ?? theme.text) } ?? .empty }
        let clusters = chart.subgraphs.map { diagramLabel($0.title, role, color: $0.style.textColor ?? theme.text) }
        let sizes = DiagramLabelSizes(nodes: nodes.map(\.size), edges: edges.map(\.size), clusters: clusters.map(\.size), fontSize: size)
        let geometry = try DotLayout(chart: chart, sizes: sizes).layout(with: graphviz)
        let ends = chart.edges.map { edge in
            [edge.startLabel, edge.endLabel].map { $0.map { diagramLabel($0, role, color: edge.style.textColor ?? theme.text) } ?? .empty }
        }
        return DrawnFlowchart(geometry: geometry, nodes: nodes, edges: edges, clusters: clusters, fontSize: size, endLabels: ends)
    }

    /// `text` set centred in lines at most `wrap` ems wide (12.5: where Mermaid wraps a node's
    /// label), as items around (0, 0) at the top centre.
    package func diagramLabel(_ text: DiagramText, _ role: Typography.TextRole, color: Color, wrap: Double = 12.5) -> DiagramLabel {
        guard !text.isEmpty else { return .empty }
        var styled = StyledText()
        for (i, line) in text.lines.enumerated() {
            if i > 0 { styled.append("\n", StyledText.Attributes(color: color)) }
            for run in line { styled.append(run.text, StyledText.Attributes(bold: run.bold, italic: run.italic, color: color)) }
        }
        let format = format(role, width: wrap * role.size, alignment: .center)
        let slices = paragraphSlices(styled, format, x: 0, spaceBefore: 0, spaceAfter: 0)
        var items: [PageItem] = [], y = 0.0, width = 0.0
        for slice in slices {
            for case .text(let shown) in slice.items {
                width = max(width, shown.width)
                items.append(PageItem.text(shown).offsetBy(dx: -shown.width / 2 - shown.x, dy: y))
            }
            y += slice.height
        }
        return DiagramLabel(width: width, height: y, items: items, text: text.plain)
    }

    /// The diagram as one slice: centred in `column` (the text column, or wider), a figure an
    /// excerpt keeps whole.
    private func diagramSlice(_ chart: Flowchart, _ drawn: DrawnFlowchart, column: Column, _ context: BlockContext) -> Slice {
        let labels = (drawn.nodes.map(\.text) + drawn.edges.map(\.text) + drawn.endLabels.flatMap { $0.map(\.text) }).filter { !$0.isEmpty }
        let titles = drawn.clusters.map(\.text).filter { !$0.isEmpty }
        let alt = chart.kind + ": " + (titles.isEmpty ? "" : "groups " + titles.joined(separator: ", ") + "; ") + labels.joined(separator: ", ")
        let element = element(.figure, in: context, alt: alt)
        let origin = Point(x: column.x + (column.width - drawn.geometry.width) / 2, y: 0)
        let painter = DiagramPainter(theme: style.diagram, em: drawn.fontSize, origin: origin, tag: .element(element))
        var slice = Slice(height: drawn.geometry.height, spaceBefore: blockSpacing, spaceAfter: blockSpacing)
        slice.items = painter.paint(chart, drawn)
        let lineHeight = typography.body.lineHeight
        slice.excerptRole = .atomic(sink.newAtomicGroup(), lines: max(1, Int((slice.height / lineHeight).rounded())))
        return slice
    }
}

/// A label set for a diagram: its size and its lines, placed around (0, 0) at its top centre.
package struct DiagramLabel {
    package var width: Double
    package var height: Double
    package var items: [PageItem]
    /// Its characters (for the Alt text).
    package var text: String
    /// Where rules go across the node, below the label's top (a record's compartments).
    package var dividers: [Double] = []

    package static var empty: DiagramLabel { DiagramLabel(width: 0, height: 0, items: [], text: "") }
    package var size: (width: Double, height: Double) { (width, height) }

    /// The label's items centred on `center`, tagged `tag`.
    package func placed(at center: Point, tag: ContentTag) -> [PageItem] {
        items.map { item in
            guard case .text(var line) = item.offsetBy(dx: center.x, dy: center.y - height / 2) else { return item }
            line.tag = tag
            return .text(line)
        }
    }
}

/// A flowchart's layout and its labels, at one text size.
package struct DrawnFlowchart {
    package var geometry: DiagramGeometry
    package var nodes: [DiagramLabel]
    package var edges: [DiagramLabel]
    package var clusters: [DiagramLabel]
    package var fontSize: Double
    /// By edge: the texts at its start and end (empty where it has none).
    package var endLabels: [[DiagramLabel]] = []
}
