import QuireModel

/// A reader of a Mermaid diagram written one statement a line (class, entity-relationship and
/// state diagrams): what it reads a line at a time, and the diagram it has once every line is
/// read. The read loop they share is `read(headerIndex:)`.
package protocol MermaidStatementReader {
    associatedtype Diagram
    /// The block's lines, the header's among them.
    var lines: [String] { get }
    var limits: MermaidLimits { get }
    /// Reads line `line` (counted from 1 in the block), trimmed; throws `MermaidError` naming
    /// the line for what it cannot read.
    mutating func read(_ text: String, line: Int) throws
    /// The diagram, once every line is read; throws for a block left open.
    mutating func finished() throws -> Diagram
}

extension MermaidStatementReader {
    /// The diagram whose header (`classDiagram`, `erDiagram`, `stateDiagram-v2`) is line
    /// `headerIndex`: each line after it trimmed and read in order, then `finished`. The first
    /// error stops it, with its line (0 for an error that is not a `MermaidError`). O(n) in the
    /// lines, plus what each statement costs.
    package mutating func read(headerIndex: Int) -> Result<Diagram, MermaidError> {
        do {
            for i in (headerIndex + 1)..<max(headerIndex + 1, lines.count) {
                try read(lines[i].diagramTrimmed, line: i + 1)
            }
            return .success(try finished())
        } catch let error as MermaidError {
            return .failure(error)
        } catch {
            return .failure(MermaidError(line: 0, message: "\(error)"))
        }
    }

    /// Whether `text` (a trimmed line) is a statement: false for a blank line or a `%%`
    /// comment. Throws when it is longer than `limits.labelCharacters`. O(text).
    package func isStatement(_ text: String, line: Int) throws(MermaidError) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("%%") else { return false }
        guard text.count <= limits.labelCharacters else {
            throw MermaidError(line: line, message: "a line longer than \(limits.labelCharacters) characters")
        }
        return true
    }
}

extension Flowchart.Direction {
    /// The direction `word` names (`TB`, `TD`, `BT`, `LR`, `RL`, in any case), or an error at
    /// `line` showing what was found (`found`, by default the word).
    package init(mermaid word: String, line: Int, found: String? = nil) throws(MermaidError) {
        guard let direction = Flowchart.Direction(mermaid: word) else {
            throw MermaidError(line: line, message: "expected a direction (TB, TD, BT, LR or RL), found `\(found ?? word)`")
        }
        self = direction
    }
}

extension FlowchartReader {
    /// `classDef` statements' definitions (`a,b fill:#f9f,stroke:#333`, what follows the
    /// keyword), each name given the style, in `definitions`; a later one replaces an earlier.
    package static func defineClasses(_ rest: String, line: Int, in definitions: inout [String: DiagramStyle]) throws {
        let (names, properties) = firstWord(rest)
        let style = try style(properties, line: line)
        for name in names.split(separator: ",") { definitions[String(name)] = style }
    }
}
