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

final class FilesTests: XCTestCase {
    func testInvalidUTF8NamesTheByteOffset() {
        XCTAssertThrowsError(try InputFile.decode(Array("abc".utf8) + [0xC3, 0x28], name: "x.md")) { error in
            XCTAssertEqual(error as? QuireError, QuireError(file: "x.md", message: "not valid UTF-8: bad byte at offset 3 (line 1, column 4: byte 0xC3); "
                                                                  + "if the file is Latin-1 (ISO 8859-1), convert it: iconv -f latin1 -t utf-8 x.md > x.utf8.md"))
        }
    }

    func testNULByteIsRejected() {
        XCTAssertThrowsError(try InputFile.decode([0x61, 0, 0x62], name: "x.md")) { error in
            XCTAssertEqual((error as? QuireError)?.message, "not a text file: NUL byte at offset 1 (line 1, column 2: byte 0x00)")
        }
    }

    func testByteOrderMarkIsDropped() throws {
        XCTAssertEqual(try InputFile.decode([0xEF, 0xBB, 0xBF] + Array("# T".utf8), name: "x"), "# T")
    }

    /// Regression: a UTF-16 or UTF-32 file with a byte-order mark was refused as "bad byte at
    /// offset 0"; it is read in its encoding, either byte order, characters beyond the BMP too.
    func testUTF16AndUTF32WithAByteOrderMarkAreRead() throws {
        let text = "# Titre ünïcødé 日本 😀\n\nText."
        let utf16 = Array(text.utf16)
        let le16: [UInt8] = [0xFF, 0xFE] + utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be16: [UInt8] = [0xFE, 0xFF] + utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let scalars = text.unicodeScalars.map(\.value)
        let le32: [UInt8] = [0xFF, 0xFE, 0, 0] + scalars.flatMap { v in (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let be32: [UInt8] = [0, 0, 0xFE, 0xFF] + scalars.flatMap { v in (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }
        for (label, bytes) in [("UTF-16LE", le16), ("UTF-16BE", be16), ("UTF-32LE", le32), ("UTF-32BE", be32)] {
            XCTAssertEqual(try InputFile.decode(bytes, name: "x.md"), text, label)
        }
        XCTAssertThrowsError(try InputFile.decode(le16 + [0x41], name: "x.md"), "an odd byte left over")
        XCTAssertThrowsError(try InputFile.decode([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00], name: "x.md"), "a lone surrogate") { error in
            XCTAssertEqual((error as? QuireError)?.message, "not valid UTF-16: bad code unit at offset 2")
        }
        XCTAssertThrowsError(try InputFile.decode([0xFF, 0xFE, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00], name: "x.md"))
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
    /// stale; today's carry their digest in their Info dictionary; another creator's is not ours.
    func testRegressionBatchRecognisesItsOwnPDFWithManyLinks() throws {
        let markdown = (1...900).map { "- [link \($0)](https://example.com/a/rather/long/path/\($0))" }.joined(separator: "\n")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // As Cairo wrote them: its Info dictionary, then the link annotations appended after it.
        var oldText = "%PDF-1.5\n1 0 obj\n<< /Title (Old) /Creator (Quire 0.1.0) /Producer (cairo 1.16.0) >>\nendobj\n"
        for n in 1...900 {
            oldText += "\(n + 1) 0 obj\n<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://example.com/a/rather/long/path/\(n)) >> >>\nendobj\n"
        }
        let old = Array((oldText + "trailer\n<< /Info 1 0 R >>\n%%EOF\n").utf8)
        let creator = try XCTUnwrap(old.lastRange(of: Array("/Creator (Quire".utf8)))
        XCTAssertGreaterThan(old.count - creator.lowerBound, 65_536, "the test needs the metadata beyond the last 64 KB")
        let oldPath = dir.appendingPathComponent("old.pdf").path
        try OutputFile.writeAtomically(old, to: oldPath)
        XCTAssertEqual(Batch.quirePDFInfo(oldPath)?.settings, "", "Quire's, with no settings recorded")
        let ours = dir.appendingPathComponent("ours.pdf").path
        var options = RenderOptions()
        options.title = "Ours"
        try OutputFile.writeAtomically(try Quire.render(markdown: markdown, options: options).pdf, to: ours)
        XCTAssertEqual(Batch.quirePDFInfo(ours)?.settings, options.settingsDigest)
        // The same file naming another creator is not ours.
        var other = old
        other.replaceSubrange(creator, with: Array("/Creator (Other".utf8))
        let theirs = dir.appendingPathComponent("theirs.pdf").path
        try OutputFile.writeAtomically(other, to: theirs)
        XCTAssertNil(Batch.quirePDFInfo(theirs))
    }

    /// Quire's Info dictionary comes just before the cross-reference stream, which for a file
    /// of a hundred thousand objects is longer than the 64 KB first read: then the whole file
    /// is searched.
    func testBatchFindsTheSettingsOfAPDFWhoseMetadataIsFarFromItsEnd() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let info = "%PDF-1.7\n9 0 obj\n<< /Title (T) /Creator (Quire 0.1.0) /Producer (Quire 0.1.0) /QuireSettings (0123abcd) >>\nendobj\n"
        let path = dir.appendingPathComponent("far.pdf").path
        try OutputFile.writeAtomically(Array(info.utf8) + [UInt8](repeating: 0x0A, count: 100_000) + Array("%%EOF\n".utf8), to: path)
        XCTAssertEqual(Batch.quirePDFInfo(path)?.settings, "0123abcd")
    }

    func testImagesAreReadFromTheInputsFolder() {
        XCTAssertEqual(Quire.folder(of: "docs/guide.md"), "docs")
        XCTAssertEqual(Quire.folder(of: "guide.md"), ".")
        XCTAssertEqual(Quire.folder(of: "/abs/dir/x.md"), "/abs/dir")
        XCTAssertEqual(Quire.folder(of: "/x.md"), "/")
        XCTAssertEqual(Quire.folder(of: "-"), ".", "standard input: the current folder")
    }
}
