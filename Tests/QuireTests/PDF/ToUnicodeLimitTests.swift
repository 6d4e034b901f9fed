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

/// Issue 51: a glyph standing for a long cluster (control characters and marks on one glyph)
/// got a ToUnicode entry of as many UTF-16 units, which MuPDF ignores ("ignoring one to many
/// mapping in cmap Adobe-Identity-UCS"): that glyph's text was lost in MuPDF. Its text now
/// goes through an ActualText span, and every ToUnicode entry is at most 8 units.
final class ToUnicodeLimitTests: XCTestCase {
    /// "x" followed by eleven marks and controls, as one cluster on the glyph of "x".
    private let longCluster = "x\u{200D}\u{0301}\u{200D}\u{0302}\u{200D}\u{0303}\u{200D}\u{0304}\u{200D}\u{0305}\u{200D}"

    /// The page of "Exit now" with the glyph run's first cluster ("E", one glyph) standing
    /// for `longCluster` instead.
    private func pdfWithALongClusterOnOneGlyph() throws -> [UInt8] {
        let laidOut = RenderPipeline.layout("Exit now", RenderOptions())
        var page = paintPage(try XCTUnwrap(laidOut.pages.first), with: LinePainter())
        var changed = false
        for (i, item) in page.items.enumerated() where !changed {
            guard case .text(var paints) = item else { continue }
            for (j, paint) in paints.enumerated() where !changed {
                guard case .glyphs(var run) = paint, run.clusters.count >= 2, run.clusters[0] == 1, run.clusters[1] == 1 else { continue }
                run.text = Array(longCluster.utf8) + run.text.dropFirst()
                run.clusters[0] = Int32(longCluster.utf8.count)
                paints[j] = .glyphs(run)
                page.items[i] = .text(paints)
                changed = true
            }
        }
        XCTAssertTrue(changed, "a run whose first cluster is one byte on one glyph")
        let writer = PDFDocumentWriter()
        writer.add(page)
        var metadata = PDFMetadata(title: laidOut.title)
        metadata.creationDate = 0
        return writer.finish(outline: laidOut.outline, metadata: metadata)
    }

    func testALongClustersTextIsActualTextNotAToUnicodeEntryMuPDFIgnores() throws {
        let pdf = try pdfWithALongClusterOnOneGlyph()
        let mupdf = try PDFTools.run("mutool", ["draw", "-F", "txt", "-o", "-", "PDF"], pdf: pdf)
        XCTAssertFalse(mupdf.stderr.contains("one to many"), mupdf.stderr)
        let uncompressed = try PDFTools.uncompressed(pdf)
        let entries = uncompressed.split(separator: "\n").filter { $0.hasPrefix("<") && $0.contains("> <") }
        XCTAssertFalse(entries.isEmpty)
        for entry in entries {
            let units = (entry.split(separator: " ").last?.count ?? 2) - 2
            XCTAssertLessThanOrEqual(units / 4, ToUnicodeCMap.maximumUnits, String(entry))
        }
        XCTAssertTrue(uncompressed.contains("/ActualText"), "the cluster's text in a span")
        let poppler = try PDFTools.popplerText(pdf)
        XCTAssertTrue(poppler.unicodeScalars.contains("\u{0305}") && poppler.contains("it now"), poppler)
    }
}
