// The libdeflate boundary: the only file that imports CLibDeflate.
import CLibDeflate

/// zlib streams as PDF's FlateDecode filter reads them (ISO 32000-1, 7.4.4), made and read
/// by libdeflate: whole buffers, which is all a PDF writer compresses (a page's content, an
/// object stream, a font), at about half of zlib's instructions for the same size.
package enum Deflate {
    /// Compresses buffer after buffer with one set of tables (allocated once, not per
    /// stream). Used by one thread at a time (its owner's: a `PDFFile`'s).
    package final class Compressor {
        private let compressor: OpaquePointer?

        /// libdeflate's level 1 (its hash-table matcher): on the corpus's pages and object
        /// streams, files smaller than zlib's level 2 (519 KB against 537 KB for the
        /// largest document's streams) in about half its instructions (60 M against 113 M),
        /// and far smaller than Cairo's output.
        package init(level: Int32 = 1) {
            compressor = libdeflate_alloc_compressor(level)
        }

        deinit { libdeflate_free_compressor(compressor) }

        /// `bytes` as a zlib stream. Deterministic: the same bytes always give the same
        /// output. nil only when libdeflate could not allocate its tables.
        /// - Complexity: O(n).
        package func compress(_ bytes: [UInt8]) -> [UInt8]? {
            guard let compressor else { return nil }
            let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
            return bytes.withUnsafeBufferPointer { source in
                [UInt8](unsafeUninitializedCapacity: bound) { target, count in
                    count = libdeflate_zlib_compress(compressor, source.baseAddress, source.count,
                                                     target.baseAddress, target.count)
                }
            }
        }
    }

    /// `bytes` compressed with a compressor of its own (for a rare stream; a writer keeps a
    /// `Compressor`).
    package static func compress(_ bytes: [UInt8]) -> [UInt8]? { Compressor().compress(bytes) }

    /// `bytes` inflated (a FlateDecode stream's data), or nil when they are not zlib data or
    /// inflate beyond `limit` bytes. libdeflate inflates into a buffer of a given size: the
    /// buffer starts at four times the input and doubles until the data fits.
    /// - Complexity: O(n log(n / input)).
    package static func decompress(_ bytes: [UInt8], limit: Int = 256 << 20) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var capacity = min(limit, max(4096, bytes.count * 4))
        while true {
            var result = LIBDEFLATE_SUCCESS
            let out = bytes.withUnsafeBufferPointer { source in
                [UInt8](unsafeUninitializedCapacity: capacity) { target, count in
                    var written = 0
                    result = libdeflate_zlib_decompress(decompressor, source.baseAddress, source.count,
                                                        target.baseAddress, target.count, &written)
                    count = result == LIBDEFLATE_SUCCESS ? written : 0
                }
            }
            switch result {
            case LIBDEFLATE_SUCCESS: return out
            case LIBDEFLATE_INSUFFICIENT_SPACE where capacity < limit: capacity = min(limit, capacity * 2)
            default: return nil
            }
        }
    }
}
