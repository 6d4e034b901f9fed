import QuireStyle

/// A shields.io static badge, read from its URL: everything it shows is in the URL, so Quire
/// draws it itself (`BadgeDrawing`) and makes no request.
///
/// `https://img.shields.io/badge/LABEL-MESSAGE-COLOR` (or `MESSAGE-COLOR`, with `.svg` or
/// not): a single `-` separates the fields, `--` is a dash, `__` an underscore, `_` a space,
/// `%20` and the other percent escapes what they encode. The query's `style` (`flat`,
/// `flat-square`, `for-the-badge`, `plastic`), `label`, `color` and `labelColor` (and the older
/// `colorB`, `colorA`) are read; anything else (`logo=`, `link=`, ...) is left out silently.
/// `social` is drawn as `flat`. Pure string work, O(n) in the URL's length.
package struct StaticBadge: Sendable, Equatable {
    package enum Style: String, Sendable, CaseIterable {
        case flat, flatSquare = "flat-square", forTheBadge = "for-the-badge", plastic
    }

    package var label: String
    package var message: String
    /// The message's box.
    package var color: BadgeColor
    /// The label's box; nil: shields.io's grey, or the message's colour when there is no label.
    package var labelColor: BadgeColor?
    package var style: Style

    /// shields.io's default message colour (`brightgreen`) and label colour (`#555`).
    package static let defaultColor = BadgeColor(0x44CC11)
    package static let defaultLabelColor = BadgeColor(0x555555)

    /// The badge `url` draws, or nil when it is not a shields.io static badge.
    package init?(url: String) {
        guard let (path, query) = Self.badgePath(url) else { return nil }
        var content = path
        if content.lowercased().hasSuffix(".svg") { content = String(content.dropLast(4)) }
        let fields = Self.fields(content)
        guard fields.count == 2 || fields.count == 3, !fields.last!.isEmpty else { return nil }
        label = fields.count == 3 ? fields[0] : ""
        message = fields[fields.count - 2]
        color = BadgeColor(fields.last!) ?? Self.defaultColor
        style = .flat
        read(query)
        label = label.trimmingWhitespaceAndNewlines()
        message = message.trimmingWhitespaceAndNewlines()
        guard !message.isEmpty || !label.isEmpty else { return nil }
    }

    /// What the badge says, as shields.io's own `aria-label`: "label: message".
    package var accessibleText: String { label.isEmpty ? message : "\(label): \(message)" }

    /// The query's parameters this badge knows.
    private mutating func read(_ query: [(String, String)]) {
        for (key, value) in query {
            switch key.lowercased() {
            case "style": style = Style(rawValue: value.lowercased()) ?? .flat
            case "label": label = value
            case "color", "colorb": if let c = BadgeColor(value) { color = c }
            case "labelcolor", "colora": if let c = BadgeColor(value) { labelColor = c }
            default: break  // logo, logoColor, link, cacheSeconds...: not drawn
            }
        }
    }

    /// The part after `/badge/` and the query of a shields.io URL, or nil for another URL.
    private static func badgePath(_ url: String) -> (String, [(String, String)])? {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let lower = rest.lowercased()
        let prefixes = ["https://img.shields.io/badge/", "http://img.shields.io/badge/", "//img.shields.io/badge/",
                        "https://shields.io/badge/", "http://shields.io/badge/"]
        guard let prefix = prefixes.first(where: { lower.hasPrefix($0) }) else { return nil }
        rest = rest.dropFirst(prefix.count)
        var query: [(String, String)] = []
        if let mark = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: mark)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = kv.count > 1 ? String(kv[1]).replacingOccurrences(of: "+", with: " ") : ""
                query.append((String(kv[0]).removingPercentEncodingLeniently, value.removingPercentEncodingLeniently))
            }
            rest = rest[..<mark]
        }
        guard !rest.contains("/") else { return nil }
        return (String(rest), query)
    }

    /// The dash-separated fields of a badge's path, escapes undone: `--` a dash, `__` an
    /// underscore, `_` a space, then percent escapes (so `%2D` is a dash inside a field).
    package static func fields(_ content: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var chars = Substring(content)
        while let c = chars.first {
            chars = chars.dropFirst()
            switch c {
            case "-" where chars.first == "-": field.append("-"); chars = chars.dropFirst()
            case "-": fields.append(field); field = ""
            case "_" where chars.first == "_": field.append("_"); chars = chars.dropFirst()
            case "_": field.append(" ")
            default: field.append(c)
            }
        }
        fields.append(field)
        return fields.map(\.removingPercentEncodingLeniently)
    }
}
