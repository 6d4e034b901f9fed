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

/// Names for images without alt text, from their URLs.
final class ImageLabelTests: XCTestCase {
    /// Regression: a shields.io endpoint badge without alt text was labelled "endpoint".
    func testShieldsBadgesAreNamedByTheirLabelAndMessage() {
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/badge/build-passing-brightgreen"), "build: passing")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/badge/license-MIT-blue.svg"), "license: MIT")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/badge/made_with-Swift--6-orange"), "made with: Swift-6")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/badge/passing-green"), "passing")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/badge/version-1.0-blue?label=release"), "release: 1.0")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/endpoint?url=https%3A%2F%2Fexample.com%2Fbadges%2Fcoverage.json"), "coverage.json")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/endpoint?url=https://x.io/b.json&label=Coverage"), "Coverage")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/github/stars/octo/repo.svg"), "github stars octo repo")
        XCTAssertEqual(ImageLabel.label(for: "https://img.shields.io/static/v1?label=chat&message=discord"), "chat: discord")
        XCTAssertNotEqual(ImageLabel.label(for: "https://img.shields.io/endpoint?url=https://x.io/"), "endpoint")
    }

    func testOtherURLsAreNamedByTheirMeaningfulPart() {
        XCTAssertEqual(ImageLabel.label(for: "https://badgen.net/badge/docs/latest/blue"), "docs: latest")
        XCTAssertEqual(ImageLabel.label(for: "https://github.com/o/r/actions/workflows/ci.yml/badge.svg"), "ci.yml")
        XCTAssertEqual(ImageLabel.label(for: "images/screenshot.png"), "screenshot.png")
        XCTAssertEqual(ImageLabel.label(for: "https://example.com/badge.svg"), "example.com")
        XCTAssertEqual(ImageLabel.label(for: ""), "image")
    }
}
