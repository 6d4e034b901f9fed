/// Where PDF syntax is written: a byte array, or a `ByteBuffer` where thousands of small
/// pieces go (a page's content, an object stream's values).
package protocol PDFByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    /// Appends `bytes` in one copy.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: PDFByteSink where Element == UInt8 {
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// PDF's lexical pieces written straight into bytes (ISO 32000-1, 7.3): numbers, names,
/// strings, references. Numbers are formatted by hand, not through `String`: a page of text
/// writes thousands of them.
extension PDFByteSink where Self: ~Copyable {
    /// Appends a literal's bytes in one copy (a `String`'s UTF-8 view goes element by element).
    @inline(__always)
    package mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    /// Appends `value` with at most `decimals` decimals (0 to 6), trailing zeros dropped:
    /// "12", "-0.5", "612.34". Not finite or beyond ±10^12 writes 0 (no viewer reads more).
    /// The digits are made on the stack and appended in one copy: a page writes thousands.
    package mutating func appendNumber(_ value: Double, decimals: Int = 2) {
        let places = Swift.max(0, Swift.min(6, decimals))
        let scale = PDFSyntax.powerOfTen(places)
        guard value.isFinite, abs(value) < 1e12 else { append(UInt8(ascii: "0")); return }
        let scaled = UInt64(roundedHalfAway(abs(value) * Double(scale)))
        var whole = scaled / UInt64(scale), fraction = scaled % UInt64(scale)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            // Written backwards from the end: the fraction (trailing zeros dropped), the
            // point, the whole part, the sign.
            var i = 32
            var digits = places
            while digits > 0, fraction % 10 == 0, fraction != 0 { fraction /= 10; digits -= 1 }
            if fraction != 0 {
                for _ in 0..<digits {
                    i -= 1
                    buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                i -= 1
                buffer[i] = UInt8(ascii: ".")
            }
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole != 0
            if value < 0, scaled != 0 {
                i -= 1
                buffer[i] = UInt8(ascii: "-")
            }
            append(bytes: UnsafeBufferPointer(rebasing: buffer[i..<32]))
        }
    }

    /// Appends each of `values` followed by a space ("1 0 0 1 "): an array's or an operator's
    /// operands, with at most `decimals` decimals each.
    package mutating func appendNumbers(_ values: [Double], decimals: Int = 2) {
        for value in values {
            appendNumber(value, decimals: decimals)
            append(0x20)
        }
    }

