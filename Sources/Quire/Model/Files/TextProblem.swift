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

    /// `message` and where the byte is, for `file` whose `bytes` start at file offset `base`:
    /// its line and column (in characters; lines end as cmark's do), the byte, and for a byte
    /// that breaks UTF-8 the command that converts a Latin-1 file, the usual cause (issue 48).
    /// O(offset): only on the way to an error.
    package func message(in bytes: UnsafeBufferPointer<UInt8>, base: Int, file: String) -> String {
        let offset: Int
        switch self {
        case .nul(let at), .invalidUTF8(let at): offset = at
        }
        let index = offset - base
        guard index >= 0, index < bytes.count else { return message }
        var line = 1, lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) && index >= 3 ? 3 : 0
        for i in lineStart..<index {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) { line += 1; lineStart = i + 1 }
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), as: UTF8.self).count + 1
        let hex = String(bytes[index], radix: 16, uppercase: true)
        let position = " (line \(line), column \(column): byte 0x\(hex.count == 1 ? "0" + hex : hex))"
        guard case .invalidUTF8 = self else { return message + position }
        let converted = file == "-" ? "" : " \(shellQuoted(file)) > \(shellQuoted(utf8Name(file)))"
        return message + position + "; if the file is Latin-1 (ISO 8859-1), convert it: iconv -f latin1 -t utf-8" + converted
    }

    /// `name.md` as `name.utf8.md`: where a converted copy goes.
    private func utf8Name(_ file: String) -> String {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return file + ".utf8" }
        return file[..<dot] + ".utf8" + file[dot...]
    }

    /// `s` as a shell word: as it is when it holds only safe characters, else in single quotes.
    private func shellQuoted(_ s: String) -> String {
        let safe = s.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789-_./+@%:,".unicodeScalars.contains($0) }
        return safe && !s.isEmpty ? s : "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
