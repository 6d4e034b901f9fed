@testable import Quire
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
}
