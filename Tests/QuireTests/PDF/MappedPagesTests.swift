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
#if canImport(Glibc)
import Glibc
#endif

/// Font files' pages dropped between sections and after a subset: /proc/self/maps read as
/// bytes (it was read with Foundation's strings, 8% of a 10 MB document's time).
final class MappedPagesTests: XCTestCase {
    /// Maps a file of `bytes` named `name` read-only (or private and writable); the mapping.
    private func map(_ name: String, _ bytes: [UInt8], writable: Bool = false) throws -> UnsafeMutableRawPointer {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(getpid())-\(name)").path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let mapping = mmap(nil, bytes.count, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_PRIVATE, fd, 0)
        guard let mapping, mapping != MAP_FAILED else { throw XCTSkip("mmap failed") }
        addTeardownBlock { munmap(mapping, bytes.count) }
        return mapping
    }

    private func range(_ pointer: UnsafeMutableRawPointer, _ count: Int) -> Range<UInt> {
        UInt(bitPattern: pointer)..<(UInt(bitPattern: pointer) + UInt(count))
    }

    /// A read-only mapping of a file is one; a writable one, the heap and a range past the
    /// mapping's end are not.
    func testReadOnlyFileMappingsAreFoundInTheProcessMaps() throws {
        let bytes = (0..<3 * 4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let font = try map("face.TTF", bytes)
        XCTAssertTrue(MappedPages.isFileMapping(range(font, bytes.count)))
        XCTAssertTrue(MappedPages.isFileMapping(range(font + 4096, 10)))
        XCTAssertFalse(MappedPages.isFileMapping(range(font, bytes.count + 2 * 65_536)))
        let writable = try map("notes.md", bytes, writable: true)
        XCTAssertFalse(MappedPages.isFileMapping(range(writable, bytes.count)))
        let heap = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
        defer { heap.deallocate() }
        XCTAssertFalse(MappedPages.isFileMapping(range(heap, 64)))
    }

    /// A font file's pages dropped come back from the file when read again.
    func testReleasedFontPagesReadTheSameBytes() throws {
        let bytes = (0..<5 * 4096).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        let font = try map("face.otc", bytes)
        XCTAssertEqual(Array(UnsafeRawBufferPointer(start: font, count: bytes.count)), bytes)
        MappedPages.releaseFontFiles()
        ResidentMemory.release()
        XCTAssertEqual(Array(UnsafeRawBufferPointer(start: font, count: bytes.count)), bytes)
    }
}
