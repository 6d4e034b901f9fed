/// PDF objects written through types (ISO 32000-1, 7.3): dictionaries and arrays whose
/// brackets the call that opens them also closes, keys that are `PDFName`s, references that
/// are `PDFReference`s. A misspelt key, a number where an object belongs or a dictionary left
/// open does not compile. Model: Typst's `pdf-writer` crate, with closures where it has
/// writers closed when dropped.
///
/// The bytes are the ones the writer always wrote: every key, value and item preceded by one
/// space, ` >>` and ` ]` closing (`<< /Type /Page /MediaBox [ 0 0 612 792 ] >>`). A writer
/// holds the bytes it writes into (moved in, and back when it closes), so that writing costs
/// no more than appending the pieces by hand.

/// A dictionary being written: its entries, ` /Key value` each.
package struct PDFDictionaryWriter: ~Copyable {
    fileprivate var bytes: ByteBuffer

    fileprivate init(_ bytes: consuming ByteBuffer) { self.bytes = bytes }

    fileprivate consuming func take() -> ByteBuffer { bytes }

    @inline(__always)
    package mutating func pair(_ key: PDFName, _ value: PDFName) {
        bytes.appendSpacedName(key)
        bytes.appendSpacedName(value)
    }

    @inline(__always)
    package mutating func pair(_ key: PDFName, _ value: PDFReference) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.appendReference(value)
    }

    /// An integer entry (negative ones with their sign).
    @inline(__always)
    package mutating func pair(_ key: PDFName, _ value: Int) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.appendSignedInteger(value)
    }

    /// A real number with at most `decimals` decimals, trailing zeros dropped.
    @inline(__always)
    package mutating func pair(_ key: PDFName, _ value: Double, decimals: Int = 2) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.appendNumber(value, decimals: decimals)
    }

    package mutating func pair(_ key: PDFName, _ value: Bool) {
        bytes.appendSpacedName(key)
        bytes.appendLiteral(value ? " true" : " false")
    }

    /// A text string (7.9.2.2): printable ASCII as is, anything else as UTF-16.
    package mutating func pair(_ key: PDFName, text: String) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.appendTextString(text)
    }

    /// A text string of UTF-8 bytes (as `pair(_:text:)`).
    package mutating func pair(_ key: PDFName, textUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.appendTextString(utf8: utf8)
    }

    /// A text string always in UTF-16 with its byte-order mark, in hexadecimal
    /// (`<FEFF0041>`), from UTF-8 bytes: what ActualText is given.
    package mutating func pair(_ key: PDFName, utf16Text utf8: UnsafeBufferPointer<UInt8>) {
        bytes.appendSpacedName(key)
        bytes.appendLiteral(" <FEFF")
        for unit in String(decoding: utf8, as: UTF8.self).utf16 { bytes.appendHex16(unit) }
        bytes.append(UInt8(ascii: ">"))
    }

    /// A byte string: the bytes as they are, escaped as a literal string needs.
    package mutating func pair(_ key: PDFName, bytes value: some Sequence<UInt8>) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.appendByteString(value)
    }

    /// A URI (12.6.4.7): 7-bit ASCII, other bytes percent-encoded.
    package mutating func pair(_ key: PDFName, uri: String) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.appendURIString(uri)
    }

    /// An entry whose value `write` writes as an item, without brackets: the value of a key
    /// that takes one thing or an array of them, when it is one (a structure element's /K).
    /// `write` writes exactly one item.
    @inline(__always)
    package mutating func pair(_ key: PDFName, item write: (inout PDFArrayWriter) -> Void) {
        bytes.appendSpacedName(key)
        var item = PDFArrayWriter(take())
        write(&item)
        self = PDFDictionaryWriter(item.take())
    }

    /// An array entry: `write` writes its items.
    @inline(__always)
    package mutating func array(_ key: PDFName, _ write: (inout PDFArrayWriter) -> Void) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.writeArray(write)
    }

    /// A dictionary entry: `write` writes its entries.
    @inline(__always)
    package mutating func dictionary(_ key: PDFName, _ write: (inout PDFDictionaryWriter) -> Void) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.writeDictionary(write)
    }

    /// A dictionary entry whose key follows the value before it without a space (`]/Font`),
    /// which PDF allows after a delimiter: the resource dictionary's, as Quire has always
    /// written it (`PDFResourcesWriter`).
    package mutating func dictionaryAfterDelimiter(_ key: PDFName, _ write: (inout PDFDictionaryWriter) -> Void) {
        bytes.appendName(key)
        bytes.append(0x20)
        bytes.writeDictionary(write)
    }

    /// An entry copied from another PDF (an SVG's, drawn by Cairo): its key (a name without
    /// its slash) and its value as written there.
    package mutating func copiedPair(key: some Sequence<UInt8>, value: [UInt8]) {
        bytes.appendLiteral(" /")
        bytes.append(contentsOf: key)
        bytes.append(0x20)
        bytes.append(contentsOf: value)
    }

    /// An entry whose value is a value copied from another PDF, as written there.
    package mutating func pair(_ key: PDFName, copied value: [UInt8]) {
        bytes.appendSpacedName(key)
        bytes.append(0x20)
        bytes.append(contentsOf: value)
    }
}

