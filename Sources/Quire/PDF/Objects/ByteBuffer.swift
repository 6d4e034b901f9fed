/// Bytes being written where thousands of small pieces go (a page's content, an object
/// stream's values): an append checks for room and stores, without the uniqueness check and
/// the generic copy that each append to an array makes (which cost more than the bytes
/// themselves). Not copyable: one writer owns it, and its memory goes with it.
package struct ByteBuffer: ~Copyable, PDFByteSink {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written.
    package private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it first grows.
    package init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count
        if count + n > capacity { grow(to: count + n) }
        let target = UnsafeMutableRawPointer(base + count), from = UnsafeRawPointer(source)
        switch n {
        case 8...16:
            // A number, an operator: two words that may overlap, where memcpy would be a call.
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        case 0..<4:
            for i in 0..<n { base[count + i] = source[i] }
        default:
            target.copyMemory(from: from, byteCount: n)
        }
        count += n
    }

    /// Appends `bytes` (an array, a string's UTF-8 view): in one copy when they are
    /// contiguous.
    package mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append(bytes: $0) }) == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// Makes room for at least `needed` bytes, doubling: O(1) amortized per byte.
    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        new.initialize(from: base, count: count)
        base.deallocate()
        base = new
        capacity = larger
    }

    /// Forgets the bytes, keeping the room.
    package mutating func removeAll() { count = 0 }

    /// `body`'s result with the bytes written.
    package func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written, as an array.
    package var array: [UInt8] { withUnsafeBytes { Array($0) } }
}
