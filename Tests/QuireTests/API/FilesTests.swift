@testable import Quire
import Foundation
import XCTest

final class FilesTests: XCTestCase {
    func testInvalidUTF8NamesTheByteOffset() {
        XCTAssertThrowsError(try InputFile.decode(Array("abc".utf8) + [0xC3, 0x28], name: "x.md")) { error in
            XCTAssertEqual(error as? QuireError, QuireError(file: "x.md", message: "not valid UTF-8: bad byte at offset 3"))
        }
    }

    func testNULByteIsRejected() {
        XCTAssertThrowsError(try InputFile.decode([0x61, 0, 0x62], name: "x.md")) { error in
            XCTAssertEqual((error as? QuireError)?.message, "not a text file: NUL byte at offset 1")
        }
    }

    func testByteOrderMarkIsDropped() throws {
        XCTAssertEqual(try InputFile.decode([0xEF, 0xBB, 0xBF] + Array("# T".utf8), name: "x"), "# T")
    }

    func testAtomicWriteReplacesAndLeavesNoTemporaryFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.pdf").path
        try OutputFile.writeAtomically(Array("old".utf8), to: path)
        try OutputFile.writeAtomically(Array("new".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.pdf"])
        XCTAssertThrowsError(try OutputFile.writeAtomically([1], to: dir.path + "/missing/out.pdf"))
    }

    /// Found by `make bench`: batch refused to overwrite its own output of a file with many links,
    /// whose appended annotations pushed Cairo's /Creator out of the last 64 KB it read.
    /// A PDF of an earlier Quire (no settings digest: Cairo's Info dictionary, then the link
    /// annotations appended after it, over 64 KB of them) is still recognised as Quire's, as
    /// stale; today's carry their digest in a last Info dictionary; another creator's is not ours.
    func testRegressionBatchRecognisesItsOwnPDFWithManyLinks() throws {
        let markdown = (1...900).map { "- [link \($0)](https://example.com/a/rather/long/path/\($0))" }.joined(separator: "\n")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let laidOut = layout(markdown)
        let writer = PDFWriter(firstPageSize: laidOut.pages[0].size, fonts: RenderFonts())
        let painter = LinePainter()
        for page in laidOut.pages { writer.draw(paintPage(page, with: painter)) }
        let old = try writer.finish(outline: laidOut.outline, metadata: PDFMetadata(title: "Old"))
        let creator = try XCTUnwrap(old.lastRange(of: Array("/Creator (Quire".utf8)))
        XCTAssertGreaterThan(old.count - creator.lowerBound, 65_536, "the test needs the metadata beyond the last 64 KB")
        let oldPath = dir.appendingPathComponent("old.pdf").path
        try OutputFile.writeAtomically(old, to: oldPath)
        XCTAssertEqual(Batch.quirePDFSettings(oldPath), "", "Quire's, with no settings recorded")
        let ours = dir.appendingPathComponent("ours.pdf").path
        var options = RenderOptions()
        options.title = "Ours"
        try OutputFile.writeAtomically(try Quire.render(markdown: markdown, options: options).pdf, to: ours)
        XCTAssertEqual(Batch.quirePDFSettings(ours), options.settingsDigest)
        // The same file naming another creator is not ours.
        var other = old
        other.replaceSubrange(creator, with: Array("/Creator (Other".utf8))
        let theirs = dir.appendingPathComponent("theirs.pdf").path
        try OutputFile.writeAtomically(other, to: theirs)
        XCTAssertNil(Batch.quirePDFSettings(theirs))
    }

    func testImagesAreReadFromTheInputsFolder() {
        XCTAssertEqual(Quire.folder(of: "docs/guide.md"), "docs")
        XCTAssertEqual(Quire.folder(of: "guide.md"), ".")
        XCTAssertEqual(Quire.folder(of: "/abs/dir/x.md"), "/abs/dir")
        XCTAssertEqual(Quire.folder(of: "/x.md"), "/")
        XCTAssertEqual(Quire.folder(of: "-"), ".", "standard input: the current folder")
    }
}
