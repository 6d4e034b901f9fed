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

/// A list marker's shapes are worked out once, on the page model (`Marker.drawing`), and both
/// writers draw that value: the PDF's content and the PNG preview's Cairo path.
final class MarkerDrawingTests: XCTestCase {
    private func markers(bodySize: Double, _ markdown: String = "- outer\n    - inner\n\n- [x] done\n- [ ] open\n")
        -> (markers: [Marker], left: Double) {
        var style = Style()
        style.bodySize = bodySize
        return (layout(markdown, style: style).pages[0].markers, style.margins.left)
    }

    /// A nested item's circle at 10.5 pt: where layout centres the marker, its ring 0.16 of
    /// the marker's size thick and inside it; at twice the size, every length twice.
    func testACircleBulletsCentreAndRadiusFollowTheFontSize() throws {
        var lengths: [[Double]] = []
        for bodySize in [10.5, 21] {
            let (markers, left) = markers(bodySize: bodySize)
            XCTAssertEqual(markers.count, 4)
            let inner = markers[1]
            XCTAssertEqual(inner.kind, .shape(.circle))
            guard case .circle(let center, let radius) = inner.drawing.body.shape,
                  case .stroke(let width, nil, nil) = inner.drawing.body.paint else {
                return XCTFail("a stroked circle: \(inner.drawing)")
            }
            XCTAssertEqual(center, inner.center)
            XCTAssertEqual(radius + width / 2, inner.size / 2, accuracy: 1e-9, "the ring's outer edge is the marker's size")
            XCTAssertEqual(width, inner.size * 0.16, accuracy: 1e-9)
            XCTAssertNil(inner.drawing.tick)
            lengths.append([center.x - left, radius, width])
        }
        // At 10.5 pt (Noto Serif's x-height, 0.536 em, times 0.72): a circle 1.70 pt in radius.
        for (value, expected) in zip(lengths[0], [24.749, 1.702, 0.648]) { XCTAssertEqual(value, expected, accuracy: 0.01) }
        for (small, large) in zip(lengths[0], lengths[1]) { XCTAssertEqual(large, 2 * small, accuracy: 0.01) }
    }

    /// A disc is a dot stroked as wide as the marker with round caps; a task box's frame lies
    /// inside the marker's size, with mitred corners, and a checked box's tick inside it.
    func testDiscsAndTaskBoxes() throws {
        let (markers, _) = markers(bodySize: 10.5)
        let disc = markers[0].drawing
        XCTAssertEqual(disc.body, .init(shape: .dot(markers[0].center), paint: .stroke(width: markers[0].size, cap: .round, join: nil)))
        for (marker, checked) in [(markers[2], true), (markers[3], false)] {
            let c = marker.center, s = marker.size
            guard case .rectangle(let box) = marker.drawing.body.shape, case .stroke(let w, nil, .miter) = marker.drawing.body.paint else {
                return XCTFail("a stroked box: \(marker.drawing)")
            }
            XCTAssertEqual(box.x - w / 2, c.x - s / 2, accuracy: 1e-9)
            XCTAssertEqual(box.maxY + w / 2, c.y + s / 2, accuracy: 1e-9)
            XCTAssertEqual(marker.drawing.tick != nil, checked)
            if let tick = marker.drawing.tick {
                guard case .tick(let a, let b, let e) = tick.shape else { return XCTFail("\(tick)") }
                for p in [a, b, e] { XCTAssertTrue(p.x > box.x && p.x < box.maxX && p.y > box.y && p.y < box.maxY, "\(p) inside \(box)") }
                XCTAssertGreaterThan(b.y, a.y, "down to the corner, then up")
                XCTAssertLessThan(e.y, b.y)
                XCTAssertEqual(tick.paint, .stroke(width: s * 0.14, cap: .round, join: .round))
            }
        }
    }

    /// Poppler's drawing of the PDF and Cairo's PNG preview ink the circle's ring where the
    /// value puts it and leave its middle empty; the disc's middle is inked.
    func testBothWritersDrawTheValuesShapes() throws {
        let markdown = "- outer\n    - inner\n"
        var options = RenderOptions()
        options.style.pageSize = .a6  // a quarter of the pixels to draw and read
        let laidOut = RenderPipeline.layout(markdown, options)
        let page = try XCTUnwrap(laidOut.pages.first)
        let disc = page.markers[0].drawing, circle = page.markers[1].drawing
        guard case .dot(let middle) = disc.body.shape, case .circle(let center, let radius) = circle.body.shape else {
            return XCTFail("\(disc) \(circle)")
        }
        let dpi = 288.0
        let cairo = try grey(try renderPagePNG(page, dpi: dpi))
        let poppler = try grey(try popplerPNG(writeQuirePDF(markdown, options: options), dpi: dpi))
        for (writer, image) in [("Cairo", cairo), ("poppler", poppler)] {
            func level(_ x: Double, _ y: Double) -> UInt8 {
                image.color[(Int(y * dpi / 72) * image.width + Int(x * dpi / 72)) * image.components]
            }
            XCTAssertGreaterThan(level(center.x, center.y), 200, "\(writer): the circle's middle is empty")
            for (dx, dy) in [(radius, 0.0), (-radius, 0), (0, radius), (0, -radius)] {
                XCTAssertLessThan(level(center.x + dx, center.y + dy), 110, "\(writer): its ring at (\(dx), \(dy))")
            }
            XCTAssertLessThan(level(middle.x, middle.y), 110, "\(writer): the disc's middle")
        }
    }

    /// A PNG's pixels (their first channel is grey enough: markers are grey on white).
    private func grey(_ png: [UInt8]) throws -> RasterPixels {
        try XCTUnwrap(try LoadedImage.decode(png).rasterPixels())
    }

    /// Page 1 of `pdf` drawn by poppler, as PNG bytes.
    private func popplerPNG(_ pdf: [UInt8], dpi: Double) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-markers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.pdf"), prefix = folder.appendingPathComponent("page").path
        try Data(pdf).write(to: file)
        let run = try PDFTools.run("pdftoppm", ["-r", "\(Int(dpi))", "-png", "-f", "1", "-l", "1", "-singlefile", file.path, prefix], pdf: [])
        XCTAssertEqual(run.status, 0, run.stderr)
        return Array(try Data(contentsOf: URL(fileURLWithPath: prefix + ".png")))
    }
}
