#if canImport(Glibc)
import Glibc
#endif

/// Pages of a file mapped into memory (`mmap`), dropped once read: resident memory then holds
/// what is being read, not all that was (`OpenTypeFace.releasePages`, `MappedInput.release`,
/// `ResidentMemory.release`).
enum MappedPages {
    /// Drops the whole pages inside `count` bytes at `start` (a private mapping of a file that
    /// is never written: read again, they come back from the file).
    static func release(_ start: UnsafeMutableRawPointer, count: Int) {
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let address = UInt(bitPattern: start)
        let first = (address + page - 1) / page * page, end = (address + UInt(count)) / page * page
        guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        madvise(pointer, Int(end - first), MADV_DONTNEED)
    }

    /// Whether `range` of addresses lies in one read-only mapping of a file.
    static func isFileMapping(_ range: Range<UInt>) -> Bool {
        fileMappings().contains { $0.addresses.lowerBound <= range.lowerBound && range.upperBound <= $0.addresses.upperBound }
    }

    /// Drops the pages of every mapping of a font file (a TrueType, OpenType or collection
    /// file, however it was mapped: by FreeType, HarfBuzz or fontconfig's users), which are
    /// only read.
    static func releaseFontFiles() {
        for mapping in fileMappings() {
            let name = mapping.path.lowercased()
            guard [".ttf", ".otf", ".ttc", ".otc"].contains(where: { name.hasSuffix($0) }),
                  let start = UnsafeMutableRawPointer(bitPattern: mapping.addresses.lowerBound) else { continue }
            madvise(start, Int(mapping.addresses.count), MADV_DONTNEED)
        }
    }

    /// The process's read-only mappings of files (from /proc/self/maps): their addresses and
    /// paths. A mapping that may be written is left out (its pages are not the file's).
    private static func fileMappings() -> [(addresses: Range<UInt>, path: String)] {
        guard let maps = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(maps) }
        var found: [(Range<UInt>, String)] = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = String(cString: line).trimmingCharacters(in: .newlines)
            let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                  let low = UInt(fields[0][..<dash], radix: 16), let high = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  fields[1].hasPrefix("r"), !fields[1].contains("w") else { continue }
            // A file's mapping names it; an anonymous one has no name or a bracketed one.
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.hasPrefix("/") else { continue }
            found.append((low..<high, path))
        }
        return found
    }
}
