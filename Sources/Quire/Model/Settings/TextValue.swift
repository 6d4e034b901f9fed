/// A text that may come in several wordings by width ("width variants").
///
/// Written in a template or front matter as a plain string, or as a map from width to
/// string: `{"1": "…", "8": "More", "20": "Continue reading"}`. Widths are in em of the body
/// font, measured across the space the text is set in.
public enum TextValue: Sendable, Equatable, CustomStringConvertible, Encodable {
    /// One wording whatever the width.
    case plain(String)
    /// Wordings sorted by width, narrowest first; never empty.
    case variants([(width: Double, text: String)])

    /// Makes a value from variants (sorted by width); a single unkeyed string when `variants` is empty.
    public init(variants: [(width: Double, text: String)]) {
        self = variants.isEmpty ? .plain("") : .variants(variants.sorted { $0.width < $1.width })
    }

    /// The wording for `width` em: no variants → the string; a variant for exactly that width
    /// → it; no variant narrower than the width → the narrowest; otherwise the widest variant
    /// narrower than the width. O(variants).
    public func select(width: Double) -> String {
        switch self {
        case .plain(let s): return s
        case .variants(let all):
            if let exact = all.first(where: { $0.width == width }) { return exact.text }
            return all.last(where: { $0.width < width })?.text ?? all[0].text
        }
    }

    /// The widest wording (a cover, metadata).
    public var widest: String {
        switch self {
        case .plain(let s): return s
        case .variants(let all): return all[all.count - 1].text
        }
    }

    /// The string, or the variants as a template writes them (`{"8": "More", ...}`).
    public var description: String {
        switch self {
        case .plain(let s): return s
        case .variants(let all): return "{" + all.map { "\"\(Self.format($0.width))\": \"\($0.text)\"" }.joined(separator: ", ") + "}"
        }
    }

    /// A plain text as a string; variants as [width, text] pairs, narrowest first.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .plain(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .variants(let all):
            var container = encoder.unkeyedContainer()
            for variant in all {
                var pair = container.nestedUnkeyedContainer()
                try pair.encode(variant.width)
                try pair.encode(variant.text)
            }
        }
    }

    package static func format(_ w: Double) -> String { w == w.rounded() ? String(Int(w)) : String(w) }

    /// Equal when both are the same string, or the same variants in the same order.
    public static func == (a: TextValue, b: TextValue) -> Bool {
        switch (a, b) {
        case (.plain(let x), .plain(let y)): return x == y
        case (.variants(let x), .variants(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.width == $1.width && $0.text == $1.text }
        default: return false
        }
    }
}
