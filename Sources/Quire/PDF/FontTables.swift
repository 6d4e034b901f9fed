import QuireFonts

/// What a font descriptor states beyond HarfBuzz's metrics, read by name from a face's
/// OpenType tables (`head`, `post`): not from offsets scattered through the writer.
///
/// A field that does not lie wholly inside its table (the table missing, or cut short) reads
/// as 0, as a face without it is then described.
package struct FontTables {
    /// `head`: the box of all glyphs (xMin, yMin, xMax, yMax), in font units.
    package private(set) var boundingBox = [0, 0, 0, 0]
    /// `post`: degrees counter-clockwise from the vertical (a forward slant is negative).
    package private(set) var italicAngle = 0.0
    /// `post`: whether every glyph has the same advance.
    package private(set) var isFixedPitch = false

    /// Reads `face`'s tables where they lie (nothing is copied).
    package init(_ face: OpenTypeFace) {
        face.withTable("head") { bytes in
            let head = BigEndianFields(bytes)
            boundingBox = [head.int16(36), head.int16(38), head.int16(40), head.int16(42)]
        }
        face.withTable("post") { bytes in
            let post = BigEndianFields(bytes)
            italicAngle = post.fixed(4)
            isFixedPitch = post.uint32(12) != 0
        }
    }
}

/// The big-endian numbers of a table by their offsets (OpenType's data types); a number that
/// does not lie wholly inside the table is 0.
package struct BigEndianFields {
    private let bytes: UnsafeRawBufferPointer

    package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    package func uint16(_ offset: Int) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    package func int16(_ offset: Int) -> Int { Int(Int16(truncatingIfNeeded: uint16(offset))) }

    package func uint32(_ offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(uint16(offset)) << 16 | UInt32(uint16(offset + 2))
    }

    /// A 16.16 fixed-point number (`Fixed`).
    package func fixed(_ offset: Int) -> Double { Double(Int32(bitPattern: uint32(offset))) / 65536 }
}
