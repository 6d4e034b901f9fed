/// The first byte of a file that is not text: a NUL, or one that is not UTF-8. Found by one
/// scan that both a whole input file (`InputFile.decode`) and a long file read in sections
/// (`SectionScanner`) use, so that both report the same byte.
package enum TextProblem: Error, Equatable {
    case nul(offset: Int)
    case invalidUTF8(offset: Int)

    /// The first NUL or byte that breaks UTF-8 in `bytes`, whose first byte is at `base` in
    /// its file. O(n).
    package static func first(in bytes: UnsafeBufferPointer<UInt8>, base: Int) -> TextProblem? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0 { return .nul(offset: base + i) }
            if b < 0x80 { i += 1; continue }
            let length: Int, low: UInt8, high: UInt8
            switch b {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: return .invalidUTF8(offset: base + i)
            }
            guard i + length <= n, (low...high).contains(bytes[i + 1]) else { return .invalidUTF8(offset: base + i) }
            for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[i + k]) { return .invalidUTF8(offset: base + i) }
            i += length
        }
        return nil
    }

    /// What a file's error says (`InputFile.decode`, a sectioned render).
    package var message: String {
        switch self {
        case .nul(let offset): return "not a text file: NUL byte at offset \(offset)"
        case .invalidUTF8(let offset): return "not valid UTF-8: bad byte at offset \(offset)"
        }
    }
}
