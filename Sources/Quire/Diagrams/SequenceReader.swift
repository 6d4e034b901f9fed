import QuireModel

/// A sequence diagram's statements, line by line: `participant`/`actor` (with `as` aliases,
/// `create`), `destroy`, `box … end`, messages (`SequenceScanner`), `activate`/`deactivate`,
/// `Note`, the blocks (`loop`, `alt`/`else`, `opt`, `par`/`and`, `critical`/`option`, `break`,
/// `rect`) and their `end`, `autonumber`, `title`, and the ignored ones (`accTitle`,
/// `accDescr`, `link`, `links`, `properties`, `details`, comments). Statements on a line may be
/// separated by `;`. The first error stops it, with its line. O(n) in the source; bounded by
/// `MermaidLimits` (participants by `nodes`, statements by `edges`, block depth by
/// `subgraphDepth`, a text's length by `labelCharacters`).
package struct SequenceReader {
    package let lines: [String]
    package let limits: MermaidLimits
    private var diagram = SequenceDiagram()
    private var index: [String: Int] = [:]
    private var openBox: Int?
    /// The blocks open at this point, innermost last: their kind and line.
    private var blocks: [(kind: SequenceBlockKind, line: Int)] = []
    /// How many activations each participant has open.
    private var active: [Int] = []
    /// The next number and the step under `autonumber`; nil when off.
    private var numbering: (next: Int, step: Int)?

    package init(lines: [String], limits: MermaidLimits) {
        self.lines = lines
        self.limits = limits
    }

    /// The diagram whose header (`sequenceDiagram`) is line `headerIndex`.
    package mutating func read(headerIndex: Int) -> Result<SequenceDiagram, MermaidError> {
        do {
            for i in (headerIndex + 1)..<max(headerIndex + 1, lines.count) {
                for statement in SequenceScanner.statements(lines[i]) {
                    try read(statement, line: i + 1)
                }
            }
            if let last = blocks.last {
                throw MermaidError(line: last.line, message: "`\(last.kind.rawValue)` has no `end`")
            }
            if let box = openBox {
                throw MermaidError(line: diagram.boxes[box].line, message: "`box` has no `end`")
            }
            guard !diagram.participants.isEmpty else {
                throw MermaidError(line: headerIndex + 1, message: "expected participants or messages after `sequenceDiagram`")
            }
            return .success(diagram)
        } catch let error as MermaidError {
            return .failure(error)
        } catch {
            return .failure(MermaidError(line: 0, message: "\(error)"))
        }
    }

    private mutating func read(_ statement: String, line: Int) throws {
        var (keyword, rest) = FlowchartReader.firstWord(statement)
        if keyword.lowercased() == "create" {
            (keyword, rest) = FlowchartReader.firstWord(rest)
            guard ["participant", "actor"].contains(keyword.lowercased()) else {
                throw MermaidError(line: line, message: "expected `participant` or `actor` after `create`, found `\(Self.shown(keyword))`")
            }
        }
        let word = keyword.lowercased()
        switch word {
        case "participant": try declare(rest, kind: .participant, line: line)
        case "actor": try declare(rest, kind: .actor, line: line)
        case "destroy": _ = try participant(rest, line: line)
        case "box": try openBox(rest, line: line)
        case "end" where rest.isEmpty: try close(line: line)
        case "activate":
            let p = try participant(rest, line: line)
            active[p] += 1
            try append(.activate(participant: p, line: line), line: line)
        case "deactivate":
            let p = try participant(rest, line: line)
            try deactivate(p, line: line)
            try append(.deactivate(participant: p, line: line), line: line)
        case "note": try note(rest, line: line)
        case "loop", "alt", "opt", "par", "critical", "break": try openBlock(SequenceBlockKind(rawValue: word)!, rest, line: line)
        case "rect":
            guard let color = SequenceScanner.color(rest) else {
                throw MermaidError(line: line, message: "expected a colour after `rect` (such as `rgb(191, 223, 255)`), found `\(Self.shown(rest))`")
            }
            try openBlock(.rect, "", color: color, line: line)
        case "else", "and", "option": try divide(word, rest, line: line)
        case "autonumber": try autonumber(rest, line: line)
        case "title", "title:":
            diagram.title = try text(rest.hasPrefix(":") ? String(rest.dropFirst()) : rest, line: line)
        case "acctitle", "acctitle:", "accdescr", "accdescr:", "link", "links", "properties", "details", "}":
            return
        default:
            if word.hasPrefix("title:") { diagram.title = try text(String(statement.dropFirst(6)), line: line); return }
            if word.hasPrefix("acctitle:") || word.hasPrefix("accdescr") { return }
            try message(statement, line: line)
        }
    }

    /// `participant A`, `participant A as Alice`, `actor B` (a `@{…}` configuration ignored).
    private mutating func declare(_ rest: String, kind: SequenceParticipant.Kind, line: Int) throws {
        var spec = rest
        if let brace = spec.range(of: "@{") { spec = String(spec[..<brace.lowerBound]) }
        var id = spec.diagramTrimmed, label: DiagramText?
        if let alias = id.range(of: " as ") {
            label = try text(String(id[alias.upperBound...]), line: line)
            id = String(id[..<alias.lowerBound]).diagramTrimmed
        }
        let p = try participant(id, line: line)
        diagram.participants[p].kind = kind
        if let label, !label.isEmpty { diagram.participants[p].label = label }
        if let box = openBox { diagram.participants[p].box = box }
    }

    /// The index of participant `id`, made (after the others) if new.
    private mutating func participant(_ name: String, line: Int) throws -> Int {
        let id = name.diagramTrimmed
        guard !id.isEmpty else { throw MermaidError(line: line, message: "expected a participant's name") }
        if let p = index[id] { return p }
        guard diagram.participants.count < limits.nodes else {
            throw MermaidError(line: line, message: "more than \(limits.nodes) participants; the diagram is too large to draw")
        }
        guard id.count <= limits.labelCharacters else {
            throw MermaidError(line: line, message: "a participant's name is longer than \(limits.labelCharacters) characters")
        }
        diagram.participants.append(SequenceParticipant(id: id, label: DiagramText(id), line: line))
        active.append(0)
        index[id] = diagram.participants.count - 1
        return diagram.participants.count - 1
    }

    /// `text` as a label, after checking its length.
    private func text(_ raw: String, line: Int) throws -> DiagramText {
        let trimmed = raw.diagramTrimmed
        guard trimmed.count <= limits.labelCharacters else {
            throw MermaidError(line: line, message: "a text is longer than \(limits.labelCharacters) characters")
        }
        return MermaidLabel.text(trimmed, markdown: false)
    }

    private mutating func append(_ event: SequenceEvent, line: Int) throws {
        guard diagram.events.count < limits.edges else {
            throw MermaidError(line: line, message: "more than \(limits.edges) messages, notes and blocks; the diagram is too large to draw")
        }
        diagram.events.append(event)
    }

    private mutating func deactivate(_ p: Int, line: Int) throws {
        guard active[p] > 0 else {
            throw MermaidError(line: line, message: "`\(diagram.participants[p].id)` is deactivated but not active")
        }
        active[p] -= 1
    }

    private mutating func message(_ statement: String, line: Int) throws {
        guard let m = SequenceScanner.message(statement) else {
            throw MermaidError(line: line, message: "expected a message such as `Alice->>Bob: Hello` or a statement (`participant`, `Note`, `loop`, `end` …), found `\(Self.shown(statement))`")
        }
        guard openBox == nil else {
            throw MermaidError(line: line, message: "expected `participant`, `actor` or `end` inside a `box`, found a message")
        }
        let from = try participant(m.from, line: line), to = try participant(m.to, line: line)
        var message = SequenceMessage(from: from, to: to, text: try text(m.text, line: line), arrow: m.arrow,
                                      activatesTarget: m.activatesTarget, deactivatesSource: m.deactivatesSource, line: line)
        if let n = numbering {
            message.number = n.next
            numbering = (n.next + n.step, n.step)
        }
        if m.activatesTarget { active[to] += 1 }
        if m.deactivatesSource { try deactivate(from, line: line) }
        try append(.message(message), line: line)
    }

    /// `Note left of A: text`, `Note right of A: text`, `Note over A: text`, `Note over A,B: text`.
    private mutating func note(_ rest: String, line: Int) throws {
        guard let colon = rest.firstIndex(of: ":") else {
            throw MermaidError(line: line, message: "expected `:` and the note's text after `Note \(Self.shown(rest))`")
        }
        let (place, target) = FlowchartReader.firstWord(String(rest[..<colon]).diagramTrimmed)
        var placement: SequenceNote.Placement, names = target
        switch place.lowercased() {
        case "over": placement = .over
        case "left", "right":
            let (of, after) = FlowchartReader.firstWord(target)
            guard of.lowercased() == "of" else { throw MermaidError(line: line, message: "expected `\(place) of` in a note") }
            placement = place.lowercased() == "left" ? .leftOf : .rightOf
            names = after
        default:
            throw MermaidError(line: line, message: "expected `left of`, `right of` or `over` after `Note`, found `\(Self.shown(place))`")
        }
        let parts = names.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || (parts.count == 2 && placement == .over) else {
            throw MermaidError(line: line, message: "expected one participant (or two after `over`) in a note, found `\(Self.shown(names))`")
        }
        let participants = try parts.map { try participant($0, line: line) }
        let note = SequenceNote(placement: placement, participants: participants,
                                text: try text(String(rest[rest.index(after: colon)...]), line: line), line: line)
        try append(.note(note), line: line)
    }

    private mutating func openBox(_ rest: String, line: Int) throws {
        guard openBox == nil, blocks.isEmpty else {
            throw MermaidError(line: line, message: "a `box` inside a box or block; boxes stand at the top level")
        }
        let (color, title) = SequenceScanner.colorAndTitle(rest)
        diagram.boxes.append(SequenceBox(title: title.isEmpty ? nil : try text(title, line: line), color: color, line: line))
        openBox = diagram.boxes.count - 1
    }

    private mutating func openBlock(_ kind: SequenceBlockKind, _ label: String, color: Color? = nil, line: Int) throws {
        guard openBox == nil else { throw MermaidError(line: line, message: "expected `participant`, `actor` or `end` inside a `box`, found `\(kind.rawValue)`") }
        guard blocks.count < limits.subgraphDepth else {
            throw MermaidError(line: line, message: "blocks nested more than \(limits.subgraphDepth) deep")
        }
        blocks.append((kind, line))
        try append(.blockStart(SequenceBlock(kind: kind, label: try text(label, line: line), color: color, line: line)), line: line)
    }

    private mutating func divide(_ word: String, _ label: String, line: Int) throws {
        guard let kind = blocks.last?.kind, kind.divider == word else {
            let owner = word == "else" ? "alt" : word == "and" ? "par" : "critical"
            throw MermaidError(line: line, message: "`\(word)` outside an `\(owner)` block")
        }
        try append(.blockDivider(label: try text(label, line: line), line: line), line: line)
    }

    private mutating func close(line: Int) throws {
        if blocks.popLast() != nil {
            try append(.blockEnd(line: line), line: line)
        } else if openBox != nil {
            openBox = nil
        } else {
            throw MermaidError(line: line, message: "`end` without a block or `box`")
        }
    }

    /// `autonumber`, `autonumber 10`, `autonumber 10 5`, `autonumber off`.
    private mutating func autonumber(_ rest: String, line: Int) throws {
        if rest == "off" { numbering = nil; return }
        let numbers = rest.split(separator: " ").map { Int($0) }
        guard numbers.count <= 2, numbers.allSatisfy({ $0 != nil && $0! >= 0 && $0! < 1_000_000 }) else {
            throw MermaidError(line: line, message: "expected `autonumber`, `autonumber START`, `autonumber START STEP` or `autonumber off`, found `autonumber \(Self.shown(rest))`")
        }
        numbering = (numbers.first.flatMap { $0 } ?? 1, numbers.count > 1 ? numbers[1]! : 1)
    }

    /// A statement as an error message quotes it: at most 40 characters.
    private static func shown(_ s: String) -> String { s.count > 40 ? String(s.prefix(40)) + "…" : s }
}
