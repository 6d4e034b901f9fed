#if canImport(Glibc)
import Glibc
#endif
import QuireImages
import QuirePDF
import QuireModel

/// Hands back to the system what the process holds but does not use now, between the sections
/// of a long document (`SectionedBody.parse`) and before its fonts are subset:
/// - the memory malloc keeps free: what a section freed (its tree, its blocks) stays with the
///   allocator, where it counts as the process's until reused: glibc's arenas (`malloc_trim`)
///   or, in the `quire` command, tcmalloc's page heap (`MallocExtension_ReleaseFreeMemory`);
/// - the pages of the font files read so far (by Pango, FreeType and HarfBuzz, each mapping
///   the files), which pile up as the text meets glyph after glyph of a CJK collection: read
///   again, they come back from the file (or the page cache) at the cost of a minor fault.
/// A few milliseconds each time (malloc walks its free lists; /proc/self/maps is read once).
///
/// The allocator's functions are looked up at run time: the library does not choose the
/// allocator of the program it is part of, and Swift's Glibc module does not declare
/// `malloc_trim`. Nothing is trimmed under another allocator.
package enum ResidentMemory {
    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias Release = @convention(c) () -> Void
    private typealias SetProperty = @convention(c) (UnsafePointer<CChar>, Int) -> Int32

    private static let trim: Trim? = symbol("malloc_trim")
    private static let releaseFreeMemory: Release? = symbol("MallocExtension_ReleaseFreeMemory")
    private static let setProperty: SetProperty? = symbol("MallocExtension_SetNumericProperty")

    private static func symbol<Function>(_ name: String) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: Function.self) }
    }

    /// Asks the allocator to keep little memory free, for a document rendered a section at a
    /// time: tcmalloc then hands freed pages back at once and keeps at most 2 MiB in its
    /// threads' caches (32 MiB by default), so that the process's peak stays near glibc's
    /// (real Markdown, 10 MB: 95 MiB, against 106 MiB untuned and 91 MiB with glibc; the
    /// target is 100; 4 MiB gave 96 to 98 MiB and 5% less CPU time, 1 MiB 92 MiB and 10%
    /// more). Not asked for shorter documents: pages handed back and soon reused cost a
    /// fault each time. Settings of the process, kept for the rest of its life.
    package static func keepLittleFree() {
        _ = setProperty?("tcmalloc.aggressive_memory_decommit", 1)
        _ = setProperty?("tcmalloc.max_total_thread_cache_bytes", 2 << 20)
    }

    package static func release() {
        if let releaseFreeMemory { releaseFreeMemory() } else { _ = trim?(0) }
        MappedPages.releaseFontFiles()
    }
}

/// Memory handed back to the system as the documents of a book or a digest go by: after
/// every `every` bytes of their source laid out (`ResidentMemory.release`), not after each
/// document (a release walks malloc's free lists and reads /proc/self/maps: milliseconds,
/// and a digest lays out thousands of documents twice, entry and full text). What a
/// document's layout freed (its trials, its pages once drawn) and the font files' pages read
/// for it then stop counting as the process's: a book of 100 real files peaked at 140 MiB
/// without, though its live heap is about 40 MiB.
package struct SetMemory {
    private let every: Int
    private var since = 0

    /// Asks the allocator to keep little free (`ResidentMemory.keepLittleFree`), as a long
    /// document does.
    package init(every: Int = 256 << 10) {
        self.every = every
        ResidentMemory.keepLittleFree()
    }

    /// Counts a document of `bytes` laid out; releases once `every` bytes have been since the
    /// last release.
    package mutating func laidOut(bytes: Int) {
        since += bytes
        guard since >= every else { return }
        since = 0
        ResidentMemory.release()
    }
}
