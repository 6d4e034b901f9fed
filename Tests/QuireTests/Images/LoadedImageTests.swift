@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import Foundation
import XCTest

final class ImageCodecTests: XCTestCase {
    func testDecodesEachFormatWithItsIntrinsicSizeInPoints() throws {
        let cases: [(String, LoadedImage.Format, Double, Double)] = [
            ("diagram.png", .png, 360, 140), ("landscape.jpg", .jpeg, 480, 300),
            ("ring.gif", .gif, 64, 64), ("logo.svg", .svg, 240, 120), ("badge.svg", .svg, 80, 20),
        ]
        for (name, format, w, h) in cases {
            let image = try LoadedImage.decode(try Fixtures.bytes(name))
            XCTAssertEqual(image.format, format, name)
            XCTAssertEqual(image.width, w * 0.75, accuracy: 0.01, name)
            XCTAssertEqual(image.height, h * 0.75, accuracy: 0.01, name)
        }
    }

    func testCorruptAndUnknownDataAreErrors() throws {
        XCTAssertThrowsError(try LoadedImage.decode(try Fixtures.bytes("corrupt.png"))) { error in
            XCTAssertTrue("\(error)".contains("PNG"), "\(error)")
        }
        XCTAssertThrowsError(try LoadedImage.decode(Array("hello".utf8)))
        XCTAssertThrowsError(try LoadedImage.decode(Array((try Fixtures.bytes("landscape.jpg")).prefix(300))))
        XCTAssertThrowsError(try LoadedImage.decode(Array("<svg xmlns='http://www.w3.org/2000/svg'><rect".utf8)))
        XCTAssertThrowsError(try LoadedImage.decode(Array((try Fixtures.bytes("ring.gif")).prefix(40))))
    }

    /// A header claiming 100,000 × 100,000 pixels is refused before any decoding (bounded memory).
    func testHugeImageIsRefusedFromItsHeader() {
        let be = { (v: UInt32) in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8)
            + be(100_000) + be(100_000) + [8, 6, 0, 0, 0] + be(0)
        XCTAssertThrowsError(try LoadedImage.decode(png)) { error in
            XCTAssertTrue("\(error)".contains("too large"), "\(error)")
        }
        let gif: [UInt8] = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]
        XCTAssertThrowsError(try LoadedImage.decode(gif))
    }

    /// librsvg and gdk-pixbuf are opened at run time: a missing library is an error naming it.
    func testMissingImageLibraryIsAnErrorNamingIt() {
        XCTAssertThrowsError(try openLibrary("libquire-no-such-library.so.1")) { error in
            XCTAssert("\(error)".contains("libquire-no-such-library.so.1"), "\(error)")
        }
        XCTAssertNoThrow(try SVGLibrary.shared.get())
        XCTAssertNoThrow(try PixbufLibrary.shared.get())
    }
}
