/// A name for an image that has no alt text, from the meaningful part of its URL: what stands
/// in its place when it cannot be shown (a remote badge, a missing file).
///
/// - shields.io: the label and message a badge shows (`/badge/build-passing-green` is
///   "build: passing"; `?label=` overrides the label; `/endpoint?url=…` is named from its
///   `label` or from the endpoint's own URL; another route from its words, `/github/stars/x/y`
///   is "github stars x y").
/// - badgen.net: `/badge/LABEL/MESSAGE/COLOUR` is "LABEL: MESSAGE".
/// - Anything else: the last path component that is not a generic name (`badge.svg`,
///   `endpoint`, `image`, ...), so a workflow's `…/workflows/ci.yml/badge.svg` is "ci.yml"; else
///   the host; else "image".
/// Pure string work, no network. O(n) in the URL's length.
package enum ImageLabel {
    package static func label(for source: String) -> String {
        let (host, path, query) = parts(of: source)
        let components = path.split(separator: "/").map { decode(String($0)) }.filter { !$0.isEmpty }
        if host.hasSuffix("shields.io") {
            if let name = shields(components, query) { return name }
        } else if host.hasSuffix("badgen.net"), components.first == "badge", components.count >= 3 {
            return "\(components[1]): \(components[2])"
        }
        if let name = components.last(where: { !generic.contains(withoutExtension($0).lowercased()) }) { return name }
        return host.isEmpty ? "image" : host
    }

    /// File names that say nothing of what an image shows.
    private static let generic: Set<String> = ["badge", "badges", "endpoint", "image", "img", "svg", "png", "shield",
                                               "shields", "status", "icon", "logo", "graph", "raw", "master", "main"]

    private static func shields(_ components: [String], _ query: [String: String]) -> String? {
        let label = query["label"].map { $0.isEmpty ? nil : $0 } ?? nil
        guard let route = components.first else { return label }
        switch route {
        case "badge" where components.count >= 2:
            // LABEL-MESSAGE-COLOR or MESSAGE-COLOR; "--" is a dash, "__" an underscore, "_" a space.
            let fields = StaticBadge.fields(withoutExtension(components[1...].joined(separator: "/")))
            let message = fields.count >= 3 ? fields[1] : fields.first ?? ""
            let shown = label ?? (fields.count >= 3 ? fields[0] : nil)
            return [shown, message].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: ": ")
        case "static":
            return [label, query["message"]].compactMap { $0 }.joined(separator: ": ")
        case "endpoint":
            if let label { return label }
            guard let url = query["url"] else { return nil }
            return Self.label(for: url)
        default:
            let words = components.map(withoutExtension).joined(separator: " ")
            return label.map { "\($0): \(words)" } ?? words
        }
    }

    /// Host, path and query parameters of a URL (or of a relative path: no host).
    private static func parts(of source: String) -> (host: String, path: String, query: [String: String]) {
        var rest = Substring(source)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: mark)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                guard let key = kv.first else { continue }
                query[decode(String(key)).lowercased()] = kv.count > 1 ? decode(String(kv[1]).replacingOccurrences(of: "+", with: " ")) : ""
            }
            rest = rest[..<mark]
        }
        var host = ""
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            host = String(rest[..<end]).lowercased()
            rest = rest[end...]
        } else if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            host = String(rest[..<end]).lowercased()
            rest = rest[end...]
        }
        return (host, String(rest), query)
    }

    private static func decode(_ s: String) -> String { s.removingPercentEncodingLeniently }

    private static func withoutExtension(_ name: String) -> String {
        for ext in [".svg", ".png", ".json", ".gif", ".jpg"] where name.lowercased().hasSuffix(ext) {
            return String(name.dropLast(ext.count))
        }
        return name
    }
}
