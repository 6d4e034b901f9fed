import QuireModel

/// A flowchart's statements, line by line: `subgraph … end`, `direction`, `classDef`,
/// `class`, `style`, `linkStyle`, the ignored ones (`click`, `accTitle`, `accDescr`,
/// comments), and chains of nodes and links (`FlowchartScanner`). Statements on a line may be
/// separated by `;`. The first error stops it, with its line. O(n) in the source.
package struct FlowchartReader {
    package let lines: [String]
    package let limits: MermaidLimits
    private var chart = Flowchart()
    private var classDefs: [String: DiagramStyle] = [:]
    private var linkStyles: [(indices: [Int]?, style: DiagramStyle, line: Int)] = []
    /// The subgraphs open at this point, innermost last.
    private var open: [Int] = []
    /// Each node's subgraph (by node index), and the nodes given a shape or label.
    private var membership: [String: Int] = [:]
    private var defined: Set<String> = []
    private var nodeIndex: [String: Int] = [:]

    package init(lines: [String], limits: MermaidLimits) {
        self.lines = lines
        self.limits = limits
    }

    /// The flowchart whose header (`flowchart LR`) is line `headerIndex`.
    package mutating func read(headerIndex: Int, headerWords: [String]) -> Result<Flowchart, MermaidError> {
        do {
            if let word = headerWords.first {
                chart.direction = try Flowchart.Direction(mermaid: word, line: headerIndex + 1)
            }
            for index in (headerIndex + 1)..<max(headerIndex + 1, lines.count) {
                for statement in Self.statements(lines[index]) {
                    try read(statement, line: index + 1)
                }
            }
            if let last = open.last {
                throw MermaidError(line: chart.subgraphs[last].line, message: "`subgraph \(chart.subgraphs[last].id)` has no `end`")
            }
            try finish()
            return .success(chart)
        } catch let error as MermaidError {
            return .failure(error)
        } catch {
            return .failure(MermaidError(line: 0, message: "\(error)"))
        }
    }

    /// A line's statements: cut at `;` outside quotes and brackets, trimmed, comments and
    /// blank ones left out.
    package static func statements(_ line: String) -> [String] {
        var out: [String] = [], current = ""
        var depth = 0, quoted = false
        for c in line {
            if c == "\"" { quoted.toggle() }
            if !quoted {
                if "[({".contains(c) { depth += 1 } else if "])}".contains(c) { depth = max(0, depth - 1) }
            }
            if c == ";" && depth == 0 && !quoted {
                out.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        out.append(current)
        return out.map(\.diagramTrimmed).filter { !$0.isEmpty && !$0.hasPrefix("%%") }
    }

    private mutating func read(_ statement: String, line: Int) throws {
        let (keyword, rest) = Self.firstWord(statement)
        switch keyword {
        case "subgraph":
            try openSubgraph(rest, line: line)
            return
        case "end":
            guard rest.isEmpty else { break }
            guard open.popLast() != nil else { throw MermaidError(line: line, message: "`end` without a `subgraph`") }
            return
        case "direction":
            let direction = try Flowchart.Direction(mermaid: rest, line: line)
            if let last = open.last { chart.subgraphs[last].direction = direction } else { chart.direction = direction }
            return
        case "classDef":
            try Self.defineClasses(rest, line: line, in: &classDefs)
            return
        case "class":
            let (ids, name) = Self.firstWord(rest)
            guard !name.isEmpty else { throw MermaidError(line: line, message: "expected `class` ids and a class name") }
            for id in ids.split(separator: ",") { addClass(name, to: String(id), line: line) }
            return
        case "style":
            let (id, properties) = Self.firstWord(rest)
            let style = try Self.style(properties, line: line)
            if let s = chart.subgraphIndex(id) { chart.subgraphs[s].style = chart.subgraphs[s].style.overlaid(with: style); return }
            let n = try node(id, line: line)
            chart.nodes[n].style = chart.nodes[n].style.overlaid(with: style)
            return
        case "linkStyle":
            let (which, properties) = Self.firstWord(rest)
            let indices = which == "default" ? nil : try which.split(separator: ",").map { piece -> Int in
                guard let i = Int(piece) else { throw MermaidError(line: line, message: "expected link numbers or `default`, found `\(which)`") }
                return i
            }
            linkStyles.append((indices, try Self.style(properties, line: line), line))
            return
        case "click", "accTitle", "accTitle:", "accDescr", "accDescr:", "callback", "href":
            return
        default: break
        }
        var scanner = FlowchartScanner(Array(statement), line: line, limits: limits)
        let chain = try scanner.chain()
        for element in chain.nodes { try declare(element, line: line) }
        for link in chain.links {
            guard chart.edges.count < limits.edges else {
                throw MermaidError(line: line, message: "more than \(limits.edges) links; the diagram is too large to draw")
            }
            chart.edges.append(link)
        }
    }

    /// `subgraph id`, `subgraph id [title]`, `subgraph "title"`, `subgraph a title`.
    private mutating func openSubgraph(_ rest: String, line: Int) throws {
        guard open.count < limits.subgraphDepth else {
            throw MermaidError(line: line, message: "subgraphs nested more than \(limits.subgraphDepth) deep")
        }
        var id = rest, title = DiagramText(rest)
        if rest.hasPrefix("\"") {
            var scanner = FlowchartScanner(Array(rest), line: line, limits: limits)
            title = try scanner.quotedText()
            id = title.plain
        } else if let bracket = rest.firstIndex(of: "[") {
            id = String(rest[..<bracket]).diagramTrimmed
            var scanner = FlowchartScanner(Array(rest[bracket...]), line: line, limits: limits)
            guard let shaped = try scanner.shape() else { throw MermaidError(line: line, message: "expected a subgraph title in [ ]") }
            title = shaped.label
        }
        if id.isEmpty { id = "subgraph\(chart.subgraphs.count)" }
        chart.subgraphs.append(FlowSubgraph(id: id, title: title, parent: open.last, line: line))
        open.append(chart.subgraphs.count - 1)
    }

    /// Records a node named in a chain: new, or given a shape and label, or classed.
    private mutating func declare(_ element: FlowchartScanner.NodeReference, line: Int) throws {
        if element.shape == nil, chart.subgraphIndex(element.id) != nil, nodeIndex[element.id] == nil {
            element.classes.forEach { addClass($0, to: element.id, line: line) }
            return
        }
        let n = try node(element.id, line: line)
        if let (shape, label) = element.shape {
            chart.nodes[n].shape = shape
            chart.nodes[n].label = label
            defined.insert(element.id)
        }
        element.classes.forEach { addClass($0, to: element.id, line: line) }
    }

    /// The index of node `id`, made (in the innermost open subgraph) if new; a node named
    /// first outside any subgraph joins the first one it is named in.
    private mutating func node(_ id: String, line: Int) throws -> Int {
        if membership[id] == nil, let last = open.last { membership[id] = last }
        if let n = nodeIndex[id] { return n }
        guard chart.nodes.count < limits.nodes else {
            throw MermaidError(line: line, message: "more than \(limits.nodes) nodes; the diagram is too large to draw")
        }
        chart.nodes.append(FlowNode(id: id, label: DiagramText(id), line: line))
        nodeIndex[id] = chart.nodes.count - 1
        return chart.nodes.count - 1
    }

    private mutating func addClass(_ name: String, to id: String, line: Int) {
        if let s = chart.subgraphIndex(id) { chart.subgraphs[s].classes.append(name); return }
        guard let n = try? node(id, line: line) else { return }
        chart.nodes[n].classes.append(name)
    }

    /// After the last line: nodes that only stood for a subgraph named later go; each
    /// subgraph gets its nodes; classes and link styles apply; links must name something.
    private mutating func finish() throws {
        let subgraphIDs = Set(chart.subgraphs.map(\.id))
        chart.nodes.removeAll { subgraphIDs.contains($0.id) && !defined.contains($0.id) }
        for node in chart.nodes {
            if let s = membership[node.id], chart.subgraphs[s].id != node.id { chart.subgraphs[s].nodes.append(node.id) }
        }
        for i in chart.nodes.indices {
            chart.nodes[i].style = .resolved(chart.nodes[i].style, classes: chart.nodes[i].classes, definitions: classDefs,
                                             base: classDefs["default"] ?? DiagramStyle())
        }
        for i in chart.subgraphs.indices {
            chart.subgraphs[i].style = .resolved(chart.subgraphs[i].style, classes: chart.subgraphs[i].classes, definitions: classDefs)
        }
        for (indices, style, line) in linkStyles {
            for i in indices ?? Array(chart.edges.indices) {
                guard chart.edges.indices.contains(i) else {
                    throw MermaidError(line: line, message: "`linkStyle \(i)`: there are only \(chart.edges.count) links")
                }
                chart.edges[i].style = chart.edges[i].style.overlaid(with: style)
            }
        }
    }

    /// The first word of `s` and the rest, trimmed.
    package static func firstWord(_ s: String) -> (String, String) {
        guard let space = s.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (s, "") }
        return (String(s[..<space]), String(s[space...]).diagramTrimmed)
    }

    /// CSS properties as `style` and `classDef` write them (`fill:#f9f,stroke:#333,
    /// stroke-width:4px,color:#fff,stroke-dasharray: 5 5`); unknown ones are ignored, a colour
    /// Quire cannot read is an error.
    package static func style(_ properties: String, line: Int) throws -> DiagramStyle {
        var style = DiagramStyle()
        var depth = 0, current = "", pieces: [String] = []
        for c in properties {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if (c == "," && depth == 0) || c == ";" { pieces.append(current); current = "" } else { current.append(c) }
        }
        pieces.append(current)
        for piece in pieces {
            guard let colon = piece.firstIndex(of: ":") else { continue }
            let name = String(piece[..<colon]).diagramTrimmed.lowercased()
            var value = String(piece[piece.index(after: colon)...]).diagramTrimmed
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).diagramTrimmed }
            func color() throws -> Color {
                guard let c = DiagramColors.color(value) else { throw MermaidError(line: line, message: "expected a colour for `\(name)`, found `\(value)`") }
                return c
            }
            switch name {
            case "fill": style.fill = try color()
            case "stroke": style.stroke = try color()
            case "color": style.textColor = try color()
            case "stroke-width": style.strokeWidth = Double(value.filter { $0.isNumber || $0 == "." })
            case "stroke-dasharray": style.dashed = !value.isEmpty && value != "0"
            default: break
            }
        }
        return style
    }
}