    /// Appends a non-negative integer in decimal (a negative value writes 0).
    @inline(__always)
    package mutating func appendInteger(_ value: Int) {
        if value >= 0, value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
        } else {
            appendDigits(UInt64(Swift.max(0, value)))
        }
    }

    /// Appends `n`'s decimal digits, made on the stack and appended in one copy. Out of line:
    /// each of the many places that write an integer inlines only the one-digit case.
    @inline(never)
    private mutating func appendDigits(_ n: UInt64) {
        var n = n
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var i = 20
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while n != 0
            append(bytes: UnsafeBufferPointer(rebasing: buffer[i..<20]))
        }
    }

    /// Appends an indirect reference "n 0 R".
    @inline(__always)
    package mutating func appendReference(_ object: PDFReference) {
        appendInteger(object.number)
        appendLiteral(" 0 R")
    }

    /// Appends ` n 0 R` for each of `objects`: the references of an array, its brackets aside.
    package mutating func appendReferences(_ objects: [PDFReference]) {
        for object in objects {
            append(0x20)
            appendReference(object)
        }
    }

    /// Appends `/name`, bytes outside the regular printable ASCII written as `#xx` (7.3.5).
    package mutating func appendName(_ name: String) {
        append(UInt8(ascii: "/"))
        for byte in name.utf8 {
            if byte > 0x20, byte < 0x7F, !PDFSyntax.isDelimiter(byte), byte != UInt8(ascii: "#") {
                append(byte)
            } else {
                append(UInt8(ascii: "#"))
                appendHexByte(byte)
            }
        }
    }

    /// Appends two upper-case hexadecimal digits.
    package mutating func appendHexByte(_ byte: UInt8) {
        append(PDFSyntax.hexDigit(byte >> 4))
        append(PDFSyntax.hexDigit(byte & 0x0F))
    }

    /// Appends four hexadecimal digits (a 2-byte character code, a UTF-16 unit).
    package mutating func appendHex16(_ value: UInt16) {
        appendHexByte(UInt8(value >> 8))
        appendHexByte(UInt8(value & 0xFF))
    }

    /// Appends `bytes` as a literal string `( … )`: `(`, `)` and `\` escaped, bytes outside
    /// printable ASCII as octal escapes `\ddd` (7.3.4.2), so the file stays 7-bit text.
    /// Bytes in contiguous storage go in runs between escapes, each in one copy.
    package mutating func appendByteString(_ bytes: some Sequence<UInt8>) {
        append(UInt8(ascii: "("))
        if bytes.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            for byte in bytes { appendEscaped(byte) }
        }
        append(UInt8(ascii: ")"))
    }

    /// Appends `buffer` inside a literal string: runs of plain bytes in one copy each.
    private mutating func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>) {
        var plain = 0  // the first byte not appended yet
        for i in 0..<buffer.count where !PDFSyntax.isPlainStringByte(buffer[i]) {
            append(bytes: UnsafeBufferPointer(rebasing: buffer[plain..<i]))
            appendEscaped(buffer[i])
            plain = i + 1
        }
        append(bytes: UnsafeBufferPointer(rebasing: buffer[plain...]))
    }

    /// Appends one byte inside a literal string, escaped if it must be.
    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
            append(UInt8(ascii: "\\"))
            append(byte)
        case 0x20...0x7E:
            append(byte)
        default:
            append(UInt8(ascii: "\\"))
            append(UInt8(ascii: "0") + (byte >> 6))
            append(UInt8(ascii: "0") + ((byte >> 3) & 7))
            append(UInt8(ascii: "0") + (byte & 7))
        }
    }

    /// Appends a text string (7.9.2.2): printable ASCII as a literal string, anything else as
    /// UTF-16BE with a byte-order mark, in hexadecimal.
    package mutating func appendTextString(_ text: String) {
        var text = text
        text.withUTF8 { appendTextString(utf8: $0) }
    }

    /// Appends the text string of the UTF-8 `utf8` (as `appendTextString(_:)`).
    package mutating func appendTextString(utf8: UnsafeBufferPointer<UInt8>) {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            appendByteString(utf8)
            return
        }
        appendLiteral("<FEFF")
        for unit in String(decoding: utf8, as: UTF8.self).utf16 { appendHex16(unit) }
        append(UInt8(ascii: ">"))
    }

    /// Appends `text` as a URI string (12.6.4.7): 7-bit ASCII, other bytes percent-encoded as
    /// in a URI, in a literal string. Runs of bytes kept as they are go in one copy each.
    package mutating func appendURIString(_ text: String) {
        var text = text
        append(UInt8(ascii: "("))
        text.withUTF8 { utf8 in
            var plain = 0  // the first byte not appended yet
            for i in 0..<utf8.count where utf8[i] == 0x20 || !PDFSyntax.isPlainStringByte(utf8[i]) {
                append(bytes: UnsafeBufferPointer(rebasing: utf8[plain..<i]))
                let byte = utf8[i]
                if byte > 0x20, byte < 0x7F {
                    appendEscaped(byte)
                } else {
                    append(UInt8(ascii: "%"))
                    appendHexByte(byte)
                }
                plain = i + 1
            }
            append(bytes: UnsafeBufferPointer(rebasing: utf8[plain...]))
        }
        append(UInt8(ascii: ")"))
    }
}

/// What the writing of PDF syntax looks up.
package enum PDFSyntax {
    /// 10^`n` for `n` in 0...6.
    @inline(__always)
    package static func powerOfTen(_ n: Int) -> Int {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10_000
        case 5: 100_000
        default: 1_000_000
        }
    }

    package static func isDelimiter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"): return true
        default: return false
        }
    }

    /// The upper-case hexadecimal digit of `nibble` (0 to 15).
    @inline(__always)
    package static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    /// Whether `byte` stands for itself in a literal string.
    @inline(__always)
    package static func isPlainStringByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")") && byte != UInt8(ascii: "\\")
    }
}

/// `x` rounded to the nearest integer, halves away from zero: what `x.rounded()` gives,
/// without a call into the C library for each of the thousands of numbers a page writes.
/// Exact: for |x| < 2^52, x minus its integer part is exact in a Double.
@inline(__always)
package func roundedHalfAway(_ x: Double) -> Double {
    guard abs(x) < 4_503_599_627_370_496 else { return x.rounded() }
    let whole = Double(Int64(x))  // truncated toward zero
    let rest = x - whole
    if rest >= 0.5 { return whole + 1 }
    if rest <= -0.5 { return whole - 1 }
    return whole
}

/// A PDF date string, "D:20261121053912Z", for seconds since 1970 (UTC).
package func pdfDate(_ seconds: Int64) -> String {
    let iso = iso8601(seconds)  // 2026-11-21T05:39:12Z
    return "D:" + iso.filter { $0.isNumber } + "Z"
}

/// "2026-11-21T05:39:12Z" for seconds since 1970 (proleptic Gregorian, UTC).
package func iso8601(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
    let rest = seconds - days * 86400
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
}
