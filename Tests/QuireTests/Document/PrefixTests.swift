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

final class PrefixTests: XCTestCase {
    func testInlinePrefixKeepsStylesAndCutsBetweenCharacters() {
        let inlines: [Inline] = [.text("ab"), .strong([.text("cdé")]), .text("fg")]
        XCTAssertEqual(inlines.prefix(bytes: 4).inlines, [.text("ab"), .strong([.text("cd")])])
        XCTAssertEqual(inlines.prefix(bytes: 5).inlines, [.text("ab"), .strong([.text("cd")])], "é is two bytes")
        XCTAssertEqual(inlines.prefix(bytes: 100).isShortened, false)
        XCTAssertEqual("👩‍👩‍👧x".utf8Prefix(10), "", "a cluster is never split")
    }

    func testBlockPrefixIsBoundedWhateverTheSize() {
        let huge = [Block(.paragraph([.text(String(repeating: "word ", count: 200_000))]))]
        let (blocks, shortened) = huge.prefix(lines: 3, bytes: 4000)
        XCTAssertTrue(shortened)
        guard case .paragraph(let kept) = blocks[0].kind else { return XCTFail() }
        XCTAssertEqual(kept.plainText.utf8.count, 4000)
        let list = [Block(.list(ListBlock(start: nil, isTight: true, items: Array(repeating: ListItem(blocks: []), count: 1000))))]
        guard case .list(let l) = list.prefix(lines: 3, bytes: 100).blocks[0].kind else { return XCTFail() }
        XCTAssertEqual(l.items.count, 4)
    }

    func testSectionsSplitAtHeadingsWithTitleAndFootnotesApart() {
        let doc = parseMarkdown("# T\n\nintro\n\n## A\n\na[^1]\n\n## B\n\n[^1]: note\n")
        let sections = SectionedDocument(doc.blocks)
        XCTAssertNotNil(sections.title)
        XCTAssertEqual(sections.sections.count, 3)
        XCTAssertNil(sections.sections[0].heading)
        XCTAssertEqual(sections.footnotes.count, 1)
    }
}
