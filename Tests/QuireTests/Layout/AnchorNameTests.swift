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

/// Issue 22: a heading's named destination is its GitHub slug, so another PDF can link to
/// `doc.pdf#install-it`; names stay ASCII and never collide with the names layout makes up.
final class AnchorNameTests: XCTestCase {
    func testHeadingsAndAnchorsAreNamedByTheirFragments() {
        let doc = layout("# Install it\n\n## Café au lait\n\n## Same\n\n## Same\n\n<a name=\"x y\"></a>\n\n[a](#install-it) [b](#café-au-lait) [c](#same-1) [d](#x%20y)\n")
        XCTAssertEqual(doc.outline.map(\.destination), ["install-it", "caf%C3%A9-au-lait", "same", "same-1"])
        XCTAssertTrue(doc.allDestinations.isSuperset(of: ["install-it", "caf%C3%A9-au-lait", "same", "same-1", "x%20y"]))
        XCTAssertEqual(doc.pages.flatMap(\.links).map(\.target),
                       [.destination("install-it"), .destination("caf%C3%A9-au-lait"), .destination("same-1"), .destination("x%20y")])
        XCTAssertTrue(doc.allDestinations.allSatisfy { $0.allSatisfy(\.isASCII) })
        XCTAssertEqual(doc.warnings, [])
    }

    /// A heading whose slug has the shape of a name layout makes ("h1", "fn1", "fulltext") or
    /// is empty is named by its place; a link to its slug still reaches it.
    func testRegressionSlugsThatLookLikeInternalNamesDoNotTakeThem() {
        let doc = layout("# Intro\n\n## H1\n\n## fn1\n\n## Fulltext\n\n## !!!\n\nA note[^1] and [up](#h1), [fn](#fn1).\n\n[^1]: The note.\n")
        XCTAssertEqual(doc.outline.map(\.destination), ["intro", "h2", "h3", "h4", "h5"])
        let targets = doc.pages.flatMap(\.links).map(\.target)
        XCTAssertTrue(targets.contains(.destination("h2")), "#h1 is the heading 'H1'")
        XCTAssertTrue(targets.contains(.destination("h3")), "#fn1 is the heading 'fn1'")
        XCTAssertTrue(targets.contains(.destination("fn1")), "the footnote keeps its own name")
        XCTAssertTrue(doc.allDestinations.isSuperset(of: ["h2", "h3", "fn1", "fnref1"]))
    }

    /// Every name layout makes for itself (footnotes, excerpts, the full-text part, a digest's
    /// entries and contents) has a shape `AnchorTable.isInternal` reserves.
    func testEveryNameLayoutMakesIsReservedFromSlugs() {
        var style = Style()
        style.excerptLines = 2
        let markdown = "# Title\n\nIntro " + prose(200) + "[^n]\n\n## Part\n\n" + prose(200) + "\n\n<a id=\"k\"></a>\n\n[^n]: A note.\n"
        let excerpted = layout(markdown, style: style)
        let fragments = Set(AnchorTable(parseMarkdown(markdown)).destinations.values)
        for name in excerpted.allDestinations.subtracting(fragments) {
            XCTAssertTrue(AnchorTable.isInternal(name), name)
        }
        let docs = ["a.md", "b.md"].map { path in
            DigestDocument(path: path, canonicalPath: "/docs/" + path, document: parseMarkdown(markdown), info: DocumentInfo())
        }
        let digest = layoutDigest(docs, failures: [DigestFailure(path: "c.md", reason: "gone")], title: "D",
                                  date: "2026-11-23", style: Style(), excerptLines: 2).laidOut
        for name in digest.allDestinations.subtracting(fragments.flatMap { ["d1-" + $0, "d2-" + $0] }) {
            // A document's names start "dK-"; the digest's own are "dK" (entries), "toc", "not-included".
            let local = name.firstMatch(of: /^d[0-9]+-(.+)$/).map { String($0.1) } ?? name
            XCTAssertTrue(AnchorTable.isInternal(local) || name.wholeMatch(of: /d[0-9]+/) != nil, name)
        }
    }

    func testInternalShapes() {
        for name in ["h1", "a12", "fn3", "fnref3", "full2", "excerpt9", "h-line40", "fulltext", "toc", "not-included", "full"] {
            XCTAssertTrue(AnchorTable.isInternal(name), name)
        }
        for name in ["h", "h1a", "intro", "fn", "hello-1", "full-text", "excerpts", "h-line", "a-1"] {
            XCTAssertFalse(AnchorTable.isInternal(name), name)
        }
    }
}
