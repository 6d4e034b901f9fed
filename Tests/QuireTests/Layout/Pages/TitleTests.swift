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

/// Issue 17: a document's title, for the metadata and the running header.
final class TitleTests: XCTestCase {
    /// Regression: a README whose first heading is an H3 ("Supported Platforms") was titled
    /// by it. The title is the first heading only when it is of level 1, else the file name;
    /// since issue 37 a level-1 heading after other headings is not the title either (GRDB's
    /// README was titled "Documentation", its H1 at line 280).
    func testTheFallbackTitleIsTheFirstHeadingOnlyWhenItIsOfLevelOne() {
        XCTAssertEqual(layout("### Supported Platforms\n\nText.\n\n## More\n").title, "test")
        XCTAssertEqual(layout("## Intro\n\nText.\n\n# Documentation\n\nMore.\n").title, "test")
        XCTAssertEqual(layout("Badges and an introduction.\n\n# The Title\n\n## Part\n").title, "The Title")
        XCTAssertEqual(layout("Setext Title\n============\n\nText.\n").title, "Setext Title")
        XCTAssertEqual(layout("<h1 align=\"center\">HTML Title</h1>\n\n## Usage\n").title, "HTML Title")
        let long = layout("### Small\n\n" + (1...3).map { _ in prose(600) }.joined(separator: "\n\n"))
        XCTAssertEqual(long.pages[1].furnitureLines.first?.text, "test", "the running header too")
    }

    func testTheFileNameFallbackHasNoExtension() {
        XCTAssertEqual(DocumentInfo.fileTitle("docs/Supported-Platforms.md"), "Supported-Platforms")
        XCTAssertEqual(DocumentInfo.fileTitle("notes.markdown"), "notes")
        XCTAssertEqual(DocumentInfo.fileTitle(".hidden"), ".hidden")
        XCTAssertEqual(DocumentInfo.fileTitle("-"), "stdin")
        // A README is known by its folder's name (issue 37).
        XCTAssertEqual(DocumentInfo.fileTitle("/src/GRDB.swift/README.md"), "GRDB.swift")
        XCTAssertEqual(DocumentInfo.fileTitle("/src/tool/readme.markdown"), "tool")
        XCTAssertEqual(DocumentInfo.fileTitle("/README.md"), "README")
    }

    /// Regression: --title changed only the metadata; it names the running header and the
    /// title block too, over the front matter's title.
    func testTitleOptionSetsMetadataRunningHeaderAndTitleBlock() throws {
        var options = RenderOptions()
        options.title = "Given Title"
        let markdown = "---\ntitle: Front Matter Title\n---\n\n# Heading\n\n" + (1...3).map { _ in prose(600) }.joined(separator: "\n\n")
        let laidOut = RenderPipeline.layout(markdown, options)
        XCTAssertEqual(laidOut.title, "Given Title")
        XCTAssertEqual(laidOut.pages[0].bodyLines.first?.text, "Given Title", "the title block")
        XCTAssertEqual(laidOut.pages[1].furnitureLines.first?.text, "Given Title", "the running header")
        XCTAssertFalse(laidOut.allLines.contains { $0.text == "Front Matter Title" })
    }
    /// Issue 46 (10): libffi's README, with several level-1 headings and no title, headed every
    /// page "What is libffi?", over "Authors & Credits" too. Each page's head is the level-1
    /// heading in force there; the first titles the document only when it is the only one.
    func testRegressionRunningHeadShowsTheLevelOneHeadingInForce() {
        let parts = (1...2).map { _ in prose(500) }.joined(separator: "\n\n")
        let doc = layout("# What is libffi?\n\n\(parts)\n\n# Authors & Credits\n\n\(parts)\n")
        guard let second = doc.pages.firstIndex(where: { $0.bodyLines.contains { $0.text.contains("Authors & Credits") } }) else {
            return XCTFail("no second heading")
        }
        XCTAssertGreaterThan(second, 1)
        XCTAssertLessThan(second, doc.pages.count - 1)
        for (index, page) in doc.pages.enumerated().dropFirst() {
            let head = page.furnitureLines.first?.text
            XCTAssertEqual(head, index < second ? "What is libffi?" : "Authors & Credits", "page \(index + 1)")
        }
        XCTAssertEqual(doc.title, "test", "several level-1 headings: none titles the document")
        let single = layout("# What is libffi?\n\n\(parts)\n\n## Authors & Credits\n\n\(parts)\n")
        XCTAssertEqual(single.title, "What is libffi?")
        XCTAssertEqual(Set(single.pages.dropFirst().map { $0.furnitureLines.first?.text }), ["What is libffi?"])
    }
}
