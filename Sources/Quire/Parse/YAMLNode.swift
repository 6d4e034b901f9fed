import CYAML

/// A YAML document as values, read by libyaml (the reference C parser): the one file that
/// speaks to it. Front matter (`FrontMatter`) reads its keys from these.
///
/// Scalars keep their text as written and whether they were plain (unquoted), which is what
/// tells `true` or `null` from the string "true"; YAML's type resolution is left to the reader
/// of each key. Aliases stand for their anchor's node (shared, not copied: a chain of aliases
/// costs nothing until it is read). Every node keeps where it starts.
package indirect enum YAMLNode: Sendable {
    case scalar(String, plain: Bool, at: Mark)
    case sequence([YAMLNode], at: Mark)
    /// Keys in the order written.
    case mapping([(key: YAMLNode, value: YAMLNode)], at: Mark)

    /// A position in the YAML text: 1-based line and column (in characters).
    package struct Mark: Sendable, Equatable {
        package var line: Int
        package var column: Int

        package init(_ mark: yaml_mark_t) {
            line = Int(mark.line) + 1
            column = Int(mark.column) + 1
        }

        package init(line: Int, column: Int) { self.line = line; self.column = column }
    }

    /// Text that is not YAML: libyaml's description, where it noticed, and the last top-level
    /// key read (nil before the first key, or outside a mapping).
    package struct SyntaxError: Error, Sendable, Equatable {
        package var message: String
        package var mark: Mark
        package var key: String?
    }

    package var mark: Mark {
        switch self {
        case .scalar(_, _, let mark), .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    /// A plain scalar YAML reads as null (`~`, `null`, nothing) stands for no value.
    package var isNull: Bool {
        if case .scalar(let text, true, _) = self { return ["", "~", "null", "Null", "NULL"].contains(text) }
        return false
    }

    /// The deepest nesting read, and the most nodes: front matter is a few keys, so a document
    /// past these is refused rather than read.
    package static let maximumDepth = 64
    package static let maximumNodes = 100_000

    /// The first document of `text`; nil when it holds none (empty, or only comments).
    /// O(n) in the text's length.
    package static func parse(_ text: String) -> Result<YAMLNode?, SyntaxError> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            return .failure(SyntaxError(message: "the YAML parser could not start", mark: Mark(line: 1, column: 1)))
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder()
            return builder.read(&parser)
        }
    }

    /// Builds nodes from libyaml's events, a stack of the collections open.
    private struct Builder {
        enum Open {
            case sequence([YAMLNode], Mark, anchor: String?)
            case mapping([(key: YAMLNode, value: YAMLNode)], pendingKey: YAMLNode?, Mark, anchor: String?)
        }
        var stack: [Open] = []
        var anchors: [String: YAMLNode] = [:]
        var nodes = 0
        /// The last key of the top-level mapping, for messages.
        var topKey: String?

        mutating func read(_ parser: inout yaml_parser_t) -> Result<YAMLNode?, SyntaxError> {
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    // Where the construct the parser was reading starts ("[" of an unclosed list, the
                    // opening quote, a key without its ":") says more than where it gave up.
                    let message = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
                    let context = parser.context.map { " (" + String(cString: $0) + ")" } ?? ""
                    let mark = Mark(parser.context == nil ? parser.problem_mark : parser.context_mark)
                    return .failure(problem(message + context, at: mark))
                }
                defer { yaml_event_delete(&event) }
                let mark = Mark(event.start_mark)
                switch event.type {
                case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
                    return .success(nil)
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    let node = YAMLNode.scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, at: mark)
                    if let anchor = scalar.anchor { anchors[String(cString: anchor)] = node }
                    if let result = finish(node) { return result }
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    guard let node = anchors[name] else {
                        return .failure(problem("unknown alias *\(name)", at: mark))
                    }
                    if let result = finish(node) { return result }
                case YAML_SEQUENCE_START_EVENT:
                    stack.append(.sequence([], mark, anchor: event.data.sequence_start.anchor.map { String(cString: $0) }))
                    if let problem = tooLarge(mark) { return .failure(problem) }
                case YAML_MAPPING_START_EVENT:
                    stack.append(.mapping([], pendingKey: nil, mark, anchor: event.data.mapping_start.anchor.map { String(cString: $0) }))
                    if let problem = tooLarge(mark) { return .failure(problem) }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    let node: YAMLNode
                    let anchor: String?
                    switch stack.removeLast() {
                    case .sequence(let items, let start, let name): node = .sequence(items, at: start); anchor = name
                    case .mapping(let pairs, _, let start, let name): node = .mapping(pairs, at: start); anchor = name
                    }
                    if let anchor { anchors[anchor] = node }
                    if let result = finish(node) { return result }
                default:
                    continue  // stream and document starts
                }
            }
        }

        func problem(_ message: String, at mark: Mark) -> SyntaxError {
            SyntaxError(message: message, mark: mark, key: topKey)
        }

        /// `add`'s answer when reading ends with it: the document, or a problem; nil to read on.
        mutating func finish(_ node: YAMLNode) -> Result<YAMLNode?, SyntaxError>? {
            switch add(node) {
            case .failure(let problem): return .failure(problem)
            case .success(let document?): return .success(document)
            case .success(nil): return nil
            }
        }

        /// A problem when the document nests or holds more than front matter ever does.
        mutating func tooLarge(_ mark: Mark) -> SyntaxError? {
            nodes += 1
            if stack.count > YAMLNode.maximumDepth {
                return problem("nested more than \(YAMLNode.maximumDepth) deep", at: mark)
            }
            if nodes > YAMLNode.maximumNodes {
                return problem("more than \(YAMLNode.maximumNodes) values", at: mark)
            }
            return nil
        }

        /// Adds a finished node to the collection open, or returns it when it is the document's.
        mutating func add(_ node: YAMLNode) -> Result<YAMLNode?, SyntaxError> {
            if let problem = tooLarge(node.mark) { return .failure(problem) }
            guard let open = stack.popLast() else { return .success(node) }
            switch open {
            case .sequence(var items, let mark, let anchor):
                items.append(node)
                stack.append(.sequence(items, mark, anchor: anchor))
            case .mapping(var pairs, let key?, let mark, let anchor):
                pairs.append((key, node))
                stack.append(.mapping(pairs, pendingKey: nil, mark, anchor: anchor))
            case .mapping(let pairs, nil, let mark, let anchor):
                if stack.isEmpty, case .scalar(let name, _, _) = node { topKey = name }
                stack.append(.mapping(pairs, pendingKey: node, mark, anchor: anchor))
            }
            return .success(nil)
        }
    }
}
