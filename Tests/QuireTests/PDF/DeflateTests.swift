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

final class DeflateTests: XCTestCase {
    /// What the writer deflates inflates back, also when it inflates to far more than four
    /// times its size (the first buffer `decompress` tries), and the same bytes always
    /// deflate the same.
    func testCompressedStreamsInflateBackAndAreDeterministic() throws {
        let text = Array(String(repeating: "BT /F1 10.5 Tf [(abc)-250(def)] TJ ET\n", count: 20_000).utf8)
        let compressor = Deflate.Compressor()
        let deflated = try XCTUnwrap(compressor.compress(text))
        XCTAssertLessThan(deflated.count * 20, text.count)
        XCTAssertEqual(Deflate.decompress(deflated), text)
        XCTAssertEqual(compressor.compress(text), deflated, "one compressor, buffer after buffer")
        XCTAssertEqual(Deflate.compress(text), deflated)
        XCTAssertEqual(Deflate.decompress(try XCTUnwrap(Deflate.compress([]))), [])
    }

    func testInflatingStopsAtTheLimitAndRejectsWhatIsNotZlib() throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let deflated = try XCTUnwrap(Deflate.compress(zeros))
        XCTAssertNil(Deflate.decompress(deflated, limit: 1 << 19))
        XCTAssertEqual(Deflate.decompress(deflated, limit: 1 << 20), zeros)
        XCTAssertNil(Deflate.decompress(Array("not zlib data at all".utf8)))
    }
}
