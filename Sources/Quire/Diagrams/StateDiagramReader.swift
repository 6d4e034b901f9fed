import QuireModel

/// A state diagram's statements, one per line: states (`s1`, `state "Long name" as s1`,
/// `s1 : description`, `state s1 <<choice>>`), transitions (`A --> B : label`, `[*]` as start
/// or end), composite states (`state X { … }`, nested, `--` between concurrent regions),
/// notes (`note left of X … end note`, `note right of X : text`), `direction`, `classDef`,
/// `class`, `:::`, and the ignored ones (`%%` comments, `hide empty description`,
/// `scale`, `accTitle`, `accDescr`). The first error stops it, with its line. O(n) in the
/// source (each state is looked up in a dictionary).
package struct StateDiagramReader: MermaidStatementReader {
    package let lines: [String]
    package let limits: MermaidLimits
    private var diagram = StateDiagram()
    private var index: [String: Int] = [:]
    private var classDefs: [String: DiagramStyle] = [:]
    /// The composite states open at this point, innermost last.
    private var open: [String] = []
    /// A `note … of X` block being read: its target, side, first line and lines so far.
    private var note: (target: String, left: Bool, line: Int, text: [String])?

    package init(lines: [String], limits: MermaidLimits) {
        self.lines = lines
        self.limits = limits
    }

    /// The diagram: every state given its classes' styles; an error for a note or composite
    /// state left open.
    package mutating func finished() throws -> StateDiagram {
        if let note { throw MermaidError(line: note.line, message: "`note` has no `end note`") }
        if let last = open.last, let s = index[last] {
            throw MermaidError(line: diagram.states[s].line, message: "`state \(last) {` has no closing `}`")
        }
        for s in diagram.states.indices {
            diagram.states[s].style = .resolved(diagram.states[s].style, classes: diagram.states[s].classes, definitions: classDefs)
        }
        return diagram
    }

    /// Line `line`: inside a `note … end note` block, a line of the note as written; else a
    /// statement.
    package mutating func read(_ text: String, line: Int) throws {
        if var block = note {
            if text == "end note" {
                diagram.notes.append(.init(target: block.target, left: block.left, text: Self.label(block.text.joined(separator: "<br>")), line: block.line))
                note = nil
            } else {
                block.text.append(text)
                note = block
            }
            return
        }
        guard try isStatement(text, line: line) else { return }
        let (keyword, rest) = FlowchartReader.firstWord(text)
        switch keyword {
        case "}":
            guard open.popLast() != nil else { throw MermaidError(line: line, message: "`}` without a `state … {`") }
        case "--" where rest.isEmpty:
            guard let last = open.last, let s = index[last] else { throw MermaidError(line: line, message: "`--` outside a composite state") }
            diagram.states[s].regions += 1
        case "direction":
            let direction = try Flowchart.Direction(mermaid: rest, line: line)
            if let last = open.last, let s = index[last] { diagram.states[s].direction = direction } else { diagram.direction = direction }
        case "classDef": try FlowchartReader.defineClasses(rest, line: line, in: &classDefs)  // `style` ignores a closing `;`
        case "class":
            let (ids, name) = FlowchartReader.firstWord(rest)
            guard !name.isEmpty else { throw MermaidError(line: line, message: "expected `class` states and a class name") }
            let className = name.hasSuffix(";") ? String(name.dropLast()) : name
            for id in ids.split(separator: ",") { diagram.states[try state(String(id), line: line)].classes.append(className) }
        case "state": try readState(rest, line: line)
        case "note": try readNote(rest, line: line)
        case "hide", "scale", "accTitle", "accTitle:", "accDescr", "accDescr:", "click": break
        default: try readStatement(text, line: line)
        }
    }

    /// `s1`, `s1:::cls`, `s1 : description`, `A --> B`, `A --> B : label`.
    private mutating func readStatement(_ text: String, line: Int) throws {
        if let arrow = text.range(of: "-->") {
            let from = String(text[..<arrow.lowerBound]).diagramTrimmed
            var to = String(text[arrow.upperBound...]).diagramTrimmed, label: DiagramText?
            if let colon = to.firstIndex(of: ":"), !to[colon...].hasPrefix(":::") {
                let raw = String(to[to.index(after: colon)...]).diagramTrimmed
                label = raw.isEmpty ? nil : Self.label(raw)
                to = String(to[..<colon]).diagramTrimmed
            }
            let tail = try end(from, start: true, line: line), head = try end(to, start: false, line: line)
            guard diagram.transitions.count < limits.edges else {
                throw MermaidError(line: line, message: "more than \(limits.edges) transitions; the diagram is too large to draw")
            }
            diagram.transitions.append(.init(from: tail, to: head, label: label, line: line))
            return
        }
        if let colon = text.firstIndex(of: ":"), !text[colon...].hasPrefix(":::") {
            let id = String(text[..<colon]).diagramTrimmed
            let description = String(text[text.index(after: colon)...]).diagramTrimmed
            diagram.states[try state(try stateID(id, line: line), line: line)].descriptions.append(Self.label(description))
            return
        }
        _ = try stateID(text, line: line)
    }

    /// A transition's end: `[*]` (this scope's start or end) or a state.
    private mutating func end(_ text: String, start: Bool, line: Int) throws -> String {
        guard text == "[*]" else { return try stateID(text, line: line) }
        let scope = open.last ?? ""
        let id = "[*]\(start ? "start" : "end")/\(scope)"
        if index[id] == nil {
            diagram.states[try state(id, line: line)].kind = start ? .start : .end
        }
        return id
    }

    /// `state "Long name" as s1`, `state s1 as "Long name"`, `state X {`, `state X <<choice>>`,
    /// `state X : description`, `state X`.
    private mutating func readState(_ rest: String, line: Int) throws {
        var text = rest, name: DiagramText?
        let opens = text.hasSuffix("{")
        if opens { text = String(text.dropLast()).diagramTrimmed }
        var kind = StateDiagram.Kind.state
        for (marker, k) in [("<<choice>>", StateDiagram.Kind.choice), ("<<fork>>", .fork), ("<<join>>", .join)] where text.hasSuffix(marker) {
            kind = k
            text = String(text.dropLast(marker.count)).diagramTrimmed
        }
        var description: String?
        if text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") {
            name = Self.label(String(text[text.index(after: text.startIndex)..<close]))
            let after = String(text[text.index(after: close)...]).diagramTrimmed
            guard after.hasPrefix("as ") else { throw MermaidError(line: line, message: "expected `as` and an id after the state's name") }
            text = String(after.dropFirst(3)).diagramTrimmed
        } else if let colon = text.firstIndex(of: ":"), !text[colon...].hasPrefix(":::") {
            description = String(text[text.index(after: colon)...]).diagramTrimmed
            text = String(text[..<colon]).diagramTrimmed
        } else if let range = text.range(of: " as \"") {
            name = Self.label(String(text[range.upperBound...]).replacingOccurrences(of: "\"", with: ""))
            text = String(text[..<range.lowerBound]).diagramTrimmed
        }
        let id = try stateID(text, line: line)
        let s = index[id]!
        if let name { diagram.states[s].name = name }
        if let description { diagram.states[s].descriptions.append(Self.label(description)) }
        if kind != .state { diagram.states[s].kind = kind }
        if opens {
            guard open.count < limits.subgraphDepth else {
                throw MermaidError(line: line, message: "composite states nested more than \(limits.subgraphDepth) deep")
            }
            diagram.states[s].isComposite = true
            open.append(id)
        }
    }

    /// `note left of X`, then lines up to `end note`; or `note right of X : text`.
    private mutating func readNote(_ rest: String, line: Int) throws {
        let words = rest.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.count == 3, words[0] == "left" || words[0] == "right", words[1] == "of" else {
            throw MermaidError(line: line, message: "expected `note left of` or `note right of` and a state")
        }
        var target = words[2], text: String?
        if let colon = target.firstIndex(of: ":") {
            text = String(target[target.index(after: colon)...]).diagramTrimmed
            target = String(target[..<colon]).diagramTrimmed
        }
        let id = try stateID(target, line: line)
        if let text {
            diagram.notes.append(.init(target: id, left: words[0] == "left", text: Self.label(text), line: line))
        } else {
            note = (id, words[0] == "left", line, [])
        }
    }

    /// The id in `text` (`s1` or `s1:::cls`, the class recorded), its state made if new.
    private mutating func stateID(_ text: String, line: Int) throws -> String {
        var id = text, classes: [String] = []
        if let range = text.range(of: ":::") {
            id = String(text[..<range.lowerBound]).diagramTrimmed
            classes = [String(text[range.upperBound...]).diagramTrimmed]
        }
        guard !id.isEmpty, !id.contains(where: { " \t{}[]\"<>|".contains($0) }) else {
            throw MermaidError(line: line, message: "expected a state, a transition (`A --> B`), `state … {`, `note` or `}`, found `\(text)`")
        }
        diagram.states[try state(id, line: line)].classes += classes
        return id
    }

    /// The index of state `id`, made (in the innermost open composite) if new.
    private mutating func state(_ id: String, line: Int) throws -> Int {
        if index[id] == nil {
            guard diagram.states.count < limits.nodes else {
                throw MermaidError(line: line, message: "more than \(limits.nodes) states; the diagram is too large to draw")
            }
            let parent = open.last
            let region = parent.flatMap { index[$0] }.map { diagram.states[$0].regions - 1 } ?? 0
            diagram.states.append(.init(id: id, parent: parent, region: region, line: line))
            index[id] = diagram.states.count - 1
        }
        return index[id]!
    }

    /// A label as written (`<br>`, entities), quotes around it removed.
    private static func label(_ raw: String) -> DiagramText {
        var text = raw.diagramTrimmed
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        return MermaidLabel.text(text, markdown: false)
    }
}
