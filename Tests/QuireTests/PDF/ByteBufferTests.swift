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

final class ByteBufferTests: XCTestCase {
    /// Bytes appended one by one, in short and long pieces, from arrays and strings, come out
    /// in order across the buffer's growth, and the PDF syntax written into it is the array's.
    func testAppendsKeepEveryByteInOrderAcrossGrowth() {
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<500 {
            let piece = (0..<(round % 40)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
            buffer.append(UInt8(truncatingIfNeeded: round))
            expected.append(UInt8(truncatingIfNeeded: round))
            buffer.append(contentsOf: piece)
            expected.append(contentsOf: piece)
            buffer.appendNumber(Double(round) / 7, decimals: 3)
            expected.appendNumber(Double(round) / 7, decimals: 3)
            buffer.appendTextString("é (\(round))")
            expected.appendTextString("é (\(round))")
        }
        buffer.append(contentsOf: "tail".utf8)
        expected.append(contentsOf: "tail".utf8)
        XCTAssertEqual(buffer.count, expected.count)
        XCTAssertEqual(buffer.array, expected)
        buffer.removeAll()
        XCTAssertEqual(buffer.array, [])
        buffer.appendLiteral(" 0 R")
        XCTAssertEqual(buffer.array, Array(" 0 R".utf8))
    }
}
