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
        XCTAssertEqual(written { $0.appendInteger(7) }, "7")
        XCTAssertEqual(written { $0.appendInteger(10) }, "10")
        XCTAssertEqual(written { $0.appendInteger(Int.max) }, "9223372036854775807")
        XCTAssertEqual(written { $0.appendInteger(1_234_567_890_123) }, "1234567890123")
        XCTAssertEqual(written { $0.appendInteger(-3) }, "0")
        XCTAssertEqual(written { $0.appendNumber(0.125) }, "0.13", "halves away from zero")
        XCTAssertEqual(written { $0.appendNumber(-2.5, decimals: 0) }, "-3")
        XCTAssertEqual(written { $0.appendNumber(-1234.5678, decimals: 6) }, "-1234.5678")
        XCTAssertEqual(written { $0.appendNumber(1e13) }, "0", "beyond what a viewer reads")
    }

    /// The writer's rounding (no call into the C library) is `rounded()`'s, halves and the
    /// values next to them included.
    func testFastRoundingIsSchoolbookRounding() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
                                4_503_599_627_370_495.5, 4_503_599_627_370_497, 1e300, -.infinity]
        for k in -2000...2000 {
            let v = Double(k) / 8
            values += [v, v.nextUp, v.nextDown]
        }
        for v in values {
            XCTAssertEqual(roundedHalfAway(v), v.rounded(), "\(v)")
        }
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
