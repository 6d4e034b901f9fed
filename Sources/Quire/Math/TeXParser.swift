import QuireModel

/// TeX math source to a math list (`MathList`), the subset of LaTeX and amsmath that real
/// documents use: groups and scripts here; commands in TeXCommands.swift, environments in
/// TeXEnvironments.swift.
///
/// Errors are thrown as `MathError` (an unknown command, an unbalanced brace, a missing
/// argument): the caller shows the formula as its source and warns. Macros expand as tokens
/// are read; at most `expansionLimit` expansions per formula, so a recursive macro fails
/// instead of looping. O(n) in the source and its expansions.
package struct TeXParser {
    package var tokens: [TeXToken]
    package var position = 0
    package let macros: TeXMacros
    /// The alphabet letters are mapped to (`\mathbf{…}` sets it for its argument).
    package var alphabet = MathAlphabet.normal
    /// `\tag{…}`'s text, with its parentheses; nil when the formula has none.
    package var tag: String?
    /// Display style (`\pmod`'s space is wider there, as amsmath sets it).
    package var display = false
    private var expansions = 0
    package static let expansionLimit = 2000
    /// Tokens a formula may grow to by expansion, and lists it may nest: beyond them it is
    /// bad math, so no input exhausts memory or the stack.
    package static let tokenLimit = 200_000
    package static let nestingLimit = 100
    package var nesting = 0

    package init(_ source: String, macros: TeXMacros) {
        tokens = TeXLexer.tokens(source)
        self.macros = macros
    }

    /// The whole formula: rows separated by `\\` at its top level become a gathered array.
    package mutating func parseFormula() throws -> MathList {
        var rows: [MathList] = []
        while true {
            let (list, stop) = try parseList()
            rows.append(list)
            switch stop {
            case .end: break
            case .newRow: continue
            case .endGroup: throw MathError(message: "unbalanced }: no { opens it")
            case .alignment: throw MathError(message: "& outside an environment")
            default: throw MathError(message: "\\\(stop) without \\left or \\begin")
            }
            break
        }
        if rows.count == 1 { return rows[0] }
        let array = MathArray(rows: rows.map { [$0] }, alignments: [.center], columnGap: 0, style: .display, rowGap: 0.3)
        return [.atom(Atom(.ord, .array(array)))]
    }

    /// What ended a list.
    package enum Stop: Equatable, CustomStringConvertible {
        case end, endGroup, alignment, newRow, right, middle, endEnvironment(String)
        package var description: String {
            switch self {
            case .end: return "end"
            case .endGroup: return "}"
            case .alignment: return "&"
            case .newRow: return "\\\\"
            case .right: return "right"
            case .middle: return "middle"
            case .endEnvironment(let name): return "end{\(name)}"
            }
        }
    }

    // MARK: Tokens

    /// The next token, user macros expanded first. Nil at the end.
    package mutating func peek() throws -> TeXToken? {
        while position < tokens.count, case .command(let name) = tokens[position], let macro = macros.table[name] {
            try expand(macro, name: name)
        }
        return position < tokens.count ? tokens[position] : nil
    }

    package mutating func next() throws -> TeXToken? {
        let token = try peek()
        if token != nil { position += 1 }
        return token
    }

    /// The next token that is not a space.
    package mutating func nextSkippingSpaces() throws -> TeXToken? {
        while let t = try next() { if t != .space { return t } }
        return nil
    }

    package mutating func skipSpaces() throws {
        while try peek() == .space { position += 1 }
    }

    private mutating func expand(_ macro: TeXMacros.Macro, name: String) throws {
        expansions += 1
        guard expansions <= Self.expansionLimit, tokens.count <= Self.tokenLimit else {
            throw MathError(message: "\\\(name) expands without end")
        }
        position += 1
        var arguments: [[TeXToken]] = []
        if let optional = macro.optionalDefault {
            arguments.append(try rawOptional() ?? optional)
        }
        while arguments.count < macro.parameters {
            guard let argument = try rawArgument() else { throw MathError.missing("argument", after: "\\" + name) }
            arguments.append(argument)
        }
        var body: [TeXToken] = []
        for t in macro.body {
            if case .parameter(let n) = t, n <= arguments.count { body += arguments[n - 1] } else { body.append(t) }
        }
        tokens.replaceSubrange(position..<position, with: body)
    }

    /// An argument's tokens unparsed: a braced group's content, else one token. Nil at the end.
    package mutating func rawArgument() throws -> [TeXToken]? {
        while position < tokens.count, tokens[position] == .space { position += 1 }
        guard position < tokens.count else { return nil }
        let first = tokens[position]
        position += 1
        guard first == .beginGroup else { return [first] }
        var depth = 1, content: [TeXToken] = []
        while position < tokens.count {
            let t = tokens[position]
            position += 1
            if t == .beginGroup { depth += 1 }
            if t == .endGroup { depth -= 1; if depth == 0 { return content } }
            content.append(t)
        }
        throw MathError(message: "unbalanced {: no } closes it")
    }

    /// `[…]`'s tokens when the next token opens one (nested brackets inside braces kept).
    package mutating func rawOptional() throws -> [TeXToken]? {
        var p = position
        while p < tokens.count, tokens[p] == .space { p += 1 }
        guard p < tokens.count, tokens[p] == .char("[") else { return nil }
        position = p + 1
        var depth = 0, content: [TeXToken] = []
        while position < tokens.count {
            let t = tokens[position]
            position += 1
            if t == .beginGroup { depth += 1 }
            if t == .endGroup { depth -= 1 }
            if t == .char("]") && depth == 0 { return content }
            content.append(t)
        }
        throw MathError(message: "unclosed [")
    }

    /// A braced argument's tokens written back as text (`\text`, `\operatorname`, names).
    package mutating func textArgument(of command: String) throws -> String {
        guard let raw = try rawArgument() else { throw MathError.missing("argument", after: "\\" + command) }
        return TeXParser.plainText(raw)
    }

    /// Text tokens as the characters they print: `\$` is "$", `\ ` a space, `~` a space,
    /// nested groups and `$` signs dropped.
    package static func plainText(_ tokens: [TeXToken]) -> String {
        var out = ""
        for t in tokens {
            switch t {
            case .char("~"): out += "\u{00A0}"
            case .char("$"): break
            case .char(let c): out.append(c)
            case .space: out += " "
            case .command(let name):
                if name.count == 1, !(name.first?.isLetter ?? false) {
                    out += name == " " || name == "," || name == ";" || name == ":" ? " " : name
                } else if let symbol = TeXSymbols.lookup(name) {
                    out += symbol.text
                }
            case .superscript: out += "^"
            case .subscript: out += "_"
            case .alignment: out += "&"
            default: break
            }
        }
        return out
    }

    // MARK: Lists

    /// Atoms up to a list's end (not consumed, except `}` and `\end{…}`): the end of input, `}`,
    /// `&`, `\\`, `\right`, `\middle` or `\end{name}`. `\over` and its kin split the list.
    package mutating func parseList() throws -> (MathList, Stop) {
        var list: MathList = []
        var infix: (numerator: MathList, command: String)?
        let savedAlphabet = alphabet
        nesting += 1
        defer { alphabet = savedAlphabet; nesting -= 1 }
        guard nesting <= Self.nestingLimit else { throw MathError(message: "groups nested more than \(Self.nestingLimit) deep") }
        while true {
            guard let token = try peek() else { return (try finish(list, infix), .end) }
            switch token {
            case .endGroup:
                position += 1
                return (try finish(list, infix), .endGroup)
            case .alignment:
                position += 1
                return (try finish(list, infix), .alignment)
            case .space:
                position += 1
            case .superscript, .subscript:
                position += 1
                try attachScript(to: &list, superscript: token == .superscript)
            case .char("'"):
                position += 1
                try attachPrime(to: &list)
            case .command("\\"), .command("cr"):
                position += 1
                _ = try rawOptional()  // \\[4pt]: the extra space is not kept
                return (try finish(list, infix), .newRow)
            case .command("right"):
                position += 1
                return (try finish(list, infix), .right)
            case .command("middle"):
                position += 1
                return (try finish(list, infix), .middle)
            case .command("end"):
                position += 1
                let name = try textArgument(of: "end")
                return (try finish(list, infix), .endEnvironment(name))
            case .command(let name) where ["over", "atop", "choose", "brace", "brack"].contains(name):
                position += 1
                guard infix == nil else { throw MathError(message: "ambiguous \\\(name)") }
                infix = (list, name)
                list = []
            case .command("limits"), .command("nolimits"), .command("displaylimits"):
                position += 1
                if case .atom(var atom)? = list.last {
                    atom.limits = token == .command("limits") ? true : token == .command("nolimits") ? false : nil
                    list[list.count - 1] = .atom(atom)
                }
            default:
                position += 1
                list += try parseItem(token)
            }
        }
    }

    /// The list, or the generalized fraction `\over` (and kin) made of it.
    private func finish(_ list: MathList, _ infix: (numerator: MathList, command: String)?) throws -> MathList {
        guard let infix else { return list }
        let delimiters: (String?, String?) = switch infix.command {
        case "choose": ("(", ")")
        case "brace": ("{", "}")
        case "brack": ("[", "]")
        default: (nil, nil)
        }
        let rule = infix.command == "over"
        return [.atom(Atom(delimiters.0 == nil ? .ord : .inner,
                           .fraction(numerator: infix.numerator, denominator: list, rule: rule,
                                     left: delimiters.0, right: delimiters.1, style: nil)))]
    }

    /// A braced group (after its `{`) as a list; `}` must end it.
    package mutating func parseGroup() throws -> MathList {
        let (list, stop) = try parseList()
        guard stop == .endGroup else {
            throw stop == .end ? MathError(message: "unbalanced {: no } closes it") : MathError(message: "\\\(stop) inside a group")
        }
        return list
    }

    /// A command's argument: a braced group, or the one item the next token makes.
    package mutating func parseArgument(of command: String) throws -> MathList {
        guard let token = try nextSkippingSpaces() else { throw MathError.missing("argument", after: "\\" + command) }
        if token == .beginGroup { return try parseGroup() }
        if token == .endGroup { throw MathError.missing("argument", after: "\\" + command) }
        return try parseItem(token)
    }

    /// `x^…` or `x_…`: the script goes on the last atom (a new empty one when there is none
    /// or it already has that script, as `x^a^b` is TeX's error).
    private mutating func attachScript(to list: inout MathList, superscript: Bool) throws {
        let script = try parseArgument(of: superscript ? "^" : "_")
        var atom: Atom
        if case .atom(let last)? = list.last { atom = last; list.removeLast() } else { atom = Atom(.ord, .group([])) }
        if superscript {
            guard atom.superscript == nil else { throw MathError(message: "double superscript") }
            atom.superscript = script
        } else {
            guard atom.subscript == nil else { throw MathError(message: "double subscript") }
            atom.subscript = script
        }
        list.append(.atom(atom))
    }

    /// `x'`, `x''`: primes as a superscript (before any other superscript that follows).
    private mutating func attachPrime(to list: inout MathList) throws {
        var count = 1
        while try peek() == .char("'") { position += 1; count += 1 }
        let primes = count == 2 ? "″" : count == 3 ? "‴" : String(repeating: "′", count: count)
        var atom: Atom
        if case .atom(let last)? = list.last { atom = last; list.removeLast() } else { atom = Atom(.ord, .group([])) }
        var script: MathList = [.atom(Atom(.ord, .symbol(primes)))]
        if try peek() == .superscript {
            position += 1
            script += try parseArgument(of: "^")
        }
        atom.superscript = (atom.superscript ?? []) + script
        list.append(.atom(atom))
    }

    /// The items one token starts (a character, a command with its arguments, a group).
    package mutating func parseItem(_ token: TeXToken) throws -> MathList {
        switch token {
        case .beginGroup:
            return [.atom(Atom(.ord, .group(try parseGroup())))]
        case .char(let c):
            return [character(c)]
        case .command(let name):
            return try command(name)
        case .parameter:
            throw MathError(message: "# outside a macro")
        case .endGroup:
            throw MathError(message: "unbalanced }: no { opens it")
        case .superscript, .subscript, .alignment, .space:
            return []
        }
    }

    /// A character typed in math: a letter or digit in the current alphabet, an operator or
    /// relation by its class, any other character as an ordinary symbol.
    package func character(_ c: Character) -> MathNode {
        if c == "~" { return .space(6) }
        if let (text, kind) = TeXSymbols.character(c) { return .atom(Atom(kind, .symbol(text))) }
        let kind = TeXSymbols.classOfCharacter(c)
        return symbol(String(c), kind: kind, large: kind == .op)
    }

    /// A symbol atom, its letters mapped to the current alphabet.
    package func symbol(_ text: String, kind: AtomClass, large: Bool = false) -> MathNode {
        var mapped = ""
        for scalar in text.unicodeScalars { mapped.unicodeScalars.append(alphabet.map(scalar)) }
        return .atom(Atom(kind, .symbol(mapped, large: large)))
    }
}
