
/// A parsed JSON value (templates, `--set` values, front-matter variant maps).
package enum JSONValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    /// Keys in the order written.
    case object([(key: String, value: JSONValue)])
    case null

    /// Parses JSON text (any value at the top, not only objects); nil when it is not JSON.
    /// Object keys keep the order written. O(n).
    package static func parse(_ text: String) -> JSONValue? {
        try? parseOrLocate(text).get()
    }

    /// Where JSON text goes wrong: 1-based line and column (in characters) of the first byte
    /// the parser could not take.
    package struct SyntaxError: Error, Equatable {
        package var line: Int
        package var column: Int
    }

    /// The value, or where the text stops being JSON. O(n).
    package static func parseOrLocate(_ text: String) -> Result<JSONValue, SyntaxError> {
        var parser = JSONParser(bytes: Array(text.utf8))
        if let value = parser.value() {
            parser.skipSpace()
            if parser.atEnd { return .success(value) }
        }
        let offset = min(parser.i, parser.bytes.count)
        let before = parser.bytes[..<offset]
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: parser.bytes[lineStart..<offset], as: UTF8.self).count + 1
        return .failure(SyntaxError(line: line, column: column))
    }

    package var description: String {
        switch self {
        case .string(let s): return s
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): return String(b)
        case .array(let a): return "[" + a.map(\.quoted).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.map { "\"\($0.key)\": \($0.value.quoted)" }.joined(separator: ", ") + "}"
        case .null: return "null"
        }
    }

    package var quoted: String {
        if case .string(let s) = self { return "\"\(s)\"" }
        return description
    }

    /// The value as JSON text that parses back to it (strings escaped, as `quoted` does not:
    /// quotes, backslashes, control characters and DEL; other characters as they are, JSON
    /// text being UTF-8).
    package var json: String {
        switch self {
        case .string(let s):
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        case .array(let a): return "[" + a.map(\.json).joined(separator: ",") + "]"
        case .object(let o): return "{" + o.map { JSONValue.string($0.key).json + ":" + $0.value.json }.joined(separator: ",") + "}"
        default: return description
        }
    }

    package static func == (a: JSONValue, b: JSONValue) -> Bool { a.quoted == b.quoted }
}

/// A small recursive-descent JSON parser (RFC 8259), depth-limited.
private struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    var atEnd: Bool { i >= bytes.count }

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    mutating func literal(_ word: String) -> Bool {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { return false }
        i += w.count
        return true
    }

    mutating func value() -> JSONValue? {
        skipSpace()
        guard i < bytes.count, depth < 200 else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1; depth += 1; defer { depth -= 1 }
            var pairs: [(key: String, value: JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                guard let v = value() else { return nil }
                pairs.append((key, v))
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                return nil
            }
        case UInt8(ascii: "["):
            i += 1; depth += 1; defer { depth -= 1 }
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                guard let v = value() else { return nil }
                items.append(v)
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                return nil
            }
        case UInt8(ascii: "\""):
            return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default:
            let start = i
            while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
            guard i > start, let n = Double(String(decoding: bytes[start..<i], as: UTF8.self)), n.isFinite else { return nil }
            return .number(n)
        }
    }

    mutating func string() -> String? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(code), literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                default: out.append(e)
                }
            case 0..<0x20: return nil
            default: out.append(b)
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
        i += 4
        return v
    }
}
