/// A ToUnicode CMap (ISO 32000-1, 9.10.3): each character code of a font to the text it
/// shows, so that copying, searching and screen readers get the text back. A code may stand
/// for several characters (a ligature, an emoji sequence).
enum ToUnicodeCMap {
    /// The CMap's text for `mappings` (code → UTF-16 units, codes ascending), codes of
    /// `codeBytes` bytes (2 for Identity-H fonts, 1 for Type 3 fonts).
    /// - Complexity: O(total length of the mappings).
    static func text(_ mappings: [(code: Int, text: [UInt16])], codeBytes: Int) -> [UInt8] {
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
