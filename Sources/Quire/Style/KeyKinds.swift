import Foundation
import QuireModel

/// A field of `Style` a key sets, named by a key path: the key's setter, the value it lists
/// and its default (`Style()`'s field) all go through it.
package typealias StyleField<Value> = WritableKeyPath<Style, Value> & Sendable

/// The kinds of key `TemplateKey.all` is made of: each reads a template's value into one
/// field of `Style` and writes the field's value back as a template writes it, both through
/// the one key path the entry names.
extension TemplateKey {
    /// A key setting `field`: `read` turns a template's value into the field's (nil: not
    /// allowed), `write` the field's back into a template's (`TemplateValues`).
    package static func fieldKey<Value>(_ name: String, type: String, allowed: String, meaning: String, example: String,
                                        _ field: StyleField<Value>, read: @escaping @Sendable (JSONValue) -> Value?,
                                        write: @escaping @Sendable (Value) -> JSONValue) -> TemplateKey {
        TemplateKey(name: name, type: type, allowed: allowed, meaning: meaning, example: example,
                    value: { write($0[keyPath: field]) }) { style, v in
            guard let value = read(v) else { return false }
            style[keyPath: field] = value
            return true
        }
    }

    /// `pdf.standard`: an unknown or unsupported standard says why.
    package static var pdfStandardKey: TemplateKey {
        var key = fieldKey("pdf.standard", type: "string", allowed: PDFStandards.allowed,
                           meaning: "The standards the PDF meets and claims (front matter pdf-standard and --pdf-standard give it too): PDF/UA-1 (ua-1, the default), PDF/A-2 or -3 at level a, b or u.",
                           example: "\"ua-1,a-2a\"", \.pdfStandards, read: { v in
            guard case .string(let s) = v else { return nil }
            return try? PDFStandards.parse(s)
        }, write: { .string($0.description) })
        key.problem = { value in
            guard case .string(let s) = value else { return nil }
            do throws(PDFStandardsError) { _ = try PDFStandards.parse(s) } catch { return error.description }
            return nil
        }
        return key
    }

    /// `page.size`: a size whose sides are out of range says the rule, not the syntax.
    package static var pageSizeKey: TemplateKey {
        var key = fieldKey("page.size", type: "string",
                           allowed: "a3, a4, a5, a6, b5, letter, legal, tabloid (any case), or \"W x H\" with pt, mm, cm or in (\"210x297mm\", \"8.5 x 11 in\"), each side from 72 pt (1 in) to 200 in; either may end with landscape or portrait",
                           meaning: "Paper size.", example: "\"a5\"", \.pageSize, read: { v in
            guard case .string(let s) = v else { return nil }
            return Lengths.pageSize(s)
        }, write: TemplateValues.pageSize)
        key.problem = { value in
            guard case .string(let s) = value else { return nil }
            return Lengths.pageSizeProblem(s)
        }
        return key
    }

    /// A number key: `words` say what the number is ("a multiple of the body size"), `range`
    /// what it may be, declared once: the allowed text, the listing and the check all read it.
    package static func numberKey(_ name: String, _ meaning: String, _ words: String, _ range: ClosedRange<Double>,
                                  _ example: String, _ field: StyleField<Double>) -> TemplateKey {
        var key = fieldKey(name, type: "number", allowed: allowed(words, range), meaning: meaning, example: example, field,
                           read: { v in if case .number(let n) = v, range.contains(n) { n } else { nil } },
                           write: TemplateValues.number)
        key.range = range
        return key
    }

    /// A key of six numbers, one per heading level, each in `range` (declared once).
    package static func sixNumbersKey(_ name: String, _ meaning: String, _ words: String, _ range: ClosedRange<Double>,
                                      _ example: String, _ field: StyleField<PerHeadingLevel<Double>>) -> TemplateKey {
        var key = fieldKey(name, type: "array of 6 numbers", allowed: allowed(words, range), meaning: meaning, example: example, field,
                           read: { v in
            guard case .array(let a) = v else { return nil }
            let values = a.compactMap { x -> Double? in if case .number(let n) = x, range.contains(n) { return n } else { return nil } }
            return values.count == a.count ? PerHeadingLevel(values) : nil
        }, write: { .array($0.all.map(TemplateValues.number)) })
        key.range = range
        return key
    }

