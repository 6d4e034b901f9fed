@testable import Quire
import XCTest

final class PageDrawingTests: XCTestCase {
    private func kind(_ item: PageItem) -> String {
        switch item {
        case .fill: return "fill"
        case .image: return "image"
        case .marker: return "marker"
        case .text: return "text"
        case .line, .frame: return "stroke"
        }
    }

    /// Backgrounds, images, markers, text, then rules and frames; text keeps layout's order
    /// (reading order in the PDF), and each marker look (shape, size, colour) forms one run.
    func testDrawingOrderLayersItemsAndGroupsMarkersByLook() throws {
        let markdown = "# Title\n\n- one\n  - nested a\n  - nested b\n- two\n  - nested c\n- three\n\n"
            + "```\ncode\n```\n\n---\n\nPress <kbd>Ctrl</kbd> ![missing](nowhere.png) to end."
        let page = try XCTUnwrap(layout(markdown).pages.first)
        let ordered = drawingOrder(page)
        let all = page.items + page.furniture
        XCTAssertEqual(ordered.count, all.count)

        let rank = ["fill": 0, "image": 1, "marker": 2, "text": 3, "stroke": 4]
        let ranks = ordered.map { rank[kind($0)]! }
        XCTAssertEqual(ranks, ranks.sorted(), "layers out of order: \(ordered.map(kind))")
        XCTAssertEqual(Set(ranks), [0, 2, 3, 4], "the sample should have every layer but images: \(ordered.map(kind))")

        let texts = { (items: [PageItem]) in items.compactMap { item -> String? in
            if case .text(let line) = item { return line.text } else { return nil }
        } }
        XCTAssertEqual(texts(ordered), texts(all))

        let looks = ordered.compactMap { item -> String? in
            if case .marker(let m) = item { return "\(m.kind) \(m.size) \(m.color)" } else { return nil }
        }
        XCTAssertEqual(looks.count, 6)
        var runs: [String] = []
        for look in looks where runs.last != look { runs.append(look) }
        XCTAssertEqual(runs.count, Set(looks).count, "a marker look is split: \(looks)")
        XCTAssertEqual(runs.count, 2)
    }

    /// Painting strokes before text let Pango's shading behind a key's text cover its frame.
    func testRegressionKeyCapFrameDrawnOverItsShading() throws {
        let page = try XCTUnwrap(layout("Press <kbd>Ctrl</kbd> to go on.").pages.first)
        let ordered = drawingOrder(page)
        let frame = try XCTUnwrap(ordered.firstIndex { if case .frame = $0 { return true } else { return false } })
        let line = try XCTUnwrap(ordered.firstIndex { if case .text(let l) = $0 { return l.text.contains("Ctrl") } else { return false } })
        XCTAssertGreaterThan(frame, line)
    }

    func testEscapedTagValueEscapesQuotesAndBackslashesOnly() {
        XCTAssertEqual(escapedTagValue("https://example.com/a?b=c&d"), "https://example.com/a?b=c&d")
        XCTAssertEqual(escapedTagValue("it's a\\b"), "it\\'s a\\\\b")
        XCTAssertEqual(escapedTagValue("é'文"), "é\\'文")
        XCTAssertEqual(escapedTagValue(""), "")
    }

    /// Cairo writes a PDF in many small pieces; the sink keeps each, in order, across growth.
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
