#if canImport(Glibc)
import Glibc
#endif

/// Paths made absolute and tidied without Foundation's `URL`: what
/// `URL(fileURLWithPath:).standardizedFileURL.path` gives (`AbsolutePathTests` compares them),
/// for a fraction of the cost (`URL` stats the path and builds its whole value; a render asks
/// for a few at start-up). Symbolic links are left as they are.
package enum AbsolutePath {
    /// `path` from the root: a relative path joined to the current folder; "." segments, empty
    /// segments and a final slash left out, ".." taking the segment before it away (none above
    /// the root). O(length).
    package static func of(_ path: String) -> String {
        var segments: [Substring] = []
        if !path.hasPrefix("/") {
            segments = currentFolder().split(separator: "/")
        }
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(segment)
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    /// The process's current folder ("/" when it cannot be read).
    private static func currentFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(cString: buffer)
    }
}
