/// A PDF 1.7 file's structure (ISO 32000-1, 7.5): objects numbered when reserved, streams
/// written into the file as they come, every other object packed into compressed object
/// streams, and a compressed cross-reference stream at the end.
///
/// Objects can be reserved before they are written (a page refers to its fonts, written
/// last), and are written in any order. The bytes depend only on what is written and in
/// which order, so the same document always gives the same file (the /ID is a hash of it).
/// A reserved object never written is a free entry.
///
/// Its bytes go to `destination` as they are written: kept in memory and returned by `finish`,
/// or written to an open file a megabyte at a time, so that a long document's file is never
/// held whole (`PDFDestination`).
package final class PDFFile {
    /// An object's cross-reference entry in 8 bytes (a document of 100 MB has millions of
    /// objects): 0 when free; a direct object's offset, shifted left once and marked by the low
    /// bit; a packed object's stream number above 8 bits of its index, shifted left once.
    private struct Entry {
        let bits: UInt64

        static let free = Entry(bits: 0)
        static func direct(offset: Int) -> Entry { Entry(bits: UInt64(offset) << 1 | 1) }
        static func packed(stream: Int, index: Int) -> Entry { Entry(bits: (UInt64(stream) << 8 | UInt64(index)) << 1) }

        enum Kind {
            case free
            case direct(offset: Int)
            case packed(stream: Int, index: Int)
        }

        var kind: Kind {
            if bits == 0 { return .free }
            if bits & 1 == 1 { return .direct(offset: Int(bits >> 1)) }
            return .packed(stream: Int(bits >> 9), index: Int((bits >> 1) & 0xFF))
        }
    }

    /// Every object's entry, by number, in chunks of 64 Ki entries: growing never copies
    /// what is there (an array doubling would hold twice a long document's table a moment).
    /// Chunks two behind the newest are packed (each entry as the varint of its difference
    /// from the one before: 1 or 2 bytes for most, since objects numbered together are written
    /// together), the few entries set later kept aside (`late`): a 100 MB document's three
    /// million objects take 6 MB instead of 24. Read back only whole, in order, at the end.
    private struct EntryTable: Sequence {
        private var open: [[Entry]] = [[.free]]
        /// The packed chunks, oldest first: chunk k is `packed[k]` while k < `packed.count`.
        private var packed: [[UInt8]] = []
        /// Entries of packed chunks set after their chunk was packed.
        private var late: [Int: Entry] = [:]
        private(set) var count = 1
        static let chunkSize = 1 << 16

        /// How many chunks are packed (none for a file of up to 131,072 objects).
        var packedChunks: Int { packed.count }
        var chunkCount: Int { packed.count + open.count }

        /// The entries of objects `range`, with those set late.
        func entries(_ range: Range<Int>) -> [Entry] {
            var out: [Entry] = []
            out.reserveCapacity(range.count)
            var k = range.lowerBound >> 16
            while k << 16 < range.upperBound {
                let base = k << 16
                let part = chunk(k, count: Self.chunkSize)
                out += part[Swift.max(range.lowerBound - base, 0)..<Swift.min(range.upperBound - base, part.count)]
                k += 1
            }
            return out
        }

        /// The first `count` entries of chunk `k`, with those set late.
        func chunk(_ k: Int, count: Int) -> ArraySlice<Entry> {
            guard k < packed.count else { return open[k - packed.count].prefix(count) }
            var entries = Self.unpack(packed[k])
            for (number, entry) in late where number >> 16 == k { entries[number - (k << 16)] = entry }
            return entries.prefix(count)
        }

        mutating func append(_ entry: Entry) {
            if open[open.count - 1].count == Self.chunkSize {
                open.append([])
                open[open.count - 1].reserveCapacity(Self.chunkSize)
                if open.count > 2 { packed.append(Self.pack(open.removeFirst())) }
            }
            open[open.count - 1].append(entry)
            count += 1
        }

        subscript(number: Int) -> Entry {
            get {
                let chunk = number >> 16
                if chunk >= packed.count { return open[chunk - packed.count][number & 0xFFFF] }
                return late[number] ?? Self.unpack(packed[chunk])[number & 0xFFFF]
            }
            set {
                let chunk = number >> 16
                if chunk >= packed.count { open[chunk - packed.count][number & 0xFFFF] = newValue } else { late[number] = newValue }
            }
        }

        private static func pack(_ entries: [Entry]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(entries.count * 2)
            var previous: UInt64 = 0
            for entry in entries {
                // The difference, zigzag-encoded (small either way), 7 bits a byte.
                let delta = entry.bits &- previous
                var v = (delta << 1) ^ UInt64(bitPattern: Int64(bitPattern: delta) >> 63)
                while v >= 0x80 {
                    out.append(UInt8(v & 0x7F) | 0x80)
                    v >>= 7
                }
                out.append(UInt8(v))
                previous = entry.bits
            }
            return out
        }

        private static func unpack(_ bytes: [UInt8]) -> [Entry] {
            var entries: [Entry] = []
            entries.reserveCapacity(chunkSize)
            var previous: UInt64 = 0, v: UInt64 = 0, shift: UInt64 = 0
            for byte in bytes {
                v |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 != 0 { shift += 7; continue }
                let delta = (v >> 1) ^ (0 &- (v & 1))
                previous = previous &+ delta
                entries.append(Entry(bits: previous))
                (v, shift) = (0, 0)
            }
            return entries
        }

        func makeIterator() -> AnyIterator<Entry> {
            var chunk = 0, entries: [Entry] = [], index = 0
            return AnyIterator {
                while index == entries.count {
                    guard chunk < packed.count + open.count else { return nil }
                    entries = Array(self.chunk(chunk, count: Self.chunkSize))
                    (chunk, index) = (chunk + 1, 0)
                }
                index += 1
                return entries[index - 1]
            }
        }
    }

    /// The file's bytes not yet handed to `sink` (all of them, for a file kept in memory).
    /// Room for a chunk and the object that ends it, so that it seldom grows.
    private var output = ByteBuffer(capacity: PDFSink.chunk + 64 * 1024)
    /// Where the bytes go, with how many it has taken and their running hash (the /ID).
    private let sink: PDFSink
    // Touched for each object, each access a single read or write (the run-time exclusivity
    // check on a class's stored properties is left out; `pendingBodies`, which a caller's
    // closure writes, keeps it).
    @exclusivity(unchecked) private var entries = EntryTable()  // object 0 is always free
    /// Objects waiting for the next object stream: each object and where its value starts in
    /// `pendingBodies`, the values written one after the other, each ended by a newline.
    @exclusivity(unchecked) private var pending: [(object: PDFReference, offset: Int)] = []
    private var pendingBodies = ByteBuffer(capacity: 2 * PDFFile.bytesPerStream)
    /// Every stream's compressor, its tables allocated once per file.
    private let compressor = Deflate.Compressor()

    /// An object stream holds at most this many objects or about this many bytes: small enough
    /// that a reader decompresses little to reach one object, large enough to compress well.
    package static let objectsPerStream = 200
    package static let bytesPerStream = 64 * 1024

    /// A file written to `destination` (by default kept in memory, for `finish` to return).
    package init(destination: PDFDestination = .memory) {
        sink = PDFSink(destination)
        // A comment of bytes above 127 marks the file as binary (7.5.2).
        output.appendLiteral("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n")
    }

    /// A new object, written later.
    package func reserve() -> PDFReference {
        entries.append(.free)
        return PDFReference(number: entries.count - 1)
    }

    /// Writes `object` (reserved), a dictionary, into an object stream: `write` writes its
    /// entries straight into the stream's bytes, so that the thousands of small objects of a
    /// document (structure elements, annotations) need no array each. `write` must not add
    /// objects itself.
    package func add(_ object: PDFReference, _ write: (inout PDFDictionaryWriter) -> Void) {
        addPending(object) { $0.writeDictionary(write) }
    }

    /// Writes `object` (reserved) as a dictionary of kind `Writer` into an object stream (as
    /// `add(_:_:)`).
    package func add<Writer: PDFTypedDictionaryWriter & ~Copyable>(_ object: PDFReference, as kind: Writer.Type,
                                                           _ write: (inout Writer) -> Void) {
        add(object) { $0.write(as: kind, write) }
    }

    /// Writes `object` (reserved) into an object stream: `value` as written in another PDF
    /// (an SVG's object, its references made this file's).
    package func add(_ object: PDFReference, copied value: [UInt8]) {
        addPending(object) { $0.append(contentsOf: value) }
    }

    /// Adds `object`, whose value `write` writes, to the next object stream; packs the pending
    /// objects into one when there are enough of them.
    private func addPending(_ object: PDFReference, _ write: (inout ByteBuffer) -> Void) {
        let (start, end) = Self.appendLine(to: &pendingBodies, write)
        pending.append((object, start))
        // The values' size, without their newlines.
        if pending.count >= Self.objectsPerStream || end - pending.count >= Self.bytesPerStream { flushObjects() }
    }

    /// Appends what `write` writes and a newline to `bytes` (one access to a class's stored
    /// property, however many pieces are written); where it starts, and the new end.
    private static func appendLine(to bytes: inout ByteBuffer, _ write: (inout ByteBuffer) -> Void) -> (start: Int, end: Int) {
        let start = bytes.count
        write(&bytes)
        bytes.append(0x0A)
        return (start, bytes.count)
    }

    /// Writes `object` (reserved), a dictionary, into the file itself, uncompressed: the
    /// document information, which `batch` reads from the file's last bytes.
    package func addDirect(_ object: PDFReference, _ write: (inout PDFDictionaryWriter) -> Void) {
        beginDirect(object)
        output.writeDictionary(write)
        output.appendLiteral("\nendobj\n")
    }

    /// Writes stream `object` (reserved): `write` writes its dictionary's entries but /Filter
    /// and /Length (written here). `compress`: deflated when that makes it smaller.
    package func addStream(_ object: PDFReference, data: [UInt8], compress: Bool = true,
                   _ write: (inout PDFDictionaryWriter) -> Void = { _ in }) {
        if compress, data.count > 32, let deflated = compressor.compress(data), deflated.count < data.count {
            addEncodedStream(object, data: deflated) { dictionary in
                write(&dictionary)
                dictionary.pair(.filter, .flateDecode)
            }
        } else {
            addEncodedStream(object, data: data, write)
        }
    }

    /// Writes stream `object` (reserved) with a dictionary of kind `Writer` (as
    /// `addStream(_:data:compress:_:)`).
    package func addStream<Writer: PDFTypedDictionaryWriter & ~Copyable>(_ object: PDFReference, as kind: Writer.Type, data: [UInt8],
                                                            compress: Bool = true, _ write: (inout Writer) -> Void) {
        addStream(object, data: data, compress: compress) { $0.write(as: kind, write) }
    }

    /// Writes a stream whose data is already encoded (a JPEG, a compressed font): `write`
    /// writes its dictionary's entries, its filter if any; /Length is written here.
    package func addEncodedStream(_ object: PDFReference, data: [UInt8], _ write: (inout PDFDictionaryWriter) -> Void) {
        beginDirect(object)
        output.writeDictionary { dictionary in
            write(&dictionary)
            dictionary.pair(.length, data.count)
        }
        output.appendLiteral("\nstream\n")
        output.append(contentsOf: data)
        output.appendLiteral("\nendstream\nendobj\n")
        if output.count >= PDFSink.chunk { sink.take(&output) }
    }

    /// Where the next byte written lands in the file: after `finish`, its size.
    package var position: Int { sink.taken + output.count }

    /// Why the file could not be written (the system's message), once a write has failed;
    /// nil while all is well. The bytes written after a failure are dropped.
    package var writeFailure: String? { sink.failure }

    /// Writes a stream of kind `Writer` whose data is already encoded (as
    /// `addEncodedStream(_:data:_:)`).
    package func addEncodedStream<Writer: PDFTypedDictionaryWriter & ~Copyable>(_ object: PDFReference, as kind: Writer.Type,
                                                                   data: [UInt8], _ write: (inout Writer) -> Void) {
        addEncodedStream(object, data: data) { $0.write(as: kind, write) }
    }

    /// Starts `object` in the file itself: "n 0 obj", where the cross-reference stream will
    /// find it.
    private func beginDirect(_ object: PDFReference) {
        entries[object.number] = .direct(offset: position)
        output.appendInteger(object.number)
        output.appendLiteral(" 0 obj\n")
    }

    /// Packs the pending objects into one object stream (7.5.7).
    private func flushObjects() {
        guard !pending.isEmpty else { return }
        let stream = reserve()
        var header: [UInt8] = []
        header.reserveCapacity(pending.count * 12 + pendingBodies.count)
        for (index, object) in pending.enumerated() {
            entries[object.object.number] = .packed(stream: stream.number, index: index)
            header.appendInteger(object.object.number)
            header.append(0x20)
            header.appendInteger(object.offset)
            header.append(0x20)
        }
        let first = header.count
        pendingBodies.withUnsafeBytes { header.append(contentsOf: $0) }
        addStream(stream, data: header) { dictionary in
            dictionary.pair(.type, .objStm)
            dictionary.pair(.n, pending.count)
            dictionary.pair(.first, first)
        }
        pending.removeAll(keepingCapacity: true)
        pendingBodies.removeAll()
    }

    /// Ends the file: the last object stream, the cross-reference stream (its trailer names
    /// `root` and `info`) and `startxref`. The file is done after this. Returns its bytes
    /// when kept in memory; for a file written out, nothing (`writeFailure` says whether it was).
    ///
    /// A file of more objects than two chunks of entries hold (more than 131,072: a document
    /// of megabytes) gets a cross-reference stream per chunk of 65,536 objects (7.5.8, /Index
    /// giving its range), each pointing to the one before it (/Prev), as an updated file's
    /// sections do; the last one, which `startxref` names, also covers the streams themselves
    /// and holds the trailer's entries. So the rows are made and compressed a chunk at a time
    /// (the one stream of three million objects was 19 MB of rows at once).
    /// - Complexity: O(objects + file size) (the /ID hashes the file).
    package func finish(root: PDFReference, info: PDFReference?) -> [UInt8] {
        flushObjects()
        let objects = entries.count
        let sections = entries.packedChunks > 0 ? entries.chunkCount : 1
        let streams = (0..<sections).map { _ in reserve() }
        var previous: Int?
        for k in 0..<sections {
            let last = k == sections - 1
            let offset = position
            entries[streams[k].number] = .direct(offset: offset)
            let first = k * EntryTable.chunkSize
            let count = (last ? entries.count : min(objects, first + EntryTable.chunkSize)) - first
            let (rows, widths) = sections == 1 ? crossReferenceRows(entries) : crossReferenceRows(entries.entries(first..<(first + count)))
            let id = last ? sink.identifier(ending: output) : []
            // Always deflated, even when that saves nothing: the predictor is a parameter of the
            // filter, and without the filter a reader would take the rows' filter bytes for data.
            addEncodedStream(streams[k], data: compressor.compress(rows) ?? []) { dictionary in
                dictionary.pair(.type, .xRef)
                dictionary.pair(.size, entries.count)
                if sections > 1 { dictionary.array(.index) { $0.item(first); $0.item(count) } }
                dictionary.array(.w) { $0.item(1); $0.item(widths.offset); $0.item(widths.index) }
                if let previous { dictionary.pair(.prev, previous) }
                if last {
                    dictionary.pair(.root, root)
                    if let info { dictionary.pair(.info, info) }
                    dictionary.array(.id) { $0.item(hex: id); $0.item(hex: id) }
                }
                dictionary.pair(.filter, .flateDecode)
                dictionary.dictionary(.decodeParms) { parameters in
                    parameters.pair(.predictor, 12)
                    parameters.pair(.columns, 1 + widths.offset + widths.index)
                }
            }
            previous = offset
        }
        output.appendLiteral("startxref\n")
        output.appendInteger(previous ?? 0)
        output.appendLiteral("\n%%EOF\n")
        return sink.finish(&output)
    }

    /// The cross-reference stream's rows (7.5.8), one per entry, with PNG "Up" prediction
    /// (each byte minus the one above: the columns change little from row to row, so the
    /// stream compresses to a few bytes per object); and the widths of their second and third
    /// fields.
    private func crossReferenceRows(_ entries: some Sequence<Entry>) -> (rows: [UInt8], widths: (offset: Int, index: Int)) {
        // Field widths: type (1 byte), offset or stream number, generation or index.
        var largest = 0, largestIndex = 0
        for entry in entries {
            switch entry.kind {
            case .free: break
            case .direct(let offset): largest = max(largest, offset)
            case .packed(let stream, let index): largest = max(largest, stream); largestIndex = max(largestIndex, index)
            }
        }
        let w2 = Self.byteWidth(largest), w3 = Self.byteWidth(largestIndex)
        let columns = 1 + w2 + w3
        var rows: [UInt8] = []
        rows.reserveCapacity(entries.underestimatedCount * (columns + 1))
        var previous = [UInt8](repeating: 0, count: columns)
        var row = [UInt8](repeating: 0, count: columns)
        for entry in entries {
            let (type, field2, field3): (UInt8, Int, Int)
            switch entry.kind {
            case .free: (type, field2, field3) = (0, 0, 0)
            case .direct(let offset): (type, field2, field3) = (1, offset, 0)
            case .packed(let stream, let index): (type, field2, field3) = (2, stream, index)
            }
            row[0] = type
            for k in 0..<w2 { row[1 + k] = UInt8(truncatingIfNeeded: field2 >> (8 * (w2 - 1 - k))) }
            for k in 0..<w3 { row[1 + w2 + k] = UInt8(truncatingIfNeeded: field3 >> (8 * (w3 - 1 - k))) }
            rows.append(2)
            for k in 0..<columns { rows.append(row[k] &- previous[k]) }
            swap(&row, &previous)
        }
        return (rows, (w2, w3))
    }

    /// Bytes needed for `value` (at least 1).
    private static func byteWidth(_ value: Int) -> Int {
        var width = 1
        while width < 8, value >> (8 * width) != 0 { width += 1 }
        return width
    }
}
