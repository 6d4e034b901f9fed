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

    func testParsesWhileTheTypesetterIsSetUpAtAnySize() {
        let small = "# Title\n\nSome *text*."
        XCTAssertEqual(RenderPipeline.parseSettingUpTypesetter(small, style: Style(), language: nil), parseMarkdown(small))
        let large = (1...2_000).map { "Paragraph \($0) with *some* words in it.\n" }.joined(separator: "\n")
        XCTAssertGreaterThan(large.utf8.count, RenderPipeline.helperThreadMinimum, "parsed on the helper thread")
        let document = RenderPipeline.parseSettingUpTypesetter(large, style: Style(), language: nil)
        XCTAssertEqual(document.blocks.count, 2_000)
        XCTAssertEqual(document, parseMarkdown(large))
    }
}
