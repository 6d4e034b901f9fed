@testable import Quire
import Foundation
import XCTest

/// Links appended to Cairo's file as an incremental update (`linkAnnotationUpdate`), read back
/// by qpdf, an independent reader.
final class LinkAnnotationTests: XCTestCase {
    /// One link annotation as qpdf reads it: page index, rectangle, and "uri:…" or "dest:…".
    private struct Annotation: Equatable, CustomStringConvertible {
        var page: Int
        var rect: [Double]
        var target: String
        var description: String { "p\(page) \(rect) \(target)" }
    }

    private func write(_ pdf: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-links-\(UUID()).pdf")
        try Data(pdf).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func qpdf(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Every link annotation, page by page, through `qpdf --json`.
    private func annotations(_ pdf: [UInt8]) throws -> [Annotation] {
        let url = try write(pdf)
        let json = try JSONSerialization.jsonObject(with: try qpdf(["--json=2", "--json-key=qpdf", url.path]).output) as? [String: Any]
        let objects = try XCTUnwrap((json?["qpdf"] as? [Any])?.last as? [String: Any])
        func value(_ any: Any?) -> Any? {
            guard let ref = any as? String, ref.hasSuffix(" R") else { return any }
            let object = objects["obj:" + ref] as? [String: Any]
            return object?["value"] ?? (object?["stream"] as? [String: Any])?["dict"]
        }
        let catalog = try XCTUnwrap(objects.values.compactMap { ($0 as? [String: Any])?["value"] as? [String: Any] }
            .first { $0["/Type"] as? String == "/Catalog" })
        var pages: [[String: Any]] = []
        func walk(_ node: Any?) {
            guard let dict = value(node) as? [String: Any] else { return }
            if dict["/Type"] as? String == "/Pages" { (dict["/Kids"] as? [Any] ?? []).forEach(walk) } else { pages.append(dict) }
        }
        walk(catalog["/Pages"])
        var result: [Annotation] = []
        for (index, page) in pages.enumerated() {
            for annotation in page["/Annots"] as? [Any] ?? [] {
                guard let dict = value(annotation) as? [String: Any], dict["/Subtype"] as? String == "/Link" else { continue }
                let rect = (dict["/Rect"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
                let target: String
                if let action = value(dict["/A"]) as? [String: Any], let uri = action["/URI"] as? String {
                    target = "uri:" + uri.replacingOccurrences(of: "u:", with: "", options: .anchored)
                } else {
                    target = "dest:" + ((dict["/Dest"] as? String) ?? "?").replacingOccurrences(of: "u:", with: "", options: .anchored)
                }
                result.append(Annotation(page: index, rect: rect, target: target))
            }
        }
        return result
    }

    private func qpdfChecks(_ pdf: [UInt8]) throws -> Bool {
        let r = try qpdf(["--check", try write(pdf).path])
        return r.status == 0 && !String(decoding: r.output, as: UTF8.self).contains("WARNING")
    }

    private func render(_ document: LaidOutDocument, _ linkWriting: PDFWriter.LinkWriting) throws -> [UInt8] {
        let writer = PDFWriter(firstPageSize: document.pages[0].size, fonts: RenderFonts(), linkWriting: linkWriting)
        let painter = LinePainter()
        for page in document.pages { writer.draw(paintPage(page, with: painter)) }
        return try writer.finish(outline: document.outline, metadata: PDFMetadata(title: "Links"))
    }

    private let markdown = "# Top\n\nSee [one](https://example.com/one) and [up](#top).\n\n" + prose(900)
        + "\n\n## Later\n\n[back](#top), [ä (b)](<https://example.com/ä (b)>) and [down](#later).\n"

    func testAppendedLinksMatchCairosLinkTagsAndPassQPDFCheck() throws {
        let document = layout(markdown)
        XCTAssertGreaterThan(document.pages.count, 1)
        let appended = try render(document, .appended)
        let tagged = try render(document, .cairoTags)
        XCTAssert(try qpdfChecks(appended), "qpdf --check reports a problem")
        let ours = try annotations(appended), cairos = try annotations(tagged)
        XCTAssertEqual(ours.count, 5, "\(ours)")
        XCTAssertEqual(ours.map(\.page), cairos.map(\.page))
        for (a, b) in zip(ours, cairos) {
            // Cairo rounds /Rect outwards to whole points; the targets are the same, except that
            // a URI is percent-encoded (PDF wants URIs in ASCII; Cairo writes UTF-8 bytes, which
            // qpdf reads as PDFDocEncoding).
            XCTAssertEqual(a.target, b.target.replacingOccurrences(of: "Ã¤", with: "%C3%A4").replacingOccurrences(of: " ", with: "%20"))
            XCTAssertEqual(a.rect.count, 4)
            for (x, y) in zip(a.rect, b.rect) { XCTAssertEqual(x, y, accuracy: 1, "\(a) vs \(b)") }
        }
        XCTAssertEqual(ours.last?.target, "dest:later")
        XCTAssert(ours.contains { $0.target == #"uri:https://example.com/%C3%A4%20(b)"# }, "\(ours)")
        XCTAssertLessThan(appended.count, tagged.count)
    }

    /// Without links the file is Cairo's alone: no update appended.
    func testNoLinksNoUpdate() throws {
        let pdf = try render(layout("# Plain\n\nNo links here.\n"), .appended)
        XCTAssertEqual(pdf.split(separator: UInt8(ascii: "\n")).filter { $0 == Array("startxref".utf8)[...] }.count, 1)
        XCTAssertEqual(try annotations(pdf), [])
    }

    /// Any damage to the file is an error from the reader, never a crash or a wrong update.
    func testTruncatedOrForeignFilesAreStructureErrors() throws {
        let pdf = try render(layout("# Plain\n\n[a](#plain)\n"), .cairoTags)
        let links = [[PDFLinkAnnotation(LinkArea(rect: Rect(x: 1, y: 2, width: 3, height: 4), target: .uri("u")), pageHeight: 10)]]
        let startxref = try XCTUnwrap(pdf.lastRange(of: Array("startxref".utf8))).lowerBound
        for cut in stride(from: 0, to: pdf.count, by: max(1, pdf.count / 300)) {
            let prefix = Array(pdf.prefix(cut))
            let update = try? prefix.withUnsafeBytes { bytes throws(PDFStructureError) in try linkAnnotationUpdate(for: bytes, links: links) }
            if cut < startxref { XCTAssertNil(update, "a file cut at byte \(cut) of \(pdf.count)") }
        }
        XCTAssertThrowsError(try pdf.withUnsafeBytes { bytes throws(PDFStructureError) in try linkAnnotationUpdate(for: bytes, links: links) },
                             "Cairo's link tags already gave the page /Annots")
        let twoPages = links + links
        let plain = try render(layout("# Plain\n"), .appended)
        XCTAssertThrowsError(try plain.withUnsafeBytes { bytes throws(PDFStructureError) in try linkAnnotationUpdate(for: bytes, links: twoPages) })
        let xrefStream = Array("%PDF-1.5\n1 0 obj\n<< /Type /XRef >>\nstream\nendstream\nendobj\nstartxref\n9\n%%EOF\n".utf8)
        XCTAssertThrowsError(try xrefStream.withUnsafeBytes { bytes throws(PDFStructureError) in try linkAnnotationUpdate(for: bytes, links: links) })
    }

    /// A hand-made classic PDF whose objects are `bodies` (object 1 is the catalog).
    private func classicPDF(_ bodies: [String]) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (i, body) in bodies.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(bodies.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8) }
        out += Array("trailer\n<< /Size \(bodies.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    /// A page tree that meets a node twice (here: its own root) is an error, not endless work.
    func testPageTreeThatMeetsANodeTwiceIsAnError() throws {
        let cyclic = classicPDF(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [ 2 0 R 3 0 R ] /Count 1 >>",
                                 "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 10 10 ] >>"])
        XCTAssertThrowsError(try cyclic.withUnsafeBytes { bytes throws(PDFStructureError) in try ClassicPDF(bytes) })
        // Listed twice, a page would get its annotations twice; nested so, work doubles a level.
        let twice = classicPDF(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [ 3 0 R 3 0 R ] /Count 2 >>",
                                "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 10 10 ] >>"])
        XCTAssertThrowsError(try twice.withUnsafeBytes { bytes throws(PDFStructureError) in try ClassicPDF(bytes) })
        let sound = classicPDF(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
                                "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 10 10 ] >>"])
        let pages = try sound.withUnsafeBytes { bytes throws(PDFStructureError) in try ClassicPDF(bytes).pages }
        XCTAssertEqual(pages, [ClassicPDF.Reference(number: 3, generation: 0)])
        // The update it gets passes qpdf's check.
        let links = [[PDFLinkAnnotation(LinkArea(rect: Rect(x: 1, y: 1, width: 5, height: 2), target: .uri("https://example.com")), pageHeight: 10)]]
        let update = try sound.withUnsafeBytes { bytes throws(PDFStructureError) in try linkAnnotationUpdate(for: bytes, links: links) }
        XCTAssert(try qpdfChecks(sound + update))
        XCTAssertEqual(try annotations(sound + update).map(\.target), ["uri:https://example.com"])
    }

    func testNumbersHaveAtMostTwoDecimals() {
        func text(_ value: Double) -> String {
            var out: [UInt8] = []
            appendPDFNumber(value, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        XCTAssertEqual([0, 12, 612.345, -0.5, -0.001, 0.05, 841.889, .nan].map(text), ["0", "12", "612.35", "-0.5", "0", "0.05", "841.89", "0"])
    }

    func testStringsEscapeParenthesesAndEncodeOtherBytes() {
        func text(_ value: String, _ uri: Bool) -> String {
            var out: [UInt8] = []
            appendPDFString(value, percentEncoding: uri, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        XCTAssertEqual(text(#"a(b)\c"#, true), #"(a\(b\)\\c)"#)
        XCTAssertEqual(text("é f", true), "(%C3%A9%20f)")
        XCTAssertEqual(text("é f\n", false), #"(\303\251 f\012)"#)
    }
}
