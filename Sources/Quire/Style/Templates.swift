import Foundation
import QuireModel

/// A template or `--set` problem: the message names the key, the value and what is allowed.
public struct TemplateError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in words for the user (`quire` prints it after "quire: error: ").
    public var message: String
    /// The message.
    public var description: String { message }
}

/// Built-in and user templates: JSON objects of `TemplateKey` names to values, applied over
/// the default style, then `--set KEY=VALUE` overrides in order.
public enum Templates {
    /// Built-in templates by name, with their one-line descriptions.
    package static var builtins: [(name: String, description: String)] {
        BuiltinTemplates.all.map { entry in
            let description: String
            if case .object(let pairs)? = JSONValue.parse(entry.json),
               case .string(let d)? = pairs.first(where: { $0.key == "description" })?.value {
                description = d
            } else {
                description = ""
            }
            return (entry.name, description)
        }
    }

    /// The JSON text of the built-in template `name`, as shipped (`Templates/NAME.json`); nil
    /// when there is none of that name.
    package static func builtinJSON(_ name: String) -> String? {
        BuiltinTemplates.all.first { $0.name == name }?.json
    }
    /// `style(template:sets:)` (in the library's API, which hands it the installed fonts) with
    /// each override's source (the option the user typed: "--set", "--page-size", ...), which
    /// its error names, and `fonts` asked whether a font key's family is installed.
    package static func style(template: String?, settings: [(text: String, source: String)],
                              fonts: any FontCatalog) throws(TemplateError) -> Style {
        try resolve(template: template, settings: settings, fonts: fonts).style
    }

    /// `style(template:settings:)` with what did not stop it: a font family that is not
    /// installed (fontconfig lists no font of any family the value names), for which the
    /// family the key had before (the template's, else the default's) is kept, rather than
    /// fontconfig's nearest match (for "Comic Sans MS", an italic Z003).
    package static func resolve(template: String?, settings: [(text: String, source: String)],
                               fonts: any FontCatalog) throws(TemplateError)
        -> (style: Style, warnings: [String]) {
        var style = Style()
        var warnings: [String] = []
        if let template {
            try apply(try load(template), source: "template \(template)", to: &style, warnings: &warnings, fonts: fonts)
        }
        for (set, source) in settings {
            guard let eq = set.firstIndex(of: "="), eq != set.startIndex else {
                throw TemplateError(message: "\(source) needs KEY=VALUE, not '\(set)'")
            }
            let key = String(set[..<eq]).trimmingWhitespace()
            let text = String(set[set.index(after: eq)...])
            // A value that is JSON (a number, true, an array, a map) is taken as JSON; anything else as a string.
            let value = JSONValue.parse(text) ?? .string(text)
            try apply(key: key, value: value, source: source, to: &style, warnings: &warnings, fonts: fonts)
        }
        if let turn = style.pageOrientation { style.pageSize = style.pageSize.turned(turn) }
        return (style, warnings)
    }

    /// Every key as a Markdown table: key, type, default (the key's value in `Style()`, where
    /// each default is declared), meaning, allowed values and an example. `Templates/README.md`
    /// holds this table.
    package static var keyTable: String {
        let defaults = Style()
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        var rows = ["| key | type | default | meaning | allowed | example |", "|---|---|---|---|---|---|"]
        for key in TemplateKey.all {
            let value = "`\(key.value(defaults).quoted)`"
            rows.append("| `\(key.name)` | \(key.type) | \(cell(value)) | \(cell(key.meaning)) | \(cell(key.allowed)) | `\(cell(key.example))` |")
        }
        return rows.joined(separator: "\n")
    }

    /// The JSON object of a built-in template or a template file.
    package static func load(_ nameOrPath: String) throws(TemplateError) -> JSONValue {
        let text: String
        if let builtin = BuiltinTemplates.all.first(where: { $0.name == nameOrPath }) {
            text = builtin.json
        } else if nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") {
            do {
                text = try InputFile.readMarkdown(at: nameOrPath)
            } catch {
                // "cannot read template x.json: No such file or directory", the verb said once.
                let message = (error as? QuireError)?.message ?? "\(error)"
                let reason = message.hasPrefix("cannot read: ") ? String(message.dropFirst(13)) : message
                throw TemplateError(message: "cannot read template \(nameOrPath): \(reason)")
            }
        } else {
            let names = BuiltinTemplates.all.map(\.name).joined(separator: ", ")
            throw TemplateError(message: "unknown template '\(nameOrPath)'; built-in templates: \(names) (or give a path to a .json file)")
        }
        switch JSONValue.parseOrLocate(text) {
        case .success(let json):
            guard case .object = json else {
                throw TemplateError(message: "template \(nameOrPath) is not a JSON object of keys and values")
            }
            return json
        case .failure(let error):
            throw TemplateError(message: "template \(nameOrPath):\(error.line):\(error.column): not valid JSON here")
        }
    }

    /// Applies every key of a template object; nested objects name keys by path
    /// ({"page": {"size": "a5"}} is "page.size"), except where the object is itself a key's
    /// value (a width-variant map).
    package static func apply(_ object: JSONValue, prefix: String = "", source: String, to style: inout Style,
                      warnings: inout [String], fonts: any FontCatalog) throws(TemplateError) {
        guard case .object(let pairs) = object else { return }
        for (key, value) in pairs {
            let name = prefix + key
            if prefix.isEmpty && (key == "description" || key == "$schema") { continue }
            if case .object = value, TemplateKey.named(name) == nil {
                try apply(value, prefix: name + ".", source: source, to: &style, warnings: &warnings, fonts: fonts)
            } else {
                try apply(key: name, value: value, source: source, to: &style, warnings: &warnings, fonts: fonts)
            }
        }
    }

    package static func apply(key: String, value: JSONValue, source: String, to style: inout Style,
                      warnings: inout [String], fonts: any FontCatalog) throws(TemplateError) {
        guard let entry = TemplateKey.named(key) else {
            // A typo gets the key meant, not the whole list of about 80 (issue 48).
            if let near = Suggestions.nearest(key, among: TemplateKey.all.map(\.name)) {
                throw TemplateError(message: "unknown key '\(key)' (\(source)); did you mean '\(near)'?")
            }
            let names = TemplateKey.all.map(\.name).joined(separator: ", ")
            throw TemplateError(message: "unknown key '\(key)' (\(source)); allowed keys: \(names)")
        }
        if let problem = entry.problem(value) { throw TemplateError(message: "\(problem) (\(source))") }
        let before = style
        guard entry.apply(&style, value) else {
            throw TemplateError(message: "invalid value '\(value)' for \(key) (\(source)); allowed: \(entry.allowed)")
        }
        if let families = entry.fontFamilies, families(style) != families(before), !fonts.containsAny(families(style)) {
            warnings.append("font '\(firstFamily(families(style)))' (\(key), \(source)) is not installed; "
                            + "'\(firstFamily(families(before)))' is kept")
            style = before
        }
    }

    /// The first family of a comma-separated list, as messages name it.
    private static func firstFamily(_ families: String) -> String {
        families.split(separator: ",").map { $0.trimmingWhitespace() }.first { !$0.isEmpty } ?? families
    }
}
