#if canImport(Glibc)
import Glibc
#endif

/// Pages of a file mapped into memory (`mmap`), dropped once read: resident memory then holds
/// what is being read, not all that was (`OpenTypeFace.releasePages`, `MappedInput.release`,
/// `ResidentMemory.release`).
package enum MappedPages {
    /// Drops the whole pages inside `count` bytes at `start` (a private mapping of a file that
    /// is never written: read again, they come back from the file).
    package static func release(_ start: UnsafeMutableRawPointer, count: Int) {
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let address = UInt(bitPattern: start)
        let first = (address + page - 1) / page * page, end = (address + UInt(count)) / page * page
        guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        madvise(pointer, Int(end - first), MADV_DONTNEED)
    }

    /// Whether `range` of addresses lies in one read-only mapping of a file.
    package static func isFileMapping(_ range: Range<UInt>) -> Bool {
        fileMappings().contains { $0.addresses.lowerBound <= range.lowerBound && range.upperBound <= $0.addresses.upperBound }
    }

    /// Drops the pages of every mapping of a font file (a TrueType, OpenType or collection
    /// file, however it was mapped: by FreeType, HarfBuzz or fontconfig's users), which are
    /// only read.
    package static func releaseFontFiles() {
        for mapping in fileMappings(where: isFontFile) {
            guard let start = UnsafeMutableRawPointer(bitPattern: mapping.addresses.lowerBound) else { continue }
            madvise(start, Int(mapping.addresses.count), MADV_DONTNEED)
        }
    }

    /// Whether a path's bytes end in a font file's extension (.ttf, .otf, .ttc, .otc, any case).
    private static func isFontFile(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard path.count > 4 else { return false }
        let end = path[(path.count - 4)...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return fontExtensions.contains(end)
    }

    private static let fontExtensions: [[UInt8]] = [".ttf", ".otf", ".ttc", ".otc"].map { Array($0.utf8) }

    /// The process's read-only mappings of files (from /proc/self/maps) whose path `selected`
    /// accepts: their addresses and paths. A mapping that may be written is left out (its
    /// pages are not the file's). Read as bytes: a process with GTK loaded has a thousand
    /// mappings, read between every two sections of a long document.
    private static func fileMappings(where selected: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true })
        -> [(addresses: Range<UInt>, path: String)] {
        let maps = open("/proc/self/maps", O_RDONLY)
        guard maps >= 0 else { return [] }
        defer { close(maps) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(maps, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        var found: [(Range<UInt>, String)] = []
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = all[start...].firstIndex(of: 0x0A) ?? all.count
                if let mapping = mapping(UnsafeBufferPointer(rebasing: all[start..<end])), selected(mapping.path) {
                    found.append((mapping.addresses, String(decoding: mapping.path, as: UTF8.self)))
                }
                start = end + 1
            }
        }
        return found
    }

    /// One line of /proc/self/maps ("low-high perms offset device inode   path"): its
    /// addresses and path when it maps a file read-only, else nil.
    private static func mapping(_ line: UnsafeBufferPointer<UInt8>) -> (addresses: Range<UInt>, path: UnsafeBufferPointer<UInt8>)? {
        var fields: [Range<Int>] = [], i = 0
        while fields.count < 5 {
            while i < line.count, line[i] == 0x20 { i += 1 }
            let first = i
            while i < line.count, line[i] != 0x20 { i += 1 }
            guard i > first else { return nil }
            fields.append(first..<i)
        }
        while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        var last = line.count
        while last > i, line[last - 1] == 0x20 || line[last - 1] == 0x09 { last -= 1 }
        // A file's mapping names it; an anonymous one has no name or a bracketed one.
        guard i < last, line[i] == UInt8(ascii: "/") else { return nil }
        let perms = line[fields[1]]
        guard perms.first == UInt8(ascii: "r"), !perms.contains(UInt8(ascii: "w")),
              let dash = line[fields[0]].firstIndex(of: UInt8(ascii: "-")),
              let low = hex(line[fields[0].lowerBound..<dash]), let high = hex(line[(dash + 1)..<fields[0].upperBound]),
              low <= high else { return nil }
        return (low..<high, UnsafeBufferPointer(rebasing: line[i..<last]))
    }

    /// A hexadecimal number's value; nil when a byte is not a hexadecimal digit or it overflows.
    private static func hex(_ digits: Swift.Slice<UnsafeBufferPointer<UInt8>>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt(digit)
        }
        return value
    }
}
