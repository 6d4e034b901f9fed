import QuireModel

/// The math list: a formula as TeX's parser leaves it (The TeXbook, chapter 17), values only.
///
/// `TeXParser` builds it from source; `MathLayout` turns it into boxes by the rules of
/// appendix G. A list holds atoms (a nucleus with optional scripts and a class that decides
/// the spacing around it), explicit spaces, and style and colour changes that last to the end
/// of the enclosing group.
package typealias MathList = [MathNode]

/// The eight classes of TeX's atoms, which choose the space between neighbours.
package enum AtomClass: Int, Sendable, Equatable {
    case ord, op, bin, rel, open, close, punct, inner
}

/// TeX's four styles; each also exists cramped (exponents set lower, as under a bar).
package enum MathStyle: Int, Sendable, Comparable {
    case display, text, script, scriptScript
    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

package indirect enum MathNode: Sendable, Equatable {
    case atom(Atom)
    /// Horizontal space in mu (18 mu = 1 em of the current size); negative for `\!`.
    case space(Double)
    /// `\displaystyle` … `\scriptscriptstyle`: the rest of the group in that style.
    case style(MathStyle)
    /// `\color{…}`: the rest of the group in that colour.
    case color(Color)
}

package struct Atom: Sendable, Equatable {
    package var kind: AtomClass
    package var nucleus: Nucleus
    package var superscript: MathList?
    package var `subscript`: MathList?
    /// `\limits` (true), `\nolimits` (false), or the default: above and below in display
    /// style for big operators other than integrals.
    package var limits: Bool?

    package init(_ kind: AtomClass, _ nucleus: Nucleus, limits: Bool? = nil) {
        self.kind = kind
        self.nucleus = nucleus
        self.limits = limits
    }
}

/// What an atom's nucleus is.
package indirect enum Nucleus: Sendable, Equatable {
    /// One character of the math font (already mapped to its alphabet: italic, bold, …);
    /// `large` for a big operator (`\sum`), set from its display variant in display style.
    case symbol(String, large: Bool = false)
    /// A braced group, laid out as a box of its own.
    case group(MathList)
    /// Upright text in the font (`\text`, operator names), shaped with its kerning.
    case text(String)
    /// `\frac` and friends: `rule` false for `\binom`'s stacked form; delimiters around it;
    /// a forced style for `\dfrac`/`\tfrac`.
    case fraction(numerator: MathList, denominator: MathList, rule: Bool, left: String?, right: String?, style: MathStyle?)
    case radical(degree: MathList?, body: MathList)
    /// `\left … \middle … \right`: the body between delimiters (each may be empty: `.`).
    case delimited(left: String, segments: [MathList], middles: [String], right: String)
    /// `\big(` … `\Bigg)`: a delimiter at a fixed size, 1…4.
    case sizedDelimiter(String, size: Int)
    /// `\hat`, `\widehat`, `\vec`, …: `wide` stretches the accent over its base.
    case accent(String, body: MathList, wide: Bool)
    /// `\overline` and `\underline`.
    case bar(body: MathList, over: Bool)
    /// `\overbrace`, `\underbrace` (and brackets, arrows): a stretched glyph over or under.
    case brace(String, body: MathList, over: Bool)
    /// `\xrightarrow`'s arrow: the glyph stretched to the widest of the lists (not drawn).
    case stretched(String, toWidthOf: [MathList])
    /// An array: `matrix` and friends, `cases`, `aligned`, `array`.
    case array(MathArray)
    /// `\not`: a slash over the symbol (when no negated character exists).
    case negated(MathList)
    /// `\phantom` and friends: space of the body's size, nothing drawn.
    case phantom(MathList, horizontal: Bool, vertical: Bool)
    /// `\boxed`: a frame around the body.
    case boxed(MathList)
    /// A formula that failed to parse, shown as its source (in error colour).
    case source(String)
}

/// Rows of cells with column alignments (an environment's body).
package struct MathArray: Sendable, Equatable {
    package enum Alignment: Sendable, Equatable { case left, center, right }
    package var rows: [[MathList]]
    package var alignments: [Alignment]
    /// Space between columns in em; for `aligned`, `pairGap` between column pairs (after each
    /// left-aligned column) and nothing inside a pair.
    package var columnGap: Double
    package var pairs: Bool = false
    /// The style cells are set in (text for matrices, display for aligned); nil: the style
    /// the array itself is in (`\substack`).
    package var style: MathStyle? = .text
    /// Extra space between rows in em (`\jot` in aligned environments).
    package var rowGap: Double = 0
    /// Vertical rules before columns (`array`'s `|`), by column index (count = index).
    package var rules: [Int] = []
}
