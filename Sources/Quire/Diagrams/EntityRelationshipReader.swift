import QuireModel

/// An entity-relationship diagram's statements, one per line: relationships
/// (`CUSTOMER ||--o{ ORDER : places`, ends `|o`, `||`, `}o`, `}|` and their mirrors, `--`
/// identifying or `..` not, the label a word or quoted), entities (`CUSTOMER`,
/// `CUSTOMER["Customer"]`, `CUSTOMER { … }` with attribute lines `type name PK, FK "comment"`),
/// `direction`, and the ignored ones (`%%`, `accTitle`, `accDescr`, `style`, `classDef`,
/// `class`). The first error stops it, with its line. O(n).
package struct EntityRelationshipReader: MermaidStatementReader {
    package let lines: [String]
    package let limits: MermaidLimits
    private var diagram = EntityRelationshipDiagram()
    private var index: [String: Int] = [:]
    /// The entity whose `{ … }` block is being read.
    private var block: Int?

    package init(lines: [String], limits: MermaidLimits) {
        self.lines = lines
        self.limits = limits
    }

    /// The diagram; an error for an entity's block left open.
    package func finished() throws -> EntityRelationshipDiagram {
        if let block { throw MermaidError(line: diagram.entities[block].line, message: "`\(diagram.entities[block].id) {` has no closing `}`") }
        return diagram
    }

    package mutating func read(_ text: String, line: Int) throws {
        guard try isStatement(text, line: line) else { return }
        if let e = block {
            if text == "}" { block = nil; return }
            guard diagram.entities[e].attributes.count < limits.nodes else {
                throw MermaidError(line: line, message: "more than \(limits.nodes) attributes; the diagram is too large to draw")
            }
            diagram.entities[e].attributes.append(try Self.attribute(text, line: line))
            return
        }
        var words = MermaidWords.split(text)
        if words.count >= 2, words[1].count > 6, Self.relationship(String(words[1].prefix(6))) != nil {
            words.insert(String(words[1].dropFirst(6)), at: 2)  // `A ||--o{B : x`, as Mermaid reads it
            words[1] = String(words[1].prefix(6))
        }
        switch words.first ?? "" {
        case "direction":
            diagram.direction = try Flowchart.Direction(mermaid: words.count == 2 ? words[1] : "", line: line, found: text)
            return
        case "accTitle", "accTitle:", "accDescr", "accDescr:", "style", "classDef", "class": return
        default: break
        }
        if words.count >= 3, let kind = Self.relationship(words[1]) {
            try readRelationship(words, kind.0, kind.1, kind.2, line: line)
            return
        }
        var name = text
        let opens = name.hasSuffix("{")
        if opens { name = String(name.dropLast()).diagramTrimmed }
        let e = try entity(name, line: line)
        if opens { block = e }
    }

    /// `A ||--o{ B : label` (its words).
    private mutating func readRelationship(_ words: [String], _ from: EntityRelationshipDiagram.Cardinality, _ to: EntityRelationshipDiagram.Cardinality,
                                           _ identifying: Bool, line: Int) throws {
        let a = try entity(words[0], line: line)
        var rest = Array(words[2...])
        let b = try entity(rest.removeFirst(), line: line)
        var label = ""
        if let first = rest.first {
            guard first == ":" || first.hasPrefix(":") else {
                throw MermaidError(line: line, message: "expected `:` and the relationship's label, found `\(first)`")
            }
            label = ([String(first.dropFirst())] + rest.dropFirst()).joined(separator: " ").diagramTrimmed
            if label.count >= 2, label.hasPrefix("\""), label.hasSuffix("\"") { label = String(label.dropFirst().dropLast()) }
        }
        guard diagram.relationships.count < limits.edges else {
            throw MermaidError(line: line, message: "more than \(limits.edges) relationships; the diagram is too large to draw")
        }
        diagram.relationships.append(.init(from: diagram.entities[a].id, to: diagram.entities[b].id, fromCardinality: from, toCardinality: to,
                                           identifying: identifying, label: label, line: line))
    }

    /// A relationship token's ends and line: `||--o{`, `}|..|{` and the like.
    package static func relationship(_ token: String) -> (EntityRelationshipDiagram.Cardinality, EntityRelationshipDiagram.Cardinality, Bool)? {
        let chars = Array(token)
        guard chars.count == 6 else { return nil }
        let left: [String: EntityRelationshipDiagram.Cardinality] = ["|o": .zeroOrOne, "||": .exactlyOne, "}o": .zeroOrMore, "}|": .oneOrMore]
        let right: [String: EntityRelationshipDiagram.Cardinality] = ["o|": .zeroOrOne, "||": .exactlyOne, "o{": .zeroOrMore, "|{": .oneOrMore]
        let line = String(chars[2...3])
        guard line == "--" || line == "..", let l = left[String(chars[0...1])], let r = right[String(chars[4...5])] else { return nil }
        return (l, r, line == "--")
    }

    /// `type name`, then keys (`PK`, `FK`, `UK`, comma-separated) and a quoted comment.
    private static func attribute(_ text: String, line: Int) throws -> EntityRelationshipDiagram.Attribute {
        var words = MermaidWords.split(text)
        guard words.count >= 2, !words[0].hasPrefix("\""), !words[1].hasPrefix("\"") else {
            throw MermaidError(line: line, message: "expected an attribute (`type name`, then `PK`, `FK`, `UK` and a \"comment\"), found `\(text)`")
        }
        var attribute = EntityRelationshipDiagram.Attribute(type: words[0], name: words[1])
        words.removeFirst(2)
        if let last = words.last, last.count >= 2, last.hasPrefix("\""), last.hasSuffix("\"") {
            attribute.comment = String(last.dropFirst().dropLast())
            words.removeLast()
        }
        for word in words.joined(separator: " ").split(separator: ",").map({ String($0).diagramTrimmed }) where !word.isEmpty {
            guard ["PK", "FK", "UK"].contains(word) else {
                throw MermaidError(line: line, message: "expected `PK`, `FK` or `UK` after the attribute's name, found `\(word)`")
            }
            attribute.keys.append(word)
        }
        return attribute
    }

    /// The index of the entity `text` names (`NAME`, `"a name"`, `NAME["Alias"]`, `NAME[Alias]`),
    /// made if new.
    private mutating func entity(_ text: String, line: Int) throws -> Int {
        var id = text, alias: String?
        if let open = text.firstIndex(of: "["), text.hasSuffix("]") {
            id = String(text[..<open])
            alias = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).replacingOccurrences(of: "\"", with: "")
        }
        let quoted = id.count >= 2 && id.hasPrefix("\"") && id.hasSuffix("\"")
        if quoted { id = String(id.dropFirst().dropLast()) }
        guard !id.isEmpty, !id.contains(where: { "{}[]|\"<>:".contains($0) || (!quoted && ($0 == " " || $0 == "\t")) }) else {
            throw MermaidError(line: line, message: "expected an entity, `ENTITY {` or a relationship (`A ||--o{ B : label`), found `\(text)`")
        }
        if index[id] == nil {
            guard diagram.entities.count < limits.nodes else {
                throw MermaidError(line: line, message: "more than \(limits.nodes) entities; the diagram is too large to draw")
            }
            diagram.entities.append(.init(id: id, line: line))
            index[id] = diagram.entities.count - 1
        }
        if let alias { diagram.entities[index[id]!].alias = alias }
        return index[id]!
    }
}
