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

/// Small things a typographer marks: key caps apart from the "+" between them, a title above
/// every heading, quotes as typed unless asked.
final class TypographyDetailsTests: XCTestCase {
    /// Regression: in "Ctrl+C" the key caps' frames touched the "+".
    func testKeyCapsKeepASpaceFromThePlus() throws {
        let doc = layout("Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to copy.")
        let line = try XCTUnwrap(doc.allLines.first)
        let frames = doc.pages[0].items.compactMap { item -> Rect? in if case .frame(let r, _, _) = item { return r } else { return nil } }
        XCTAssertEqual(frames.count, 2)
        let plus = line.shaped.text.string.utf8.firstIndex(of: UInt8(ascii: "+"))!
        let offset = line.shaped.text.string.utf8.distance(from: line.shaped.text.string.utf8.startIndex, to: plus)
        let glyph = try XCTUnwrap(line.shaped.xRanges(line: 0, bytes: offset..<(offset + 1)).first)
        let left = line.x - line.shaped.lines[0].x
        XCTAssertGreaterThanOrEqual(left + glyph.lowerBound - frames[0].maxX, 1, "a gap before the +")
        XCTAssertGreaterThanOrEqual(frames[1].x - (left + glyph.upperBound), 1, "a gap after it")
        XCTAssertGreaterThan(frames[0].width, line.shaped.format.text.size, "the frame still holds its key")
        // Keys joined by "+" stay on one line.
        for width in stride(from: 100.0, through: 220, by: 3) {
            var style = Style()
            style.pageSize = PageSize(width: width + 60, height: 400)
            style.margins = Insets(top: 30, right: 30, bottom: 30, left: 30)
            for line in layout("Now press <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>P</kbd> to open it.", style: style).allLines {
                XCTAssertFalse(line.text.trimmingCharacters(in: .whitespaces).hasSuffix("+"), "\(width): \(line.text)")
            }
        }
    }

    /// The front matter's title is set larger than any level-1 heading, whatever the template.
    func testTitleIsLargerThanAnyHeading() throws {
        for sizes in [nil, "[3, 2, 1.5, 1.2, 1, 1]"] {
            let style = try Templates.style(template: nil, sets: sizes.map { ["heading.sizes=\($0)"] } ?? [])
            let lines = layout("---\ntitle: The Title\n---\n# Heading One\n\nText.\n", style: style).allLines
            let title = try XCTUnwrap(lines.first { $0.text == "The Title" }), heading = try XCTUnwrap(lines.first { $0.text == "Heading One" })
            XCTAssertGreaterThan(title.shaped.format.text.size, heading.shaped.format.text.size * 1.1, sizes ?? "default")
        }
    }

    /// Straight quotes stay straight (GitHub keeps them); `text.smart-punctuation` curls them
    /// and makes dashes, never in code.
    func testQuotesAsTypedUnlessSmartPunctuationIsAsked() throws {
        let markdown = "She said \"it's fine\" -- or 1990--2000 --- `\"code\" -- here`...\n"
        let plain = RenderPipeline.layout(markdown, RenderOptions()).allLines.map(\.text).joined()
        XCTAssertTrue(plain.contains("\"it's fine\" -- or"), plain)
        let smart = RenderPipeline.layout(markdown, RenderOptions(style: try Templates.style(template: nil, sets: ["text.smart-punctuation=true"])))
            .allLines.map(\.text).joined()
        XCTAssertTrue(smart.contains("“it’s fine” – or 1990–2000 —"), smart)
        XCTAssertTrue(smart.contains("\"code\" -- here"), "code as typed: \(smart)")
        XCTAssertTrue(smart.hasSuffix("…"), smart)
    }
}
