/// TeX's tokens for math source: control sequences, characters and the few characters with
/// a category of their own (`{ } ^ _ & #`), comments dropped. O(n) in the source.
package enum TeXToken: Sendable, Equatable {
    /// `\name` (letters) or `\c` (one other character), without its backslash.
    case command(String)
    case char(Character)
    case beginGroup, endGroup, superscript, `subscript`, alignment
    /// White space (one token for a run): ignored in math, kept in `\text`.
    case space
    /// `#1` … `#9` in a macro's body.
    case parameter(Int)
}

/// A formula that cannot be typeset: what went wrong, and the command or character at fault.
package struct MathError: Error, Sendable, Equatable {
    package var message: String

    package static func unknown(_ name: String) -> MathError { MathError(message: "unknown command \\\(name)") }
    package static func missing(_ what: String, after command: String) -> MathError {
        MathError(message: "missing \(what) after \(command)")
    }
}

package enum TeXLexer {
    /// The tokens of `source`.
    package static func tokens(_ source: String) -> [TeXToken] {
        var out: [TeXToken] = []
        var chars = Array(source)[...]
        while let c = chars.popFirst() {
            switch c {
            case "\\":
                guard let next = chars.first else { out.append(.command("\\")); break }
                if next.isASCII && next.isLetter {
                    var name = ""
                    while let l = chars.first, l.isASCII && l.isLetter { name.append(l); chars.removeFirst() }
                    out.append(.command(name))
                    while let s = chars.first, s == " " || s == "\t" || s == "\n" || s == "\r" { chars.removeFirst() }
                } else {
                    chars.removeFirst()
                    out.append(.command(String(next)))
                }
            case "{": out.append(.beginGroup)
            case "}": out.append(.endGroup)
            case "^": out.append(.superscript)
            case "_": out.append(.subscript)
            case "&": out.append(.alignment)
            case "%":
                while let n = chars.first, n != "\n" { chars.removeFirst() }
            case "#":
                if let d = chars.first, let n = d.wholeNumberValue, n > 0 {
                    chars.removeFirst()
                    out.append(.parameter(n))
                } else {
                    out.append(.char("#"))
                }
            case " ", "\t", "\n", "\r":
                while let s = chars.first, s == " " || s == "\t" || s == "\n" || s == "\r" { chars.removeFirst() }
                out.append(.space)
            default: out.append(.char(c))
            }
        }
        return out
    }

    /// Tokens written back as source (for `\text`'s content and messages).
    package static func source(_ tokens: ArraySlice<TeXToken>) -> String {
        var out = ""
        for t in tokens {
            switch t {
            case .command(let name):
                out += "\\" + name
                if name.first?.isLetter == true { out += " " }
            case .char(let c): out.append(c)
            case .beginGroup: out += "{"
            case .endGroup: out += "}"
            case .superscript: out += "^"
            case .subscript: out += "_"
            case .alignment: out += "&"
            case .space: out += " "
            case .parameter(let n): out += "#\(n)"
            }
        }
        return out
    }
}

/// Macros a document defines with `\newcommand`, `\renewcommand`, `\def` or
/// `\DeclareMathOperator`: each formula may use those of the formulas before it, as in a
/// LaTeX document. A class so that every formula of a document (and a trial layout of part
/// of it) shares one table; only layout's thread touches it.
package final class TeXMacros {
    package struct Macro: Equatable {
        package var parameters: Int
        /// The first parameter's default (`\newcommand{\x}[2][d]{…}`): it is then optional.
        package var optionalDefault: [TeXToken]?
        package var body: [TeXToken]
    }

    package var table: [String: Macro] = [:]
}
