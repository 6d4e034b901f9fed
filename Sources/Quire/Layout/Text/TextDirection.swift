/// Paragraph direction by the Unicode bidi rule P2: the first strong character decides.
enum TextDirection {
    /// True when the first strong character of `text` is right-to-left (Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko, ... or RLM); false for a left-to-right letter (or LRM) or none.
    /// O(n) until the first strong character.
    static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x200F || v == 0x061C { return true }   // RLM, ALM
            if v == 0x200E { return false }                 // LRM
            if isRightToLeftLetter(v) { return true }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }

    private static func isRightToLeftLetter(_ v: UInt32) -> Bool {
        switch v {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation
            // forms; combining marks in these blocks are not strong, digits are weak.
            let properties = Unicode.Scalar(v)?.properties
            return properties?.isAlphabetic == true && properties?.generalCategory != .nonspacingMark
        default:
            return false
        }
    }
}
