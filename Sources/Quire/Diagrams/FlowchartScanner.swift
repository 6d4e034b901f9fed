/// One chain statement of a flowchart, character by character: node references (an id, a
/// shape with its label, `:::class`), grouped with `&`, joined by links (`-->`, `---`,
/// `-.->`, `==>`, `~~~`, with `o`/`x`/`<` heads, extra dashes, `-- text -->` and `|text|`
/// labels). O(n) in the statement.
package struct FlowchartScanner {
    package struct NodeReference {
        package var id: String
        package var shape: (NodeShape, DiagramText)?
        package var classes: [String] = []
    }

    /// The nodes in order of mention, and the links the chain makes.
    package struct Chain {
        package var nodes: [NodeReference] = []
        package var links: [FlowEdge] = []
    }

    private let chars: [Character]
    private var at = 0
    private let line: Int
    private let limits: MermaidLimits

    package init(_ chars: [Character], line: Int, limits: MermaidLimits) {
        self.chars = chars
        self.line = line
        self.limits = limits
    }

    private var current: Character? { at < chars.count ? chars[at] : nil }
    private func peek(_ offset: Int) -> Character? { at + offset < chars.count ? chars[at + offset] : nil }
    private func starts(with s: String) -> Bool {
        var i = at
        for c in s {
            guard i < chars.count, chars[i] == c else { return false }
            i += 1
        }
        return true
    }
    private mutating func skipSpaces() { while let c = current, c == " " || c == "\t" { at += 1 } }
    private func error(_ expected: String) -> MermaidError {
        let found = at < chars.count ? "`" + String(chars[at..<min(chars.count, at + 12)]) + "`" : "the end of the line"
        return MermaidError(line: line, message: "expected \(expected), found \(found)")
    }

    /// `group (link group)*`, each link joining every node of the group before it to every
    /// node of the group after it.
    package mutating func chain() throws -> Chain {
        var chain = Chain()
        skipSpaces()
        var left = try group(&chain)
        skipSpaces()
        while current != nil {
            var link = try self.link()
            skipSpaces()
            let right = try group(&chain)
            for a in left {
                for b in right {
                    link.from = a
                    link.to = b
                    chain.links.append(link)
                }
            }
            left = right
            skipSpaces()
        }
        return chain
    }

    private mutating func group(_ chain: inout Chain) throws -> [String] {
        var ids: [String] = []
        repeat {
            skipSpaces()
            let node = try self.node()
            chain.nodes.append(node)
            ids.append(node.id)
            skipSpaces()
        } while current == "&" && { at += 1; return true }()
        return ids
    }

    package static func isIDCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "$" || c == "/" || c == "\\" || c == "'" || c == "#" || c == "+" || c == "*" || c == "?"
            || c == "!" || c == "," || c == "@" || c == "."
    }

    /// An id, then maybe a shape, then maybe `:::class`.
    private mutating func node() throws -> NodeReference {
        let start = at
        while let c = current {
            if Self.isIDCharacter(c) && !(c == "." && peek(1) == "-") { at += 1; continue }
            // A dash inside an id (`my-node`), not a link's (`--`, `-.`, `->`).
            if c == "-", let next = peek(1), Self.isIDCharacter(next), next != ".", at > start { at += 1; continue }
            break
        }
        guard at > start else { throw error("a node id") }
        var reference = NodeReference(id: String(chars[start..<at]))
        reference.shape = try shape()
        while starts(with: ":::") {
            at += 3
            let s = at
            while let c = current, c.isLetter || c.isNumber || c == "_" || c == "-" { at += 1 }
            guard at > s else { throw error("a class name after `:::`") }
            reference.classes.append(String(chars[s..<at]))
        }
        return reference
    }

    private static let shapes: [(open: String, close: [String], shapes: [NodeShape])] = [
        ("(((", [")))"], [.doubleCircle]), ("((", ["))"], [.circle]), ("([", ["])"], [.stadium]), ("(", [")"], [.round]),
        ("[[", ["]]"], [.subroutine]), ("[(", [")]"], [.cylinder]),
        ("[/", ["/]", "\\]"], [.parallelogram, .trapezoid]), ("[\\", ["\\]", "/]"], [.parallelogramAlt, .trapezoidAlt]),
        ("[", ["]"], [.rectangle]), ("{{", ["}}"], [.hexagon]), ("{", ["}"], [.rhombus]), (">", ["]"], [.asymmetric]),
    ]

    /// A shape and its label at the current position, if one opens here.
    package mutating func shape() throws -> (shape: NodeShape, label: DiagramText)? {
        guard let form = Self.shapes.first(where: { starts(with: $0.open) }) else { return nil }
        at += form.open.count
        skipSpaces()
        var label: DiagramText
        if current == "\"" {
            label = try quotedText()
            skipSpaces()
        } else {
            let start = at
            while current != nil, !form.close.contains(where: starts(with:)) { at += 1 }
            label = MermaidLabel.text(String(chars[start..<at]).diagramTrimmed, markdown: false)
            try checkLength(at - start)
        }
        guard let which = form.close.firstIndex(where: starts(with:)) else { throw error("`\(form.close[0])` to close the node's label") }
        at += form.close[which].count
        return (form.shapes[which], label)
    }

    /// `"text"` (`"` and `` ` `` around a Markdown string) at the current position.
    package mutating func quotedText() throws -> DiagramText {
        guard current == "\"" else { throw error("`\"`") }
        at += 1
        let start = at
        while let c = current, c != "\"" { at += 1 }
        guard current == "\"" else { throw error("a closing `\"`") }
        var text = String(chars[start..<at])
        at += 1
        try checkLength(text.count)
        let markdown = text.count >= 2 && text.hasPrefix("`") && text.hasSuffix("`")
        if markdown { text = String(text.dropFirst().dropLast()) }
        return MermaidLabel.text(text, markdown: markdown)
    }

    private func checkLength(_ count: Int) throws {
        guard count <= limits.labelCharacters else {
            throw MermaidError(line: line, message: "a label longer than \(limits.labelCharacters) characters")
        }
    }

    /// A link: its line, heads, length and label (between its dashes or in `|…|` after it).
    private mutating func link() throws -> FlowEdge {
        var edge = FlowEdge(from: "", to: "", endHead: .none, line: line)
        if starts(with: "~~~") {
            while current == "~" { at += 1 }
            edge.stroke = .invisible
            return try pipeLabel(edge)
        }
        if current == "<" { edge.startHead = .arrow; at += 1 } else if let c = current, c == "o" || c == "x", let n = peek(1), n == "-" || n == "=" {
            edge.startHead = c == "o" ? .circle : .cross
            at += 1
        }
        guard let c = current, c == "-" || c == "=" else { throw error("a link such as `-->`, or the end of the statement") }
        edge.stroke = c == "=" ? .thick : .normal
        if c == "-" && peek(1) == "." {
            edge.stroke = .dotted
            at += 1
            var dots = 0
            while current == "." { dots += 1; at += 1 }
            if current == " " || current == "\"" { return try textLink(edge, closing: ".") }
            guard current == "-" else { throw error("`-` to end a dotted link `-.-`") }
            at += 1
            edge.length = dots
            edge.endHead = endHead()
            return try pipeLabel(edge)
        }
        var count = 0
        while current == c { count += 1; at += 1 }
        guard count >= 2 else { throw error("a link such as `-->`") }
        edge.endHead = endHead()
        if edge.endHead == .none && count == 2 && (current == " " || current == "\"") {
            return try textLink(edge, closing: String(c))
        }
        guard edge.endHead != .none || count >= 3 else { throw error("a link such as `-->` or `---`") }
        edge.length = max(1, edge.endHead == .none ? count - 2 : count - 1)
        return try pipeLabel(edge)
    }

    /// `>`, or `o`/`x` not starting an id, at the current position (consumed), else none.
    private mutating func endHead() -> EdgeHead {
        if current == ">" { at += 1; return .arrow }
        if let c = current, c == "o" || c == "x", !(peek(1).map(Self.isIDCharacter) ?? false) {
            at += 1
            return c == "o" ? .circle : .cross
        }
        return .none
    }

    /// The label of `-- text -->`, `== text ==>`, `-. text .->` (after its opening), then the closing.
    private mutating func textLink(_ edge: FlowEdge, closing: String) throws -> FlowEdge {
        var edge = edge
        let closers = closing == "." ? [".-"] : [closing + closing]
        skipSpaces()
        var label: DiagramText
        if current == "\"" {
            label = try quotedText()
            skipSpaces()
        } else {
            let start = at
            while current != nil, !closers.contains(where: starts(with:)) { at += 1 }
            label = MermaidLabel.text(String(chars[start..<at]).diagramTrimmed, markdown: false)
            try checkLength(at - start)
        }
        guard closers.contains(where: starts(with:)) else { throw error("`\(closers[0])` to close the link's label") }
        var count = 0
        if closing == "." {
            at += 1
            while current == "-" { count += 1; at += 1 }
        } else {
            while current == Character(closing) { count += 1; at += 1 }
        }
        edge.endHead = endHead()
        guard edge.endHead != .none || count >= (closing == "." ? 1 : 3) else { throw error("an arrow end such as `-->`") }
        edge.length = max(1, closing == "." ? count : count - (edge.endHead == .none ? 2 : 1))
        edge.label = label
        return edge
    }

    /// `|text|` after a link, if there.
    private mutating func pipeLabel(_ edge: FlowEdge) throws -> FlowEdge {
        var edge = edge
        skipSpaces()
        guard current == "|" else { return edge }
        at += 1
        skipSpaces()
        if current == "\"" {
            edge.label = try quotedText()
            skipSpaces()
            guard current == "|" else { throw error("`|` to close the link's label") }
        } else {
            let start = at
            while let c = current, c != "|" { at += 1 }
            guard current == "|" else { throw error("`|` to close the link's label") }
            try checkLength(at - start)
            edge.label = MermaidLabel.text(String(chars[start..<at]).diagramTrimmed, markdown: false)
        }
        at += 1
        return edge
    }
}
