#if canImport(Glibc)
import Glibc
#endif

/// Hands back to the system what the process holds but does not use now, between the sections
/// of a long document (`SectionedBody.parse`) and before its fonts are subset:
/// - the memory malloc keeps free: glibc holds what a section freed (its tree, its blocks) in
///   its arenas, where it counts as the process's until reused (`malloc_trim`);
/// - the pages of the font files read so far (by Pango, FreeType and HarfBuzz, each mapping
///   the files), which pile up as the text meets glyph after glyph of a CJK collection: read
///   again, they come back from the file (or the page cache) at the cost of a minor fault.
/// A few milliseconds each time (malloc walks its free lists; /proc/self/maps is read once).
enum ResidentMemory {
    /// glibc's `malloc_trim`, looked up at run time (Swift's Glibc module does not declare
    /// it); nil on another C library, where nothing is trimmed.
    nonisolated(unsafe) private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    static func release() {
        _ = trim?(0)
        MappedPages.releaseFontFiles()
    }
}
