import QuireModel

/// A class diagram's statements, one per line: `class A`, `class A~T~`, `class A["Label"]`,
/// `class A { … }` (members, `<<annotation>>`), `A : +member`, `<<interface>> A`, relations
/// (`A "1" <|-- "*" B : label`, every end `<|`, `*`, `o`, `<`, `()` and their mirrors, lines
/// `--` and `..`), `note for A "text"`, `note "text"`, `namespace N { … }`, `direction`,
/// `classDef`, `cssClass`, `:::`, and the ignored ones (`%%`, `click`, `link`, `callback`,
/// `style`, `accTitle`, `accDescr`). The first error stops it, with its line. O(n).
package struct ClassDiagramReader: MermaidStatementReader {
    package let lines: [String]
    package let limits: MermaidLimits
    private var diagram = ClassDiagram()
    private var index: [String: Int] = [:]
    private var classDefs: [String: DiagramStyle] = [:]
    /// The class whose `{ … }` body is being read.
    private var body: Int?
    private var namespace: Int?

    package init(lines: [String], limits: MermaidLimits) {
        self.lines = lines
        self.limits = limits
    }

    /// The diagram: every class given its classes' styles; an error for a body or namespace
    /// left open.
    package mutating func finished() throws -> ClassDiagram {
        if let body { throw MermaidError(line: diagram.classes[body].line, message: "`class \(diagram.classes[body].id) {` has no closing `}`") }
        if let namespace { throw MermaidError(line: diagram.namespaces[namespace].line, message: "`namespace` has no closing `}`") }
        for c in diagram.classes.indices {
            diagram.classes[c].style = .resolved(diagram.classes[c].style, classes: diagram.classes[c].classes, definitions: classDefs)
        }
        return diagram
    }

    package mutating func read(_ text: String, line: Int) throws {
        guard try isStatement(text, line: line) else { return }
        if let c = body {
            if text == "}" { body = nil; return }
            if text.hasPrefix("<<"), text.hasSuffix(">>") {
                diagram.classes[c].annotations.append(String(text.dropFirst(2).dropLast(2)))
            } else {
                try addMember(text, to: c, line: line)
            }
            return
        }
        let (keyword, rest) = FlowchartReader.firstWord(text)
        switch keyword {
        case "}":
            guard namespace != nil else { throw MermaidError(line: line, message: "`}` without a `class … {` or `namespace … {`") }
            namespace = nil
        case "direction":
            diagram.direction = try Flowchart.Direction(mermaid: rest, line: line)
        case "class": try readClass(rest, line: line)
        case "namespace":
            let name = rest.hasSuffix("{") ? String(rest.dropLast()).diagramTrimmed : rest
            guard !name.isEmpty, namespace == nil else { throw MermaidError(line: line, message: "expected `namespace Name {` (not nested)") }
            diagram.namespaces.append((name, line))
            namespace = diagram.namespaces.count - 1
        case "note": try readNote(rest, line: line)
        case "classDef": try FlowchartReader.defineClasses(rest, line: line, in: &classDefs)
        case "cssClass":
            let (ids, name) = FlowchartReader.firstWord(rest)
            for id in ids.replacingOccurrences(of: "\"", with: "").split(separator: ",") {
                diagram.classes[try classID(String(id).diagramTrimmed, line: line)].classes.append(name)
            }
        case "click", "link", "callback", "style", "accTitle", "accTitle:", "accDescr", "accDescr:": break
        default:
            if text.hasPrefix("<<"), let close = text.range(of: ">>") {
                let c = try classID(String(text[close.upperBound...]).diagramTrimmed, line: line)
                diagram.classes[c].annotations.append(String(text[text.index(text.startIndex, offsetBy: 2)..<close.lowerBound]))
            } else if try !readRelation(text, line: line) {
                guard let colon = text.firstIndex(of: ":") else {
                    _ = try classID(text, line: line)
                    return
                }
                let c = try classID(String(text[..<colon]).diagramTrimmed, line: line)
                try addMember(String(text[text.index(after: colon)...]).diagramTrimmed, to: c, line: line)
            }
        }
    }

    /// `class A`, `class A~T~`, `class A["Label"]`, `class A:::style`, each with `{` to open
    /// its body.
    private mutating func readClass(_ rest: String, line: Int) throws {
        var text = rest
        let opens = text.hasSuffix("{")
        if opens { text = String(text.dropLast()).diagramTrimmed }
        var label: String?
        if let open = text.range(of: "[\""), text.hasSuffix("\"]") {
            label = String(text[open.upperBound..<text.index(text.endIndex, offsetBy: -2)])
            text = String(text[..<open.lowerBound])
        }
        let c = try classID(text, line: line)
        if let label { diagram.classes[c].label = MermaidLabel.text(label, markdown: false) }
        if opens { body = c }
    }

    /// `note for A "text"` or `note "text"`.
    private mutating func readNote(_ rest: String, line: Int) throws {
        var target: String?, text = rest
        if rest.hasPrefix("for ") {
            let (id, after) = FlowchartReader.firstWord(String(rest.dropFirst(4)).diagramTrimmed)
            target = id
            text = after
            _ = try classID(id, line: line)
        }
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            throw MermaidError(line: line, message: "expected a note's text in quotes")
        }
        diagram.notes.append(.init(target: target.map { Self.plainID($0) }, text: String(text.dropFirst().dropLast()), line: line))
    }

    /// A relation (`A "1" *-- "many" B : label`), if `text` is one.
    private mutating func readRelation(_ text: String, line: Int) throws -> Bool {
        var statement = text, label: String?
        guard MermaidWords.split(statement).contains(where: { Self.relation($0) != nil }) else { return false }
        if let colon = Self.colonOutsideQuotes(statement) {
            let raw = String(statement[statement.index(after: colon)...]).diagramTrimmed
            label = raw.isEmpty ? nil : raw
            statement = String(statement[..<colon]).diagramTrimmed
        }
        let tokens = MermaidWords.split(statement)
        guard let k = tokens.firstIndex(where: { Self.relation($0) != nil }), let kind = Self.relation(tokens[k]) else { return false }
        var left = Array(tokens[..<k]), right = Array(tokens[(k + 1)...])
        let fromCardinality = left.last.flatMap(Self.quoted), toCardinality = right.first.flatMap(Self.quoted)
        if fromCardinality != nil { left.removeLast() }
        if toCardinality != nil { right.removeFirst() }
        guard left.count == 1, right.count == 1 else {
            throw MermaidError(line: line, message: "expected a relation between two classes (`A <|-- B`), found `\(text)`")
        }
        let from = diagram.classes[try classID(left[0], line: line)].id, to = diagram.classes[try classID(right[0], line: line)].id
        guard diagram.relations.count < limits.edges else {
            throw MermaidError(line: line, message: "more than \(limits.edges) relations; the diagram is too large to draw")
        }
        diagram.relations.append(.init(from: from, to: to, fromEnd: kind.0, toEnd: kind.1, dashed: kind.2,
                                       fromCardinality: fromCardinality, toCardinality: toCardinality, label: label, line: line))
        return true
    }

    /// The first `:` in `s` that is not inside quotes or part of `:::`.
    private static func colonOutsideQuotes(_ s: String) -> String.Index? {
        var quoted = false, i = s.startIndex
        while i < s.endIndex {
            if s[i] == "\"" { quoted.toggle() }
            if s[i] == ":" && !quoted {
                if s[i...].hasPrefix(":::") { i = s.index(i, offsetBy: 3); continue }
                return i
            }
            i = s.index(after: i)
        }
        return nil
    }

    private static func quoted(_ token: String) -> String? {
        token.count >= 2 && token.hasPrefix("\"") && token.hasSuffix("\"") ? String(token.dropFirst().dropLast()) : nil
    }

    /// A relation token's two ends and whether its line is dashed: `<|--`, `*--`, `o--`, `-->`,
    /// `--`, `..>`, `..|>`, `..`, `()--`, both-ended ones (`<|--|>`).
    package static func relation(_ token: String) -> (ClassDiagram.End, ClassDiagram.End, Bool)? {
        for line in ["--", ".."] {
            guard let range = token.range(of: line) else { continue }
            let before = String(token[..<range.lowerBound]), after = String(token[range.upperBound...])
            let left: [String: ClassDiagram.End] = ["": .none, "<|": .inheritance, "*": .composition, "o": .aggregation, "<": .arrow, "()": .lollipop]
            let right: [String: ClassDiagram.End] = ["": .none, "|>": .inheritance, "*": .composition, "o": .aggregation, ">": .arrow, "()": .lollipop]
            guard let l = left[before], let r = right[after] else { return nil }
            return (l, r, line == "..")
        }
        return nil
    }

    private mutating func addMember(_ text: String, to c: Int, line: Int) throws {
        guard diagram.classes[c].attributes.count + diagram.classes[c].methods.count < limits.nodes else {
            throw MermaidError(line: line, message: "more than \(limits.nodes) members in a class; the diagram is too large to draw")
        }
        let member = Self.generics(text)
        if member.contains("(") { diagram.classes[c].methods.append(member) } else { diagram.classes[c].attributes.append(member) }
    }

    /// `~T~` as `<T>` (Mermaid's generics, nested ones too: `List~List~int~~`); a `~` that
    /// opens nothing and closes nothing (a destructor's, `+~Buffer()`) stays. A `~` opens
    /// between a word and a word character while enough `~` follow to close it. O(n).
    package static func generics(_ s: String) -> String {
        let chars = Array(s)
        var remaining = chars.filter { $0 == "~" }.count, open = 0, out = ""
        func isWord(_ i: Int) -> Bool { chars.indices.contains(i) && (chars[i].isLetter || chars[i].isNumber || chars[i] == "_") }
        for (i, c) in chars.enumerated() {
            guard c == "~" else { out.append(c); continue }
            remaining -= 1
            if isWord(i - 1) && isWord(i + 1) && remaining > open {
                out.append("<")
                open += 1
            } else if open > 0 {
                out.append(">")
                open -= 1
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// The id without its generic or `:::style`.
    private static func plainID(_ text: String) -> String {
        var id = text
        if let r = id.range(of: ":::") { id = String(id[..<r.lowerBound]) }
        if let t = id.firstIndex(of: "~") { id = String(id[..<t]) }
        return id.diagramTrimmed
    }

    /// The index of the class named in `text` (`A`, `A~T~`, `A:::style`), made if new.
    private mutating func classID(_ text: String, line: Int) throws -> Int {
        let id = Self.plainID(text)
        guard !id.isEmpty, !id.contains(where: { " \t{}[]\"<>|()*:".contains($0) }) else {
            throw MermaidError(line: line, message: "expected a class, a member (`A : +name`), a relation (`A <|-- B`) or `class A { … }`, found `\(text)`")
        }
        if index[id] == nil {
            guard diagram.classes.count < limits.nodes else {
                throw MermaidError(line: line, message: "more than \(limits.nodes) classes; the diagram is too large to draw")
            }
            diagram.classes.append(.init(id: id, namespace: namespace, line: line))
            index[id] = diagram.classes.count - 1
        }
        let c = index[id]!
        if let t = text.firstIndex(of: "~"), let end = text.lastIndex(of: "~"), t < end {
            diagram.classes[c].generic = Self.generics(String(text[text.index(after: t)..<end]))
        }
        if let r = text.range(of: ":::") { diagram.classes[c].classes.append(String(text[r.upperBound...])) }
        return c
    }
}
