import QuireModel

/// The pieces of one sequence diagram statement that are not keywords: a message
/// (`Alice->>+Bob: Hello`), a statement line cut at `;`, a colour (`rgb(…)`, `rgba(…)`, hex, a
/// CSS name). Pure functions, O(n) in the statement.
package enum SequenceScanner {
    /// A message's parts as written, before participants are looked up.
    package struct Message: Equatable {
        package var from: String
        package var arrow: SequenceArrow
        package var activatesTarget: Bool
        package var deactivatesSource: Bool
        package var to: String
        /// The text after `:` (untrimmed `wrap:`/`nowrap:` prefix removed), or "".
        package var text: String
    }

    /// `statement` read as a message, or nil when it has no arrow or an empty end. An id may hold
    /// `-` (`web-server->>db`); where `-x` could be an arrow or part of a name (`my-xylo->>b`),
    /// another arrow kind on the line wins.
    package static func message(_ statement: String) -> Message? {
        let head: Substring, text: Substring
        if let colon = statement.firstIndex(of: ":") {
            head = statement[..<colon]
            text = statement[statement.index(after: colon)...]
        } else {
            head = Substring(statement)
            text = ""
        }
        let chars = Array(head)
        var candidates: [(index: Int, spelling: String, arrow: SequenceArrow)] = []
        var i = 0
        scan: while i < chars.count {
            if chars[i] == "-" || chars[i] == "<" {
                for (spelling, arrow) in SequenceArrow.spellings where matches(chars, at: i, spelling) {
                    candidates.append((i, spelling, arrow))
                    i += spelling.count
                    continue scan
                }
            }
            i += 1
        }
        guard let chosen = candidates.first(where: { $0.arrow.head != .cross }) ?? candidates.first else { return nil }
        let from = String(chars[..<chosen.index]).diagramTrimmed
        var rest = String(chars[(chosen.index + chosen.spelling.count)...]).diagramTrimmed
        var plus = false, minus = false
        if rest.hasPrefix("+") { plus = true; rest.removeFirst() } else if rest.hasPrefix("-") { minus = true; rest.removeFirst() }
        let to = rest.diagramTrimmed
        guard !from.isEmpty, !to.isEmpty, !to.contains(where: { $0 == "<" || $0 == ">" }) else { return nil }
        var body = String(text).diagramTrimmed
        for prefix in ["wrap:", "nowrap:"] where body.hasPrefix(prefix) { body = String(body.dropFirst(prefix.count)).diagramTrimmed }
        return Message(from: from, arrow: chosen.arrow, activatesTarget: plus, deactivatesSource: minus, to: to, text: body)
    }

    private static func matches(_ chars: [Character], at i: Int, _ spelling: String) -> Bool {
        var j = i
        for c in spelling {
            guard j < chars.count, chars[j] == c else { return false }
            j += 1
        }
        return true
    }

    /// A line's statements: cut at `;` (Mermaid's other line end) except one closing an entity
    /// code (`#59;`, `&amp;`), trimmed, comments and blank ones left out.
    package static func statements(_ line: String) -> [String] {
        var out: [String] = [], current = ""
        var entityStart: Int?
        for c in line {
            if c == ";" {
                if let start = entityStart, current.count - start > 1 {
                    current.append(c)
                } else {
                    out.append(current)
                    current = ""
                }
                entityStart = nil
                continue
            }
            if c == "#" || c == "&" {
                entityStart = current.count
            } else if entityStart != nil, !(c.isLetter || c.isNumber), !(c == "#" && current.last == "&") {
                entityStart = nil
            }
            current.append(c)
        }
        out.append(current)
        return out.map(\.diagramTrimmed).filter { !$0.isEmpty && !$0.hasPrefix("%%") }
    }

    /// A colour as `box` and `rect` write it: hex, `rgb(…)`, `rgba(…)` (its alpha laid over
    /// white, since the page is white), a CSS name; `.some(nil)` for `transparent` or `none`;
    /// nil when `s` is no colour.
    package static func color(_ s: String) -> Color?? {
        let value = s.diagramTrimmed
        let lower = value.lowercased()
        if lower == "transparent" || lower == "none" { return .some(nil) }
        if lower.hasPrefix("rgba("), lower.hasSuffix(")") {
            let parts = lower.dropFirst(5).dropLast().split(separator: ",").map { String($0).diagramTrimmed }
            guard parts.count == 4, let alpha = Double(parts[3]), (0...1).contains(alpha),
                  let base = Color(css: "rgb(\(parts[0...2].joined(separator: ",")))") else { return nil }
            return .some(Color(1 - alpha + alpha * base.red, 1 - alpha + alpha * base.green, 1 - alpha + alpha * base.blue))
        }
        guard let c = DiagramColors.color(value) else { return nil }
        return .some(c)
    }

    /// A `box` line's colour (if its first word, or `rgb(…)`, is one) and the rest, its title.
    package static func colorAndTitle(_ s: String) -> (color: Color?, title: String) {
        let text = s.diagramTrimmed
        if text.lowercased().hasPrefix("rgb"), let close = text.firstIndex(of: ")") {
            let candidate = String(text[...close])
            if let c = color(candidate) { return (c, String(text[text.index(after: close)...]).diagramTrimmed) }
        }
        let (word, rest) = FlowchartReader.firstWord(text)
        if !word.isEmpty, let c = color(word) { return (c, rest) }
        return (nil, text)
    }
}
