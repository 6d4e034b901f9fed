/// The symbol commands of LaTeX, amssymb and unicode-math that real documents use, each with
/// the character the font draws and the class it spaces as.
///
/// Names follow unicode-math (`unimath-symbols.pdf`); letters are mapped to the math
/// alphabets by `MathAlphabet`, not here.
package enum TeXSymbols {
    /// The character and class of a symbol command (without its backslash); nil when unknown.
    package static func lookup(_ name: String) -> (text: String, kind: AtomClass, large: Bool)? {
        if let c = ordinary[name] { return (c, .ord, false) }
        if let c = greek[name] { return (c, .ord, false) }
        if let c = binary[name] { return (c, .bin, false) }
        if let c = relations[name] { return (c, .rel, false) }
        if let c = largeOperators[name] { return (c, .op, true) }
        if let c = opening[name] { return (c, .open, false) }
        if let c = closing[name] { return (c, .close, false) }
        if let c = punctuation[name] { return (c, .punct, false) }
        return nil
    }

    /// Big operators whose limits stay at the side in display style (integrals).
    package static let sideLimits: Set<String> = ["\u{222B}", "\u{222C}", "\u{222D}", "\u{222E}", "\u{222F}", "\u{2230}", "\u{2A0C}", "\u{2232}", "\u{2233}"]

    package static let greek: [String: String] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "varkappa": "ϰ", "lambda": "λ", "mu": "μ",
        "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ",
        "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
        "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ",
        "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "digamma": "ϝ", "Digamma": "Ϝ",
        "varGamma": "𝛤", "varDelta": "𝛥", "varTheta": "𝛩", "varLambda": "𝛬", "varXi": "𝛯", "varPi": "𝛱",
        "varSigma": "𝛴", "varUpsilon": "𝛶", "varPhi": "𝛷", "varPsi": "𝛹", "varOmega": "𝛺",
    ]

    package static let ordinary: [String: String] = [
        "infty": "∞", "partial": "∂", "nabla": "∇", "hbar": "ℏ", "hslash": "ℏ", "ell": "ℓ", "wp": "℘", "Re": "ℜ",
        "Im": "ℑ", "aleph": "ℵ", "beth": "ℶ", "gimel": "ℷ", "forall": "∀", "exists": "∃", "nexists": "∄",
        "emptyset": "∅", "varnothing": "∅", "neg": "¬", "lnot": "¬", "top": "⊤", "bot": "⊥", "angle": "∠",
        "measuredangle": "∡", "sphericalangle": "∢", "triangle": "△", "square": "□", "Box": "□", "blacksquare": "■",
        "lozenge": "◊", "blacklozenge": "⧫", "clubsuit": "♣", "diamondsuit": "♢", "heartsuit": "♡", "spadesuit": "♠",
        "flat": "♭", "natural": "♮", "sharp": "♯", "prime": "′", "backprime": "‵", "surd": "√", "degree": "°",
        "dagger": "†", "ddagger": "‡", "S": "§", "P": "¶", "dots": "…", "ldots": "…", "cdots": "⋯", "vdots": "⋮",
        "ddots": "⋱", "adots": "⋰", "dotsc": "…", "dotsb": "⋯", "dotsm": "⋯", "dotsi": "⋯", "dotso": "…",
        "imath": "ı", "jmath": "ȷ", "complement": "∁", "eth": "ð", "mho": "℧", "Finv": "Ⅎ", "Game": "⅁",
        "checkmark": "✓", "maltese": "✠", "vert": "|", "Vert": "‖", "|": "‖", "backslash": "∖", "%": "%", "$": "$",
        "#": "#", "&": "&", "_": "_", "colon": ":",
        "bigstar": "★", "star": "⋆", "blacktriangle": "▴", "blacktriangledown": "▾", "triangledown": "▿",
        "diagup": "╱", "diagdown": "╲", "circledS": "Ⓢ", "copyright": "©", "pounds": "£", "yen": "¥", "euro": "€",
        "infin": "∞", "Bbbk": "𝕜", "varkappa": "ϰ", "textbackslash": "\\",
    ]

    package static let binary: [String: String] = [
        "pm": "±", "mp": "∓", "times": "×", "div": "÷", "cdot": "⋅", "ast": "∗", "star": "⋆", "circ": "∘",
        "bullet": "∙", "cap": "∩", "cup": "∪", "uplus": "⊎", "sqcap": "⊓", "sqcup": "⊔", "vee": "∨", "lor": "∨",
        "wedge": "∧", "land": "∧", "setminus": "∖", "smallsetminus": "∖", "wr": "≀", "diamond": "⋄",
        "bigtriangleup": "△", "bigtriangledown": "▽", "triangleleft": "◁", "triangleright": "▷", "lhd": "⊲",
        "rhd": "⊳", "unlhd": "⊴", "unrhd": "⊵", "oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "oslash": "⊘",
        "odot": "⊙", "bigcirc": "◯", "amalg": "⨿", "dotplus": "∔", "ltimes": "⋉", "rtimes": "⋊", "boxplus": "⊞",
        "boxminus": "⊟", "boxtimes": "⊠", "boxdot": "⊡", "circledast": "⊛", "circledcirc": "⊚", "circleddash": "⊝",
        "curlyvee": "⋎", "curlywedge": "⋏", "intercal": "⊺", "barwedge": "⌅", "veebar": "⊻", "centerdot": "⋅",
        "divideontimes": "⋇", "leftthreetimes": "⋋", "rightthreetimes": "⋌", "Cap": "⋒", "Cup": "⋓",
        "doublebarwedge": "⩞", "gtrdot": "⋗", "lessdot": "⋖", "cdotp": "⋅",
    ]

    package static let relations: [String: String] = [
        "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "equiv": "≡", "approx": "≈",
        "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫", "lll": "⋘", "ggg": "⋙",
        "in": "∈", "ni": "∋", "owns": "∋", "notin": "∉", "subset": "⊂", "supset": "⊃", "subseteq": "⊆",
        "supseteq": "⊇", "subsetneq": "⊊", "supsetneq": "⊋", "nsubseteq": "⊈", "nsupseteq": "⊉", "sqsubset": "⊏",
        "sqsupset": "⊐", "sqsubseteq": "⊑", "sqsupseteq": "⊒", "prec": "≺", "succ": "≻", "preceq": "⪯",
        "succeq": "⪰", "preccurlyeq": "≼", "succcurlyeq": "≽", "perp": "⟂", "parallel": "∥", "nparallel": "∦",
        "mid": "∣", "nmid": "∤", "vdash": "⊢", "dashv": "⊣", "models": "⊨", "vDash": "⊨", "Vdash": "⊩",
        "nvdash": "⊬", "nvDash": "⊭", "smile": "⌣", "frown": "⌢", "asymp": "≍", "doteq": "≐", "doteqdot": "≑",
        "bowtie": "⋈", "Join": "⨝", "lessgtr": "≶", "gtrless": "≷", "lesssim": "≲", "gtrsim": "≳", "lessapprox": "⪅",
        "gtrapprox": "⪆", "leqslant": "⩽", "geqslant": "⩾", "leqq": "≦", "geqq": "≧", "lneq": "⪇", "gneq": "⪈",
        "lneqq": "≨", "gneqq": "≩", "nless": "≮", "ngtr": "≯", "nleq": "≰", "ngeq": "≱", "nsim": "≁", "ncong": "≇",
        "approxeq": "≊", "thicksim": "∼", "thickapprox": "≈", "backsim": "∽", "backsimeq": "⋍", "triangleq": "≜",
        "eqcirc": "≖", "circeq": "≗", "bumpeq": "≏", "Bumpeq": "≎", "coloneqq": "≔", "coloneq": "≔", "eqqcolon": "≕",
        "eqcolon": "≕", "Coloneqq": "⩴", "risingdotseq": "≓", "fallingdotseq": "≒", "therefore": "∴", "because": "∵",
        "vartriangleleft": "⊲", "vartriangleright": "⊳", "trianglelefteq": "⊴", "trianglerighteq": "⊵",
        "between": "≬", "pitchfork": "⋔", "shortmid": "∣", "shortparallel": "∥", "multimap": "⊸", "Subset": "⋐",
        "Supset": "⋑", "sqsubsetneq": "⋤", "precsim": "≾", "succsim": "≿", "npreceq": "⋠", "nsucceq": "⋡",
        "nprec": "⊀", "nsucc": "⊁", "nequiv": "≢", "propsto": "∝", "varpropto": "∝",
        // Arrows.
        "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔", "Rightarrow": "⇒",
        "Leftarrow": "⇐", "Leftrightarrow": "⇔", "implies": "⟹", "impliedby": "⟸", "iff": "⟺",
        "longrightarrow": "⟶", "longleftarrow": "⟵", "longleftrightarrow": "⟷", "Longrightarrow": "⟹",
        "Longleftarrow": "⟸", "Longleftrightarrow": "⟺", "mapsto": "↦", "longmapsto": "⟼", "uparrow": "↑",
        "downarrow": "↓", "updownarrow": "↕", "Uparrow": "⇑", "Downarrow": "⇓", "Updownarrow": "⇕",
        "nearrow": "↗", "searrow": "↘", "swarrow": "↙", "nwarrow": "↖", "hookrightarrow": "↪", "hookleftarrow": "↩",
        "rightharpoonup": "⇀", "rightharpoondown": "⇁", "leftharpoonup": "↼", "leftharpoondown": "↽",
        "rightleftharpoons": "⇌", "leftrightharpoons": "⇋", "rightrightarrows": "⇉", "leftleftarrows": "⇇",
        "rightleftarrows": "⇄", "leftrightarrows": "⇆", "twoheadrightarrow": "↠", "twoheadleftarrow": "↞",
        "rightarrowtail": "↣", "leftarrowtail": "↢", "looparrowright": "↬", "looparrowleft": "↫",
        "curvearrowright": "↷", "curvearrowleft": "↶", "circlearrowright": "↻", "circlearrowleft": "↺",
        "Rrightarrow": "⇛", "Lleftarrow": "⇚", "upharpoonright": "↾", "upharpoonleft": "↿",
        "downharpoonright": "⇂", "downharpoonleft": "⇃", "nrightarrow": "↛", "nleftarrow": "↚",
        "nRightarrow": "⇏", "nLeftarrow": "⇍", "nleftrightarrow": "↮", "nLeftrightarrow": "⇎",
        "leadsto": "⇝", "rightsquigarrow": "⇝", "leftrightsquigarrow": "↭", "dashrightarrow": "⇢",
        "dashleftarrow": "⇠", "restriction": "↾", "Lsh": "↰", "Rsh": "↱", "multimapinv": "⟜",
    ]

    package static let largeOperators: [String: String] = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮", "oiint": "∯",
        "oiiint": "∰", "bigcup": "⋃", "bigcap": "⋂", "bigsqcup": "⨆", "bigvee": "⋁", "bigwedge": "⋀",
        "bigoplus": "⨁", "bigotimes": "⨂", "bigodot": "⨀", "biguplus": "⨄", "intop": "∫", "smallint": "∫",
        "iiiint": "⨌", "varointclockwise": "∲", "ointctrclockwise": "∳",
    ]

    package static let opening: [String: String] = [
        "{": "{", "lbrace": "{", "langle": "⟨", "lbrack": "[", "lceil": "⌈", "lfloor": "⌊", "lgroup": "⟮", "lmoustache": "⎰",
        "lvert": "|", "lVert": "‖", "llbracket": "⟦", "ulcorner": "⌜", "llcorner": "⌞",
    ]

    package static let closing: [String: String] = [
        "}": "}", "rbrace": "}", "rangle": "⟩", "rbrack": "]", "rceil": "⌉", "rfloor": "⌋", "rgroup": "⟯", "rmoustache": "⎱",
        "rvert": "|", "rVert": "‖", "rrbracket": "⟧", "urcorner": "⌝", "lrcorner": "⌟",
    ]

    package static let punctuation: [String: String] = ["ldotp": ".", "cdotp": "⋅", "semicolon": ";"]

    /// Operator names set upright (`\sin`), and whether their limits go above and below in
    /// display style (`\lim`, `\max`).
    package static let functions: [String: (text: String, limits: Bool)] = {
        var table: [String: (String, Bool)] = [:]
        for name in ["arccos", "arcsin", "arctan", "arg", "cos", "cosh", "cot", "coth", "csc", "deg", "dim", "exp",
                     "hom", "ker", "lg", "ln", "log", "sec", "sin", "sinh", "tan", "tanh", "sgn", "arcsec", "arccot", "arccsc",
                     "sech", "csch", "Tr", "tr", "rank", "diag", "erf", "Var", "Cov", "softmax", "argmax", "argmin"] {
            table[name] = (name, false)
        }
        for name in ["det", "gcd", "inf", "lim", "liminf", "limsup", "max", "min", "Pr", "sup"] { table[name] = (name, true) }
        table["liminf"] = ("lim inf", true)
        table["limsup"] = ("lim sup", true)
        table["injlim"] = ("inj lim", true)
        table["projlim"] = ("proj lim", true)
        table["argmax"] = ("arg max", true)
        table["argmin"] = ("arg min", true)
        return table
    }()

    /// Accents over a base: the combining character drawn, and whether it stretches.
    package static let accents: [String: (text: String, wide: Bool)] = [
        "hat": ("\u{0302}", false), "check": ("\u{030C}", false), "tilde": ("\u{0303}", false),
        "acute": ("\u{0301}", false), "grave": ("\u{0300}", false), "dot": ("\u{0307}", false),
        "ddot": ("\u{0308}", false), "dddot": ("\u{20DB}", false), "ddddot": ("\u{20DC}", false),
        "breve": ("\u{0306}", false), "bar": ("\u{0304}", false), "vec": ("\u{20D7}", false),
        "mathring": ("\u{030A}", false), "widehat": ("\u{0302}", true), "widetilde": ("\u{0303}", true),
        "widecheck": ("\u{030C}", true), "overrightarrow": ("\u{20D7}", true), "overleftarrow": ("\u{20D6}", true),
        "overleftrightarrow": ("\u{20E1}", true), "wideparen": ("\u{23DC}", true),
    ]

    /// Delimiter names usable after `\left`, `\right`, `\big…`, and the characters they draw.
    package static let delimiters: [String: String] = [
        "(": "(", ")": ")", "[": "[", "]": "]", "\\{": "{", "\\}": "}", "\\lbrace": "{", "\\rbrace": "}", "|": "|",
        "\\|": "‖", "\\vert": "|", "\\Vert": "‖", "\\lvert": "|", "\\rvert": "|", "\\lVert": "‖", "\\rVert": "‖",
        "\\langle": "⟨", "\\rangle": "⟩", "<": "⟨", ">": "⟩", "\\lceil": "⌈", "\\rceil": "⌉", "\\lfloor": "⌊",
        "\\rfloor": "⌋", "/": "/", "\\backslash": "∖", "\\lbrack": "[", "\\rbrack": "]", ".": "",
        "\\uparrow": "↑", "\\downarrow": "↓", "\\updownarrow": "↕", "\\Uparrow": "⇑", "\\Downarrow": "⇓",
        "\\lgroup": "⟮", "\\rgroup": "⟯", "\\lmoustache": "⎰", "\\rmoustache": "⎱", "\\llbracket": "⟦", "\\rrbracket": "⟧",
    ]

    /// The class of a character typed as itself (`≤`, `∑`): that of the command naming it.
    package static func classOfCharacter(_ c: Character) -> AtomClass { typedClasses[String(c)] ?? .ord }

    private static let typedClasses: [String: AtomClass] = {
        var table: [String: AtomClass] = [:]
        for (tableOf, kind) in [(binary, AtomClass.bin), (relations, .rel), (largeOperators, .op), (opening, .open), (closing, .close)] {
            for text in tableOf.values { table[text] = kind }
        }
        return table
    }()

    /// Characters typed as themselves in math and the class each spaces as.
    package static func character(_ c: Character) -> (text: String, kind: AtomClass)? {
        switch c {
        case "+": return ("+", .bin)
        case "-": return ("\u{2212}", .bin)
        case "*": return ("\u{2217}", .bin)
        case "=", "<", ">": return (String(c), .rel)
        case ":": return (":", .rel)
        case ",", ";": return (String(c), .punct)
        case "(", "[": return (String(c), .open)
        case ")", "]": return (String(c), .close)
        case "!", "?": return (String(c), .close)
        case "|", "/", ".", "@", "\"": return (String(c), .ord)
        case "'": return ("′", .ord)
        default: return nil
        }
    }
}
