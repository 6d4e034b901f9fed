#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// Fetched images kept on disk (`images.cache`, else the folder the caller gives: the command
/// line's `$XDG_CACHE_HOME/quire`, else `~/.cache/quire`), one file per URL: a few header lines
/// (the URL, when it was fetched or last confirmed, its ETag and Last-Modified), a blank line,
/// the body. Without a folder nothing is kept (every entry is missing, writes do nothing).
///
/// Written to a temporary file in the same folder and renamed over the entry, so a reader
/// (another batch worker) sees the old entry or the new one, never a torn one; concurrent
/// writers of one URL each rename a whole file, the last one's staying. A cache that cannot be
/// written is not an error: the image is used all the same.
package struct ImageCache: Sendable {
    package struct Entry: Equatable {
        package var url: String
        /// Seconds since 1970 when the body was fetched or last confirmed current.
        package var confirmed: Double
        package var etag: String?
        package var lastModified: String?
        package var body: [UInt8]
    }

    /// The cache's folder; nil: no cache.
    package let folder: String?

    /// The cache folder `settings` name, else `defaultFolder`. The library reads no
    /// environment variable: the command line finds the user's cache folder.
    package init(_ settings: ImageFetching, defaultFolder: String? = nil) {
        if let folder = settings.cacheFolder, !folder.isEmpty {
            self.folder = folder
        } else {
            folder = defaultFolder.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// The entry's file: a 128-bit FNV-1a hash of the URL (the URL inside is checked on
    /// reading); nil without a folder.
    package func path(_ url: String) -> String? {
        guard let folder else { return nil }
        var a: UInt64 = 0xCBF2_9CE4_8422_2325, b: UInt64 = 0x84222325_CBF29CE4
        for byte in url.utf8 {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x100_0000_01B3 &+ 1
        }
        func hex(_ v: UInt64) -> String { let s = String(v, radix: 16); return String(repeating: "0", count: 16 - s.count) + s }
        return folder + "/" + hex(a) + hex(b) + ".image"
    }

    /// The entry for `url`, or nil (none, unreadable, another URL's).
    package func read(_ url: String) -> Entry? {
        guard let file = path(url), let bytes = try? InputFile.readBytes(file) else { return nil }
        var lines: [String] = []
        var start = 0
        while lines.count < 6, let end = bytes[start...].firstIndex(of: 0x0A) {
            lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end + 1
        }
        guard lines.count == 6, lines[0] == "quire-image 1", lines[1] == url, lines[5] == "",
              let confirmed = Double(lines[2]) else { return nil }
        return Entry(url: url, confirmed: confirmed, etag: lines[3].isEmpty ? nil : lines[3],
                     lastModified: lines[4].isEmpty ? nil : lines[4], body: Array(bytes[start...]))
    }

    /// Writes `entry` atomically (a temporary file renamed over it). Best effort.
    package func write(_ entry: Entry) {
        guard let folder, let file = path(entry.url), makeFolder(folder) else { return }
        func clean(_ s: String?) -> String { (s ?? "").filter { $0 != "\n" && $0 != "\r" } }
        let head = "quire-image 1\n\(entry.url)\n\(entry.confirmed)\n\(clean(entry.etag))\n\(clean(entry.lastModified))\n\n"
        guard !entry.url.contains("\n") else { return }
        var template = Array((folder + "/.tmp-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return }
        let temporary = String(cString: template)
        let written = writeAll(fd, Array(head.utf8)) && writeAll(fd, entry.body)
        guard close(fd) == 0, written, rename(temporary, file) == 0 else {
            unlink(temporary)
            return
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Creates the folder and its parents as needed.
    private func makeFolder(_ folder: String) -> Bool {
        var path = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + part
            if mkdir(path, 0o755) != 0, errno != EEXIST { return false }
        }
        return true
    }

    /// Seconds since 1970, now.
    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
