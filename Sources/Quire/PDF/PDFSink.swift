#if canImport(Glibc)
import Glibc
#endif

/// Where a PDF's bytes go as they are written.
package enum PDFDestination: Sendable {
    /// Kept in memory, the whole file returned at the end (`Quire.render(markdown:)`).
    case memory
    /// Written to this open file descriptor as they come (256 KiB at a time), so that a
    /// long document's file is never held whole; the caller opened it and closes it (the
    /// temporary file `Quire.renderFile` renames at the end).
    case file(descriptor: Int32)
}

/// The bytes a `PDFFile` has finished with: kept, or written to a file, with a running hash
/// of all of them for the file's /ID. Used by one thread (the writer's).
package final class PDFSink {
    /// How many bytes the file keeps before handing them on (writing them to the file): 256
    /// KiB, a buffer allocated once at that size (`PDFFile`), so that its pages are touched
    /// once. A megabyte grown by doubling touched twice as many (about 300 page faults more for
    /// a 500 KB file).
    package static let chunk = 1 << 18

    private let destination: PDFDestination
    /// Bytes taken so far (written or kept): where the file's next byte lands.
    package private(set) var taken = 0
    /// The bytes kept, for a file in memory.
    private var kept: [UInt8] = []
    private var hash = FileHash()
    /// The system's message for the first write that failed (`PDFFile.writeFailure`).
    package private(set) var failure: String?

    package init(_ destination: PDFDestination) { self.destination = destination }

    /// Takes `bytes` (the file's next ones) and empties the buffer. In memory they are only
    /// counted until the end, which keeps them whole; to a file they go now.
    package func take(_ bytes: inout ByteBuffer) {
        guard case .file(let descriptor) = destination else { return }
        bytes.withUnsafeBytes { hash.add(UnsafeRawBufferPointer($0)); write($0, to: descriptor) }
        taken += bytes.count
        bytes.removeAll()
    }

    /// The file's identifier (`FileHash.identifier`) if its bytes ended with `rest`, the ones
    /// not taken yet. O(rest).
    package func identifier(ending rest: borrowing ByteBuffer) -> [UInt8] {
        var ended = hash
        rest.withUnsafeBytes { ended.add(UnsafeRawBufferPointer($0)) }
        return ended.identifier
    }

    /// Takes the file's last bytes: the whole file when kept in memory, else nothing (the file
    /// holds them).
    package func finish(_ bytes: inout ByteBuffer) -> [UInt8] {
        guard case .file = destination else {
            let all = bytes.array
            taken += all.count
            bytes.removeAll()
            return all
        }
        take(&bytes)
        return []
    }

    /// Writes all of `bytes` to `descriptor` (again after an interruption), or records why not.
    private func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += n
        }
    }
}

/// Two 64-bit hashes of a file's bytes (a multiply-xor hash over 8 bytes at a time), taken a
/// piece at a time: the same bytes give the same hash however they are cut.
package struct FileHash {
    private var a: UInt64 = 0x9E37_79B9_7F4A_7C15, b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var count: UInt64 = 0
    /// The bytes of a word not complete yet (fewer than 8), low byte first.
    private var partial: UInt64 = 0
    private var partialCount = 0

    private mutating func word(_ w: UInt64) {
        a = (a ^ w) &* 0x0000_0100_0000_01B3
        a ^= a >> 29
        b = (b ^ w) &* 0xFF51_AFD7_ED55_8CCD
        b ^= b >> 31
    }

    /// Adds the next bytes of the file. O(bytes).
    package mutating func add(_ raw: UnsafeRawBufferPointer) {
        count += UInt64(raw.count)
        var start = 0
        // Completes the word begun by the piece before.
        while partialCount > 0, partialCount < 8, start < raw.count {
            partial |= UInt64(raw[start]) << (8 * UInt64(partialCount))
            partialCount += 1
            start += 1
        }
        if partialCount == 8 {
            word(partial)
            partial = 0
            partialCount = 0
        }
        let words = (raw.count - start) / 8
        for i in 0..<words { word(raw.loadUnaligned(fromByteOffset: start + i * 8, as: UInt64.self)) }
        for i in (start + words * 8)..<raw.count {
            partial |= UInt64(raw[i]) << (8 * UInt64(partialCount))
            partialCount += 1
        }
    }

    /// 16 bytes: the two hashes, the bytes of an unfinished word mixed in one by one and the
    /// length last.
    package var identifier: [UInt8] {
        var a = self.a, b = self.b
        for k in 0..<partialCount {
            let byte = (partial >> (8 * UInt64(k))) & 0xFF
            a = (a ^ byte) &* 0x0000_0100_0000_01B3
            b = (b ^ byte) &* 0xFF51_AFD7_ED55_8CCD
        }
        a ^= count
        b = (b ^ count) &* 0x9E37_79B9_7F4A_7C15
        var id: [UInt8] = []
        for shift in stride(from: 56, through: 0, by: -8) { id.append(UInt8(truncatingIfNeeded: a >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { id.append(UInt8(truncatingIfNeeded: b >> UInt64(shift))) }
        return id
    }
}
