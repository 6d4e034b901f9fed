// Placeholders ({title}, {page}, ...) in running header and footer texts: filled by layout,
// checked by template keys.

/// `template` with each `{name}` that `fill` knows replaced, in one pass; other braces stay
/// (in "{{page}" the first brace is text).
/// - Complexity: O(n) in the template's length plus the fills'.
package func filledPlaceholders(_ template: String, _ fill: (Substring) -> String?) -> String {
    var out = ""
    var rest = template[...]
    while let close = rest.firstIndex(of: "}") {
        guard let open = rest[..<close].lastIndex(of: "{") else {
            out += rest[...close]
            rest = rest[rest.index(after: close)...]
            continue
        }
        out += rest[..<open]
        if let value = fill(rest[rest.index(after: open)..<close]) {
            out += value
        } else {
            out += rest[open...close]
        }
        rest = rest[rest.index(after: close)...]
    }
    out += rest
    return out
}
