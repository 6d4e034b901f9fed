/// The template keys of content wider than the measure: the page's safe area, where wide
/// content grows, and how wide and how small code blocks and tables may get (`TemplateKey.all`
/// lists them among the page's, the code's and the table's keys).
extension TemplateKey {
    package static let safeMargin = fieldKey(
        "page.safe-margin", type: "length", allowed: "a length in pt, mm, cm or in, from 0 to 100 pt",
        meaning: "How near the paper's edges a code block or a table wider than the text column may come (the page's safe area).",
        example: "\"8mm\"", \.safeMargin, read: { v in length(v).flatMap { (0...100).contains($0) ? $0 : nil } },
        write: TemplateValues.length)

    package static let wideAlignment = choiceKey(
        "wide.align", "Where a code block or a table wider than the text column grows: as much on each side, or toward the outer (right) edge first.",
        "\"outer\"", \.wideAlignment)

    package static let codeMaxWidth = widthLimitKey(
        "code.max-width", "How wide a code block may grow when its longest line is wider than the text column (then its size steps down to code.min-size, then lines wrap).",
        \.codeMaxWidth)

    package static let codeMinimumSize = sizeKey(
        "code.min-size", "The smallest size a wide code block steps down to before its lines wrap.", "7.5", \.codeMinimumSize)

    package static let tableMaxWidth = widthLimitKey(
        "table.max-width", "How wide a table may grow when its columns cannot fit the text column without breaking a word (then its type shrinks to table.min-size).",
        \.tableMaxWidth)

    package static let tableMinimumSize = sizeKey(
        "table.min-size",
        "The smallest size a wide table's type shrinks to; below it a table turns its page (table.rotate), and goes smaller still only with a warning.",
        "6.5", \.tableMinimumSize)

    package static let tableRotation = choiceKey(
        "table.rotate",
        "auto: a table too wide for the page at table.min-size is set on a landscape page of its own; never: it is set smaller, with a warning.",
        "\"never\"", \.tableRotation)

    /// One of `Choice`'s cases, by name (any case): the choices are declared once, by the
    /// enum, and the allowed text, the check and `choices` are made from it.
    package static func choiceKey<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ meaning: String, _ example: String, _ field: StyleField<Choice>
    ) -> TemplateKey where Choice.RawValue == String {
        var key = fieldKey(name, type: "string", allowed: Choice.allCases.map(\.rawValue).joined(separator: ", "),
                           meaning: meaning, example: example, field, read: { v in
            guard case .string(let s) = v else { return nil }
            return Choice(rawValue: s.lowercased())
        }, write: { .string($0.rawValue) })
        key.choices = Choice.allCases.map(\.rawValue)
        return key
    }

    /// A type size in points, from 4 to 72.
    private static func sizeKey(_ name: String, _ meaning: String, _ example: String, _ field: StyleField<Double>) -> TemplateKey {
        fieldKey(name, type: "number", allowed: "a size in points from 4 to 72", meaning: meaning, example: example, field,
                 read: { v in if case .number(let n) = v, (4...72).contains(n) { n } else { nil } }, write: TemplateValues.number)
    }

    /// A width limit: "auto" (the page's safe area), "measure" (the text column) or a length.
    private static func widthLimitKey(_ name: String, _ meaning: String, _ field: StyleField<WidthLimit>) -> TemplateKey {
        fieldKey(name, type: "string or length",
                 allowed: "auto (up to the page's safe area, page.safe-margin), measure (never wider than the text column), or a length in pt, mm, cm or in",
                 meaning: meaning, example: "\"160mm\"", field, read: { v in
            if case .string(let s) = v {
                switch s.trimmingWhitespace().lowercased() {
                case "auto": return .page
                case "measure": return .measure
                default: break
                }
            }
            guard let points = length(v), points > 0, points <= 14400 else { return nil }
            return .points(points)
        }, write: TemplateValues.widthLimit)
    }

    /// A length as a number of points or a string with a unit ("12mm").
    private static func length(_ v: JSONValue) -> Double? {
        switch v {
        case .number(let n): return n.isFinite && n >= 0 ? n : nil
        case .string(let s): return Lengths.length(Substring(s))
        default: return nil
        }
    }
}
