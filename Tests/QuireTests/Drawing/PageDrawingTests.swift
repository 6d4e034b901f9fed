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

final class PageDrawingTests: XCTestCase {
    /// Painted items keep layout's order, which is reading order (a tagged PDF's content
    /// follows it): a list's marker before its item's text, a code block's shading before its
    /// line; decoration is tagged as an artifact, text with its element.
    func testPaintedItemsKeepLayoutOrderWithTheirTags() throws {
        let markdown = "# Title\n\n- one\n- two\n\n```\ncode\n```\n\n---\n\nEnd."
        let page = try XCTUnwrap(layout(markdown).pages.first)
        let painted = paintPage(page, with: LinePainter())
        XCTAssertEqual(painted.items.count, page.items.count + page.furniture.count)
        XCTAssertEqual(painted.tags.count, painted.items.count)
        let kinds = painted.items.map(kind)
        let marker = try XCTUnwrap(kinds.firstIndex(of: "marker"))
        XCTAssertEqual(kinds[marker + 1], "text", "the marker, then its item's text: \(kinds)")
        for (item, tag) in zip(painted.items, painted.tags) {
            switch item {
            case .fill, .line, .frame: XCTAssertEqual(tag, .artifact)
            case .marker: XCTAssertEqual(tag.element?.role, .label)
            case .text, .image, .path: XCTAssertNotEqual(tag, .none)
            }
        }
    }

    private func kind(_ item: PaintItem) -> String {
        switch item {
        case .fill: return "fill"
        case .image: return "image"
        case .marker: return "marker"
        case .text: return "text"
        case .line, .frame: return "stroke"
        case .path: return "path"
        }
    }

    /// A key cap's frame comes after its line, so it is drawn over the shading Pango draws
    /// behind the key's text.
    func testRegressionKeyCapFrameDrawnOverItsShading() throws {
        let page = try XCTUnwrap(layout("Press <kbd>Ctrl</kbd> to go on.").pages.first)
        let ordered = paintPage(page, with: LinePainter()).items
        let frame = try XCTUnwrap(ordered.firstIndex { if case .frame = $0 { return true } else { return false } })
        let line = try XCTUnwrap(ordered.firstIndex { if case .text = $0 { return true } else { return false } })
        XCTAssertGreaterThan(frame, line)
    }

    /// A PNG preview drew a JPEG as an empty box: its surface carried only the file's bytes,
    /// for a PDF to embed.
    func testRegressionPNGPreviewDrewJPEGsBlank() throws {
        var options = RenderOptions()
        options.baseDirectory = Fixtures.images.path
        let png = try Quire.renderPNG(markdown: "![j](landscape.jpg)\n", page: 1, dpi: 72, options: options).png
        let pixels = try XCTUnwrap(try LoadedImage.decode(png).rasterPixels())
        XCTAssertGreaterThan(Set(pixels.color).count, 100, "the landscape's sky and hills, not a flat box")
    }

    /// Cairo writes a PNG (or an SVG's PDF) in many small pieces; the sink keeps each, in
    /// order, across growth.
    func testByteSinkKeepsEveryWriteInOrder() {
        let sink = ByteSink()
        var expected: [UInt8] = []
        for n in 0..<5_000 {
            let piece = (0..<(n % 97)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ n) }
            expected += piece
            piece.withUnsafeBytes { raw in
                if let base = raw.baseAddress { XCTAssertTrue(sink.append(base, raw.count)) }
            }
        }
        XCTAssertGreaterThan(expected.count, 64 * 1024 * 3)
        XCTAssertEqual(sink.bytes, expected)
        XCTAssertEqual(ByteSink().bytes, [])
    }
}
