@testable import Quire
import XCTest

final class HelperThreadTests: XCTestCase {
    func testResultIsTheWorksValueComputedOnce() {
        final class Counter: @unchecked Sendable { var runs = 0 }
        let counter = Counter()
        let text = String(repeating: "word ", count: 10_000)
        let helper = HelperThread { () -> Int in
            counter.runs += 1
            return text.split(separator: " ").count
        }
        XCTAssertEqual(helper.result(), 10_000)
        XCTAssertEqual(helper.result(), 10_000)
        XCTAssertEqual(counter.runs, 1)
    }

    func testParsesWhileTheTypesetterIsSetUp() {
        let document = Quire.parseSettingUpTypesetter("# Title\n\nSome *text*.", style: Style(), language: nil)
        XCTAssertEqual(document.blocks.count, 2)
    }
}
