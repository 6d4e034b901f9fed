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

final class LinkLayoutTests: XCTestCase {
    func testInternalLinkPointsToHeadingDestination() {
        let doc = layout("See [the end](#the-end).\n\n" + prose(800) + "\n\n# The End\n")
        let links = doc.pages.flatMap(\.links)
        XCTAssertEqual(links.count, 1)
        guard case .destination(let name) = links[0].target else { return XCTFail("not internal") }
        XCTAssertTrue(doc.allDestinations.contains(name))
        XCTAssertEqual(doc.outline.map(\.destination), [name])
        XCTAssertEqual(doc.warnings, [])
    }

    func testLinkRectangleCoversExactlyTheLinkText() {
        let doc = layout("Before [link text](https://example.com) after.")
        let line = doc.allLines[0]
        let link = doc.pages[0].links[0]
        XCTAssertEqual(link.target, .uri("https://example.com"))
        XCTAssertGreaterThan(link.rect.x, line.x + 10, "starts after 'Before '")
        XCTAssertLessThan(link.rect.maxX, line.x + line.width - 10, "ends before ' after.'")
        XCTAssertEqual(link.rect.y, line.top, accuracy: 0.01)
    }

    func testLinkWrappingOverTwoLinesGetsARectanglePerLine() {
        let doc = layout(prose(60) + " [" + prose(30, seed: "link") + "](https://example.com)")
        let rects = doc.pages[0].links.map(\.rect)
        XCTAssertGreaterThanOrEqual(rects.count, 2)
        XCTAssertEqual(Set(rects.map(\.y)).count, rects.count, "one per line")
    }

    func testBrokenAnchorWarnsWithLineAndRendersPlainText() {
        let doc = layout("# Intro\n\nText\n\n[nowhere](#missing) here\n")
        XCTAssertEqual(doc.warnings, [Warning(line: 5, message: "link to missing anchor #missing; set as plain text")])
        XCTAssertTrue(doc.pages[0].links.isEmpty)
        XCTAssertTrue(doc.allLines.contains { $0.text.contains("nowhere here") })
    }

    func testDuplicateHeadingsGetUniqueDestinations() {
        let doc = layout((1...50).map { _ in "## Same\n\ntext" }.joined(separator: "\n\n") + "\n\n[last](#same-49) [first](#same)")
        XCTAssertEqual(doc.outline.count, 50)
        XCTAssertEqual(Set(doc.outline.map(\.destination)).count, 50)
        XCTAssertEqual(doc.allDestinations.count, 50)
        let targets = doc.pages.flatMap(\.links).map(\.target)
        XCTAssertEqual(targets, [.destination(doc.outline[49].destination), .destination(doc.outline[0].destination)])
    }

    func testHTMLAnchorIsALinkTarget() {
        let doc = layout("[C#](#csharp)\n\n### <a id=\"csharp\"></a>C#\n")
        XCTAssertEqual(doc.warnings, [])
        guard case .destination(let name)? = doc.pages[0].links.first?.target else { return XCTFail() }
        XCTAssertTrue(doc.allDestinations.contains(name))
    }

    func testFootnoteReferenceLinksToNoteAndBack() {
        let doc = layout("Claim[^1].\n\n[^1]: Source.\n")
        let targets = doc.pages[0].links.map(\.target)
        XCTAssertEqual(targets, [.destination("fn1"), .destination("fnref1")])
        XCTAssertTrue(doc.allDestinations.isSuperset(of: ["fn1", "fnref1"]))
    }

    func testOutlineFollowsHeadingLevelsAndTitle() {
        let doc = layout("# Book\n\n## One\n\n### One.a\n\n## Two\n")
        XCTAssertEqual(doc.outline.map(\.level), [1, 2, 3, 2])
        XCTAssertEqual(doc.title, "Book")
        XCTAssertEqual(layout("no heading").title, "test")
    }
}
