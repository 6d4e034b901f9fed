/// A PDF 1.7 file's structure (ISO 32000-1, 7.5): objects numbered when reserved, streams
/// written into the file as they come, every other object packed into compressed object
/// streams, and a compressed cross-reference stream at the end.
///
/// Objects can be reserved before they are written (a page refers to its fonts, written
/// last), and are written in any order. The bytes depend only on what is written and in
/// which order, so the same document always gives the same file (the /ID is a hash of it).
/// A reserved object never written is a free entry.
final class PDFFile {
    private enum Entry {
        case free
        case direct(offset: Int)
        case packed(stream: Int, index: Int)
    }

    /// The file so far.
    private(set) var output: [UInt8] = []
    // Touched for each object, each access a single read or write (the run-time exclusivity
    // check on a class's stored properties is left out; `pendingBodies`, which a caller's
    // closure writes, keeps it).
    @exclusivity(unchecked) private var entries: [Entry] = [.free]  // object 0 is always free
    /// Objects waiting for the next object stream: their numbers and where each starts in
    /// `pendingBodies`, their values written one after the other, each ended by a newline.
    @exclusivity(unchecked) private var pending: [(object: PDFReference, offset: Int)] = []
    private var pendingBodies = ByteBuffer(capacity: 2 * PDFFile.bytesPerStream)
    /// Every stream's compressor, its tables allocated once per file.
    private let compressor = Deflate.Compressor()

    /// An object stream holds at most this many objects or about this many bytes: small enough
    /// that a reader decompresses little to reach one object, large enough to compress well.
    static let objectsPerStream = 200
    static let bytesPerStream = 64 * 1024

    init() {
        // A comment of bytes above 127 marks the file as binary (7.5.2).
        output.appendLiteral("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n")
    }

    /// A new object, written later.
    func reserve() -> PDFReference {
        entries.append(.free)
        return PDFReference(number: entries.count - 1)
    }

    /// Writes `object` (reserved) into an object stream; `body` is its value.
    func add(_ object: PDFReference, _ body: [UInt8]) {
        add(object) { $0.append(contentsOf: body) }
    }

    /// Writes `object` (reserved) into an object stream: `write` appends its value to the
    /// stream's bytes, so that the thousands of small objects of a document (structure
    /// elements, annotations) need no array each. `write` must not add objects itself.
    func add(_ object: PDFReference, writing write: (inout ByteBuffer) -> Void) {
        pending.append((object, pendingBodies.count))
        write(&pendingBodies)
        pendingBodies.append(0x0A)
        // The values' size, without their newlines.
        let bytes = pendingBodies.count - pending.count
        if pending.count >= Self.objectsPerStream || bytes >= Self.bytesPerStream { flushObjects() }
    }

    /// Writes `object` (reserved) into the file itself, uncompressed: the document
    /// information, which `batch` reads from the file's last bytes.
    func addDirect(_ object: PDFReference, _ body: [UInt8]) {
        entries[object.number] = .direct(offset: output.count)
        output.appendInteger(object.number)
        output.appendLiteral(" 0 obj\n")
        output.append(contentsOf: body)
        output.appendLiteral("\nendobj\n")
    }

    /// Writes stream `object` (reserved): `dictionary` holds its entries but /Length and
    /// /Filter (written here). `compress`: deflated when that makes it smaller.
    func addStream(_ object: PDFReference, dictionary: [UInt8], data: [UInt8], compress: Bool = true) {
        var data = data
        var filter = false
        if compress, data.count > 32, let deflated = compressor.compress(data), deflated.count < data.count {
            data = deflated
            filter = true
        }
        entries[object.number] = .direct(offset: output.count)
        output.appendInteger(object.number)
        output.appendLiteral(" 0 obj\n<<")
        output.append(contentsOf: dictionary)
        if filter { output.appendLiteral(" /Filter /FlateDecode") }
        output.appendLiteral(" /Length ")
        output.appendInteger(data.count)
        output.appendLiteral(" >>\nstream\n")
        output.append(contentsOf: data)
        output.appendLiteral("\nendstream\nendobj\n")
    }

    /// Writes a stream whose data is already encoded (a JPEG, a compressed font): `dictionary`
    /// names its filter if any; /Length is written here.
    func addEncodedStream(_ object: PDFReference, dictionary: [UInt8], data: [UInt8]) {
        entries[object.number] = .direct(offset: output.count)
        output.appendInteger(object.number)
        output.appendLiteral(" 0 obj\n<<")
        output.append(contentsOf: dictionary)
        output.appendLiteral(" /Length ")
        output.appendInteger(data.count)
        output.appendLiteral(" >>\nstream\n")
        output.append(contentsOf: data)
        output.appendLiteral("\nendstream\nendobj\n")
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
        var dictionary: [UInt8] = []
        dictionary.appendLiteral(" /Type /ObjStm /N ")
        dictionary.appendInteger(pending.count)
        dictionary.appendLiteral(" /First ")
        dictionary.appendInteger(first)
        addStream(stream, dictionary: dictionary, data: header)
        pending.removeAll(keepingCapacity: true)
        pendingBodies.removeAll()
    }

