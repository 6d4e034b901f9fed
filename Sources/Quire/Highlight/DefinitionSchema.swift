// Highlight is the GtkSourceView boundary; this file speaks to libxml2, which GtkSourceView
// reads its language definitions with, only on the highlight thread (SourceView.init).
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The RelaxNG schema GtkSourceView validates language definitions against (`language2.rng`),
/// handed to libxml2 without its `pattern` facets.
///
/// Why: GtkSourceView validates every definition file it loads, and libxml2 compiles a facet's
/// regular expression anew for each attribute value it checks (ids, style references). Loading
/// Markdown's definition reads 14 files (HTML, CSS, JavaScript's eight parts, …): 1.23 G
/// instructions, 0.47 G of them those compilations. The facets only restrict the characters of
/// ids; the structure (elements, attributes, what may hold what) is still validated, so a
/// malformed definition still fails to load, with GtkSourceView's message.
///
/// How: libxml2 reads files through input callbacks, newest first; one registered here answers
/// for the schema's path only (the one GtkSourceView will find: the first folder of its search
/// path holding `language2.rng`) and serves the installed schema's bytes minus the facets. Any
/// other file, and the schema itself if libxml2 names it differently, is read as before. No
/// file is written.
package enum DefinitionSchema {
    /// The schema GtkSourceView uses and the bytes served for it.
    private struct Served: Sendable {
        var path: String
        var bytes: [UInt8]
    }

    /// Set once, before the callbacks are registered; libxml2 may ask `match` on any thread
    /// (librsvg parses with it too), hence the lock.
    private static let served = Mutex<Served?>(nil)

    /// File name of the schema in a folder of GtkSourceView's search path.
    package static let fileName = "language2.rng"

    /// Serves the schema found in `searchPath` (GtkSourceView's folders, in its order) without
    /// its pattern facets, from now on. Call before any definition is loaded; a second call,
    /// or a search path without the schema, does nothing.
    package static func install(_ gsv: SourceViewLibrary, searchPath: [String]) {
        let found = searchPath.lazy.map { $0.hasSuffix("/") ? $0 + fileName : $0 + "/" + fileName }
            .first { access($0, R_OK) == 0 }
        guard let path = found, let original = read(path) else { return }
        let isFirst = served.withLock { current in
            guard current == nil else { return false }
            current = Served(path: path, bytes: withoutPatterns(original))
            return true
        }
        guard isFirst else { return }
        // Registers libxml2's own callbacks first (xmlInitParser does, once): registered after
        // ours, they would be asked before it.
        gsv.initializeXML()
        _ = gsv.registerXMLInput(match, open, readChunk, close)
    }

    /// `schema` without its `<param name="pattern">…</param>` elements. O(n).
    package static func withoutPatterns(_ schema: [UInt8]) -> [UInt8] {
        let opening = Array(#"<param name="pattern">"#.utf8), closing = Array("</param>".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(schema.count)
        var i = 0
        while i < schema.count {
            if schema[i] == opening[0], schema[i...].starts(with: opening),
               let end = firstIndex(of: closing, in: schema, from: i + opening.count) {
                i = end + closing.count
            } else {
                result.append(schema[i])
                i += 1
            }
        }
        return result
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i...].starts(with: needle) { return i }
            i += 1
        }
        return nil
    }

    /// A whole file's bytes, nil when it cannot be read.
    private static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes.append(contentsOf: chunk[..<count])
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// Where libxml2 is in reading the served bytes.
    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let match: @convention(c) (UnsafePointer<CChar>?) -> Int32 = { name in
        guard let name else { return 0 }
        let path = String(cString: name)
        return served.withLock { $0?.path == path } ? 1 : 0
    }

    private static let open: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutableRawPointer? = { _ in
        guard let bytes = served.withLock({ $0?.bytes }) else { return nil }
        return Unmanaged.passRetained(Reader(bytes)).toOpaque()
    }

    private static let readChunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32 = { context, buffer, length in
        guard let context, let buffer, length > 0 else { return -1 }
        let reader = Unmanaged<Reader>.fromOpaque(context).takeUnretainedValue()
        let count = min(Int(length), reader.bytes.count - reader.offset)
        reader.bytes.withUnsafeBufferPointer { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + reader.offset, byteCount: count)
        }
        reader.offset += count
        return Int32(count)
    }

    private static let close: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        if let context { Unmanaged<Reader>.fromOpaque(context).release() }
        return 0
    }
}
