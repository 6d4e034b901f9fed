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

/// The one binary search that runs, spans, offsets and recorded tag ranges are looked up with.
final class PartitionPointTests: XCTestCase {
    func testItIsTheFirstIndexWhereThePredicateHoldsAsALinearScanFindsIt() {
        for count in 0..<12 {
            let sorted = (0..<count).map { $0 * 2 }
            for probe in -1...(2 * count + 1) {
                XCTAssertEqual(sorted.partitionPoint { $0 >= probe }, sorted.firstIndex { $0 >= probe } ?? sorted.endIndex,
                               "\(sorted), \(probe)")
            }
        }
        let slice = [1, 3, 5, 7, 9][1...]
        XCTAssertEqual(slice.partitionPoint { $0 > 5 }, 3, "indices are the slice's own")
    }
}
