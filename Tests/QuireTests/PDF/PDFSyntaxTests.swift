@testable import Quire
import XCTest

final class PDFSyntaxTests: XCTestCase {
    private func written(_ body: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        body(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testNumbersHaveNoTrailingZerosAndRoundToTheirDecimals() {
        XCTAssertEqual(written { $0.appendNumber(12) }, "12")
        XCTAssertEqual(written { $0.appendNumber(-0.5) }, "-0.5")
        XCTAssertEqual(written { $0.appendNumber(612.344) }, "612.34")
        XCTAssertEqual(written { $0.appendNumber(0.0004, decimals: 3) }, "0")
        XCTAssertEqual(written { $0.appendNumber(-0.0004, decimals: 3) }, "0", "no negative zero")
        XCTAssertEqual(written { $0.appendNumber(0.05, decimals: 3) }, "0.05")
        XCTAssertEqual(written { $0.appendNumber(1.000_001, decimals: 5) }, "1")
        XCTAssertEqual(written { $0.appendNumber(.nan) }, "0")
        XCTAssertEqual(written { $0.appendInteger(7, width: 3) }, "007")
        XCTAssertEqual(written { $0.appendInteger(1_234_567_890_123) }, "1234567890123")
    }

    func testStringsAndNamesEscapeWhatPDFSyntaxReserves() {
        XCTAssertEqual(written { $0.appendTextString("a (b) \\c") }, "(a \\(b\\) \\\\c)")
        XCTAssertEqual(written { $0.appendTextString("é😀") }, "<FEFF00E9D83DDE00>", "UTF-16BE with a byte-order mark")
        XCTAssertEqual(written { $0.appendByteString("é".utf8) }, "(\\303\\251)")
        XCTAssertEqual(written { $0.appendName("A B#/") }, "/A#20B#23#2F")
        XCTAssertEqual(written { $0.appendURIString("https://x.org/a b?é") }, "(https://x.org/a%20b?%C3%A9)")
        XCTAssertEqual(pdfDate(0), "D:19700101000000Z")
    }
}
