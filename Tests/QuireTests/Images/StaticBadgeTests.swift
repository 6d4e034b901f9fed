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

/// shields.io static badges drawn without the network: the URL read, the boxes laid out as
/// badge-maker lays them out, and the badge in the page model as an image.
final class StaticBadgeTests: XCTestCase {
    private func badge(_ url: String) throws -> StaticBadge { try XCTUnwrap(StaticBadge(url: url), url) }

    func testFieldsAndEscapesAreReadAsShieldsIOReadsThem() throws {
        let plain = try badge("https://img.shields.io/badge/build-passing-brightgreen")
        XCTAssertEqual([plain.label, plain.message], ["build", "passing"])
        XCTAssertEqual(plain.color, BadgeColor(0x44CC11))
        XCTAssertEqual(plain.style, .flat)
        let escaped = try badge("https://img.shields.io/badge/made__with-Swift--6_and%20C-F05138.svg")
        XCTAssertEqual([escaped.label, escaped.message], ["made_with", "Swift-6 and C"])
        XCTAssertEqual(escaped.color.hex, "#f05138")
        let messageOnly = try badge("https://img.shields.io/badge/passing-blue")
        XCTAssertEqual([messageOnly.label, messageOnly.message], ["", "passing"])
        XCTAssertEqual(messageOnly.accessibleText, "passing")
        XCTAssertEqual(plain.accessibleText, "build: passing")
    }

    func testQueryParametersAndUnknownOnesLeftOut() throws {
        let b = try badge("https://img.shields.io/badge/docs-latest-blue?style=for-the-badge&logo=github&labelColor=000&color=critical")
        XCTAssertEqual(b.style, .forTheBadge)
        XCTAssertEqual(b.labelColor, BadgeColor(0x000000))
        XCTAssertEqual(b.color, BadgeColor(0xE05D44))
        XCTAssertEqual(try badge("https://img.shields.io/badge/a-b-c?style=flat-square").style, .flatSquare)
        XCTAssertEqual(try badge("https://img.shields.io/badge/a-b-c?style=plastic").style, .plastic)
        XCTAssertEqual(try badge("https://img.shields.io/badge/version-1.0-blue?label=release").label, "release")
        XCTAssertEqual(try badge("https://img.shields.io/badge/a-b-nocolour").color, StaticBadge.defaultColor)
    }

    func testOtherURLsAreNotStaticBadges() {
        for url in ["https://img.shields.io/github/stars/octo/repo.svg", "https://img.shields.io/endpoint?url=https://x.io/b.json",
                    "https://github.com/o/r/actions/workflows/ci.yml/badge.svg", "https://example.com/badge/a-b-c",
                    "https://img.shields.io/badge/a-b-c-d-e", "https://img.shields.io/badge/a/b-c"] {
            XCTAssertNil(StaticBadge(url: url), url)
        }
    }

    func testColoursByNameAliasAndHex() {
        XCTAssertEqual(BadgeColor("success"), BadgeColor(0x44CC11))
        XCTAssertEqual(BadgeColor("lightgray"), BadgeColor(0x9F9F9F))
        XCTAssertEqual(BadgeColor("informational"), BadgeColor(0x007EC6))
        XCTAssertEqual(BadgeColor("4c1"), BadgeColor(0x44CC11))
        XCTAssertEqual(BadgeColor("FF69B4"), BadgeColor(0xFF69B4))
        XCTAssertEqual(BadgeColor("purple"), BadgeColor(0x800080))
        XCTAssertNil(BadgeColor("notacolour"))
        XCTAssertNil(BadgeColor("+12"))
        XCTAssertEqual(BadgeColor(0xFFFFFF).textColor, BadgeColor(0x333333), "dark text on white")
        XCTAssertEqual(BadgeColor(0xDFB317).textColor, BadgeColor(0xFFFFFF), "yellow is dark enough for white")
    }

    /// The widths badge-maker gives (scripts/badge-widths.py computes them from its tables).
    func testBoxesHaveBadgeMakersWidthsAndColours() throws {
        let flat = BadgeDrawing(try badge("https://img.shields.io/badge/build-passing-brightgreen"))
        XCTAssertEqual(flat.boxes.map(\.width), [37, 51])
        XCTAssertEqual(flat.boxes.map(\.x), [0, 37])
        XCTAssertEqual(flat.boxes.map(\.color.hex), ["#555555", "#44cc11"])
        XCTAssertEqual(flat.boxes.map(\.text), ["build", "passing"])
        XCTAssertEqual(flat.boxes.map(\.textColor.hex), ["#ffffff", "#ffffff"])
        XCTAssertEqual([flat.width, flat.height, flat.cornerRadius], [88, 20, 3])
        let license = BadgeDrawing(try badge("https://img.shields.io/badge/license-MIT-blue"))
        XCTAssertEqual(license.boxes.map(\.width), [47, 31])
        let alone = BadgeDrawing(try badge("https://img.shields.io/badge/only%20a%20message-critical"))
        XCTAssertEqual(alone.boxes.map(\.width), [97])
        XCTAssertEqual(alone.boxes.map(\.color.hex), ["#e05d44"])
        let plastic = BadgeDrawing(try badge("https://img.shields.io/badge/a-b-blue?style=plastic"))
        XCTAssertEqual([plastic.height, plastic.cornerRadius], [18, 4])
        let loud = BadgeDrawing(try badge("https://img.shields.io/badge/docs-latest-blue?style=for-the-badge"))
        XCTAssertEqual(loud.boxes.map(\.width), [58, 72.5])
        XCTAssertEqual(loud.boxes.map(\.text), ["DOCS", "LATEST"])
        XCTAssertEqual(loud.boxes.map(\.bold), [false, true])
        XCTAssertEqual([loud.height, loud.cornerRadius], [28, 0])
    }

    func testTextIsEscapedInTheSVG() throws {
        let svg = BadgeDrawing(try badge("https://img.shields.io/badge/a%3Cb%3E-%26%22-blue")).svg { _, _, _ in 10 }
        XCTAssertTrue(svg.contains(">a&lt;b&gt;</text>"))
        XCTAssertTrue(svg.contains(">&amp;&quot;</text>"))
    }

    /// Regression: a static badge was a framed placeholder and a warning; it is drawn, in the
    /// line, at 0.75 pt a pixel, linked as a linked image is.
    func testStaticBadgeIsDrawnInTheLineWithoutTheNetwork() throws {
        let url = "https://img.shields.io/badge/build-passing-brightgreen"
        let doc = layout("See [![build](\(url))](https://ci.example.com) now.\n")
        let page = doc.pages[0]
        let images = page.items.compactMap { if case .image(let r, let i, _) = $0 { return (r, i) } else { return nil } }
        XCTAssertEqual(images.count, 1)
        let (rect, image) = try XCTUnwrap(images.first)
        XCTAssertEqual(rect.width, 66, accuracy: 0.01)
        XCTAssertEqual(rect.height, 15, accuracy: 0.01)
        XCTAssertEqual(image.format, .svg)
        XCTAssertEqual(image.badge?.boxes.map(\.width), [37, 51])
        XCTAssertEqual(image.badge?.boxes.map(\.color.hex), ["#555555", "#44cc11"])
        XCTAssertEqual(image.badge?.boxes.map(\.text), ["build", "passing"])
        XCTAssertFalse(page.items.contains { if case .frame = $0 { return true } else { return false } }, "no placeholder")
        XCTAssertEqual(page.links.map(\.target), [.uri("https://ci.example.com")])
        XCTAssertEqual(doc.warnings, [])
    }
}
