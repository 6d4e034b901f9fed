import FoundationXML
import XCTest
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

/// The standards' names as the option reads them, and the XMP packet the writer makes of them.
final class StandardsUnitTests: XCTestCase {
    func testParsesListsSpellingsAndNone() throws {
        XCTAssertEqual(try PDFStandards.parse("ua-1"), .default)
        XCTAssertEqual(try PDFStandards.parse(" UA-1 , PDF/A-2A ").description, "ua-1,a-2a")
        XCTAssertEqual(try PDFStandards.parse("a-3u").description, "a-3u")
        XCTAssertEqual(try PDFStandards.parse("none"), PDFStandards.none)
        XCTAssertTrue(try PDFStandards.parse("a-3b").allowsAttachments)
        XCTAssertFalse(try PDFStandards.parse("ua-1,a-2b").allowsAttachments)
        XCTAssertTrue(try PDFStandards.parse("ua-1").allowsAttachments)
    }

    func testRefusesWithTheReason() {
        for (text, reason) in [("a-1b", "PDF/A-1 forbids"), ("a-4", "unknown"), ("a-4f", "PDF/A-4 needs PDF 2.0"), ("ua-2", "PDF/UA-2 needs PDF 2.0"),
                               ("a-2b,a-2u", "two PDF/A levels"), ("", "names no standard"), ("ua-1,", "names no standard"),
                               ("a-2x", "the levels are a, b and u"), ("x-4", "unknown PDF standard")] {
            XCTAssertThrowsError(try PDFStandards.parse(text), text) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(text): \(error)")
            }
        }
    }

    /// The packet is well-formed XML whatever the title holds, says the claims it is given
    /// and no other, and declares pdfuaid for PDF/A.
    func testXMPEscapesAndIdentifiesTheClaims() throws {
        var content = XMPMetadata.Content(title: "A & B <c> \"d\" \u{1}", author: "Ada", subject: "", keywords: ["x", "y"],
                                          creator: "Quire", language: "en", date: 1_700_000_000, claims: .default)
        var packet = String(decoding: XMPMetadata.packet(content), as: UTF8.self)
        XCTAssertTrue(packet.contains("A &amp; B &lt;c&gt; &quot;d&quot; </rdf:li>"), packet)
        XCTAssertTrue(packet.contains("<pdfuaid:part>1</pdfuaid:part>"))
        XCTAssertFalse(packet.contains("pdfaid:") || packet.contains("pdfaExtension"))
        XCTAssertTrue(packet.contains("<xmp:CreateDate>2023-11-14T22:13:20Z</xmp:CreateDate>"))
        XCTAssertTrue(XMLParser(data: Data(packet.utf8)).parse())
        content.claims = try PDFStandards.parse("ua-1,a-2b")
        packet = String(decoding: XMPMetadata.packet(content), as: UTF8.self)
        XCTAssertTrue(packet.contains("<pdfaid:part>2</pdfaid:part>\n<pdfaid:conformance>B</pdfaid:conformance>"))
        XCTAssertTrue(packet.contains("<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>"))
        content.claims = .none
        packet = String(decoding: XMPMetadata.packet(content), as: UTF8.self)
        XCTAssertFalse(packet.contains("pdfuaid") || packet.contains("pdfaid"))
        XCTAssertFalse(packet.split(separator: "\n")[0].contains("bytes=") || packet.split(separator: "\n")[0].contains("encoding="))
    }

    /// Headings skipping levels warn, naming both lines; images without alt text withdraw
    /// PDF/UA-1, each named by its own line of a paragraph.
    func testAccessibilityCheckNamesLines() {
        let document = parseMarkdown("# A\n\n### C\n\nText\n![](x.png) and\n![alt](y.png)\n")
        let check = AccessibilityCheck(document)
        XCTAssertFalse(check.holds)
        XCTAssertEqual(check.warnings.map(\.line), [3, 6, 0])
        XCTAssertTrue(check.warnings[0].message.contains("heading level 3 follows level 1 (line 1)"))
        XCTAssertTrue(AccessibilityCheck(parseMarkdown("## A\n\n### B\n\n![ok](x.png)\n")).warnings.isEmpty)
    }
}
