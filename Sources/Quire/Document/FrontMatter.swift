import Foundation

/// What a document says about itself in its front matter.
struct DocumentInfo: Sendable, Equatable {
    var title: TextValue?
    var subtitle: TextValue?
    var author: TextValue?
    var date: TextValue?
    /// BCP 47 language tag ("ja", "zh-Hant", ...): picks CJK glyph forms and hyphenation.
    var lang: String?
    /// `toc: true` or `false`: whether a table of contents follows the title (over the style's).
    var toc: Bool?

    init(title: TextValue? = nil, subtitle: TextValue? = nil, author: TextValue? = nil,
                date: TextValue? = nil, lang: String? = nil) {
        self.title = title; self.subtitle = subtitle; self.author = author; self.date = date; self.lang = lang
    }

    /// Whether there is anything for a title block.
    var isEmpty: Bool { title == nil && subtitle == nil && author == nil && date == nil }

    /// The title of a document that gives none: its file name without the extension
    /// ("docs/guide.md" → "guide"); a README's folder name ("grdb/README.md" → "grdb"), as a
    /// repository's front page is known by it; standard input ("-") → "stdin".
    static func fileTitle(_ path: String) -> String {
        guard path != "-" else { return "stdin" }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let dot = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? $0 : nil }
        let stem = dot.map { String(name[..<$0]) } ?? name
        if stem.lowercased() == "readme" {
            let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().lastPathComponent
            if !folder.isEmpty && folder != "/" { return folder }
        }
        return stem
    }
}

/// A leading `---` block of `key: value` lines.
///
/// Known keys are title, subtitle, author, date, lang and toc; others are ignored, and so are
/// indented continuation lines (YAML lists under a key). A value may be quoted, or a width
/// variant map (`{"8": "Short", "20": "A longer title"}`, JSON or `{8: Short, 20: Longer}`).
/// A block without its closing `---`, or with a line that is not `key: value`, is not front
/// matter: a warning names its line and the block stays in the text.
enum FrontMatter {
    /// The document info and the Markdown with the front matter blanked out (line for line, so
    /// the body's line numbers stay those of the file). O(n).
    static func split(_ text: String) -> (info: DocumentInfo, markdown: String, warnings: [Warning]) {
        guard text.hasPrefix("---"), let header = headerLines(text) else { return (DocumentInfo(), text, []) }
        guard let bodyStart = header.bodyStart else {
            return (DocumentInfo(), text, [Warning(line: 1, message: "front matter has no closing '---'; set as text")])
        }
        var info = DocumentInfo()
        for (index, raw) in header.lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || raw.first == " " || raw.first == "\t" { continue }
            guard let colon = line.firstIndex(of: ":"),
                  !line[..<colon].isEmpty,
                  line[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                let message = "front matter line is not 'key: value' (\"\(line.prefix(40))\"); set as text"
                return (DocumentInfo(), text, [Warning(line: index + 2, message: message)])
            }
            let key = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "title": info.title = textValue(value)
            case "subtitle": info.subtitle = textValue(value)
            case "author": info.author = textValue(value)
            case "date": info.date = textValue(value)
            case "lang": info.lang = unquote(value)
            case "toc": info.toc = ["true", "yes", "on"].contains(unquote(value).lowercased()) ? true
                : ["false", "no", "off"].contains(unquote(value).lowercased()) ? false : nil
            default: break
            }
        }
        // One newline per front matter line (both delimiters included), then the body as is.
        let blank = String(repeating: "\n", count: header.lines.count + 2)
        return (info, blank + text[bodyStart...], [])
    }

    /// The lines between an opening `---` line and the closing `---` or `...` line (a trailing
    /// carriage return dropped), and where the line after the closing one starts; `bodyStart` is
    /// nil when no line closes the block. Nil when the first line is not `---`.
    /// - Complexity: O(length of the front matter), or O(n) when it is not closed.
    private static func headerLines(_ text: String) -> (lines: [Substring], bodyStart: String.Index?)? {
        var lines: [Substring] = []
        var start = text.startIndex
        var first = true
        while start < text.endIndex {
            let newline = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            var line = text[start..<newline]
            if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let next = newline == text.endIndex ? newline : text.utf8.index(after: newline)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if first {
                guard trimmed == "---" else { return nil }
                first = false
            } else if trimmed == "---" || trimmed == "..." {
                return (lines, next)
            } else {
                lines.append(line)
            }
            start = next
        }
        return (lines, nil)
    }

    static func unquote(_ s: String) -> String {
        if s.count >= 2, let f = s.first, f == "\"" || f == "'", s.last == f { return String(s.dropFirst().dropLast()) }
        return s
    }

    /// A plain string, or a variant map written as JSON or as a YAML flow map.
    static func textValue(_ s: String) -> TextValue? {
        guard !s.isEmpty else { return nil }
        if s.hasPrefix("{") {
            if let json = JSONValue.parse(s), let value = TextValue(json: json) { return value }
            let inner = s.dropFirst().dropLast(s.hasSuffix("}") ? 1 : 0)
            var variants: [(width: Double, text: String)] = []
            for pair in inner.split(separator: ",") {
                let parts = pair.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let w = Double(unquote(parts[0].trimmingCharacters(in: .whitespaces))) else {
                    return .plain(unquote(s))
                }
                variants.append((w, unquote(parts[1].trimmingCharacters(in: .whitespaces))))
            }
            if !variants.isEmpty { return TextValue(variants: variants) }
        }
        return .plain(unquote(s))
    }
}
