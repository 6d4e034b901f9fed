import Foundation
import QuireModel

/// What a document says about itself in its front matter.
package struct DocumentInfo: Sendable, Equatable {
    package var title: TextValue?
    package var subtitle: TextValue?
    package var author: TextValue?
    package var date: TextValue?
    /// BCP 47 language tag ("ja", "zh-Hant", ...): picks CJK glyph forms and hyphenation.
    package var lang: String?
    /// `toc: true` or `false`: whether a table of contents follows the title (over the style's).
    package var toc: Bool?
    /// `keywords`: the PDF's keywords, in order.
    package var keywords: [String] = []
    /// `subject` (or `description`, as site generators name it): the PDF's subject.
    package var subject: String?
    /// `pdf-standard`: the standards the PDF claims (over the template's).
    package var pdfStandards: PDFStandards?
    /// `fetch-images`: none or public (a document never opens its reader's own network: `all`
    /// is read as public, with a warning); used only when no option or template key sets it.
    package var fetchImages: ImageFetching.Mode?

    package init(title: TextValue? = nil, subtitle: TextValue? = nil, author: TextValue? = nil,
                date: TextValue? = nil, lang: String? = nil) {
        self.title = title; self.subtitle = subtitle; self.author = author; self.date = date; self.lang = lang
    }

    /// Whether there is anything for a title block.
    package var isEmpty: Bool { title == nil && subtitle == nil && author == nil && date == nil }

    /// The title of a document that gives none: its file name without the extension
    /// ("docs/guide.md" → "guide"); a README's folder name ("grdb/README.md" → "grdb"), as a
    /// repository's front page is known by it; standard input ("-") → "stdin".
    package static func fileTitle(_ path: String) -> String {
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

/// A leading `---` block of YAML, read by libyaml (`YAMLNode`).
///
/// Known keys are title, subtitle, author, date, lang, keywords and toc; others (a static site
/// generator's `layout`, `tags`...) are ignored. A text key takes a string or a width-variant
/// map (`{"8": "Short", "20": "A longer title"}`, or `{8: Short, 20: Longer}`); `author` and
/// `keywords` also take lists (authors may be maps with a `name`); `toc` takes true or false;
/// `lang` a well-formed BCP 47 tag. A value of another type, a tag that is not well-formed,
/// and YAML that does not parse warn with the line and column and the key, and the value is
/// ignored (the rest is kept). A block without its closing `---`, or that is YAML but not a
/// map of keys (a thematic break, a line of text and a setext underline), is not front
/// matter: a warning names its line and the block stays in the text.
package enum FrontMatter {
    /// The document info and the Markdown with the front matter blanked out (line for line, so
    /// the body's line numbers stay those of the file). O(n).
    package static func split(_ text: String) -> (info: DocumentInfo, markdown: String, warnings: [Warning]) {
        guard text.hasPrefix("---"), let header = headerLines(text) else { return (DocumentInfo(), text, []) }
        guard let bodyStart = header.bodyStart else {
            return (DocumentInfo(), text, [Warning(line: 1, message: "front matter has no closing '---'; set as text")])
        }
        var reader = Reader()
        switch YAMLNode.parse(header.lines.joined(separator: "\n")) {
        case .success(nil):
            break
        case .success(.mapping(let pairs, _)):
            reader.read(pairs)
        case .success(let other?):
            let message = "front matter is not a map of keys (\"\(header.lines.first?.prefix(40) ?? "")\"); set as text"
            return (DocumentInfo(), text, [Warning(line: other.mark.line + 1, message: message)])
        case .failure(let error):
            guard looksLikeKeys(header.lines) else {
                return (DocumentInfo(), text, [Warning(line: error.mark.line + 1, message: "front matter is not YAML (\(error.message)); set as text")])
            }
            let key = error.key.map { " at '\($0)'" } ?? ""
            reader.warn("front matter is not valid YAML\(key): \(error.message); its keys are ignored", at: error.mark)
        }
        // One newline per front matter line (both delimiters included), then the body as is.
        let blank = String(repeating: "\n", count: header.lines.count + 2)
        return (reader.info, blank + text[bodyStart...], reader.warnings)
    }

    /// Where the body starts in `text` (its UTF-8 offset) and how many lines the front matter
    /// takes, when `split` takes one off `text` (its markdown then differs from `text`).
    package static func bodyStart(_ text: String) -> (offset: Int, lines: Int)? {
        guard let header = headerLines(text), let start = header.bodyStart else { return nil }
        return (text.utf8.distance(from: text.startIndex, to: start), header.lines.count + 2)
    }

    /// Whether a block that YAML refuses was meant as front matter: its first line that is
    /// not blank or a comment starts with a `key:`. Otherwise it is Markdown that happens to
    /// start with a thematic break.
    private static func looksLikeKeys(_ lines: [Substring]) -> Bool {
        guard let first = lines.first(where: { !$0.trimmingWhitespace().isEmpty && !$0.hasPrefix("#") }),
              let colon = first.firstIndex(of: ":") else { return false }
        let key = first[..<colon]
        return !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    /// Reads the known keys of a front matter map into `info`, warning of values of the wrong
    /// type. Marks are in the YAML text, which starts on the file's second line.
    private struct Reader {
        var info = DocumentInfo()
        var warnings: [Warning] = []
        private var seen: Set<String> = []

        mutating func warn(_ message: String, at mark: YAMLNode.Mark) {
            warnings.append(Warning(line: mark.line + 1, column: mark.column, message: message))
        }

        mutating func read(_ pairs: [(key: YAMLNode, value: YAMLNode)]) {
            for (keyNode, value) in pairs {
                guard case .scalar(let name, _, _) = keyNode else { continue }
                let key = name.lowercased()
                guard Self.keys.contains(key) else { continue }
                if !seen.insert(key).inserted { warn("front matter gives '\(key)' twice; the last is used", at: keyNode.mark) }
                guard !value.isNull else { continue }
                switch key {
                case "title": info.title = nonEmpty(text(key, value), key, value.mark) ?? info.title
                case "subtitle": info.subtitle = text(key, value) ?? info.subtitle
                case "date": info.date = text(key, value) ?? info.date
                case "author": info.author = names(key, value).map { .plain($0.joined(separator: ", ")) } ?? info.author
                case "keywords": info.keywords = names(key, value) ?? info.keywords
                case "lang": info.lang = language(value) ?? info.lang
                case "toc": info.toc = flag(key, value) ?? info.toc
                case "subject", "description": info.subject = text(key, value)?.widest ?? info.subject
                case "pdf-standard": info.pdfStandards = standards(value) ?? info.pdfStandards
                case "fetch-images": info.fetchImages = fetchMode(value) ?? info.fetchImages
                default: break
                }
            }
        }

        static let keys: Set<String> = ["title", "subtitle", "author", "date", "lang", "keywords", "toc", "subject", "description",
                                        "pdf-standard", "fetch-images"]

        /// `fetch-images`: none, public, or all (read as public).
        mutating func fetchMode(_ value: YAMLNode) -> ImageFetching.Mode? {
            guard case .scalar(let s, _, _) = value, let mode = ImageFetching.Mode(rawValue: s.lowercased()) else {
                warn("'fetch-images' must be none, public or all; ignored", at: value.mark)
                return nil
            }
            guard mode != .all else {
                warn("'fetch-images: all' in front matter fetches from public addresses only (a document cannot open your own network; --fetch-images=all can)", at: value.mark)
                return .public
            }
            return mode
        }

        /// A string, or a map of widths (in em) to wordings.
        mutating func text(_ key: String, _ value: YAMLNode) -> TextValue? {
            switch value {
            case .scalar(let s, _, _):
                return .plain(s)
            case .mapping(let pairs, _):
                var variants: [(width: Double, text: String)] = []
                for (width, wording) in pairs {
                    guard case .scalar(let w, _, _) = width, let number = Double(w), number >= 0, number.isFinite,
                          case .scalar(let text, _, _) = wording else {
                        warn("'\(key)' must be a text or a map of widths to texts ({8: Short, 20: Longer}); ignored", at: value.mark)
                        return nil
                    }
                    variants.append((number, text))
                }
                guard !variants.isEmpty else { return nil }
                return TextValue(variants: variants)
            case .sequence:
                warn("'\(key)' must be a text, not a list; ignored", at: value.mark)
                return nil
            }
        }

        /// `value` unless every wording of it is blank: an empty title is no title (an empty
        /// /Title would break the PDF/UA-1 claim), so the first heading or file name is used.
        mutating func nonEmpty(_ value: TextValue?, _ key: String, _ mark: YAMLNode.Mark) -> TextValue? {
            guard let value else { return nil }
            let wordings: [String] = switch value {
            case .plain(let text): [text]
            case .variants(let variants): variants.map(\.text)
            }
            guard wordings.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else {
                warn("'\(key)' is empty; the first heading or the file name is used", at: mark)
                return nil
            }
            return value
        }

        /// A string, a list of strings, or (authors) a list of maps with a `name`.
        mutating func names(_ key: String, _ value: YAMLNode) -> [String]? {
            switch value {
            case .scalar(let s, _, _):
                // "a, b" is one author's name, but keywords written in one line are a list.
                return key == "keywords" ? s.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty } : [s]
            case .sequence(let items, _):
                var names: [String] = []
                for item in items {
                    switch item {
                    case .scalar(let s, _, _) where !item.isNull:
                        names.append(s)
                    case .mapping(let pairs, _):
                        if let name = pairs.first(where: { if case .scalar("name", _, _) = $0.key { true } else { false } }),
                           case .scalar(let s, _, _) = name.value {
                            names.append(s)
                        } else {
                            warn("an entry of '\(key)' has no name; ignored", at: item.mark)
                        }
                    default:
                        warn("'\(key)' must be a text or a list of texts; an entry is ignored", at: item.mark)
                    }
                }
                return names
            case .mapping:
                warn("'\(key)' must be a text or a list of texts, not a map; ignored", at: value.mark)
                return nil
            }
        }

        /// A well-formed BCP 47 tag; anything else warns and leaves the template's language.
        mutating func language(_ value: YAMLNode) -> String? {
            guard case .scalar(let tag, _, _) = value else {
                warn("'lang' must be a language tag (en, fr-CA, zh-Hant); ignored", at: value.mark)
                return nil
            }
            guard LanguageTag.isWellFormed(tag) else {
                let hint = tag.contains("_") ? " (write \(tag.replacingOccurrences(of: "_", with: "-")))" : ""
                warn("lang '\(tag)' is not a BCP 47 language tag\(hint); the template's language is used", at: value.mark)
                return nil
            }
            return tag
        }

        /// A comma list of standards (`ua-1,a-2b`) or a YAML list of them; one unknown or
        /// unsupported warns and leaves the template's.
        mutating func standards(_ value: YAMLNode) -> PDFStandards? {
            let text: String
            switch value {
            case .scalar(let s, _, _): text = s
            case .sequence(let items, _):
                text = items.compactMap { if case .scalar(let s, _, _) = $0 { s } else { nil } }.joined(separator: ",")
            case .mapping:
                warn("'pdf-standard' must be a list of standards such as ua-1,a-2b; ignored", at: value.mark)
                return nil
            }
            do throws(PDFStandardsError) {
                return try PDFStandards.parse(text)
            } catch {
                warn("pdf-standard: \(error.description); ignored", at: value.mark)
                return nil
            }
        }

        /// true or false (YAML's yes/no/on/off too).
        mutating func flag(_ key: String, _ value: YAMLNode) -> Bool? {
            if case .scalar(let s, _, _) = value {
                if ["true", "yes", "on"].contains(s.lowercased()) { return true }
                if ["false", "no", "off"].contains(s.lowercased()) { return false }
            }
            let shown = if case .scalar(let s, _, _) = value { "'\(s)'" } else { "a list or map" }
            warn("'\(key)' must be true or false, not \(shown); ignored", at: value.mark)
            return nil
        }
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
            let trimmed = line.trimmingWhitespace()
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
}
