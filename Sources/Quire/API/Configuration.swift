import Foundation
import QuireModel
import QuireStyle

/// A `quire.json`: the options a project gives every command run on its files, under those
/// of the command line.
///
/// ```json
/// {
///   "template": "compact",
///   "set": {"body.align": "justify", "header": {"left": "{title}"}},
///   "page-size": "a5",
///   "landscape": false,
///   "excerpt-lines": 4,
///   "toc": true,
///   "link-ext": "md",
///   "resource-root": ".",
///   "exclude": ["node_modules/", "drafts/**"]
/// }
/// ```
///
/// Every key is optional. `set` is a template object (flat keys or nested, as a template file
/// writes them: `quire templates --keys`); a template or resource root given as a path, and
/// the `exclude` patterns, are relative to the file's folder.
package struct Configuration: Sendable {
    /// The file's name, looked for in the input's folder and its parents.
    package static let fileName = "quire.json"

    /// The file read (as given).
    package var path: String
    package var template: String?
    /// Template keys as `--set` takes them (`KEY=JSON`), in order: `set`'s, then those the
    /// other keys stand for (`page-size` is `page.size`), each with this file as its source.
    package var settings: [(text: String, source: String)] = []
    package var excludes: [PathPattern] = []
    package var linkExtension: LinkExtension?
    package var resourceRoot: String?

    /// The keys a configuration may hold, as messages list them.
    package static let keys = ["template", "set", "page-size", "landscape", "excerpt-lines", "toc", "link-ext", "resource-root", "exclude",
                       "pdf-standard"]

    /// The configuration file for inputs in `folder`: `quire.json` there or in the nearest
    /// parent that has one, looking no further up than a repository's root (a folder holding
    /// `.git`, a folder or a worktree's file) or `/`. O(depth).
    package static func find(from folder: String) -> String? {
        searched(from: folder).last { isFile($0) }
    }

    /// The places `find` looks, nearest first, up to the first that holds a configuration, or
    /// to the repository's root or `/` (`quire watch` watches them all: a configuration
    /// added there changes the output). O(depth).
    package static func searched(from folder: String) -> [String] {
        var current = AbsolutePath.of(folder)
        var places: [String] = []
        while true {
            let inside = current == "/" ? "/" : current + "/"
            places.append(inside + fileName)
            if isFile(inside + fileName) { return places }
            if fileKind(inside + ".git") != nil || current == "/" { return places }
            current = Quire.folder(of: current)
        }
    }

    /// Whether `path` is there (its link followed) and not a folder.
    private static func isFile(_ path: String) -> Bool { fileKind(path).map { $0 != S_IFDIR } ?? false }

    /// Reads and checks the configuration at `path`.
    /// - Throws: `QuireError` naming the file: unreadable, not JSON (with the line and
    ///   column), not an object, an unknown key or a value of the wrong type (naming the key).
    package static func load(_ path: String) throws(QuireError) -> Configuration {
        let text: String
        if fileKind(path) == S_IFDIR {
            throw QuireError(file: path, message: "is a folder, not a quire.json file")
        }
        do {
            text = try InputFile.readMarkdown(at: path)
        } catch {
            throw (error as? QuireError) ?? QuireError(file: path, message: "\(error)")
        }
        let object: [(key: String, value: JSONValue)]
        switch JSONValue.parseOrLocate(text) {
        case .success(.object(let pairs)): object = pairs
        case .success: throw QuireError(file: path, message: "is not a JSON object of options")
        case .failure(let error): throw QuireError(file: path, line: error.line, message: "column \(error.column): not valid JSON here")
        }
        var configuration = Configuration(path: path)
        let folder = Quire.folder(of: AbsolutePath.of(path))
        for (key, value) in object {
            try configuration.read(key, value, folder: folder)
        }
        return configuration
    }

    /// Takes one key of the file.
    private mutating func read(_ key: String, _ value: JSONValue, folder: String) throws(QuireError) {
        func wrong(_ expected: String) -> QuireError {
            QuireError(file: path, message: "'\(key)' must be \(expected), not \(value.quoted)")
        }
        func string() throws(QuireError) -> String {
            guard case .string(let s) = value, !s.isEmpty else { throw wrong("a string") }
            return s
        }
        func relative(_ s: String) -> String { s.hasPrefix("/") ? s : (folder as NSString).appendingPathComponent(s) }
        let source = "\(Configuration.fileName) \(path)"
        switch key {
        case "$schema", "description":
            break
        case "template":
            let name = try string()
            template = name.hasSuffix(".json") || name.contains("/") ? relative(name) : name
        case "set":
            guard case .object = value else { throw wrong("an object of template keys") }
            settings += Self.flattened(value, prefix: "").map { ($0, source) }
        case "page-size":
            settings.append(("page.size=" + JSONValue.string(try string()).json, source))
        case "landscape":
            guard case .bool(let turned) = value else { throw wrong("true or false") }
            if turned { settings.append(("page.orientation=\"landscape\"", source)) }
        case "excerpt-lines":
            guard case .number(let n) = value, n == n.rounded(), (0...1000).contains(n) else {
                throw wrong("a whole number of lines from 0 to 1000")
            }
            settings.append(("excerpt.lines=\(Int(n))", source))
        case "toc":
            guard case .bool(let on) = value else { throw wrong("true or false") }
            settings.append(("toc=\(on)", source))
        case "pdf-standard":
            // As front matter and --pdf-standard name it (the template key pdf.standard).
            settings.append(("pdf.standard=" + JSONValue.string(try string()).json, source))
        case "link-ext":
            guard let mode = LinkExtension(rawValue: try string()) else { throw wrong("\"pdf\", \"md\" or \"keep\"") }
            linkExtension = mode
        case "resource-root":
            resourceRoot = relative(try string())
            // Checked here, where the file and key can be named: "--resource-root" was not typed.
            guard fileKind(resourceRoot!) == S_IFDIR else {
                throw QuireError(file: path, message: "'resource-root' \(value.quoted) is not a folder")
            }
        case "exclude":
            guard case .array(let items) = value else { throw wrong("an array of patterns") }
            for item in items {
                guard case .string(let s) = item, let pattern = PathPattern(s, base: folder) else { throw wrong("an array of patterns") }
                excludes.append(pattern)
            }
        default:
            throw QuireError(file: path, message: "unknown key '\(key)'; allowed keys: \(Self.keys.joined(separator: ", "))")
        }
    }

    /// A template object as `KEY=JSON` settings: nested objects name keys by path, except
    /// where the object is itself a key's value (a width-variant map), as templates read them.
    private static func flattened(_ object: JSONValue, prefix: String) -> [String] {
        guard case .object(let pairs) = object else { return [] }
        return pairs.flatMap { key, value -> [String] in
            let name = prefix + key
            if case .object = value, TemplateKey.named(name) == nil { return flattened(value, prefix: name + ".") }
            return [name + "=" + value.json]
        }
    }
}
