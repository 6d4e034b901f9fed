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

final class PDFFileTests: XCTestCase {
    /// A file of a catalog, a page tree and a page: objects packed into object streams, the
    /// cross-reference stream found by qpdf; the same objects give the same bytes.
    private func minimalFile() -> [UInt8] {
        let file = PDFFile()
        let catalog = file.reserve(), pages = file.reserve(), page = file.reserve(), content = file.reserve()
        let unused = file.reserve()
        _ = unused
        Self.addPage(to: file, catalog: catalog, pages: pages, page: page, content: content)
        return file.finish(root: catalog, info: nil)
    }

    /// Adds a page (a blue square), its page tree and the catalog to `file`.
    private static func addPage(to file: PDFFile, catalog: PDFReference, pages: PDFReference, page: PDFReference,
                                content: PDFReference) {
        file.addStream(content, data: Array("0 0 1 rg 10 10 50 50 re f\n".utf8))
        file.add(page) { d in
            d.pair(.type, .page)
            d.pair(.parent, pages)
            d.array(.mediaBox) { $0.items([0, 0, 100, 100]) }
            d.pair(.contents, content)
            d.dictionary(.resources) { _ in }
        }
        file.add(pages) { d in
            d.pair(.type, .pages)
            d.array(.kids) { $0.item(page) }
            d.pair(.count, 1)
        }
        file.add(catalog) { d in
            d.pair(.type, .catalog)
            d.pair(.pages, pages)
        }
    }

    func testObjectStreamsAndACrossReferenceStreamMakeASoundFile() throws {
        let pdf = minimalFile()
        XCTAssertEqual(Array(pdf.prefix(8)), Array("%PDF-1.7".utf8))
        XCTAssertEqual(try PDFTools.problems(pdf), [])
        let xref = try PDFTools.run("qpdf", ["--show-xref", "PDF"], pdf: pdf).stdout
        XCTAssertTrue(xref.contains("compressed; stream"), "objects live in object streams:\n\(xref)")
        XCTAssertFalse(xref.contains("\n5/0:"), "an object reserved and never written is free:\n\(xref)")
        XCTAssertEqual(pdf, minimalFile())
    }

    func testManyObjectsSpreadOverSeveralObjectStreams() throws {
        let file = PDFFile()
        let catalog = file.reserve(), pages = file.reserve()
        let kids = (0..<450).map { _ in file.reserve() }
        for kid in kids {
            file.add(kid) { d in
                d.pair(.type, .page)
                d.pair(.parent, pages)
                d.array(.mediaBox) { $0.items([0, 0, 10, 10]) }
                d.dictionary(.resources) { _ in }
            }
        }
        file.add(pages) { d in
            d.pair(.type, .pages)
            d.array(.kids) { $0.items(kids) }
            d.pair(.count, kids.count)
        }
        file.add(catalog) { d in
            d.pair(.type, .catalog)
            d.pair(.pages, pages)
        }
        let pdf = file.finish(root: catalog, info: nil)
        let check = try PDFTools.run("qpdf", ["--check", "PDF"], pdf: pdf)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Type /ObjStm").count - 1, 3)
    }

    /// A tree above its leaf size: a root of kids, each with its first and last keys.
    func testATreeAboveItsLeafSizeSplitsIntoKidsWithLimits() throws {
        let file = PDFFile()
        let catalog = file.reserve(), pages = file.reserve()
        file.add(pages) { d in
            d.pair(.type, .pages)
            d.array(.kids) { _ in }
            d.pair(.count, 0)
        }
        let keys = [3, 5, 8, 13, 21]
        let tree = file.addTree(.numbers, count: keys.count, leafSize: 2, key: { $1.item(keys[$0]) }, value: { $1.null() })
        file.add(catalog) { d in
            d.pair(.type, .catalog)
            d.pair(.pages, pages)
            d.pair(.pageLabels, tree)  // a number tree
        }
        let pdf = file.finish(root: catalog, info: nil)
        let check = try PDFTools.run("qpdf", ["--check", "PDF"], pdf: pdf)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        // Every object uncompressed, its white space made single spaces.
        let plain = try PDFTools.run("qpdf", ["--qdf", "--object-streams=disable", "PDF", "-"], pdf: pdf).stdout
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for limits in ["/Limits [ 3 5 ]", "/Limits [ 8 13 ]", "/Limits [ 21 21 ]"] {
            XCTAssertTrue(plain.contains(limits), "\(limits) in:\n\(plain)")
        }
        XCTAssertTrue(plain.contains("/Nums [ 21 null ]"), plain)
        XCTAssertEqual(plain.components(separatedBy: "/Limits").count - 1, 3)
    }

    /// A file of 300,000 objects: its cross-reference entries are packed a chunk of 65,536 at
    /// a time once two newer chunks exist, and written as a stream per chunk, chained by
    /// /Prev; an object reserved first and written last (set after its chunk was packed) is
    /// still found, every reader reads the file, and its bytes are the same written to memory
    /// or to a file descriptor a megabyte at a time.
    func testThreeHundredThousandObjectsKeepTheirCrossReferenceEntries() throws {
        var probe = 0
        func write(_ destination: PDFDestination) -> (PDFFile, [UInt8]) {
            let file = PDFFile(destination: destination)
            let catalog = file.reserve(), pages = file.reserve()
            let early = file.reserve(), page = file.reserve(), content = file.reserve()
            for k in 0..<300_000 {
                let object = file.reserve()
                if k == 250_001 { probe = object.number }
                if k % 1_000 == 0 {
                    file.addStream(object, data: Array("stream \(k) \(String(repeating: "x", count: 40))".utf8))
                } else {
                    file.add(object) { $0.pair(.count, k) }
                }
            }
            file.add(early) { $0.pair(.count, 424_242) }
            Self.addPage(to: file, catalog: catalog, pages: pages, page: page, content: content)
            return (file, file.finish(root: catalog, info: nil))
        }
        let pdf = write(.memory).1
        XCTAssertEqual(try PDFTools.problems(pdf), [], "four readers read the sections of the cross-reference")
        XCTAssertEqual(String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Type /XRef").count - 1, 5, "a stream per chunk")
        XCTAssertEqual(try PDFTools.run("qpdf", ["--show-object=3", "PDF"], pdf: pdf).stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "<< /Count 424242 >>")
        XCTAssertEqual(try PDFTools.run("qpdf", ["--show-object=\(probe)", "PDF"], pdf: pdf).stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       "<< /Count 250001 >>")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("quire-pdffile-\(UUID()).pdf").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { unlink(path) }
        let (file, kept) = write(.file(descriptor: fd))
        close(fd)
        XCTAssertEqual(kept, [])
        XCTAssertNil(file.writeFailure)
        XCTAssertTrue([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == pdf, "the file written as it went differs")
        XCTAssertEqual(file.position, pdf.count)
    }
}
