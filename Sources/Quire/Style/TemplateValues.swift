import QuireModel

/// A style's values written as a template writes them: the inverse of the key table's readers.
///
/// Each key's `value` is made from these, so `templates --keys` lists every key's default as
/// `Style()` holds it (the one place a default is declared), and what a key lists, applied
/// again, gives the same style back (`SettingKeyTableTests`). O(1) each (O(n) for lists).
package enum TemplateValues {
    /// A number: whole numbers without a fraction, as JSON and the listing write them.
    package static func number(_ n: Double) -> JSONValue { .number(n) }

    /// A text: a string, or the width variants as a map from width in em to string.
    package static func text(_ value: TextValue) -> JSONValue {
        switch value {
        case .plain(let s): return .string(s)
        case .variants(let all): return .object(all.map { (key: TextValue.format($0.width), value: .string($0.text)) })
        }
    }

    /// A colour as "#rrggbb" when it is one exactly, else as "rgb(R%, G%, B%)".
    package static func color(_ color: Color) -> JSONValue {
        let bytes = [color.red, color.green, color.blue].map { $0 * 255 }
        if bytes.allSatisfy({ abs($0 - $0.rounded()) < 1e-9 && (0...255).contains($0.rounded()) }) {
            let hex = "#" + bytes.map { hexByte(Int($0.rounded())) }.joined()
            if Color(hex: hex) == color { return .string(hex) }
        }
        let rounded = [color.red, color.green, color.blue].map { "\(shortest($0 * 100))%" }
        let css = "rgb(" + rounded.joined(separator: ", ") + ")"
        if Color(css: css) == color { return .string(css) }
        return .string("rgb(" + [color.red, color.green, color.blue].map { "\($0 * 100)%" }.joined(separator: ", ") + ")")
    }

    /// A length in points: "Nmm" when it is a whole number of millimetres (as templates are
    /// written), else the number of points.
    package static func length(_ points: Double) -> JSONValue {
        let millimetres = (points / Lengths.units["mm"]!).rounded()
        if millimetres > 0, Lengths.length("\(Int(millimetres))mm") == points { return .string("\(Int(millimetres))mm") }
        return .number(points)
    }

    /// A page size by its name ("a4", "a4 landscape") when it has one, else "W x H pt".
    package static func pageSize(_ size: PageSize) -> JSONValue {
        for (name, named) in PageSize.named {
            if named == size { return .string(name) }
            if named.turned(.landscape) == size { return .string(name + " landscape") }
        }
        return .string("\(size.width) x \(size.height) pt")
    }

    /// Margins as given ("top right bottom left" in points), or "auto" when none are.
    package static func margins(_ given: Insets?) -> JSONValue {
        guard let m = given else { return .string("auto") }
        return .string([m.top, m.right, m.bottom, m.left].map { "\($0)pt" }.joined(separator: " "))
    }

    /// A width limit: "auto" (the safe area), "measure", or a number of points.
    package static func widthLimit(_ limit: WidthLimit) -> JSONValue {
        switch limit {
        case .page: return .string("auto")
        case .measure: return .string("measure")
        case .points(let points): return .number(points)
        }
    }

    /// Names as an array of strings.
    package static func names(_ names: [String]) -> JSONValue { .array(names.map { .string($0) }) }

    /// `n` with at most six decimals, and none when whole ("93", "12.5").
    private static func shortest(_ n: Double) -> String {
        let r = (n * 1e6).rounded() / 1e6
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    private static func hexByte(_ byte: Int) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
