/// The words of a line of a Mermaid diagram's statement, as the class and entity-relationship
/// readers split them.
package enum MermaidWords {
    /// The words of `s` between spaces and tabs, a quoted string (quotes kept) one word. O(s).
    package static func split(_ s: String) -> [String] {
        var out: [String] = [], current = "", quoted = false
        for c in s {
            if c == "\"" { quoted.toggle() }
            if (c == " " || c == "\t") && !quoted {
                if !current.isEmpty { out.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}
