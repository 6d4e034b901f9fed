// The zlib boundary: the only file that imports CZlib.
import CZlib

/// zlib's deflate, as PDF's FlateDecode filter reads it (ISO 32000-1, 7.4.4).
enum Deflate {
    /// `bytes` compressed at zlib's default level (6, as Cairo and most PDF writers use:
    /// levels above it cost twice the time for a few percent on page content).
    /// Deterministic: the same bytes always give the same output.
    /// - Returns: nil only when zlib cannot allocate its buffers.
    /// - Complexity: O(n).
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), Z_DEFAULT_COMPRESSION)
            }
        }
        guard status == Z_OK else { return nil }
        out.removeSubrange(Int(length)...)
        return out
    }
}
