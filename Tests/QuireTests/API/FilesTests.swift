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
    func testRegressionBatchRecognisesItsOwnPDFWithManyLinks() throws {
        let markdown = (1...900).map { "- [link \($0)](https://example.com/a/rather/long/path/\($0))" }.joined(separator: "\n")
        let pdf = try Quire.render(markdown: markdown).pdf
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let ours = dir.appendingPathComponent("ours.pdf").path
        try OutputFile.writeAtomically(pdf, to: ours)
        let creator = try XCTUnwrap(pdf.lastRange(of: Array("/Creator (Quire".utf8)))
        XCTAssertGreaterThan(pdf.count - creator.lowerBound, 65_536, "the test needs the metadata beyond the last 64 KB")
        XCTAssertTrue(Batch.isQuirePDF(ours))
        // The same file naming another creator is not ours.
        var other = pdf
        other.replaceSubrange(creator, with: Array("/Creator (Other".utf8))
        let theirs = dir.appendingPathComponent("theirs.pdf").path
        try OutputFile.writeAtomically(other, to: theirs)
        XCTAssertFalse(Batch.isQuirePDF(theirs))
    }

    func testImagesAreReadFromTheInputsFolder() {
        XCTAssertEqual(Quire.folder(of: "docs/guide.md"), "docs")
        XCTAssertEqual(Quire.folder(of: "guide.md"), ".")
        XCTAssertEqual(Quire.folder(of: "/abs/dir/x.md"), "/abs/dir")
        XCTAssertEqual(Quire.folder(of: "/x.md"), "/")
        XCTAssertEqual(Quire.folder(of: "-"), ".", "standard input: the current folder")
    }
}
