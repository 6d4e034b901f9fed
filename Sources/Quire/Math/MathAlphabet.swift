/// The math alphabets (`\mathbf`, `\mathbb`, …) as Unicode's Mathematical Alphanumeric Symbols,
/// which an OpenType MATH font draws: letters are not restyled, they are other characters.
package enum MathAlphabet: Sendable, Equatable {
    /// TeX's default: Latin and lowercase Greek letters italic, capital Greek and digits upright.
    case normal
    case roman, italic, bold, boldItalic, sansSerif, sansSerifBold, monospace, doubleStruck, script, fraktur
    /// `\mathcal`: the script alphabet.
    package static let calligraphic = MathAlphabet.script

    /// The alphabet a command selects (`mathbf`, `boldsymbol`, …); nil for other names.
    package static func named(_ name: String) -> MathAlphabet? {
        switch name {
        case "mathrm", "mathup", "rm", "textup": return .roman
        case "mathit", "mathnormal": return .italic
        case "mathbf", "bf", "mathbfup": return .bold
        case "boldsymbol", "bm", "mathbfit": return .boldItalic
        case "mathsf", "sf", "mathsfup": return .sansSerif
        case "mathbfsf", "mathsfbf": return .sansSerifBold
        case "mathtt", "tt": return .monospace
        case "mathbb", "Bbb", "mathbbm": return .doubleStruck
        case "mathcal", "mathscr", "cal", "scr": return .script
        case "mathfrak", "frak": return .fraktur
        default: return nil
        }
    }

    /// `c` in this alphabet (itself where the alphabet has no such letter). O(1).
    package func map(_ c: Unicode.Scalar) -> Unicode.Scalar {
        let v = c.value
        switch v {
        case 0x41...0x5A: return latin(v - 0x41, capital: true) ?? c
        case 0x61...0x7A: return latin(v - 0x61, capital: false) ?? c
        case 0x30...0x39: return digit(v - 0x30) ?? c
        case 0x391...0x3A9, 0x3B1...0x3C9, 0x3F5, 0x3D1, 0x3F0, 0x3D5, 0x3F1, 0x3D6, 0x2207, 0x2202: return greek(v) ?? c
        default: return c
        }
    }

    private func latin(_ i: UInt32, capital: Bool) -> Unicode.Scalar? {
        let base: UInt32
        switch self {
        case .roman: return nil
        case .normal, .italic:
            if !capital && i == 7 { return Unicode.Scalar(0x210E) }  // ℎ, Planck's constant
            base = 0x1D434
        case .bold: base = 0x1D400
        case .boldItalic: base = 0x1D468
        case .sansSerif: base = 0x1D5A0
        case .sansSerifBold: base = 0x1D5D4
        case .monospace: base = 0x1D670
        case .doubleStruck:
            if capital, let hole = [2: 0x2102, 7: 0x210D, 13: 0x2115, 15: 0x2119, 16: 0x211A, 17: 0x211D, 25: 0x2124][Int(i)] { return Unicode.Scalar(UInt32(hole)) }
            base = 0x1D538
        case .script:
            let holes: [Int: UInt32] = capital ? [1: 0x212C, 4: 0x2130, 5: 0x2131, 7: 0x210B, 8: 0x2110, 11: 0x2112, 12: 0x2133, 17: 0x211B]
                : [4: 0x212F, 6: 0x210A, 14: 0x2134]
            if let hole = holes[Int(i)] { return Unicode.Scalar(hole) }
            base = 0x1D49C
        case .fraktur:
            if capital, let hole = [2: 0x212D, 7: 0x210C, 8: 0x2111, 17: 0x211C, 25: 0x2128][Int(i)] { return Unicode.Scalar(UInt32(hole)) }
            base = 0x1D504
        }
        return Unicode.Scalar(base + (capital ? 0 : 26) + i)
    }

    private func digit(_ i: UInt32) -> Unicode.Scalar? {
        switch self {
        case .bold: return Unicode.Scalar(0x1D7CE + i)
        case .doubleStruck: return Unicode.Scalar(0x1D7D8 + i)
        case .sansSerif: return Unicode.Scalar(0x1D7E2 + i)
        case .sansSerifBold: return Unicode.Scalar(0x1D7EC + i)
        case .monospace: return Unicode.Scalar(0x1D7F6 + i)
        default: return nil
        }
    }

    /// Greek in italic, bold or bold italic; upright capitals in TeX's default style.
    private func greek(_ v: UInt32) -> Unicode.Scalar? {
        let base: UInt32
        switch self {
        case .normal:
            if (0x391...0x3A9).contains(v) || v == 0x2207 { return nil }
            base = 0x1D6E2
        case .italic: base = 0x1D6E2
        case .bold: base = 0x1D6A8
        case .boldItalic: base = 0x1D71C
        default: return nil
        }
        let offset: UInt32
        switch v {
        case 0x391...0x3A9: offset = v - 0x391
        case 0x2207: offset = 0x19
        case 0x3B1...0x3C9: offset = 0x1A + v - 0x3B1
        case 0x2202: offset = 0x33
        case 0x3F5: offset = 0x34
        case 0x3D1: offset = 0x35
        case 0x3F0: offset = 0x36
        case 0x3D5: offset = 0x37
        case 0x3F1: offset = 0x38
        case 0x3D6: offset = 0x39
        default: return nil
        }
        return Unicode.Scalar(base + offset)
    }
}

extension MathAlphabet {
    /// The plain letter or digit a math alphanumeric symbol is a form of (𝑥 → x, ℝ → R),
    /// for fonts without the styled one; empty for other characters.
    package static func plainForms(of scalar: Unicode.Scalar) -> [UInt32] {
        let decomposed = String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars
        guard decomposed.count == 1, let plain = decomposed.first, plain != scalar else { return [] }
        return [plain.value]
    }
}
