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

/// The ranges `TagRecorder` keeps for a tag must be where GTK's text tree would have put it:
/// applications join, removals cut, in the order they came, whatever that order.
final class TagRecorderTests: XCTestCase {
    /// The characters `ranges` cover, one flag per character.
    private func flags(_ ranges: [Range<Int>], count: Int) -> [Bool] {
        var flags = [Bool](repeating: false, count: count)
        for range in ranges { for i in range { flags[i] = true } }
        return flags
    }

    func testAppliedAndRemovedRangesAreWhereTheTextTreeWouldHaveTheTag() {
        continueAfterFailure = false  // the first wrong step says it all
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = 60
            var model = [Bool](repeating: false, count: count)
            var ranges: [Range<Int>] = []
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let a = Int.random(in: 0...count, using: &generator), b = Int.random(in: 0...count, using: &generator)
                let range = min(a, b)..<max(a, b)
                let applies = Int.random(in: 0..<3, using: &generator) != 0
                if applies { TagRecorder.add(range, to: &ranges) } else { TagRecorder.remove(range, from: &ranges) }
                for i in range { model[i] = applies }
                XCTAssertEqual(flags(ranges, count: count), model, "\(applies ? "apply" : "remove") \(range)")
                // Sorted, disjoint, not touching, none empty: one toggle per change, as GTK's tree has.
                for (r, next) in zip(ranges, ranges.dropFirst()) { XCTAssertLessThan(r.upperBound, next.lowerBound, "\(ranges)") }
                XCTAssertFalse(ranges.contains(where: \.isEmpty))
            }
        }
    }

    func testTouchingApplicationsJoinAndARemovalInsideSplits() {
        var ranges: [Range<Int>] = []
        TagRecorder.add(0..<3, to: &ranges)
        TagRecorder.add(3..<5, to: &ranges)
        TagRecorder.add(8..<9, to: &ranges)
        XCTAssertEqual(ranges, [0..<5, 8..<9])
        TagRecorder.add(4..<8, to: &ranges)
        XCTAssertEqual(ranges, [0..<9])
        TagRecorder.remove(2..<4, from: &ranges)
        XCTAssertEqual(ranges, [0..<2, 4..<9])
        TagRecorder.remove(0..<9, from: &ranges)
        XCTAssertEqual(ranges, [])
    }
}
