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

final class ParseSettingUpTypesetterTests: XCTestCase {
    func testParsesWhileTheTypesetterIsSetUpAtAnySize() {
        let small = "# Title\n\nSome *text*."
        XCTAssertEqual(RenderPipeline.parseSettingUpTypesetter(small, style: Style(), language: nil), parseMarkdown(small))
        let large = (1...2_000).map { "Paragraph \($0) with *some* words in it.\n" }.joined(separator: "\n")
        let document = RenderPipeline.parseSettingUpTypesetter(large, style: Style(), language: nil)
        XCTAssertEqual(document.blocks.count, 2_000)
        XCTAssertEqual(document, parseMarkdown(large))
    }
}
