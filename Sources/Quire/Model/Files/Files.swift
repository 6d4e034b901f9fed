#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading Markdown input: bytes from a file or standard input, checked to be UTF-8 text.
package enum InputFile {
    /// Reads and validates `path` ("-" for standard input).
    /// - Throws: `QuireError` when the file cannot be read, holds a NUL byte, or is not UTF-8,
    ///   naming the byte offset of the first bad byte.
    package static func readMarkdown(at path: String) throws -> String {
        let bytes = try readBytes(path)
        return try decode(bytes, name: path)
    }

    /// Decodes the text: UTF-8 (one leading byte-order mark stripped), or UTF-16 or UTF-32 when
    /// a byte-order mark says so (either byte order). The error names the first problem in the
    /// file with its byte offset: a NUL character, or bytes that are not text in the encoding.
    package static func decode(_ bytes: [UInt8], name: String) throws -> String {
        if let (width, bigEndian) = wideEncoding(bytes) { return try decodeWide(bytes, width: width, bigEndian: bigEndian, name: name) }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self), !body.contains(0) { return text }
        // Not text: the first NUL or byte that breaks UTF-8, found as a sectioned file's scan finds it.
        let message = bytes.withUnsafeBufferPointer { all in
            (TextProblem.first(in: all, base: 0) ?? TextProblem.invalidUTF8(offset: 0)).message(in: all, base: 0, file: name)
        }
        throw QuireError(file: name, message: message)
    }

    /// The code unit width (2 or 4 bytes) and byte order a byte-order mark announces; nil for
    /// UTF-8 or no mark. UTF-32's little-endian mark begins like UTF-16's, so it is tried first.
    package static func wideEncoding(_ bytes: [UInt8]) -> (width: Int, bigEndian: Bool)? {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (4, false) }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (4, true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (2, false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (2, true) }
        return nil
    }

    /// UTF-16 or UTF-32 text after its byte-order mark. O(n).
    private static func decodeWide(_ bytes: [UInt8], width: Int, bigEndian: Bool, name: String) throws -> String {
        let encoding = width == 2 ? "UTF-16" : "UTF-32"
        guard (bytes.count - width) % width == 0 else {
            throw QuireError(file: name, message: "not valid \(encoding): \((bytes.count - width) % width) byte(s) left over at the end")
        }
        func unit(_ at: Int) -> UInt32 {
            (0..<width).reduce(UInt32(0)) { value, k in
                value << 8 | UInt32(bytes[at + (bigEndian ? k : width - 1 - k)])
            }
        }
        var scalars = String.UnicodeScalarView()
        var offset = width
        while offset < bytes.count {
            var value = unit(offset)
            var length = width
            if width == 2, (0xD800...0xDBFF).contains(value), offset + 4 <= bytes.count,
               case let low = unit(offset + 2), (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                length = 4
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw QuireError(file: name, message: "not valid \(encoding): bad code unit at offset \(offset)")
            }
            if value == 0 { throw QuireError(file: name, message: "not a text file: NUL character at offset \(offset)") }
            scalars.append(scalar)
            offset += length
        }
        return String(scalars)
    }

    package static func readBytes(_ path: String) throws -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw QuireError(file: path, message: "cannot read: \(errnoText())") }
        defer { if path != "-" { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw QuireError(file: path, message: "is a directory, not a Markdown file")
        }
        var bytes: [UInt8] = []
        // A regular file's size is known: one allocation, no copy as the array grows.
        if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw QuireError(file: path, message: "cannot read: \(errnoText())")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}

