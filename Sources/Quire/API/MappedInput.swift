#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuirePDF

/// A Markdown file read through a memory map: for a document long enough to be parsed a
/// section at a time (`SectionedBody`), whose text is never copied whole. Its pages are
/// dropped once read (`release`), so that the file's size never counts in the process's
/// memory: a 100 MB file costs what its largest section does.
package final class MappedInput {
    /// The file's bytes after a UTF-8 byte-order mark.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of `bytes`' first byte in the file (3 after a byte-order mark).
    package let base: Int
    private let mapping: UnsafeMutableRawPointer
    private let length: Int

    /// The smallest file read so: below, the text is read whole (parsing it whole costs less).
    package static let threshold = 1 << 20

    /// Maps `path` when it is a regular file of at least `threshold` bytes in UTF-8 (no UTF-16
    /// or UTF-32 byte-order mark); nil otherwise (standard input, a FIFO, a small file, a wide
    /// encoding, a failure of any kind: the text is then read whole, which reports errors).
    package static func open(_ path: String, threshold: Int = MappedInput.threshold) -> MappedInput? {
        guard path != "-" else { return nil }
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= threshold else { return nil }
        let length = Int(info.st_size)
        guard let mapping = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED else { return nil }
        madvise(mapping, length, MADV_SEQUENTIAL)
        let all = UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: length)
        guard InputFile.wideEncoding(Array(all.prefix(4))) == nil else {
            munmap(mapping, length)
            return nil
        }
        let bom = all.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return MappedInput(mapping: mapping, length: length, base: bom)
    }

    private init(mapping: UnsafeMutableRawPointer, length: Int, base: Int) {
        self.mapping = mapping
        self.length = length
        self.base = base
        bytes = UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self) + base, count: length - base)
    }

    deinit { munmap(mapping, length) }

    /// Drops the pages wholly inside `range` (of `bytes`) from memory: read again, they come
    /// back from the file.
    package func release(_ range: Range<Int>) {
        MappedPages.release(mapping + base + range.lowerBound, count: range.count)
    }
}
