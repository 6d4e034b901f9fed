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
import Foundation
import XCTest

/// Documents that once made damaged files (with Cairo 1.16, Quire's writer until it wrote its
/// own), each checked with every reader.
final class PDFRegressionTests: XCTestCase {
    private func assertSound(_ pdf: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try PDFTools.problems(pdf), [], file: file, line: line)
    }

    func testOutputIsAPDF() throws {
        let result = try Quire.render(markdown: "# Hi\n\nThere")
        XCTAssertEqual(Array(result.pdf.prefix(5)), Array("%PDF-".utf8))
        XCTAssertEqual(result.pageCount, 1)
    }

    /// Cairo 1.16 left a reserved object unwritten ("file is damaged") when a colour emoji or a
    /// page size change shared a file with link tags, and duplicated resource keys for repeated emoji.
    func testRegressionDamagedFileWithEmojiAndLinks() throws {
        let markdown = "# Top 🌍\n\n🌍 [x](https://example.com) 🌍 😀 🇫🇷\n\n[up](#top-)\n\n👩‍👩‍👧 again 🌍"
        let result = try Quire.render(markdown: markdown)
        XCTAssertEqual(result.warnings, [])
        try assertSound(result.pdf)
    }

    func testRegressionDamagedFileWithA5Pages() throws {
        var options = RenderOptions()
        options.style.pageSize = .a5
        let result = try Quire.render(markdown: "[a](#b)\n\n# B\n\n" + prose(2000), options: options)
        XCTAssertGreaterThan(result.pageCount, 2)
        try assertSound(result.pdf)
    }

    private func renderImages(_ markdown: String) throws -> RenderResult {
        var options = RenderOptions()
        options.baseDirectory = Fixtures.images.path
        return try Quire.render(markdown: markdown, options: options)
    }

    /// Cairo 1.16: an image surface drawn twice, or painted, on a page with links damaged the
    /// file. Each format, twice, beside links.
    func testRegressionImagesBesideLinks() throws {
        let markdown = """
        # Images [link](https://example.com)

        A badge ![b](badge.png) and again ![b](badge.png), an SVG ![s](badge.svg) [here](#images-link).

        ![d](diagram.png) ![d](diagram.png)

        [![j](landscape.jpg)](https://example.com/photo) ![g](ring.gif) ![l](logo.svg)

        ![remote](https://example.com/x.png) ![missing](nope.png)
        """
        let result = try renderImages(markdown)
        XCTAssertEqual(result.warnings.count, 2, "\(result.warnings)")
        try assertSound(result.pdf)
    }

    func testJPEGIsEmbeddedAsIsAndSVGStaysVector() throws {
        let jpeg = try renderImages("![j](landscape.jpg)\n")
        let original = try Fixtures.bytes("landscape.jpg")
        XCTAssertNotNil(jpeg.pdf.firstRange(of: original), "the JPEG's bytes are in the PDF unchanged")
        XCTAssertNotNil(jpeg.pdf.firstRange(of: Array("/DCTDecode".utf8)))
        let svg = try renderImages("![l](logo.svg)\n")
        XCTAssertNil(svg.pdf.firstRange(of: Array("/Subtype /Image".utf8)), "no raster image for an SVG")
        let png = try renderImages("![d](diagram.png)\n")
        XCTAssertNotNil(png.pdf.firstRange(of: Array("/Subtype /Image".utf8)))
        try assertSound(svg.pdf)
    }

    /// librsvg paints groups, masks and filters through image surfaces of its own: an SVG
    /// using them, twice on a page with links, still gives a sound PDF.
    func testRegressionSVGWithFiltersAndMasksBesideLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-svg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><defs><filter id="b"><feGaussianBlur stdDeviation="4"/></filter>
            <mask id="m"><rect width="200" height="100" fill="white"/><circle cx="50" cy="50" r="20" fill="black"/></mask></defs>
            <rect x="10" y="10" width="180" height="80" fill="teal" filter="url(#b)"/>
            <g opacity="0.5"><circle cx="100" cy="50" r="30" fill="orange" mask="url(#m)"/></g>
            <text x="20" y="90" font-size="14">Hello</text></svg>
            """
        try Data(svg.utf8).write(to: folder.appendingPathComponent("f.svg"))
        var options = RenderOptions()
        options.baseDirectory = folder.path
        let result = try Quire.render(markdown: "# F\n\n[a](https://example.com) [b](#f)\n\n![f](f.svg)\n\n![f](f.svg)\n", options: options)
        XCTAssertEqual(result.warnings, [])
        try assertSound(result.pdf)
    }

    /// Drawing on a second thread while layout goes on changes nothing in the file: the same
    /// bytes as drawing each page at once, for a long document with lists, code, emoji,
    /// links and pages that wait for their SVG image (librsvg shapes with Pango).
    func testDrawingThreadWritesTheSameFileAsDrawingInline() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="4" y="30">SVG</text></svg>"#
        try Data(svg.utf8).write(to: dir.appendingPathComponent("t.svg"))
        var markdown = "# Title 😀\n\n"
        for i in 1...60 {
            markdown += "## Part \(i)\n\n\(prose(80, seed: "w\(i)-")) [link](https://example.com/\(i)) ~~x~~\n\n"
            markdown += "- item \(i)\n  - nested <mark>mark</mark>\n\n```\ncode \(i)\n```\n\n"
            if i % 20 == 0 { markdown += "![svg](t.svg)\n\n" }
        }
        var options = RenderOptions()
        options.baseDirectory = dir.path
        options.creationDate = 0
        let threaded = try Quire.render(markdown: markdown, options: options)
        options.drawsOnItsOwnThread = false
        let inline = try Quire.render(markdown: markdown, options: options)
        XCTAssertGreaterThan(threaded.pageCount, 10)
        XCTAssertEqual(threaded.pageCount, inline.pageCount)
        XCTAssertTrue(threaded.pdf == inline.pdf, "threaded and inline drawing differ")
        try assertSound(threaded.pdf)
    }
}
