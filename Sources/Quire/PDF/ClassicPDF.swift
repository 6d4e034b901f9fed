/// The little of a finished PDF that an incremental update needs, read from its bytes: the
/// trailer, the cross-reference table, the pages in order and each page's dictionary.
///
/// Only a classic PDF is read: one whose cross-reference sections are `xref` tables (not
/// streams; earlier sections reached through /Prev) and whose catalog, page tree and pages are
/// plain objects, which is what Cairo 1.16 writes. Anything else is a `PDFStructureError`,
/// never a guess; a damaged or hostile file ends in one too, in time linear in its size.
package struct ClassicPDF {
    package struct Reference: Equatable { var number: Int; var generation: Int }

    /// The trailer's /Size: the next free object number.
    package let size: Int
    package let root: Reference
    package let info: Reference?
    /// The trailer's /ID array as written (kept by an update), if any.
    package let idText: [UInt8]?
    /// Where the last cross-reference section starts (an update's /Prev).
    package let startXref: Int
    /// Every page object, in page order.
    package let pages: [Reference]

    private let bytes: UnsafeRawBufferPointer
    private let offsets: [Int: Int]

    /// Reads `bytes` (valid for as long as this value is used).
    /// - Throws: `PDFStructureError` when the file is not a classic, unencrypted PDF.
    /// - Complexity: O(objects in the cross-reference table + pages).
    package init(_ bytes: UnsafeRawBufferPointer) throws(PDFStructureError) {
        self.bytes = bytes
        var scan = PDFScanner(bytes)
        guard let keyword = scan.lastIndex(of: "startxref") else { throw PDFStructureError("no startxref") }
        scan.position = keyword + 9
        guard let xref = scan.integer(), xref >= 0, xref < bytes.count else { throw PDFStructureError("bad startxref") }
        startXref = xref
        // The last section first, then each earlier one through /Prev (an incremental update's);
        // the newest entry of an object wins, a free entry included.
        var offsets: [Int: Int] = [:], decided = Set<Int>(), sections = Set<Int>()
        var trailer: PDFDictionary?
        var section: Int? = xref
        while let at = section {
            guard at >= 0, at < bytes.count, sections.insert(at).inserted, sections.count <= 1000 else {
                throw PDFStructureError("bad or looping /Prev")
            }
            let sectionTrailer = try Self.readSection(at: at, in: bytes) { number, offset in
                if decided.insert(number).inserted, let offset { offsets[number] = offset }
            }
            if trailer == nil { trailer = sectionTrailer }
            section = sectionTrailer.value(of: "Prev").flatMap(PDFScanner.integer)
        }
        guard let trailer else { throw PDFStructureError("no trailer") }
        self.offsets = offsets
        guard trailer.value(of: "Encrypt") == nil else { throw PDFStructureError("encrypted") }
        guard let sizeText = trailer.value(of: "Size"), let size = PDFScanner.integer(sizeText),
              let root = trailer.value(of: "Root").flatMap(PDFScanner.reference) else {
            throw PDFStructureError("trailer lacks /Size or /Root")
        }
        self.size = size
        self.root = root
        info = trailer.value(of: "Info").flatMap(PDFScanner.reference)
        idText = trailer.value(of: "ID")

        var pages: [Reference] = []
        let catalog = try Self.dictionary(root, in: bytes, offsets)
        guard let tree = catalog.value(of: "Pages").flatMap(PDFScanner.reference) else {
            throw PDFStructureError("catalog has no /Pages")
        }
        var visited = Set<Int>()
        try Self.collectPages(tree, in: bytes, offsets, into: &pages, visited: &visited, depth: 0)
        self.pages = pages
    }

    /// Reads the cross-reference section at `offset`, calling `entry` with each object number
    /// and its offset (nil for a free entry), and returns the section's trailer.
    private static func readSection(at offset: Int, in bytes: UnsafeRawBufferPointer,
                                    _ entry: (Int, Int?) -> Void) throws(PDFStructureError) -> PDFDictionary {
        var scan = PDFScanner(bytes)
        scan.position = offset
        guard scan.keyword("xref") else { throw PDFStructureError("not a cross-reference table (an xref stream?)") }
        while let first = scan.integer() {
            guard let count = scan.integer(), count >= 0, count <= bytes.count / 20 else { throw PDFStructureError("bad xref subsection") }
            for number in first..<(first + count) {
                guard let objectOffset = scan.integer(), scan.integer() != nil, let kind = scan.entryKind() else {
                    throw PDFStructureError("bad xref entry")
                }
                entry(number, kind == UInt8(ascii: "n") ? objectOffset : nil)
            }
        }
        guard scan.keyword("trailer"), let trailer = scan.dictionary() else { throw PDFStructureError("no trailer") }
        return trailer
    }

    /// The dictionary of object `reference` (a page, the document information, ...).
    package func dictionary(_ reference: Reference) throws(PDFStructureError) -> PDFDictionary {
        try Self.dictionary(reference, in: bytes, offsets)
    }

    /// Object `reference`'s value as written and, for a stream, where its data lies in the
    /// file (its /Length direct or an indirect integer, as Cairo writes it).
    /// - Throws: `PDFStructureError` when the object is not where the table says or its
    ///   stream runs past the file.
    package func object(_ reference: Reference) throws(PDFStructureError) -> (value: [UInt8], stream: Range<Int>?) {
        guard let offset = offsets[reference.number], offset < bytes.count else {
            throw PDFStructureError("object \(reference.number) is not in the cross-reference table")
        }
        var scan = PDFScanner(bytes)
        scan.position = offset
        guard scan.integer() == reference.number, scan.integer() == reference.generation, scan.keyword("obj") else {
            throw PDFStructureError("object \(reference.number) is not at its offset")
        }
        let start = scan.position
        if let dictionary = scan.dictionary() {
            guard scan.keyword("stream") else { return (dictionary.text, nil) }
            // The data starts after the end of line that follows the keyword (CR LF or LF).
            var data = scan.position
            if data < bytes.count, bytes[data] == 0x0D { data += 1 }
            if data < bytes.count, bytes[data] == 0x0A { data += 1 }
            guard let lengthText = dictionary.value(of: "Length") else { throw PDFStructureError("stream \(reference.number) has no /Length") }
            var length = PDFScanner.integer(lengthText)
            if length == nil, let indirect = PDFScanner.reference(lengthText), indirect.number != reference.number {
                length = PDFScanner.integer(try object(indirect).value)
            }
            guard let length, data + length <= bytes.count else { throw PDFStructureError("stream \(reference.number) has a bad /Length") }
            return (dictionary.text, data..<(data + length))
        }
        scan.position = start
        guard let value = scan.value() else { throw PDFStructureError("object \(reference.number) has no value") }
        return (value, nil)
    }

    /// The bytes of `range` of the file (a stream's data).
    package func bytes(_ range: Range<Int>) -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: bytes[range])) }

    private static func dictionary(_ reference: Reference, in bytes: UnsafeRawBufferPointer,
                                   _ offsets: [Int: Int]) throws(PDFStructureError) -> PDFDictionary {
        guard let offset = offsets[reference.number], offset < bytes.count else {
            throw PDFStructureError("object \(reference.number) is not in the cross-reference table")
        }
        var scan = PDFScanner(bytes)
        scan.position = offset
        guard scan.integer() == reference.number, scan.integer() == reference.generation, scan.keyword("obj"),
              let dictionary = scan.dictionary() else {
            throw PDFStructureError("object \(reference.number) is not a dictionary at its offset")
        }
        return dictionary
    }

    /// Walks the page tree depth first. A node met twice (a cycle, or a page listed twice) or a
    /// tree deeper than 64 levels is refused.
    private static func collectPages(_ node: Reference, in bytes: UnsafeRawBufferPointer, _ offsets: [Int: Int],
                                     into pages: inout [Reference], visited: inout Set<Int>,
                                     depth: Int) throws(PDFStructureError) {
        guard depth < 64 else { throw PDFStructureError("page tree too deep") }
        guard visited.insert(node.number).inserted else { throw PDFStructureError("page tree meets object \(node.number) twice") }
        let dictionary = try dictionary(node, in: bytes, offsets)
        switch dictionary.value(of: "Type").map({ String(decoding: $0, as: UTF8.self) }) {
        case "/Page":
            pages.append(node)
        case "/Pages":
            guard let kids = dictionary.value(of: "Kids") else { throw PDFStructureError("page tree node lacks /Kids") }
            for kid in PDFScanner.references(in: kids) {
                try collectPages(kid, in: bytes, offsets, into: &pages, visited: &visited, depth: depth + 1)
            }
        default:
            throw PDFStructureError("object \(node.number) in the page tree is not a page")
        }
    }
}

