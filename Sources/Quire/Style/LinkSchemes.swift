/// Which links become clickable URI actions: `http`, `https` and `mailto`, and the schemes a
/// template adds (`links.schemes`). A link to `javascript:`, `data:` or `file:` in a PDF a
/// reader trusts is an attack on that reader (GitHub drops such links); links without a
/// scheme (relative paths, `//host`, `#fragment`) are not this check's business.
package enum LinkSchemes {
    package static let always: Set<String> = ["http", "https", "mailto"]

    /// The scheme of `destination`, lowercased, as a browser reads it: leading C0 controls and
    /// spaces skipped, and tabs and line breaks inside ignored (`java\tscript:` is
    /// `javascript:`); nil when it has none (a relative reference). O(scheme's length).
    package static func scheme(of destination: String) -> String? {
        var name = ""
        var started = false
        for scalar in destination.unicodeScalars {
            if !started, scalar.value <= 0x20 { continue }
            started = true
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if scalar == ":" { return name.isEmpty ? nil : name.lowercased() }
            guard scalar.isASCII, isSchemeCharacter(scalar, first: name.isEmpty) else { return nil }
            name.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// Whether `destination` may be a URI action under `allowed` (besides `always`).
    package static func allows(_ destination: String, _ allowed: [String]) -> Bool {
        guard let scheme = scheme(of: destination) else { return true }
        return always.contains(scheme) || allowed.contains(scheme)
    }

    /// RFC 3986's `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    package static func isSchemeName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.enumerated().allSatisfy { i, c in c.isASCII && isSchemeCharacter(c, first: i == 0) }
    }

    private static func isSchemeCharacter(_ c: Unicode.Scalar, first: Bool) -> Bool {
        let v = c.value
        let letter = (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        return first ? letter : letter || (v >= 0x30 && v <= 0x39) || c == "+" || c == "-" || c == "."
    }
}