    /// Ends the file: the last object stream, the cross-reference stream (its trailer names
    /// `root` and `info`) and `startxref`. The file is done after this.
    /// - Complexity: O(objects + file size) (the /ID hashes the file).
    func finish(root: PDFReference, info: PDFReference?) -> [UInt8] {
        flushObjects()
        let xref = reserve()
        let xrefOffset = output.count
        entries[xref.number] = .direct(offset: xrefOffset)
        // Field widths: type (1 byte), offset or stream number, generation or index.
        var largest = 0, largestIndex = 0
        for entry in entries {
            switch entry {
            case .free: break
            case .direct(let offset): largest = max(largest, offset)
            case .packed(let stream, let index): largest = max(largest, stream); largestIndex = max(largestIndex, index)
            }
        }
        let w2 = Self.byteWidth(largest), w3 = Self.byteWidth(largestIndex)
        let columns = 1 + w2 + w3
        // Rows with PNG "Up" prediction (each byte minus the one above): the columns change
        // little from row to row, so the stream compresses to a few bytes per object.
        var rows: [UInt8] = []
        rows.reserveCapacity(entries.count * (columns + 1))
        var previous = [UInt8](repeating: 0, count: columns)
        var row = [UInt8](repeating: 0, count: columns)
        for entry in entries {
            let (type, field2, field3): (UInt8, Int, Int)
            switch entry {
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
        let id = Self.fileIdentifier(output)
        var dictionary: [UInt8] = []
        dictionary.appendLiteral(" /Type /XRef /Size ")
        dictionary.appendInteger(entries.count)
        dictionary.appendLiteral(" /W [ 1 ")
        dictionary.appendInteger(w2)
        dictionary.append(0x20)
        dictionary.appendInteger(w3)
        dictionary.appendLiteral(" ] /Root ")
        dictionary.appendReference(root)
        if let info {
            dictionary.appendLiteral(" /Info ")
            dictionary.appendReference(info)
        }
        dictionary.appendLiteral(" /ID [ <")
        for byte in id { dictionary.appendHexByte(byte) }
        dictionary.appendLiteral("> <")
        for byte in id { dictionary.appendHexByte(byte) }
        // Always deflated, even when that saves nothing: the predictor is a parameter of the
        // filter, and without the filter a reader would take the rows' filter bytes for data.
        dictionary.appendLiteral("> ] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns ")
        dictionary.appendInteger(columns)
        dictionary.appendLiteral(" >>")
        addEncodedStream(xref, dictionary: dictionary, data: compressor.compress(rows) ?? [])
        output.appendLiteral("startxref\n")
        output.appendInteger(xrefOffset)
        output.appendLiteral("\n%%EOF\n")
        return output
    }

    /// Bytes needed for `value` (at least 1).
    private static func byteWidth(_ value: Int) -> Int {
        var width = 1
        while width < 8, value >> (8 * width) != 0 { width += 1 }
        return width
    }

    /// 16 bytes that identify the file: two 64-bit hashes of its bytes (a multiply-xor hash
    /// over 8 bytes at a time). A different document gives a different identifier; the same
    /// one, the same.
    static func fileIdentifier(_ bytes: [UInt8]) -> [UInt8] {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15, b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                let w = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                a = (a ^ w) &* 0x0000_0100_0000_01B3
                a ^= a >> 29
                b = (b ^ w) &* 0xFF51_AFD7_ED55_8CCD
                b ^= b >> 31
            }
            for i in (words * 8)..<raw.count {
                a = (a ^ UInt64(raw[i])) &* 0x0000_0100_0000_01B3
                b = (b ^ UInt64(raw[i])) &* 0xFF51_AFD7_ED55_8CCD
            }
            a ^= UInt64(raw.count)
            b = (b ^ UInt64(raw.count)) &* 0x9E37_79B9_7F4A_7C15
        }
        var id: [UInt8] = []
        for shift in stride(from: 56, through: 0, by: -8) { id.append(UInt8(truncatingIfNeeded: a >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { id.append(UInt8(truncatingIfNeeded: b >> UInt64(shift))) }
        return id
    }
}
