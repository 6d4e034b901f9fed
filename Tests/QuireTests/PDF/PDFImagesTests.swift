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

/// Images and colour emoji in Quire's own PDF writer.
final class PDFImagesTests: XCTestCase {
    private func render(_ markdown: String) throws -> [UInt8] {
        var options = RenderOptions()
        options.baseDirectory = Fixtures.images.path
        options.creationDate = 0
        return try Quire.render(markdown: markdown, options: options).pdf
    }

    /// An emoji is a glyph of a Type 3 font drawing the font's bitmap: copying gives its
    /// characters back, whole sequences included, from poppler and from MuPDF.
    func testColourEmojiCopyAsTheirCharacters() throws {
        let line = "Faces 😀 😎, flags 🇫🇷 🇯🇵, a family 👩‍👩‍👧 and a skin tone 👍🏽 stay whole."
        let pdf = try render("\(line)\n\n# Again 😀 🇫🇷\n")
        XCTAssertEqual(try PDFTools.problems(pdf), [])
        for (reader, text) in [("poppler", try PDFTools.popplerText(pdf)), ("MuPDF", try PDFTools.mupdfText(pdf))] {
            XCTAssertTrue(text.contains(line), "\(reader): \(text)")
            XCTAssertTrue(text.contains("Again 😀 🇫🇷"), "\(reader): \(text)")
        }
        let objects = try PDFTools.uncompressed(pdf)
        XCTAssertTrue(objects.contains("/Subtype /Type3"), "emoji are a Type 3 font")
        XCTAssertFalse(String(decoding: pdf, as: UTF8.self).contains("NotoColorEmoji"), "the colour font's file is not embedded")
    }

    /// Each image is written once however often it is drawn; a JPEG as its own bytes, a PNG
    /// with transparency with a soft mask, a GIF decoded, an SVG as a form of vectors.
    func testImagesAreWrittenOnceInTheirBestForm() throws {
        let pdf = try render("""
            ![d](diagram.png) ![d](diagram.png) ![j](landscape.jpg) ![g](ring.gif)

            ![l](logo.svg) ![l](logo.svg) ![b](badge.png) ![b](badge.png)
            """)
        XCTAssertEqual(try PDFTools.problems(pdf), [])
        let raw = String(decoding: pdf, as: UTF8.self)
        func count(_ s: String) -> Int { raw.components(separatedBy: s).count - 1 }
        let jpeg = try Fixtures.bytes("landscape.jpg")
        XCTAssertNotNil(pdf.firstRange(of: jpeg), "the JPEG's bytes are in the PDF unchanged")
        XCTAssertEqual(count("/Filter /DCTDecode"), 1)
        let once = String(decoding: try render("![l](logo.svg)\n"), as: UTF8.self).components(separatedBy: "/Subtype /Form").count - 1
        XCTAssertGreaterThan(once, 0, "an SVG is a form of vectors")
        XCTAssertEqual(count("/Subtype /Form"), once, "drawn twice, written once")
        // diagram.png, badge.png and ring.gif once each, the JPEG, and the soft masks.
        let images = count("/Subtype /Image")
        let masks = count("/SMask")
        XCTAssertEqual(images - masks, 4, raw.prefix(0) + "images: \(images), masks \(masks)")
        XCTAssertGreaterThanOrEqual(masks, 1, "a PNG with transparency keeps it as a soft mask")
        let list = try PDFTools.run("pdfimages", ["-list", "PDF"], pdf: pdf).stdout
        XCTAssertTrue(list.contains("smask"), list)
    }
}
