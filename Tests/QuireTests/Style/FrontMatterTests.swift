@testable import Quire
import XCTest

final class FrontMatterTests: XCTestCase {
    func testKnownKeysQuotesAndVariantMaps() {
        let (info, body, warnings) = FrontMatter.split("""
        ---
        title: {"8": "Quire", "30": "Quire: the guide"}
        subtitle: 'Markdown to PDF'
        author: Ada
        date: "2026-11-21"
        lang: ja
        tags:
          - a
        ---
        # Body
        """)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(info.title, TextValue(variants: [(8, "Quire"), (30, "Quire: the guide")]))
        XCTAssertEqual(info.subtitle, .plain("Markdown to PDF"))
        XCTAssertEqual(info.author, .plain("Ada"))
        XCTAssertEqual(info.date, .plain("2026-11-21"))
        XCTAssertEqual(info.lang, "ja")
        XCTAssertEqual(body.split(separator: "\n", omittingEmptySubsequences: false).count, 10, "line numbers kept")
        XCTAssertTrue(body.hasSuffix("# Body"))
        XCTAssertEqual(FrontMatter.split("---\ntitle: {8: Short, 30: Longer one}\n---\n").info.title?.widest, "Longer one")
    }

    /// Front matter saved with Windows line ends was ignored: Swift reads "\r\n" as one
    /// character, so splitting on "\n" found no lines.
    func testRegressionFrontMatterWithCRLFLineEnds() {
        let (info, body, warnings) = FrontMatter.split("---\r\ntitle: Windows\r\nlang: fr\r\n---\r\n\r\n# Body\r\n")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(info.title?.widest, "Windows")
        XCTAssertEqual(info.lang, "fr")
        XCTAssertEqual(body, "\n\n\n\n\r\n# Body\r\n", "four lines blanked, the rest as it was")
    }

    /// Only the front matter is scanned; a long body is passed on as it is.
    func testLongBodyAfterFrontMatterIsKeptWhole() {
        let text = (1...20_000).map { "line \($0) with some words" }.joined(separator: "\n")
        let (info, body, _) = FrontMatter.split("---\ntitle: T\n...\n" + text)
        XCTAssertEqual(info.title?.widest, "T")
        XCTAssertEqual(body, "\n\n\n" + text)
    }

    func testMalformedBlockWarnsAndStaysText() {
        let unclosed = FrontMatter.split("---\ntitle: x\n\nText")
        XCTAssertEqual(unclosed.warnings.map(\.line), [1])
        XCTAssertEqual(unclosed.markdown, "---\ntitle: x\n\nText")
        let badLine = FrontMatter.split("---\ntitle: x\nthis is not a key value line\n---\n")
        XCTAssertEqual(badLine.warnings.map(\.line), [3])
        XCTAssertNil(badLine.info.title)
        XCTAssertEqual(FrontMatter.split("No front matter").markdown, "No front matter")
    }

    func testRenderUsesFrontMatterForTitleBlockMetadataAndHeader() throws {
        let markdown = "---\ntitle: {\"5\": \"Short\", \"60\": \"The longer cover title\"}\nauthor: Ada\n---\n\n" + prose(1500)
        let doc = layout(markdown)
        XCTAssertEqual(doc.title, "The longer cover title", "metadata and cover: the widest")
        XCTAssertTrue(doc.pages[0].bodyLines.contains { $0.text == "The longer cover title" })
        XCTAssertTrue(doc.pages[0].furnitureLines.allSatisfy { $0.text == "1" }, "no header on page 1")
        let header = doc.pages[1].furnitureLines.filter { $0.baseline < Style().margins.top }
        XCTAssertEqual(header.map(\.text), ["Short"], "a 44 em header: the 60 em wording does not fit")
    }
}
