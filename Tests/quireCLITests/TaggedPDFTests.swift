import Foundation
import XCTest

/// The structure-tree walker finds what it is there to find (so its passing the corpus means
/// something): untagged content, marked content missing from the tree or the parent tree.
final class TaggedPDFTests: XCTestCase {
    func testContentScannerTellsMarkedFromUnmarkedContent() {
        let marks = TaggedPDF.Content.marks(Array("""
            /Artifact BMC 0 0 1 rg 1 1 5 5 re f EMC
            BT /P << /MCID 0 >> BDC /F1 10 Tf [(a\\)b\\\\) 20 (c)] TJ EMC
            /Span << /ActualText (x) >> BDC (y) Tj EMC ET
            /Figure << /MCID 1 >> BDC q /I1 Do Q EMC
            /P << /MCID 2 >> BDC /Link << /MCID 3 >> BDC EMC EMC
            """.utf8))
        let text = marks.map { "\($0)" }
        XCTAssertTrue(text.contains("mcid(0)") && text.contains("mcid(1)") && text.contains("drawn(1)"), "\(text)")
        XCTAssertTrue(text.contains("unmarked(\"Tj\")"), "a span outside marked content: \(text)")
        XCTAssertTrue(text.contains("nestedMCID"), "\(text)")
        XCTAssertFalse(text.contains("unmarked(\"f\")"), "an artifact is marked: \(text)")
    }

    /// A classic PDF written here, objects numbered in order, its cross-reference table computed.
    private func write(_ objects: [String], content: String) throws -> URL {
        var pdf = "%PDF-1.7\n"
        var offsets: [Int] = []
        let all = objects + ["<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
        for (i, body) in all.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(i + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(all.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
        pdf += "trailer\n<< /Size \(all.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-tagged-\(UUID()).pdf")
        try Data(pdf.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAFileWithoutStructureFails() throws {
        let url = try write(["<< /Type /Catalog /Pages 2 0 R >>",
                             "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
                             "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents 4 0 R /Resources << >> >>"],
                            content: "0 0 1 rg 1 1 5 5 re f")
        let problems = try TaggedPDF.check(url).problems
        XCTAssertTrue(problems.contains("no /StructTreeRoot"), "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("/MarkInfo") }, "\(problems)")
    }

    /// MCID 1 is in the tree but not in the parent tree; the fill is not marked at all.
    func testMarkedContentMissingFromTheParentTreeFails() throws {
        let url = try write(["<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /Lang (en) /StructTreeRoot 5 0 R >>",
                             "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
                             "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents 9 0 R /Resources << >> /StructParents 0 >>",
                             "<< /S /Document /P 5 0 R /K [ 7 0 R 8 0 R ] >>",
                             "<< /Type /StructTreeRoot /K 4 0 R /ParentTree 6 0 R /ParentTreeNextKey 1 >>",
                             "<< /Nums [ 0 [ 7 0 R ] ] >>",
                             "<< /S /P /P 4 0 R /Pg 3 0 R /K 0 >>",
                             "<< /S /P /P 4 0 R /Pg 3 0 R /K 1 >>"],
                            content: "/P << /MCID 0 >> BDC EMC /P << /MCID 1 >> BDC EMC 1 1 5 5 re f")
        let problems = try TaggedPDF.check(url).problems
        XCTAssertTrue(problems.contains { $0.contains("MCID 1 is not in the parent tree") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("'f' outside any marked content") }, "\(problems)")
        XCTAssertFalse(problems.contains { $0.contains("MCID 0") }, "\(problems)")
    }
}
