/// Verdana's advance widths, in pixels, for the printable ASCII characters (U+0020-U+007E):
/// what shields.io's badge-maker measures a badge's text with (the `anafanafo` package's
/// tables, measured from Verdana in a browser; MIT licence, (c) 2018 Metabolize LLC). Quire
/// sizes a static badge's boxes by them, as shields.io does, and fits the text it draws (in
/// whichever sans face is installed) into that width.
package enum VerdanaWidths {
    /// The width of `text` at `size` px (11 or 10; bold at 10), as badge-maker's `anafanafo`
    /// gives it: a character outside the table counts as `other(character)`.
    package static func width(_ text: String, size: Double, bold: Bool, other: (Character) -> Double) -> Double {
        let table = bold ? bold10 : size == 10 ? normal10 : normal11
        var total = 0.0
        for c in text {
            if let ascii = c.asciiValue, (32...126).contains(ascii) {
                total += table[Int(ascii) - 32]
            } else {
                total += other(c)
            }
        }
        return total
    }

    /// 11 px, regular (flat, flat-square, plastic).
    package static let normal11: [Double] = [
        3.87, 4.33, 5.05, 9, 6.99, 11.84, 7.99, 2.95, 5, 5, 6.99, 9, 4, 5, 4, 5,
        6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 6.99, 5, 5, 9, 9, 9, 6,
        11, 7.52, 7.54, 7.68, 8.48, 6.96, 6.32, 8.53, 8.27, 4.63, 5, 7.62, 6.12, 9.27, 8.23, 8.66,
        6.63, 8.66, 7.65, 7.52, 6.78, 8.05, 7.52, 10.88, 7.54, 6.77, 7.54, 5, 5, 5, 9, 6.99,
        6.99, 6.61, 6.85, 5.73, 6.85, 6.55, 3.87, 6.85, 6.96, 3.02, 3.79, 6.51, 3.02, 10.7, 6.96, 6.68,
        6.85, 6.85, 4.69, 5.73, 4.33, 6.96, 6.51, 9, 6.51, 6.51, 5.78, 6.98, 5, 6.98, 9,
    ]
    /// 10 px, regular (for-the-badge's label).
    package static let normal10: [Double] = [
        3.52, 3.94, 4.59, 8.18, 6.36, 10.76, 7.27, 2.69, 4.54, 4.54, 6.36, 8.18, 3.64, 4.54, 3.64, 4.54,
        6.36, 6.36, 6.36, 6.36, 6.36, 6.36, 6.36, 6.36, 6.36, 6.36, 4.54, 4.54, 8.18, 8.18, 8.18, 5.45,
        10, 6.84, 6.86, 6.98, 7.71, 6.32, 5.75, 7.75, 7.51, 4.21, 4.55, 6.93, 5.57, 8.43, 7.48, 7.87,
        6.03, 7.87, 6.95, 6.84, 6.16, 7.32, 6.84, 9.89, 6.85, 6.15, 6.85, 4.54, 4.54, 4.54, 8.18, 6.36,
        6.36, 6.01, 6.23, 5.21, 6.23, 5.96, 3.52, 6.23, 6.33, 2.74, 3.44, 5.92, 2.74, 9.73, 6.33, 6.07,
        6.23, 6.23, 4.27, 5.21, 3.94, 6.33, 5.92, 8.18, 5.92, 5.92, 5.25, 6.35, 4.54, 6.35, 8.18,
    ]
    /// 10 px, bold (for-the-badge's message).
    package static let bold10: [Double] = [
        3.42, 4.02, 5.87, 8.67, 7.11, 12.72, 8.62, 3.32, 5.43, 5.43, 7.11, 8.67, 3.61, 4.8, 3.61, 6.89,
        7.11, 7.11, 7.11, 7.11, 7.11, 7.11, 7.11, 7.11, 7.11, 7.11, 4.02, 4.02, 8.67, 8.67, 8.67, 6.17,
        9.64, 7.76, 7.62, 7.24, 8.3, 6.83, 6.5, 8.11, 8.37, 5.46, 5.55, 7.71, 6.37, 9.48, 8.47, 8.5,
        7.33, 8.5, 7.82, 7.1, 6.82, 8.12, 7.64, 11.28, 7.64, 7.37, 6.92, 5.43, 6.89, 5.43, 8.67, 7.11,
        7.11, 6.68, 6.99, 5.88, 6.99, 6.64, 4.22, 6.99, 7.12, 3.42, 4.03, 6.71, 3.42, 10.58, 7.12, 6.87,
        6.99, 6.99, 4.97, 5.93, 4.56, 7.12, 6.5, 9.79, 6.69, 6.51, 5.97, 7.11, 5.43, 7.11, 8.67,
    ]
}
