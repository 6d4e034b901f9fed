@testable import Quire
import XCTest

final class PDFFileTests: XCTestCase {
    /// A file of a catalog, a page tree and a page: objects packed into object streams, the
    /// cross-reference stream found by qpdf; the same objects give the same bytes.
    private func minimalFile() -> [UInt8] {
        let file = PDFFile()
        let catalog = file.reserve(), pages = file.reserve(), page = file.reserve(), content = file.reserve()
        let unused = file.reserve()
        _ = unused
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
        return file.finish(root: catalog, info: nil)
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
}
