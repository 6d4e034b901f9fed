// Images is the Cairo boundary: its files are the only ones that draw with Cairo (PNG previews,
// and SVG images into a PDF in memory) and open fonts with FreeType, all on the drawing thread
// (Drawing/DrawingThread.swift).
import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// Collects what Cairo writes to a stream (a PNG, an SVG's PDF) into memory.
///
/// Cairo writes in pieces of a few bytes, so each write is one `memcpy` into a buffer that
/// doubles when full.
package final class ByteSink {
    private var storage: UnsafeMutableRawPointer?
    private var count = 0
    private var capacity = 0

    package init() {}

    deinit { free(storage) }

    /// Everything written so far.
    package var bytes: [UInt8] {
        guard let storage, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Appends `length` bytes; false when memory ran out (nothing is appended then).
    package func append(_ data: UnsafeRawPointer, _ length: Int) -> Bool {
        guard length > 0 else { return true }
        if count + length > capacity {
            let wanted = max(capacity * 2, count + length, 64 * 1024)
            guard let grown = realloc(storage, wanted) else { return false }
            storage = grown
            capacity = wanted
        }
        (storage! + count).copyMemory(from: data, byteCount: length)
        count += length
        return true
    }

    /// The `closure` pointer to give Cairo with `ByteSink.write`; valid while `self` lives.
    package var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    package static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        return sink.append(data, Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_NO_MEMORY
    }
}
