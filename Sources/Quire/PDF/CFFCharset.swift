/// The glyph-to-CID map of a CID-keyed CFF font (Adobe Technical Note #5176: the Top DICT's
/// ROS and charset), as a PDF CIDFontType0 needs: there a character code is a CID, which the
/// reader maps to a glyph through the font's own charset, and HarfBuzz's subsetter keeps
/// each glyph's CID while it renumbers the glyphs.
///
/// Reads only what it needs and checks every offset: a damaged table gives nil, never a trap.
package struct CFFCharset {
    /// The CID of each glyph, by glyph index.
    package let cids: [UInt16]

    /// The charset of the `CFF ` table `table`, or nil when the font is not CID-keyed (its
    /// glyphs are then addressed by index) or the table cannot be read.
    /// - Complexity: O(glyphs).
    package init?(cffTable table: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: table)
        guard table.count > 4 else { return nil }
        reader.position = Int(table[2])  // header size
        guard reader.skipIndex(), let topDict = reader.firstIndexEntry() else { return nil }
        var operands: [Int] = []
        var charsetOffset: Int?, charStringsOffset: Int?, isCIDKeyed = false
        var dict = Reader(bytes: table, position: topDict.lowerBound)
        while dict.position < topDict.upperBound {
            let b0 = Int(table[dict.position])
            if b0 <= 21 {
                dict.position += 1
                var op = b0
                if b0 == 12 {
                    guard dict.position < topDict.upperBound else { return nil }
                    op = 1200 + Int(table[dict.position])
                    dict.position += 1
                }
                switch op {
                case 15: charsetOffset = operands.last
                case 17: charStringsOffset = operands.last
                case 1230: isCIDKeyed = true
                default: break
                }
                operands = []
            } else {
                guard let operand = dict.dictOperand(end: topDict.upperBound) else { return nil }
                operands.append(operand)
            }
        }
        guard isCIDKeyed, let charsetOffset, let charStringsOffset, charStringsOffset > 0, charStringsOffset + 2 <= table.count else { return nil }
        let glyphs = Int(table[charStringsOffset]) << 8 | Int(table[charStringsOffset + 1])
        guard glyphs > 0, charsetOffset > 2, charsetOffset < table.count else { return nil }
        var cids = [UInt16](repeating: 0, count: glyphs)
        var r = Reader(bytes: table, position: charsetOffset + 1)
        var gid = 1
        switch table[charsetOffset] {
        case 0:
            while gid < glyphs {
                guard let cid = r.card16() else { return nil }
                cids[gid] = cid
                gid += 1
            }
        case 1, 2:
            let wide = table[charsetOffset] == 2
            while gid < glyphs {
                guard let first = r.card16(), let left = wide ? r.card16().map(Int.init) : r.card8().map(Int.init) else { return nil }
                for k in 0...left where gid < glyphs {
                    cids[gid] = UInt16(truncatingIfNeeded: Int(first) + k)
                    gid += 1
                }
            }
        default:
            return nil
        }
        self.cids = cids
    }

    /// The bytes of table `tag` of a single font file (an OpenType table directory), or nil.
    package static func table(_ tag: String, in font: [UInt8]) -> ArraySlice<UInt8>? {
        guard font.count >= 12 else { return nil }
        let tables = Int(font[4]) << 8 | Int(font[5])
        let wanted = Array(tag.utf8)
        for k in 0..<tables {
            let record = 12 + 16 * k
            guard record + 16 <= font.count else { return nil }
            guard Array(font[record..<(record + 4)]) == wanted else { continue }
            func u32(_ at: Int) -> Int { font[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let offset = u32(record + 8), length = u32(record + 12)
            guard offset + length <= font.count else { return nil }
            return font[offset..<(offset + length)]
        }
        return nil
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func card8() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func card16() -> UInt16? {
            guard position + 2 <= bytes.count else { return nil }
            defer { position += 2 }
            return UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
        }

        /// An offset of `size` bytes (1 to 4).
        mutating func offset(_ size: Int) -> Int? {
            guard (1...4).contains(size), position + size <= bytes.count else { return nil }
            var value = 0
            for k in 0..<size { value = value << 8 | Int(bytes[position + k]) }
            position += size
            return value
        }

        /// Skips an INDEX; false when it runs past the table.
        mutating func skipIndex() -> Bool {
            guard let count = card16() else { return false }
            guard count > 0 else { return true }
            guard let size = card8().map(Int.init), let _ = offset(size) else { return false }
            position += (Int(count) - 1) * size
            guard let last = offset(size) else { return false }
            position += last - 1
            return position <= bytes.count
        }

        /// The byte range of an INDEX's first entry (the INDEX is not consumed).
        func firstIndexEntry() -> Range<Int>? {
            var r = self
            guard let count = r.card16(), count > 0, let size = r.card8().map(Int.init),
                  let start = r.offset(size), let end = r.offset(size) else { return nil }
            let dataStart = position + 3 + (Int(count) + 1) * size - 1
            guard start >= 1, end >= start, dataStart + end <= bytes.count else { return nil }
            return (dataStart + start)..<(dataStart + end)
        }

        /// A DICT operand (integers; a real number is skipped and read as 0).
        mutating func dictOperand(end: Int) -> Int? {
            guard position < end else { return nil }
            let b0 = Int(bytes[position])
            position += 1
            switch b0 {
            case 28:
                guard let v = card16() else { return nil }
                return Int(Int16(bitPattern: v))
            case 29:
                guard let v = offset(4) else { return nil }
                return Int(Int32(truncatingIfNeeded: v))
            case 30:
                while position < end {
                    let b = bytes[position]
                    position += 1
                    if b & 0x0F == 0x0F || b >> 4 == 0x0F { return 0 }
                }
                return nil
            case 32...246: return b0 - 139
            case 247...250:
                guard let b1 = card8() else { return nil }
                return (b0 - 247) * 256 + Int(b1) + 108
            case 251...254:
                guard let b1 = card8() else { return nil }
                return -(b0 - 251) * 256 - Int(b1) - 108
            default:
                return nil
            }
        }
    }
}