/// Why a PDF could not be read as a classic PDF.
package struct PDFStructureError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A dictionary's text and its top-level entries' values (each value's text, as written).
package struct PDFDictionary {
    package let text: [UInt8]
    private let entries: [(key: [UInt8], value: [UInt8])]

    package init(text: [UInt8], entries: [(key: [UInt8], value: [UInt8])]) {
        self.text = text
        self.entries = entries
    }

    /// The dictionary `text` starts with, or nil.
    package static func parse(_ text: [UInt8]) -> PDFDictionary? {
        text.withUnsafeBytes { raw in
            var scan = PDFScanner(raw)
            return scan.dictionary()
        }
    }

    /// Every entry: its key (without the slash) and its value's text.
    package var allEntries: [(key: [UInt8], value: [UInt8])] { entries }

    /// The value of `/key`, or nil.
    package func value(of key: String) -> [UInt8]? {
        let key = Array(key.utf8)
        return entries.first { $0.key == key }?.value
    }
}

/// A cursor over PDF syntax: whitespace and comments skipped, strings, names, numbers and
/// nested dictionaries and arrays read as units. Every read stops at the end of the bytes.
package struct PDFScanner {
    package let bytes: UnsafeRawBufferPointer
    package var position = 0

    package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C || b == 0 }
    private static func isDelimiter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"): return true
        default: return false
        }
    }

    /// Skips whitespace and comments.
    package mutating func skipSpace() {
        while position < bytes.count {
            let b = bytes[position]
            if Self.isWhitespace(b) {
                position += 1
            } else if b == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The start of the last occurrence of `word` in the bytes, searching back from the end.
    package func lastIndex(of word: String) -> Int? {
        let w = Array(word.utf8)
        var i = bytes.count - w.count
        while i >= 0 {
            if bytes[i] == w[0], (0..<w.count).allSatisfy({ bytes[i + $0] == w[$0] }) { return i }
            i -= 1
        }
        return nil
    }

    /// A regular token (a run of characters up to whitespace or a delimiter), as text.
    package mutating func word() -> String? {
        skipSpace()
        let start = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) { position += 1 }
        return position > start ? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self) : nil
    }

    /// A cross-reference entry's kind, `n` (in use) or `f` (free), if one comes next.
    package mutating func entryKind() -> UInt8? {
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "n") || bytes[position] == UInt8(ascii: "f"),
              position + 1 == bytes.count || Self.isWhitespace(bytes[position + 1]) else { return nil }
        position += 1
        return bytes[position - 1]
    }

    /// Consumes `keyword` if it comes next.
    package mutating func keyword(_ keyword: String) -> Bool {
        let saved = position
        if word() == keyword { return true }
        position = saved
        return false
    }

    /// A non-negative integer (at most 15 digits) if one comes next (else the position is
    /// unchanged). Read from the bytes: a cross-reference table is thousands of them.
    package mutating func integer() -> Int? {
        skipSpace()
        var end = position, value = 0
        while end < bytes.count, end - position < 15, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        guard end > position, end == bytes.count || Self.isWhitespace(bytes[end]) || Self.isDelimiter(bytes[end]) else { return nil }
        position = end
        return value
    }

    /// The next value's text: a dictionary, array, string, name, or a number or keyword
    /// (an indirect reference `n g R` is read as three values).
    package mutating func value() -> [UInt8]? {
        skipSpace()
        guard position < bytes.count else { return nil }
        let start = position
        let b = bytes[position]
        if b == UInt8(ascii: "<"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
            guard skipNested(brackets: false) else { return nil }
        } else if b == UInt8(ascii: "[") {
            guard skipNested(brackets: true) else { return nil }
        } else if b == UInt8(ascii: "(") {
            guard skipLiteralString() else { return nil }
        } else if b == UInt8(ascii: "<") {
            while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
            guard position < bytes.count else { return nil }
            position += 1
        } else if b == UInt8(ascii: "/") {
            position += 1
            while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) { position += 1 }
        } else {
            guard word() != nil else { return nil }
        }
        return Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
    }

    /// A dictionary next: its text and top-level entries (a reference value `n g R` kept whole).
    package mutating func dictionary() -> PDFDictionary? {
        skipSpace()
        let start = position
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "<"), bytes[position + 1] == UInt8(ascii: "<") else { return nil }
        position += 2
        var entries: [(key: [UInt8], value: [UInt8])] = []
        while true {
            skipSpace()
            guard position + 1 < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: ">"), bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return PDFDictionary(text: Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position])), entries: entries)
            }
            guard bytes[position] == UInt8(ascii: "/"), let key = value(), var value = value() else { return nil }
            // `n g R`: two integers then R make one value.
            let saved = position
            if PDFScanner.integer(value) != nil, let generation = self.value(), PDFScanner.integer(generation) != nil, self.value() == Array("R".utf8) {
                value += [0x20] + generation + Array(" R".utf8)
            } else {
                position = saved
            }
            entries.append((Array(key.dropFirst()), value))
        }
    }

    /// Skips a dictionary (`brackets` false) or an array (true) from its opening to its matching
    /// close, minding strings, hex strings and comments.
    private mutating func skipNested(brackets: Bool) -> Bool {
        var depth = 0
        while position < bytes.count {
            let b = bytes[position]
            let doubled = position + 1 < bytes.count && bytes[position + 1] == b
            switch b {
            case UInt8(ascii: "("):
                guard skipLiteralString() else { return false }
                continue
            case UInt8(ascii: "%"):
                skipSpace()
                continue
            case UInt8(ascii: "<") where doubled:
                if !brackets { depth += 1 }
                position += 2
                continue
            case UInt8(ascii: "<"):
                // A hex string: its closing `>` is not half of a dictionary's `>>`.
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
            case UInt8(ascii: ">") where doubled && !brackets:
                depth -= 1
                position += 2
                if depth == 0 { return true }
                continue
            case UInt8(ascii: "[") where brackets:
                depth += 1
            case UInt8(ascii: "]") where brackets:
                depth -= 1
                if depth == 0 { position += 1; return true }
            default:
                break
            }
            position += 1
        }
        return false
    }

    /// Skips a literal string `( … )`: nested parentheses balance, a backslash escapes one byte.
    private mutating func skipLiteralString() -> Bool {
        var depth = 0
        while position < bytes.count {
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: "\\") { position += 1; continue }
            if b == UInt8(ascii: "(") { depth += 1 }
            if b == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }

    /// A value's text as a non-negative integer.
    package static func integer(_ text: [UInt8]) -> Int? {
        guard !text.isEmpty, text.count < 16, text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return text.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// A value's text as an indirect reference `n g R`.
    package static func reference(_ text: [UInt8]) -> ClassicPDF.Reference? {
        let parts = text.split(separator: 0x20)
        guard parts.count == 3, parts[2] == [UInt8(ascii: "R")],
              let n = integer(Array(parts[0])), let g = integer(Array(parts[1])) else { return nil }
        return ClassicPDF.Reference(number: n, generation: g)
    }

    /// Every `n g R` in an array's text, in order.
    package static func references(in array: [UInt8]) -> [ClassicPDF.Reference] {
        let words = array.split { isWhitespace($0) || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
        var result: [ClassicPDF.Reference] = []
        var i = 0
        while i + 2 < words.count {
            if words[i + 2] == [UInt8(ascii: "R")], let n = integer(Array(words[i])), let g = integer(Array(words[i + 1])) {
                result.append(ClassicPDF.Reference(number: n, generation: g))
                i += 3
            } else {
                i += 1
            }
        }
        return result
    }
}
