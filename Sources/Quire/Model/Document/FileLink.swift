import Foundation

/// A link to a local file as a document writes it (`../faq.md#why`, `/guide/intro.md`,
/// `setup%20notes.md?plain=1`): which file it names and which fragment. The one reading of
/// such links, shared by the digest (links between its documents) and by `render` and
/// `batch` (links rewritten to the other documents' PDFs).
package struct FileLink: Equatable, Sendable {
    /// The file: an absolute, standardised path (`.` and `..` removed; symbolic links are not
    /// resolved, so the path keeps the shape of the folder tree it was found in).
    package var path: String
    /// What follows "#", as written (percent escapes kept); nil when there is no "#".
    package var fragment: String?
}

extension FileLink {
    /// Reads `link` as written in a document in `folder`: percent escapes in the path are
    /// decoded, a query (`?plain=1`) is dropped, and a path starting with "/" starts at `root`
    /// (as an image's does, and as on a web site) or, when `root` is nil, is the absolute path.
    /// Nil for anything that is not a path to a file: a URL with a scheme (`https:`,
    /// `mailto:`), a network path (`//host/x`), a bare `#fragment`, an empty link.
    /// Touches no file. O(length of the link).
    package init?(_ link: String, from folder: String, root: String? = nil) {
        if link.hasPrefix("//") || urlScheme(link) != nil { return nil }
        let hash = link.firstIndex(of: "#")
        let beforeFragment = link[..<(hash ?? link.endIndex)]
        let file = String(beforeFragment.prefix { $0 != "?" }).removingPercentEncodingLeniently
        guard !file.isEmpty else { return nil }
        let joined: String
        if file.hasPrefix("/") {
            joined = root.map { ($0 as NSString).appendingPathComponent(file) } ?? file
        } else {
            joined = (folder as NSString).appendingPathComponent(file)
        }
        self.init(path: AbsolutePath.of(joined),
                  fragment: hash.map { String(link[link.index(after: $0)...]) })
    }

    /// `target` relative to the folder `from` (both absolute and standardised), "/"-separated:
    /// `relativePath("/a/c.pdf", from: "/a/b")` is "../c.pdf". O(length of the paths).
    package static func relativePath(_ target: String, from folder: String) -> String {
        let to = target.split(separator: "/"), base = folder.split(separator: "/")
        let common = zip(to, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - common) + to.dropFirst(common).map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The bytes besides ASCII letters and digits that a URI's path or fragment may hold as they are.
    package static let uriCharacters = Set("-._~/!$&'()*+,;=:@".utf8)

    /// `text` percent-encoded for a URI's path or fragment: every byte but ASCII letters,
    /// digits and `keeping` (by default `uriCharacters`) becomes `%XX`, so a name with "#",
    /// "?", "%", spaces or any non-ASCII character survives as the same bytes. O(n).
    package static func uriEncoded(_ text: String, keeping allowed: Set<UInt8> = uriCharacters) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || allowed.contains(byte)
            if plain { out.append(byte) } else { out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
