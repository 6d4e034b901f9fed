import QuireModel

/// The commands of TeX, LaTeX and amsmath the parser knows, each turned into math-list items.
extension TeXParser {
    /// The items `\name` makes, its arguments read. Throws for an unknown command.
    package mutating func command(_ name: String) throws -> MathList {
        if let symbol = TeXSymbols.lookup(name) {
            return [self.symbol(symbol.text, kind: symbol.kind, large: symbol.large)]
        }
        if let function = TeXSymbols.functions[name] {
            return [.atom(Atom(.op, .text(function.text), limits: function.limits ? nil : false))]
        }
        if let accent = TeXSymbols.accents[name] {
            return [.atom(Atom(.ord, .accent(accent.text, body: try parseArgument(of: name), wide: accent.wide)))]
        }
        if let space = Self.spaces[name] { return [.space(space)] }
        if let alphabet = MathAlphabet.named(name) { return try withAlphabet(alphabet, name) }
        if let style = Self.styles[name] { return [.style(style)] }
        if let kind = Self.classCommands[name] { return [.atom(Atom(kind, .group(try parseArgument(of: name))))] }
        if let size = Self.bigSizes[name.trimmingSuffix(["l", "r", "m"])] { return try sizedDelimiter(name, size: size) }
        if let brace = Self.braces[name] {
            return [.atom(Atom(.op, .brace(brace.text, body: try parseArgument(of: name), over: brace.over), limits: true))]
        }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac", "binom", "dbinom", "tbinom":
            return [try fraction(name)]
        case "sqrt":
            let degree = try rawOptional().map(parsed)
            return [.atom(Atom(.ord, .radical(degree: degree, body: try parseArgument(of: name))))]
        case "left":
            return [try delimited()]
        case "begin":
            return try environment(try textArgument(of: "begin"))
        case "text", "textrm", "textnormal", "mbox", "hbox", "textup", "textsf", "texttt", "textmd":
            return [.atom(Atom(.ord, .text(try textArgument(of: name))))]
        case "textit", "textsl", "emph":
            return [.atom(Atom(.ord, .text(mapped(try textArgument(of: name), .italic))))]
        case "textbf":
            return [.atom(Atom(.ord, .text(mapped(try textArgument(of: name), .bold))))]
        case "operatorname", "operatornamewithlimits":
            let starred = try peek() == .char("*")
            if starred { position += 1 }
            let text = try textArgument(of: name)
            return [.atom(Atom(.op, .text(text), limits: starred || name == "operatornamewithlimits" ? nil : false))]
        case "overline", "underline":
            return [.atom(Atom(.ord, .bar(body: try parseArgument(of: name), over: name == "overline")))]
        case "overset", "underset", "stackrel":
            let script = try parseArgument(of: name)
            let base = try parseArgument(of: name)
            var atom = Atom(Self.classOf(base), .group(base), limits: true)
            if name == "underset" { atom.subscript = script } else { atom.superscript = script }
            return [.atom(atom)]
        case "xrightarrow", "xleftarrow", "xRightarrow", "xLeftarrow", "xleftrightarrow", "xmapsto":
            let below = try rawOptional().map(parsed)
            let above = try parseArgument(of: name)
            let arrow = ["xrightarrow": "→", "xleftarrow": "←", "xRightarrow": "⇒", "xLeftarrow": "⇐",
                         "xleftrightarrow": "↔", "xmapsto": "↦"][name] ?? "→"
            var atom = Atom(.rel, .stretched(arrow, toWidthOf: [above, below ?? []]), limits: true)
            atom.superscript = above
            atom.subscript = below
            return [.atom(atom)]
        case "not":
            return [try negation()]
        case "color":
            return [.color(try color(try textArgument(of: name)))]
        case "textcolor":
            let color = try color(try textArgument(of: name))
            return [.atom(Atom(.ord, .group([.color(color)] + (try parseArgument(of: name)))))]
        case "phantom", "hphantom", "vphantom":
            return [.atom(Atom(.ord, .phantom(try parseArgument(of: name), horizontal: name != "vphantom", vertical: name != "hphantom")))]
        case "boxed", "fbox":
            return [.atom(Atom(.ord, .boxed(try parseArgument(of: name))))]
        case "bmod":
            return [.atom(Atom(.bin, .text("mod")))]
        case "mod", "pmod", "pod":
            return try modulo(name)
        case "tag":
            let starred = try peek() == .char("*")
            if starred { position += 1 }
            let text = try textArgument(of: name)
            tag = starred ? text : "(\(text))"
            return []
        case "label", "hspace", "hskip", "kern", "mkern", "mskip", "mspace":
            return try skip(name)
        case "newcommand", "renewcommand", "providecommand", "def", "DeclareMathOperator":
            try define(name)
            return []
        case "substack":
            var sub = TeXParser(sub: try rawArgument() ?? [], of: self)
            let rows = try sub.parseRows(ending: nil)
            return [.atom(Atom(.ord, .array(MathArray(rows: rows, alignments: [.center], columnGap: 0, style: nil))))]
        case "rm", "bf", "it", "sf", "tt", "cal":
            alphabet = MathAlphabet.named(name) ?? .normal
            return []
        case "nonumber", "notag", "relax", "displaybreak", "allowbreak", "nobreak", "hline", "strut", "mathstrut",
             "nolimits", "limits", "protect", "smash", "leftroot", "uproot", "noindent", "centering":
            return []
        default:
            throw MathError.unknown(name)
        }
    }

    /// A parser for an argument's tokens sharing this one's macros and alphabet.
    package init(sub tokens: [TeXToken], of parent: TeXParser) {
        self.init("", macros: parent.macros)
        self.tokens = tokens
        alphabet = parent.alphabet
        display = parent.display
        nesting = parent.nesting
    }

    /// `tokens` parsed as one list by a parser like this one.
    package func parsed(_ tokens: [TeXToken]) throws -> MathList {
        var sub = TeXParser(sub: tokens, of: self)
        return try sub.parseWhole()
    }

    /// The whole token list as one list (no `\\` rows).
    package mutating func parseWhole() throws -> MathList {
        let (list, stop) = try parseList()
        guard stop == .end else { throw MathError(message: "unexpected \(stop)") }
        return list
    }

    private mutating func withAlphabet(_ chosen: MathAlphabet, _ name: String) throws -> MathList {
        let saved = alphabet
        alphabet = chosen
        defer { alphabet = saved }
        let body = try parseArgument(of: name)
        return [.atom(Atom(.ord, .group(body)))]
    }

    private func mapped(_ text: String, _ alphabet: MathAlphabet) -> String {
        var out = ""
        for s in text.unicodeScalars { out.unicodeScalars.append(alphabet.map(s)) }
        return out
    }

    private mutating func fraction(_ name: String) throws -> MathNode {
        let numerator = try parseArgument(of: name)
        let denominator = try parseArgument(of: name)
        let binomial = name.hasSuffix("binom")
        let style: MathStyle? = name.hasPrefix("d") || name == "cfrac" ? .display : name.hasPrefix("t") ? .text : nil
        return .atom(Atom(binomial ? .inner : .ord,
                          .fraction(numerator: numerator, denominator: denominator, rule: !binomial,
                                    left: binomial ? "(" : nil, right: binomial ? ")" : nil, style: style)))
    }

    /// The delimiter token after `\left`, `\right`, `\middle` or `\big`: its character ("" for `.`).
    package mutating func delimiter(after command: String) throws -> String {
        guard let token = try nextSkippingSpaces() else { throw MathError.missing("delimiter", after: "\\" + command) }
        let key: String
        switch token {
        case .char(let c): key = String(c)
        case .command(let name): key = "\\" + name
        default: throw MathError.missing("delimiter", after: "\\" + command)
        }
        guard let text = TeXSymbols.delimiters[key] else { throw MathError(message: "\(key) is not a delimiter (after \\\(command))") }
        return text
    }

    /// `\left( … \middle| … \right)`.
    private mutating func delimited() throws -> MathNode {
        let left = try delimiter(after: "left")
        var segments: [MathList] = [], middles: [String] = []
        while true {
            let (list, stop) = try parseList()
            segments.append(list)
            switch stop {
            case .middle: middles.append(try delimiter(after: "middle"))
            case .right:
                let right = try delimiter(after: "right")
                return .atom(Atom(.inner, .delimited(left: left, segments: segments, middles: middles, right: right)))
            default: throw MathError(message: "\\left without \\right")
            }
        }
    }

    private mutating func sizedDelimiter(_ name: String, size: Int) throws -> MathList {
        let text = try delimiter(after: name)
        let kind: AtomClass = name.hasSuffix("l") ? .open : name.hasSuffix("r") ? .close : name.hasSuffix("m") ? .rel : .ord
        return [.atom(Atom(kind, .sizedDelimiter(text, size: size)))]
    }

    /// `\not` before a relation: the negated character where Unicode has one (`\not=` is ≠).
    private mutating func negation() throws -> MathNode {
        let target = try parseArgument(of: "not")
        if target.count == 1, case .atom(var atom) = target[0], case .symbol(let text, _) = atom.nucleus {
            let composed = (text + "\u{0338}").precomposedStringWithCanonicalMapping
            if composed.unicodeScalars.count == 1 {
                atom.nucleus = .symbol(composed)
                return .atom(atom)
            }
            return .atom(Atom(atom.kind, .negated(target)))
        }
        return .atom(Atom(.rel, .negated(target)))
    }

    private func color(_ name: String) throws -> Color {
        let key = name.trimmingWhitespace()
        if let named = Self.colors[key.lowercased()] { return named }
        if let css = Color(css: key.hasPrefix("#") ? key : "#" + key), key.count >= 3 { return css }
        throw MathError(message: "unknown colour \(key) in \\color")
    }

    private mutating func modulo(_ name: String) throws -> MathList {
        let argument = try parseArgument(of: name)
        let mod: MathNode = .atom(Atom(.ord, .text("mod")))
        // amsmath: 18 mu before in display style, 8 mu in a line (12 for \mod).
        let before: MathNode = .space(display ? 18 : name == "mod" ? 12 : 8)
        switch name {
        case "pmod": return [before, .atom(Atom(.open, .symbol("("))), mod, .space(6)] + argument + [.atom(Atom(.close, .symbol(")")))]
        case "pod": return [before, .atom(Atom(.open, .symbol("(")))] + argument + [.atom(Atom(.close, .symbol(")")))]
        default: return [before, mod, .space(6)] + argument
        }
    }

    /// Commands whose argument is a length or a name: spaces from `\hspace` and `\kern`, the
    /// rest read and dropped.
    private mutating func skip(_ name: String) throws -> MathList {
        switch name {
        case "label":
            _ = try rawArgument()
            return []
        case "hspace", "mspace":
            if try peek() == .char("*") { position += 1 }
            return [.space(Self.mu(TeXParser.plainText(try rawArgument() ?? [])))]
        default:
            // \kern3mu, \mkern-2mu, \hskip 1em: a length up to its unit.
            var text = ""
            try skipSpaces()
            while let t = try peek(), case .char(let c) = t, c.isNumber || c == "." || c == "-" || c == "+" || c.isLetter {
                text.append(c)
                position += 1
                if text.count >= 2, ["em", "ex", "pt", "mu", "mm", "cm", "in", "bp"].contains(String(text.suffix(2))) { break }
            }
            return [.space(Self.mu(text))]
        }
    }

    /// A TeX length in mu (18 to the em; points taken at a 10 pt em). 0 when unreadable.
    package static func mu(_ length: String) -> Double {
        let s = length.trimmingWhitespace()
        let unit = String(s.suffix(2))
        let number = Double(s.dropLast(2)) ?? 0
        switch unit {
        case "mu": return number
        case "em": return number * 18
        case "ex": return number * 18 * 0.45
        case "pt", "bp": return number * 1.8
        case "mm": return number * 1.8 * 2.845
        case "cm": return number * 1.8 * 28.45
        case "in": return number * 1.8 * 72.27
        default: return 0
        }
    }

    /// `\newcommand{\name}[n][default]{body}`, `\def\name#1#2{body}`, `\DeclareMathOperator`.
    private mutating func define(_ command: String) throws {
        if command == "DeclareMathOperator" {
            let starred = try peek() == .char("*")
            if starred { position += 1 }
            guard let nameTokens = try rawArgument(), case .command(let name)? = nameTokens.first,
                  let text = try rawArgument() else { throw MathError.missing("name", after: "\\" + command) }
            let body: [TeXToken] = [.command(starred ? "operatornamewithlimits" : "operatorname"), .beginGroup] + text + [.endGroup]
            macros.table[name] = TeXMacros.Macro(parameters: 0, body: body)
            return
        }
        if try peek() == .char("*") { position += 1 }
        guard let nameTokens = try rawArgument(), case .command(let name)? = nameTokens.first else {
            throw MathError.missing("name", after: "\\" + command)
        }
        var parameters = 0
        var optional: [TeXToken]?
        if command == "def" {
            while position < tokens.count, case .parameter = tokens[position] { parameters += 1; position += 1 }
        } else {
            if let count = try rawOptional() { parameters = Int(TeXParser.plainText(count).trimmingWhitespace()) ?? 0 }
            optional = try rawOptional()
        }
        guard let body = try rawArgument() else { throw MathError.missing("definition", after: "\\" + command) }
        if command == "providecommand", macros.table[name] != nil { return }
        macros.table[name] = TeXMacros.Macro(parameters: min(max(parameters, 0), 9), optionalDefault: optional, body: body)
    }

    /// The class an `\overset`'s base spaces as: a relation's for a relation, else ordinary.
    package static func classOf(_ list: MathList) -> AtomClass {
        if list.count == 1, case .atom(let atom) = list[0] { return atom.kind }
        return .ord
    }

    package static let spaces: [String: Double] = [
        ",": 3, "thinspace": 3, ":": 4, ">": 4, "medspace": 4, ";": 5, "thickspace": 5, "!": -3, "negthinspace": -3,
        "negmedspace": -4, "negthickspace": -5, "quad": 18, "qquad": 36, " ": 6, "enspace": 9, "enskip": 9,
        "nobreakspace": 6, "space": 6,
    ]

    package static let styles: [String: MathStyle] = [
        "displaystyle": .display, "textstyle": .text, "scriptstyle": .script, "scriptscriptstyle": .scriptScript,
    ]

    package static let classCommands: [String: AtomClass] = [
        "mathord": .ord, "mathop": .op, "mathbin": .bin, "mathrel": .rel, "mathopen": .open, "mathclose": .close,
        "mathpunct": .punct, "mathinner": .inner,
    ]

    package static let bigSizes: [String: Int] = ["big": 1, "Big": 2, "bigg": 3, "Bigg": 4]

    package static let braces: [String: (text: String, over: Bool)] = [
        "overbrace": ("⏞", true), "underbrace": ("⏟", false), "overbracket": ("⎴", true), "underbracket": ("⎵", false),
        "overparen": ("⏜", true), "underparen": ("⏝", false), "overleftrightarrow": ("↔", true),
        "underrightarrow": ("→", false), "underleftarrow": ("←", false), "underleftrightarrow": ("↔", false),
    ]

    /// xcolor's base names and dvipsnames most used in formulas.
    package static let colors: [String: Color] = [
        "red": Color(0.8, 0, 0), "green": Color(0, 0.55, 0), "blue": Color(0, 0, 0.85), "black": Color(0, 0, 0),
        "white": Color(1, 1, 1), "gray": Color(0.5, 0.5, 0.5), "grey": Color(0.5, 0.5, 0.5), "orange": Color(1, 0.5, 0),
        "purple": Color(0.6, 0, 0.6), "magenta": Color(0.85, 0, 0.85), "cyan": Color(0, 0.6, 0.75), "brown": Color(0.6, 0.35, 0.1),
        "teal": Color(0, 0.5, 0.5), "violet": Color(0.5, 0, 0.75), "olive": Color(0.5, 0.5, 0), "darkgray": Color(0.25, 0.25, 0.25),
        "lightgray": Color(0.75, 0.75, 0.75), "pink": Color(1, 0.55, 0.65), "yellow": Color(0.85, 0.75, 0),
    ]
}

private extension String {
    /// The name without one of the suffixes (`bigl` → `big`), or itself.
    func trimmingSuffix(_ suffixes: [String]) -> String {
        for s in suffixes where hasSuffix(s) && count > s.count {
            let stem = String(dropLast(s.count))
            if TeXParser.bigSizes[stem] != nil { return stem }
        }
        return self
    }
}
