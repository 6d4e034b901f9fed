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

final class SlugTests: XCTestCase {
    func testGitHubSlugRules() {
        XCTAssertEqual(SlugRegistry.slug("Hello, World!"), "hello-world")
        XCTAssertEqual(SlugRegistry.slug("C# & .NET"), "c--net")
        XCTAssertEqual(SlugRegistry.slug("snake_case and-dash"), "snake_case-and-dash")
        XCTAssertEqual(SlugRegistry.slug("Ελληνικά Κείμενα"), "ελληνικά-κείμενα")
        XCTAssertEqual(SlugRegistry.slug("日本語の見出し"), "日本語の見出し")
        XCTAssertEqual(SlugRegistry.slug("ללא תלות בשפה"), "ללא-תלות-בשפה")
    }

    func testDuplicatesGetNumberedSuffixes() {
        var registry = SlugRegistry()
        XCTAssertEqual(registry.register(heading: "Intro"), "intro")
        XCTAssertEqual(registry.register(heading: "Intro"), "intro-1")
        XCTAssertEqual(registry.register(heading: "Intro"), "intro-2")
        XCTAssertEqual(registry.register(heading: "Intro 1"), "intro-1-1")
    }
}
