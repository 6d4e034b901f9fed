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

/// Pages drawn by poppler from Quire's PDF against Cairo's drawing of the same painted pages
/// (the PNG preview's renderer), for every corpus and sample file (its first three pages and
/// its last, which hold every kind of block the file has at its start and its end notes): the
/// same up to antialiasing.
final class PDFPixelTests: XCTestCase {
    /// Pixels per inch: a point a pixel, so a half-point rule is half a pixel for Cairo's
    /// antialiasing and one for poppler's thinnest line (at lower resolutions they part), and
    /// a misplaced or missing glyph is several pixels.
    static let dpi = 72.0
    /// Two drawings differ where an 8 × 8 pixel square (8 points: a word's height) of one is
    /// on average more than this many grey levels lighter or darker than the same square of
    /// the other. Antialiasing, and Cairo's placing each glyph on a whole pixel, move ink by a
    /// pixel and change a square by up to about 40 (a scaled emoji, up to 47); a missing word
    /// changes one by about 70 (`testAMissingWordIsADifference`).
    static let tolerance = 50.0
    /// Where a square touches a colour glyph (an emoji's bitmap, 136 pixels wide, scaled to a
    /// dozen): Cairo 1.16 draws CBDT bitmaps about 3% smaller than their extents in the font
    /// (which the PDF follows: 46 against 47 pixels for a 12 pt family emoji at 288 dpi) and
    /// the two renderers resample them apart, so a line of emoji shoulder to shoulder changes
    /// a square by up to about 57. A missing emoji's text is caught by the corpus word tests.
    static let colorGlyphTolerance = 72.0

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func inputs() throws -> [URL] {
        let corpus = Self.root.appendingPathComponent("Tests/Corpus")
        let samples = Self.root.appendingPathComponent("Samples")
        var files: [URL] = []
        for folder in [corpus, samples] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
            XCTAssertFalse(names.isEmpty, "no Markdown in \(folder.path)")
            files += names.map { folder.appendingPathComponent($0) }
        }
        return files
    }

    /// A PNG's pixels as grey levels, through Quire's own decoder.
    private func grey(png: [UInt8]) throws -> (width: Int, height: Int, levels: [UInt8]) {
        let pixels = try XCTUnwrap(try LoadedImage.decode(png).rasterPixels())
        guard pixels.components == 3 else { return (pixels.width, pixels.height, pixels.color) }
        let c = pixels.color
        var levels = [UInt8](repeating: 0, count: c.count / 3)
        for k in levels.indices {
            let r = 299 * Int(c[3 * k]), g = 587 * Int(c[3 * k + 1]), b = 114 * Int(c[3 * k + 2])
            levels[k] = UInt8((r + g + b) / 1000)
        }
        return (pixels.width, pixels.height, levels)
    }

    /// A binary PGM's grey levels (pdftoppm -gray).
    private func grey(pgm: [UInt8]) throws -> (width: Int, height: Int, levels: [UInt8]) {
        var fields: [Int] = [], i = 2, current = ""
        while fields.count < 3, i < pgm.count {
            let c = pgm[i]
            i += 1
            if c >= 0x30, c <= 0x39 { current.append(Character(Unicode.Scalar(c))) } else if !current.isEmpty { fields.append(Int(current)!); current = "" }
        }
        guard Array(pgm.prefix(2)) == Array("P5".utf8), fields.count == 3, pgm.count - i >= fields[0] * fields[1] else {
            throw XCTSkip("not a binary PGM")
        }
        return (fields[0], fields[1], Array(pgm[i..<(i + fields[0] * fields[1])]))
    }

    /// `levels` cut to `width` × `height` from the top left (the two renderers round a page's
    /// size in pixels apart by one).
    private func crop(_ image: (width: Int, height: Int, levels: [UInt8]), _ width: Int, _ height: Int) -> [UInt8] {
        guard image.width != width || image.height != height else { return image.levels }
        var out: [UInt8] = []
        out.reserveCapacity(width * height)
        for y in 0..<height { out += image.levels[(y * image.width)..<(y * image.width + width)] }
        return out
    }

    /// The boxes of a page's colour glyphs, in pixels at `dpi`.
    static func colorGlyphBoxes(_ page: PaintedPage) -> [Rect] {
        let scale = dpi / 72
        return page.items.flatMap { item -> [Rect] in
            guard case .text(let ops) = item else { return [] }
            return ops.compactMap { op in
                guard case .colorGlyphs(_, let box) = op else { return nil }
                return Rect(x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale)
            }
        }
    }

    /// The squares of 8 × 8 pixels (every 4 pixels across and down) where `a` and `b` differ
    /// by more than `tolerance` on average (`colorGlyphTolerance` where the square touches one
    /// of `colorGlyphs`), and the largest difference. O(pixels + squares × colour glyphs).
    static func differingSquares(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int,
                                 colorGlyphs: [Rect] = []) -> (count: Int, largest: Double) {
        let columns = width / 4, rows = height / 4
        guard columns > 1, rows > 1 else { return (0, 0) }
        // The signed difference summed over each 4 × 4 cell.
        var cells = [Int](repeating: 0, count: columns * rows)
        for y in 0..<(rows * 4) {
            let row = y * width, cellRow = (y / 4) * columns
            for x in 0..<(columns * 4) { cells[cellRow + x / 4] += Int(a[row + x]) - Int(b[row + x]) }
        }
        var count = 0, largest = 0.0
        for cy in 0..<(rows - 1) {
            for cx in 0..<(columns - 1) {
                let k = cy * columns + cx
                let difference = abs(Double(cells[k] + cells[k + 1] + cells[k + columns] + cells[k + columns + 1])) / 64
                largest = max(largest, difference)
                guard difference > tolerance else { continue }
                let x = Double(cx * 4), y = Double(cy * 4)
                let onColorGlyph = colorGlyphs.contains { $0.x < x + 8 && x < $0.maxX && $0.y < y + 8 && y < $0.maxY }
                if difference > (onColorGlyph ? colorGlyphTolerance : tolerance) { count += 1 }
            }
        }
        return (count, largest)
    }

    func testEveryPageLooksAsCairoDrawsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-pixels-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var summary = "Pages against Cairo's drawing (\(Int(Self.dpi)) dpi; the largest difference of an 8 × 8 square):\n"
        var pagesCompared = 0
        for input in try inputs() {
            var options = RenderOptions()
            options.baseDirectory = input.deletingLastPathComponent().path
            options.creationDate = 0
            let markdown = try String(contentsOf: input, encoding: .utf8)
            let laidOut = RenderPipeline.layout(markdown, options)
            let writer = PDFDocumentWriter()
            let painter = LinePainter()
            let painted = laidOut.pages.map { paintPage($0, with: painter) }
            for page in painted { writer.add(page) }
            let pdf = folder.appendingPathComponent("doc.pdf")
            try Data(writer.finish(outline: laidOut.outline, metadata: PDFMetadata(title: laidOut.title))).write(to: pdf)
            let prefix = folder.appendingPathComponent("page").path
            var worst = (largest: 0.0, page: 0)
            let count = laidOut.pages.count
            for number in Set([1, 2, 3, count].filter { $0 <= count }).sorted() {
                let poppler = try PDFTools.run("pdftoppm", ["-r", "\(Int(Self.dpi))", "-gray", "-f", "\(number)", "-l", "\(number)",
                                                            "-singlefile", pdf.path, prefix], pdf: [])
                XCTAssertEqual(poppler.status, 0, poppler.stderr)
                let drawn = try grey(pgm: Array(try Data(contentsOf: URL(fileURLWithPath: prefix + ".pgm"))))
                let cairo = try grey(png: try renderPagePNG(laidOut.pages[number - 1], dpi: Self.dpi))
                let width = min(drawn.width, cairo.width), height = min(drawn.height, cairo.height)
                guard abs(drawn.width - cairo.width) <= 1, abs(drawn.height - cairo.height) <= 1 else {
                    XCTFail("\(input.lastPathComponent) page \(number): \(drawn.width)×\(drawn.height) against \(cairo.width)×\(cairo.height)")
                    continue
                }
                let a = crop(drawn, width, height), b = crop(cairo, width, height)
                let squares = Self.differingSquares(a, b, width: width, height: height,
                                                    colorGlyphs: Self.colorGlyphBoxes(painted[number - 1]))
                if squares.largest > worst.largest { worst = (squares.largest, number) }
                XCTAssertEqual(squares.count, 0, "\(input.lastPathComponent) page \(number): \(squares.count) squares differ, by up to \(squares.largest)")
                pagesCompared += 1
            }
            summary += String(format: "  %@: %d pages, %.1f on page %d\n", input.lastPathComponent, laidOut.pages.count,
                              worst.largest, worst.page)
        }
        print(summary)
        XCTAssertGreaterThan(pagesCompared, 50)
    }

    /// The comparison sees a difference: a page without one of its words differs.
    func testAMissingWordIsADifference() throws {
        let page = try XCTUnwrap(layout("# Title\n\nA line of text.\n\nGone").pages.first)
        var without = page
        without.items.removeAll { if case .text(let line) = $0 { return line.text == "Gone" } else { return false } }
        XCTAssertEqual(without.items.count, page.items.count - 1)
        let a = try grey(png: try renderPagePNG(page, dpi: Self.dpi)), b = try grey(png: try renderPagePNG(without, dpi: Self.dpi))
        let squares = Self.differingSquares(a.levels, b.levels, width: a.width, height: a.height)
        XCTAssertGreaterThan(squares.count, 0, "largest difference \(squares.largest)")
    }
}
