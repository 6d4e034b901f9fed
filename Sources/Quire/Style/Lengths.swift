import Foundation
import QuireModel

/// Lengths and page sizes as templates write them.
package enum Lengths {
    /// Points in one unit.
    package static let units: [String: Double] = ["pt": 1, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72]

    /// "12", "12pt", "20mm", "1.5cm", "1in" → points; nil otherwise.
    package static func length(_ text: Substring, defaultUnit: String = "pt") -> Double? {
        let t = text.trimmingWhitespace().lowercased()
        let unit = units.keys.first { t.hasSuffix($0) }
        let number = unit.map { String(t.dropLast($0.count)) } ?? t
        guard let n = Double(number.trimmingWhitespace()), n.isFinite, n >= 0 else { return nil }
        return n * units[unit ?? defaultUnit]!
    }

    /// A page size: a name (a3, a4, a5, a6, b5, letter, legal, tabloid; any case), or
    /// "W x H" with a unit after each number or once at the end (pt, mm, cm, in; required:
    /// "210x297" read as points was a page of 74 x 105 mm): "210x297mm", "210 x 297 mm",
    /// "8.5x11in", "595x842pt", "21cm x 29.7cm". Either may end with "landscape" or "portrait"
    /// ("a4 landscape"). Each side from 1 to 200 inches; nil otherwise.
    package static func pageSize(_ text: String) -> PageSize? {
        guard case .size(let size)? = readPageSize(text) else { return nil }
        return size
    }

    /// What is wrong with a "W x H" size that reads well but has a side out of range or no
    /// unit, naming the rule; nil for any other text (a valid size, or one that does not read
    /// as a size).
    package static func pageSizeProblem(_ text: String) -> String? {
        if case .noUnit? = readPageSize(text) {
            return "page size '\(text)' has no unit; write it with mm, cm, in or pt (\"210x297mm\")"
        }
        guard case .outOfRange(let size)? = readPageSize(text) else { return nil }
        func points(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(format: "%.1f", x) }
        return "page size '\(text)' is \(points(size.width)) x \(points(size.height)) pt; each side must be from "
            + "\(points(pageSides.lowerBound)) pt (1 in, 25.4 mm) to \(points(pageSides.upperBound)) pt (200 in)"
    }

    /// The length a page's side may have, in points: from an inch to 200 inches.
    package static let pageSides = 72.0...14400.0

    /// A page size as read: a valid one, or one whose sides are out of range.
    private enum PageSizeReading { case size(PageSize), outOfRange(PageSize), noUnit }

    /// `text` read as `pageSize` describes; nil when it does not read as a size.
    private static func readPageSize(_ text: String) -> PageSizeReading? {
        var t = String(text.lowercased().map { $0 == "×" ? "x" : $0 }).trimmingWhitespace()
        var orientation: PageOrientation?
        for turn in PageOrientation.allCases where t.hasSuffix(turn.rawValue) {
            orientation = turn
            t = String(t.dropLast(turn.rawValue.count)).trimmingWhitespace()
        }
        var size: PageSize
        if let named = PageSize.named(t) {
            size = named
        } else {
            let parts = t.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let first = measure(parts[0]), let second = measure(parts[1]) else { return nil }
            guard first.unit != nil || second.unit != nil else { return .noUnit }
            let firstUnit = first.unit ?? second.unit ?? "pt", secondUnit = second.unit ?? first.unit ?? "pt"
            size = PageSize(width: first.number * units[firstUnit]!, height: second.number * units[secondUnit]!)
            guard pageSides.contains(size.width), pageSides.contains(size.height) else { return .outOfRange(size) }
        }
        return .size(orientation.map { size.turned($0) } ?? size)
    }

    /// "210", "210mm", " 29.7 cm ": the number and its unit, if written.
    private static func measure(_ text: Substring) -> (number: Double, unit: String?)? {
        let t = text.trimmingWhitespace()
        let unit = units.keys.first { t.hasSuffix($0) }
        let digits = unit.map { String(t.dropLast($0.count)).trimmingWhitespace() } ?? t
        guard let n = Double(digits), n.isFinite, n > 0 else { return nil }
        return (n, unit)
    }

    /// One, two (vertical horizontal) or four (top right bottom left) lengths, each ≤ 300 pt.
    package static func margins(_ v: JSONValue) -> Insets? {
        var values: [Double]
        switch v {
        case .number(let n): values = [n]
        case .string(let s): values = s.split(separator: " ").compactMap { length($0) }
            guard values.count == s.split(separator: " ").count else { return nil }
        default: return nil
        }
        guard values.allSatisfy({ (0...300).contains($0) }) else { return nil }
        switch values.count {
        case 1: return Insets(top: values[0], right: values[0], bottom: values[0], left: values[0])
        case 2: return Insets(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 4: return Insets(top: values[0], right: values[1], bottom: values[2], left: values[3])
        default: return nil
        }
    }
}
