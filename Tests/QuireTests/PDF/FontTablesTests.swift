@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import XCTest

/// A font descriptor's box, slant and pitch come from the face's tables, read by name.
final class FontTablesTests: XCTestCase {
    func testFieldsReadBigEndianAndZeroPastTheEnd() {
        let bytes: [UInt8] = [0xFF, 0xF5, 0x80, 0x00, 0x00, 0x01, 0x7F]
        bytes.withUnsafeBytes { raw in
            let fields = BigEndianFields(raw)
            XCTAssertEqual(fields.int16(0), -11)
            XCTAssertEqual(fields.uint16(0), 0xFFF5)
            XCTAssertEqual(fields.fixed(0), -10.5, "16.16: -11 and a half, upwards")
            XCTAssertEqual(fields.uint32(2), 0x8000_0001)
            XCTAssertEqual(fields.int16(6), 0, "a field past the end reads 0")
            XCTAssertEqual(fields.uint32(4), 0)
            XCTAssertEqual(fields.int16(-1), 0)
        }
    }

    /// The italic's descriptor is slanted and flagged italic, the code font's fixed pitch,
    /// the roman's neither; every box is a real one.
    func testDescriptorsStateTheFacesSlantPitchAndBox() throws {
        let pdf = writeQuirePDF("Roman *italic* and `code`.")
        let text = try PDFTools.uncompressed(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // qpdf writes each dictionary's keys sorted, none of a descriptor's values a dictionary.
        let descriptors = text.components(separatedBy: "<<").filter { $0.contains("/Type /FontDescriptor") }
        XCTAssertEqual(descriptors.count, 3, text)
        func value(_ key: String, in d: String) -> String? {
            d.components(separatedBy: "/\(key) ").dropFirst().first?.split(separator: " ").first.map(String.init)
        }
        var kinds: [String] = []
        for d in descriptors {
            let flags = try XCTUnwrap(value("Flags", in: d).flatMap { Int($0) })
            let angle = try XCTUnwrap(value("ItalicAngle", in: d).flatMap { Double($0) })
            XCTAssertEqual(flags & 64 != 0, angle != 0, "italic flag and angle agree: \(d.prefix(200))")
            let box = d.components(separatedBy: "/FontBBox [ ").dropFirst().first?.split(separator: " ").prefix(4).compactMap { Double($0) } ?? []
            XCTAssertEqual(box.count, 4)
            XCTAssertTrue(box[2] > box[0] && box[3] > box[1], "a box of some size: \(box)")
            kinds.append(flags & 1 != 0 ? "fixed" : angle < 0 ? "italic" : "roman")
        }
        XCTAssertEqual(kinds.sorted(), ["fixed", "italic", "roman"], text)
    }

    /// Stems are estimated from the weight: a bold face's thicker than a regular one's.
    func testStemsFollowTheWeight() throws {
        let text = try PDFTools.uncompressed(writeQuirePDF("Regular and **bold**.")).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        let stems = text.components(separatedBy: "/StemV ").dropFirst().compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
        XCTAssertEqual(stems.sorted(), [95, 169], text)
        XCTAssertEqual(EmbeddedFonts.Font.stemV(weight: 400), 95)
        XCTAssertEqual(EmbeddedFonts.Font.stemV(weight: 700), 169)
        XCTAssertEqual(EmbeddedFonts.Font.stemV(weight: 1), 0)
    }
}
