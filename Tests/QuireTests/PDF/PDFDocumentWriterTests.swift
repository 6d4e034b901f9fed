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

/// Quire's own PDF writer, read back by four independent readers.
final class PDFDocumentWriterTests: XCTestCase {
    private let mixed = """
        # Hello *world*

        Some **bold** text, `code`, an office file, a [link](https://example.com/a%20b) and [back](#hello-world).

        - one
        - two
          1. a
          2. b

        | a | b |
        |---|---|
        | 1 | 2 |

        שלום עולם, זה טקסט.

        مرحبا بالعالم.

        日本語のテキスト。
        """

    func testEveryReaderOpensTheFileWithoutAComplaint() throws {
        XCTAssertEqual(try PDFTools.problems(writeQuirePDF(mixed)), [])
    }

    func testTheSameDocumentGivesTheSameBytes() {
        XCTAssertEqual(writeQuirePDF(mixed), writeQuirePDF(mixed))
    }

    /// Text copies as written: a ligature gives its letters, CJK its characters, and right-
    /// to-left lines come out in reading order from poppler and from MuPDF (which follows the
    /// content's order: the glyphs are written in logical order).
    func testTextExtractsInReadingOrder() throws {
        let pdf = writeQuirePDF(mixed)
        for (reader, text) in [("poppler", try PDFTools.popplerText(pdf)), ("MuPDF", try PDFTools.mupdfText(pdf))] {
            XCTAssertTrue(text.contains("an office file"), "\(reader): \(text)")
            XCTAssertTrue(text.contains("日本語のテキスト。"), "\(reader): \(text)")
            XCTAssertTrue(text.contains("מרחבא") == false)
            XCTAssertTrue(text.contains("شلوم") == false)
        }
        let mupdf = try PDFTools.mupdfText(pdf)
        XCTAssertTrue(mupdf.contains("שלום עולם, זה טקסט."), mupdf)
        XCTAssertTrue(mupdf.contains("مرحبا بالعالم."), mupdf)
        let poppler = try PDFTools.popplerText(pdf)
        XCTAssertTrue(poppler.contains("שלום עולם") && poppler.contains("זה טקסט"), poppler)
        XCTAssertTrue(poppler.contains("مرحبا بالعالم"), poppler)
    }

    /// Fonts are subset Type 0 fonts with a ToUnicode map; CFF outlines (Noto CJK, in a
    /// collection) as a bare CID-keyed CFF program, TrueType ones with their glyph map.
    func testFontsAreEmbeddedSubsetsWithToUnicode() throws {
        let fonts = try PDFTools.run("pdffonts", ["PDF"], pdf: writeQuirePDF(mixed)).stdout
        let rows = fonts.split(separator: "\n").dropFirst(2)
        XCTAssertGreaterThanOrEqual(rows.count, 5, fonts)
        for row in rows {
            XCTAssertTrue(row.contains(" Identity-H ") && row.contains(" yes yes yes "), "embedded, subset, ToUnicode: \(row)")
            XCTAssertEqual(row.split(separator: " ")[0].split(separator: "+").first?.count, 6, "a subset tag: \(row)")
        }
        XCTAssertTrue(fonts.contains("NotoSansCJK") && fonts.contains("CID Type 0C "), fonts)
        XCTAssertTrue(fonts.contains("CID TrueType"), fonts)
    }

    /// Links are annotations with the rectangle and target layout gave; named destinations
    /// and the outline lead to the headings.
    func testLinksDestinationsAndOutline() throws {
        let pdf = writeQuirePDF(mixed)
        let text = try PDFTools.uncompressed(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(text.contains("/URI (https://example.com/a%20b)"), "the URI as written")
        XCTAssertTrue(text.contains("/Dest (hello-world)"), "the link to the heading")
        XCTAssertTrue(text.contains("/Names [ (hello-world) ["), "a named destination per heading, its GitHub slug, for doc.pdf#hello-world")
        XCTAssertTrue(text.contains("/Title (Hello world)"), "an outline entry")
        XCTAssertTrue(text.contains("/PageLabels"))
    }
}