/// Writing output without ever leaving a partial file, and without destroying anything the
/// user did not name as output.
package enum OutputFile {
    /// Writes `bytes` to `path` ("-": standard output).
    ///
    /// - A regular file (or a new one) gets a temporary file beside it, renamed over it, so a
    ///   failure never leaves it half-written; the new file gets mode 0666 less the umask.
    /// - A symbolic link is written through: the temporary file goes beside the link's final
    ///   target and is renamed onto it, so the link stays and the target gets the output.
    /// - An existing file that is not a regular file (a device, a FIFO, a terminal) is written
    ///   in place, with no rename.
    /// - Throws: `QuireError` naming the path: a read-only existing output (refused, as `cp`
    ///   refuses), a missing folder (naming it), a folder, or a failed write (with the system's
    ///   message); the temporary file is removed.
    /// - Parameter temporaryFiles: where the temporary file is recorded while it exists, for a
    ///   signal handler to remove (`TemporaryFiles.removeAll`); nil: nowhere.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, recordingIn temporaryFiles: TemporaryFiles? = nil) throws {
        let output = try Opened(path, recordingIn: temporaryFiles)
        do {
            try writeAll(bytes, fd: output.descriptor, name: path)
        } catch {
            output.discard()
            throw error
        }
        try output.commit()
    }

    /// An output being written, as `writeAtomically` writes it, for a writer that writes as it
    /// goes (`Quire.renderFile`: a PDF's pages as they are made): its file descriptor, then
    /// `commit` (the temporary file renamed over the output) or `discard` (it is removed).
    /// Exactly one of the two must be called.
    package final class Opened {
        /// Where to write.
        package let descriptor: Int32
        private let name: String
        /// The temporary file and the file it replaces; nil when written in place (standard
        /// output, a device, a FIFO).
        private let replacing: (temporary: String, target: String)?
        /// The slot recording the temporary file for a signal handler; nil: unrecorded.
        private let claimed: TemporaryFiles.Slot?
        private let closes: Bool

        /// Opens `path` for writing (see `writeAtomically` for what is refused and why),
        /// recording its temporary file in `temporaryFiles` while it exists.
        /// - Throws: `QuireError` naming the path.
        package init(_ path: String, recordingIn temporaryFiles: TemporaryFiles? = nil) throws {
            name = path
            if path == "-" {
                (descriptor, replacing, claimed, closes) = (1, nil, nil, false)
                return
            }
            let target = try finalTarget(of: path)
            var info = stat()
            if stat(target, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFREG:
                    guard info.st_mode & 0o222 != 0 else {
                        throw QuireError(file: path, message: "is read-only; not overwritten (make it writable or choose another output)")
                    }
                case S_IFDIR:
                    throw QuireError(file: path, message: "is a folder, not a file")
                default:
                    let fd = open(target, O_WRONLY | O_NOCTTY)
                    guard fd >= 0 else { throw QuireError(file: path, message: "cannot write: \(errnoText())") }
                    (descriptor, replacing, claimed, closes) = (fd, nil, nil, true)
                    return
                }
            }
            let slash = target.lastIndex(of: "/")
            let folder = slash.map { String(target[...$0]) } ?? "./"
            let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
                throw QuireError(file: path, message: "cannot write: the folder \(folder == "./" ? "." : String(folder.dropLast())) does not exist")
            }
            var template = Array("\(folder).\(base).quire-XXXXXX".utf8CString)
            let claimed = temporaryFiles?.claim()
            let fd = claimed?.make(&template) ?? template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                claimed?.release()
                throw QuireError(file: path, message: "cannot write: \(errnoText())")
            }
            let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            (descriptor, replacing, self.claimed, closes) = (fd, (temporary, target), claimed, true)
        }

        /// Ends the write: the file closed and, for a regular file, given mode 0666 less the
        /// umask and renamed over the output.
        /// - Throws: `QuireError` naming the path (the temporary file is removed).
        package func commit() throws {
            defer { claimed?.release() }
            if replacing != nil {
                let mask = umask(0); umask(mask)
                fchmod(descriptor, 0o666 & ~mask)
            }
            guard !closes || close(descriptor) == 0 else {
                let message = errnoText()
                throw QuireError(file: name, message: "cannot write: \(message)" + removeTemporary())
            }
            if let replacing, rename(replacing.temporary, replacing.target) != 0 {
                let message = errnoText()
                throw QuireError(file: name, message: "cannot write: \(message)" + removeTemporary())
            }
        }

        /// Removes the temporary file; "" when it is gone, else a sentence saying where it is
        /// (its folder turned read-only, say), to end an error message with: nothing is left
        /// behind unsaid.
        private func removeTemporary() -> String {
            guard let replacing, unlink(replacing.temporary) != 0, errno != ENOENT else { return "" }
            return "; its temporary file \(replacing.temporary) could not be removed (\(errnoText())): remove it"
        }

        /// Abandons the write: the temporary file is closed and removed (a file written in
        /// place keeps what was written).
        package func discard() {
            defer { claimed?.release() }
            if closes { close(descriptor) }
            if let replacing { unlink(replacing.temporary) }
        }
    }

    /// Removes the temporary files Quire's own writes of `paths` left beside them
    /// (`.NAME.quire-XXXXXX`, regular files only): a writer that was killed (SIGKILL, a crash)
    /// cannot remove its own. For a batch, after a worker died writing a file, and before it
    /// writes its outputs again. Returns the files it could not remove. Each folder is read
    /// once: O(paths + entries of their folders).
    @discardableResult
    package static func removeTemporaryFiles(of paths: [String]) -> [String] {
        var bases: [String: Set<String>] = [:]  // folder (ending in "/"): output names in it
        for path in paths where path != "-" {
            guard let target = try? finalTarget(of: path) else { continue }
            let slash = target.lastIndex(of: "/")
            let folder = slash.map { String(target[...$0]) } ?? "./"
            bases[folder, default: []].insert(slash.map { String(target[target.index(after: $0)...]) } ?? target)
        }
        var left: [String] = []
        for (folder, names) in bases {
            for entry in entryNames(folder) where entry.hasPrefix(".") {
                // ".NAME.quire-" and the six characters mkstemp chose.
                let bytes = Array(entry.utf8), marker = Array(".quire-".utf8)
                guard bytes.count > 1 + marker.count + 6,
                      Array(bytes[(bytes.count - 6 - marker.count)..<(bytes.count - 6)]) == marker,
                      names.contains(String(decoding: bytes[1..<(bytes.count - 6 - marker.count)], as: UTF8.self)) else { continue }
                let file = folder + entry
                guard fileKindNotFollowed(file) == S_IFREG else { continue }
                if unlink(file) != 0 && errno != ENOENT { left.append(file) }
            }
        }
        return left
    }

    /// The names in `folder` (`.` and `..` left out); none when it cannot be read.
    private static func entryNames(_ folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Where writing to `path` lands: `path` itself, or, for a symbolic link (a chain of them,
    /// dangling or not), the file its last link names. O(links followed), at most 40.
    /// - Throws: `QuireError` for a loop of links.
    package static func finalTarget(of path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") {
                current = destination
            } else {
                let slash = current.lastIndex(of: "/")
                current = (slash.map { String(current[...$0]) } ?? "") + destination
            }
        }
        throw QuireError(file: path, message: "cannot write: too many levels of symbolic links")
    }

    /// Why writing `path` would destroy something that is not an earlier output: it is an
    /// existing regular file (a symbolic link followed), not empty, whose first bytes are not
    /// `magic` (`%PDF-` for a PDF): a Markdown file or notes given as `-o` by mistake. Nil
    /// when it does not exist, is empty, is read-only (writing refuses it), is not a regular
    /// file (a FIFO, a device), or starts with `magic`. Reads at most `magic.count` bytes.
    package static func replacementProblem(_ path: String, magic: [UInt8], kind: String) -> String? {
        guard path != "-" else { return nil }
        var info = stat()
        // A read-only file is refused by the write itself, which says so.
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, info.st_mode & 0o222 != 0 else { return nil }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }  // unreadable: writing it says why
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: magic.count)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n < magic.count || head != magic else { return nil }
        return "exists and is not a \(kind); not overwritten (give --force to replace it, or choose another output)"
    }

    /// Whether `output` is the same file as `input` (after `..`, symbolic links and hard links:
    /// the same device and inode): writing it would destroy the input. False when either does
    /// not exist or is standard input/output.
    package static func isSameFile(_ output: String, as input: String) -> Bool {
        guard output != "-", input != "-" else { return false }
        var a = stat(), b = stat()
        guard stat(output, &a) == 0, stat(input, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    private static func writeAll(_ bytes: [UInt8], fd: Int32, name: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw QuireError(file: name, message: "cannot write: \(errnoText())")
            }
            offset += n
        }
    }
}

package func errnoText() -> String { String(cString: strerror(errno)) }

/// The kind of what is at `path`, a symbolic link followed: its `S_IFMT` bits (`S_IFREG`,
/// `S_IFDIR`, ...); nil when nothing is there or it cannot be reached. One `stat`.
package func fileKind(_ path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

/// The kind of what is at `path` itself (a symbolic link is `S_IFLNK`); nil when nothing is.
package func fileKindNotFollowed(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

/// A file's modification time in seconds since 1970, with its sub-second part (so an output
/// written in the same second as its input's edit is not taken for up to date); nil for
/// standard input ("-") or a file that does not exist.
package func modificationTime(_ path: String) -> Double? {
    guard path != "-" else { return nil }
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
}
