/// A ToUnicode CMap (ISO 32000-1, 9.10.3): each character code of a font to the text it
/// shows, so that copying, searching and screen readers get the text back. A code may stand
/// for several characters (a ligature, an emoji sequence).
package enum ToUnicodeCMap {
    /// The longest text, in UTF-16 units, one code maps to: MuPDF ignores a longer entry
    /// ("ignoring one to many mapping", 8 units in its CMap reader), and the specification
    /// only promises 512 bytes; a glyph standing for more (a base letter under a long run of
    /// marks or controls) gets its text from an ActualText span instead.
    package static let maximumUnits = 8

    /// Whether `utf8`'s text is at most `maximumUnits` UTF-16 units long. O(1) for text of
    /// at most 8 bytes (each byte is at most one unit), else O(n).
    @inline(__always)
    package static func fits(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.count <= maximumUnits || utf16Count(utf8) <= maximumUnits
    }

    /// UTF-16 units of UTF-8 text: one per lead byte, two for a four-byte sequence's.
    private static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : $1 >= 0xF0 ? 2 : 1) }
    }

    /// The CMap's text for `mappings` (code → UTF-16 units, codes ascending), codes of
    /// `codeBytes` bytes (2 for Identity-H fonts, 1 for Type 3 fonts).
    /// - Complexity: O(total length of the mappings).
    package static func text(_ mappings: [(code: Int, text: [UInt16])], codeBytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(200 + mappings.count * 16)
        out.appendLiteral("""
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange

            """)
        out.appendLiteral(codeBytes == 1 ? "<00> <FF>\n" : "<0000> <FFFF>\n")
        out.appendLiteral("endcodespacerange\n")
        // At most 100 entries per block (the CMap format's limit).
        var start = 0
        while start < mappings.count {
            let end = min(mappings.count, start + 100)
            out.appendInteger(end - start)
            out.appendLiteral(" beginbfchar\n")
            for (code, text) in mappings[start..<end] {
                out.append(UInt8(ascii: "<"))
                if codeBytes == 1 { out.appendHexByte(UInt8(truncatingIfNeeded: code)) } else { out.appendHex16(UInt16(truncatingIfNeeded: code)) }
                out.appendLiteral("> <")
                for unit in text { out.appendHex16(unit) }
                out.appendLiteral(">\n")
            }
            out.appendLiteral("endbfchar\n")
            start = end
        }
        out.appendLiteral("""
            endcmap
            CMapName currentdict /CMapName get exch defineresource pop
            end
            end

            """)
        return out
    }
}
