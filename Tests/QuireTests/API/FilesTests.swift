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

    func testImagesAreReadFromTheInputsFolder() {
        XCTAssertEqual(Quire.folder(of: "docs/guide.md"), "docs")
        XCTAssertEqual(Quire.folder(of: "guide.md"), ".")
        XCTAssertEqual(Quire.folder(of: "/abs/dir/x.md"), "/abs/dir")
        XCTAssertEqual(Quire.folder(of: "/x.md"), "/")
        XCTAssertEqual(Quire.folder(of: "-"), ".", "standard input: the current folder")
    }
}
