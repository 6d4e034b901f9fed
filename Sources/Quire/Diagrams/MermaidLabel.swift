import Foundation

/// A Mermaid label's text as written (quotes removed) turned into a `DiagramText`: `<br>` in
/// any spelling and a Markdown string's newlines break lines; `<b>`/`<strong>` and
/// `<i>`/`<em>` (and, in a Markdown string, `**…**` and `*…*` or `_…_`) make runs bold or
/// italic; other tags are dropped; Mermaid's entity codes (`#quot;`, `#9829;`) and HTML's
/// (`&amp;`, `&#35;`) are decoded. O(n).
package enum MermaidLabel {
    package static func text(_ raw: String, markdown: Bool) -> DiagramText {
        var lines: [[DiagramText.Run]] = [[]]
        var bold = false, italic = false
        var pending = ""
        func flush() {
            guard !pending.isEmpty else { return }
            let text = decodeEntities(pending)
            if let last = lines[lines.count - 1].last, last.bold == bold, last.italic == italic {
                lines[lines.count - 1][lines[lines.count - 1].count - 1].text += text
            } else {
                lines[lines.count - 1].append(DiagramText.Run(text: text, bold: bold, italic: italic))
            }
            pending = ""
        }
        let chars = Array(markdown ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "<", let close = chars[i...].firstIndex(of: ">") {
                let tag = String(chars[(i + 1)..<close]).lowercased().replacingOccurrences(of: " ", with: "")
                flush()
                switch tag {
                case "br", "br/": lines.append([])
                case "b", "strong": bold = true
                case "/b", "/strong": bold = false
                case "i", "em": italic = true
                case "/i", "/em": italic = false
                default: break
                }
                i = close + 1
                continue
            }
            if markdown && c == "\n" {
                flush()
                lines.append([])
                while i + 1 < chars.count, chars[i + 1] == " " { i += 1 }
            } else if markdown && c == "*" && i + 1 < chars.count && chars[i + 1] == "*" {
                flush()
                bold.toggle()
                i += 1
            } else if markdown && (c == "*" || c == "_") {
                flush()
                italic.toggle()
            } else {
                pending.append(c)
            }
            i += 1
        }
        flush()
        let trimmed = lines.map { line in line.filter { !$0.text.isEmpty } }
        return DiagramText(lines: trimmed.isEmpty ? [[]] : trimmed)
    }

    /// Mermaid's `#name;` and `#123;` and HTML's `&name;` and `&#123;` replaced by their
    /// characters; anything else kept as written. O(n).
    package static func decodeEntities(_ s: String) -> String {
        guard s.contains(";") else { return s }
        var out = ""
        let chars = Array(s)
        var i = 0
        while i < chars.count {
            if chars[i] == "#" || chars[i] == "&", let semi = chars[(i + 1)...].prefix(12).firstIndex(of: ";"),
               let decoded = entity(String(chars[(i + 1)..<semi])) {
                out.append(decoded)
                i = semi + 1
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        return out
    }

    private static func entity(_ name: String) -> String? {
        var number = name
        if number.hasPrefix("#") { number.removeFirst() }
        if let value = number.hasPrefix("x") || number.hasPrefix("X") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number),
           value >= 0x20, let scalar = Unicode.Scalar(value) {
            return String(Character(scalar))
        }
        return named[name]
    }

    private static let named: [String: String] = [
        "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}", "apos": "'", "hash": "#", "semi": ";",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "rarr": "→", "larr": "←",
        "harr": "↔", "uarr": "↑", "darr": "↓", "times": "×", "deg": "°", "plusmn": "±", "middot": "·", "bull": "•",
        "hearts": "♥", "check": "✓", "infin": "∞", "ne": "≠", "le": "≤", "ge": "≥", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "euro": "€", "pound": "£", "yen": "¥", "sect": "§", "para": "¶",
    ]
}
