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

/// The document walk (`Walk.swift`): every pass goes through it, so it must reach everything.
final class WalkTests: XCTestCase {
    /// Records what it visits: the walker's defaults must reach every nested block and inline.
    private struct Recorder: DocumentWalker {
        var blocks: [String] = []
        var texts: [String] = []
        mutating func defaultVisit(_ block: Block) {
            blocks.append("\(block.kind)".prefix { $0 != "(" }.description)
            for content in block.inlineContent { walk(content) }
            for group in block.childBlocks { walk(group) }
        }
        mutating func visitText(_ text: String) { texts.append(text) }
    }

    private let markdown = """
        # Title *em*

        > quoted **strong [link ~~struck~~](#x)**
        >
        > - item ![alt text](a.png)
        >   1. nested

        | h |
        |---|
        | cell |

        Note.[^1]

        [^1]: In the *note*.
        """

    func testWalkerReachesEveryNestedBlockAndInline() {
        var recorder = Recorder()
        recorder.walk(parseMarkdown(markdown).blocks)
        XCTAssertEqual(recorder.blocks, ["heading", "blockQuote", "paragraph", "list", "paragraph", "list", "paragraph",
                                         "table", "paragraph", "paragraph", "paragraph", "footnoteDefinition", "paragraph"])
        XCTAssertEqual(recorder.texts, ["Title ", "em", "quoted ", "strong ", "link ", "struck", "item ", "alt text",
                                        "nested", "h", "cell", "Note.", "In the ", "note", "."])
    }

    func testPlainTextOfNestedInlines() {
        let inlines: [Inline] = [.text("a "), .strong([.emphasis([.text("b")]), .code(" c")]), .softBreak,
                                 .link(destination: "u", title: "", content: [.image(source: "s", title: "", alt: [.text("d")])]),
                                 .anchor("x"), .htmlImage(HTMLImage(source: "i.png", alt: "not text")),
                                 .styled(.subscript, [.text("e")]), .located(line: 3, content: [.text("f")]),
                                 .footnoteReference(label: "2"), .hardBreak]
        XCTAssertEqual(inlines.plainText, "a b c def2 ")
    }

    func testRebuildingWithTheSameChildrenGivesTheSameDocument() {
        let blocks = parseMarkdown(markdown).blocks
        XCTAssertEqual(blocks.map { $0.mapChildBlocks { $0 } }, blocks)
        XCTAssertEqual(blocks.shiftingHeadings(by: 2).first?.kind, .heading(level: 3, content: [.text("Title "), .emphasis([.text("em")])]))
    }

    /// A kind without a layout of its own is laid out from what the walk says it holds: its
    /// inline content and child blocks, nothing lost.
    func testGenericLayoutKeepsEveryTextOfABlock() {
        let session = LayoutSession(style: Style(), typesetter: Typesetter(), graphviz: testEngine.graphviz, anchors: AnchorTable(parseMarkdown("")))
        let quote = parseMarkdown("> first\n>\n> - second\n").blocks[0]
        let slices = session.genericBlock(quote, BlockContext(column: Column(x: 60, width: 400)))
        let text = slices.flatMap(\.items).compactMap { if case .text(let l) = $0 { return l.text } else { return nil } }
        XCTAssertEqual(text, ["first", "second"])
    }
}