/// An array being written: its items, each preceded by a space.
package struct PDFArrayWriter: ~Copyable {
    fileprivate var bytes: ByteBuffer

    fileprivate init(_ bytes: consuming ByteBuffer) { self.bytes = bytes }

    fileprivate consuming func take() -> ByteBuffer { bytes }

    @inline(__always)
    package mutating func item(_ value: PDFName) { bytes.appendSpacedName(value) }

    @inline(__always)
    package mutating func item(_ value: PDFReference) {
        bytes.append(0x20)
        bytes.appendReference(value)
    }

    /// An integer (negative ones with their sign).
    @inline(__always)
    package mutating func item(_ value: Int) {
        bytes.append(0x20)
        bytes.appendSignedInteger(value)
    }

    /// A real number with at most `decimals` decimals, trailing zeros dropped.
    @inline(__always)
    package mutating func item(_ value: Double, decimals: Int = 2) {
        bytes.append(0x20)
        bytes.appendNumber(value, decimals: decimals)
    }

    package mutating func items(_ values: [PDFReference]) { bytes.appendReferences(values) }

    /// Real numbers with at most `decimals` decimals each.
    package mutating func items(_ values: [Double], decimals: Int = 2) {
        for value in values { item(value, decimals: decimals) }
    }

    /// A byte string (the bytes as they are, escaped as a literal string needs).
    package mutating func item(bytes value: some Sequence<UInt8>) {
        bytes.append(0x20)
        bytes.appendByteString(value)
    }

    /// A string of `value` in hexadecimal (`<0A1B>`): an identifier's bytes.
    package mutating func item(hex value: [UInt8]) {
        bytes.appendLiteral(" <")
        for byte in value { bytes.appendHexByte(byte) }
        bytes.append(UInt8(ascii: ">"))
    }

    package mutating func null() { bytes.appendLiteral(" null") }

    /// An array inside this one: `write` writes its items.
    @inline(__always)
    package mutating func array(_ write: (inout PDFArrayWriter) -> Void) {
        bytes.append(0x20)
        bytes.writeArray(write)
    }

    /// A dictionary inside this array: `write` writes its entries.
    @inline(__always)
    package mutating func dictionary(_ write: (inout PDFDictionaryWriter) -> Void) {
        bytes.append(0x20)
        bytes.writeDictionary(write)
    }
}

/// A dictionary of one kind (a page, a font, a structure element...), written through
/// methods named for its entries, each taking the type of value the entry holds; starting
/// it writes the kind's /Type (and /Subtype) first. Other entries go through the plain
/// dictionary it wraps.
package protocol PDFTypedDictionaryWriter: ~Copyable {
    /// Starts a dictionary of this kind in `dictionary`.
    init(_ dictionary: consuming PDFDictionaryWriter)
    /// The dictionary written, to be closed.
    consuming func end() -> PDFDictionaryWriter
}

extension PDFDictionaryWriter {
    /// Writes this dictionary as one of kind `Writer` (its /Type first): `write` writes its
    /// entries.
    package mutating func write<Writer: PDFTypedDictionaryWriter & ~Copyable>(as _: Writer.Type, _ write: (inout Writer) -> Void) {
        var writer = Writer(self)
        write(&writer)
        self = writer.end()
    }
}

extension ByteBuffer {
    /// Writes a dictionary, `<<` … ` >>`: `write` writes its entries.
    @inline(__always)
    package mutating func writeDictionary(_ write: (inout PDFDictionaryWriter) -> Void) {
        appendLiteral("<<")
        writeEntries(write)
        appendLiteral(" >>")
    }

    /// Writes the entries of a dictionary without its brackets: a stream's, which the file
    /// completes with /Filter and /Length.
    @inline(__always)
    package mutating func writeEntries(_ write: (inout PDFDictionaryWriter) -> Void) {
        var dictionary = PDFDictionaryWriter(self)
        write(&dictionary)
        self = dictionary.take()
    }

    /// Writes an array, `[` … ` ]`: `write` writes its items.
    @inline(__always)
    package mutating func writeArray(_ write: (inout PDFArrayWriter) -> Void) {
        append(UInt8(ascii: "["))
        var array = PDFArrayWriter(self)
        write(&array)
        self = array.take()
        appendLiteral(" ]")
    }
}

extension PDFByteSink where Self: ~Copyable {
    /// Appends an integer in decimal, a negative one with its sign.
    @inline(__always)
    package mutating func appendSignedInteger(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendInteger(value == .min ? .max : -value)
        } else {
            appendInteger(value)
        }
    }
}