    /// What a number key allows, in words, from its declared range: "`words` from 0.5 to 6".
    package static func allowed(_ words: String, _ range: ClosedRange<Double>) -> String {
        func number(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n) }
        return "\(words) from \(number(range.lowerBound)) to \(number(range.upperBound))"
    }

    package static func boolKey(_ name: String, _ meaning: String, _ field: StyleField<Bool>) -> TemplateKey {
        fieldKey(name, type: "boolean", allowed: "true or false", meaning: meaning, example: "true", field,
                 read: { v in if case .bool(let b) = v { b } else { nil } }, write: { .bool($0) })
    }

    package static func colorKey(_ name: String, _ meaning: String, _ example: String, _ field: StyleField<Color>) -> TemplateKey {
        fieldKey(name, type: "string", allowed: colorAllowed, meaning: meaning, example: example, field,
                 read: { v in if case .string(let s) = v { Color(css: s) } else { nil } }, write: TemplateValues.color)
    }

    /// A key naming a font family, with fallbacks after commas.
    package static func fontKey(_ name: String, _ meaning: String, _ example: String, _ field: StyleField<String>) -> TemplateKey {
        var key = fieldKey(name, type: "string", allowed: "a font family name (fallbacks after commas)",
                           meaning: meaning + " A family not installed is a warning, and the family before it is kept.",
                           example: example, field, read: nonEmptyString, write: { .string($0) })
        key.fontFamilies = { $0[keyPath: field] }
        return key
    }

    /// A running header's or footer's text: placeholders allowed, and an unknown one (a typo
    /// such as {pagez}, which would print as written) an error naming it.
    package static func furnitureKey(_ name: String, _ meaning: String, _ example: String, _ field: StyleField<TextValue>) -> TemplateKey {
        var key = fieldKey(name, type: "text", allowed: textAllowed + "; placeholders " + placeholders.map { "{\($0)}" }.joined(separator: " "),
                           meaning: meaning, example: example, field, read: TextValue.init(json:), write: TemplateValues.text)
        key.problem = { value in
            guard let text = TextValue(json: value) else { return nil }
            let wordings: [String]
            switch text {
            case .plain(let s): wordings = [s]
            case .variants(let all): wordings = all.map(\.text)
            }
            for wording in wordings {
                var unknown: Substring?
                _ = filledPlaceholders(wording) { name in
                    let looksLikeOne = name.first?.isLetter == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                    if looksLikeOne, !placeholders.contains(String(name)), unknown == nil { unknown = name }
                    return nil
                }
                if let unknown {
                    return "unknown placeholder {\(unknown)} in \(name); allowed: " + placeholders.map { "{\($0)}" }.joined(separator: " ")
                }
            }
            return nil
        }
        return key
    }

    package static func textKey(_ name: String, _ meaning: String, _ example: String, _ field: StyleField<TextValue>) -> TemplateKey {
        fieldKey(name, type: "text", allowed: textAllowed, meaning: meaning, example: example, field,
                 read: TextValue.init(json:), write: TemplateValues.text)
    }

    /// How a text key's values may be written.
    package static let textAllowed = "a string, or a map from width in em to string such as {\"8\": \"More\", \"20\": \"Continue reading\"}"

    /// A string with more than white space in it, as it is.
    package static func nonEmptyString(_ v: JSONValue) -> String? {
        guard case .string(let s) = v, !s.trimmingWhitespace().isEmpty else { return nil }
        return s
    }

    /// A whole number in `range`.
    package static func wholeNumber(_ v: JSONValue, _ range: ClosedRange<Double>) -> Int? {
        guard case .number(let n) = v, n == n.rounded(), range.contains(n) else { return nil }
        return Int(n)
    }

    /// Names as an array of strings or a comma-separated string (trimmed; empty ones dropped
    /// when `droppingEmpty`); nil for any other value, or an array holding a non-string.
    package static func names(_ v: JSONValue, droppingEmpty: Bool) -> [String]? {
        switch v {
        case .string(let s):
            let names = s.split(separator: ",").map { $0.trimmingWhitespace() }
            return droppingEmpty ? names.filter { !$0.isEmpty } : names
        case .array(let a):
            let names = a.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            return names.count == a.count ? names : nil
        default: return nil
        }
    }
}
