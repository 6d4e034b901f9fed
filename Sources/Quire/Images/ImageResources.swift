#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// Where a document's local images may be read from.
///
/// Relative paths are resolved against `baseDirectory` (the Markdown file's folder); a path
/// starting with "/" against `root`, as on a web site. After `..` and symbolic links are
/// resolved, the file must lie inside `root` (by default the base directory), so a document
/// cannot make Quire read, say, `../../home/me/.ssh/id_rsa.png` and put it in a PDF.
package struct ImageResources: Sendable, Equatable {
    /// Folder relative image paths start from; nil: no local image is read (a placeholder).
    package var baseDirectory: String?
    /// Folder that no local image may come from outside of; nil: `baseDirectory`.
    package var root: String?
    /// Whether and how remote images are fetched (`images.fetch`; by default not).
    package var fetching = ImageFetching()
    /// Whether an option or a template key gave `fetching` (front matter's `fetch-images` is
    /// used only when none did).
    package var fetchingGiven = false
    /// The remote images the document names, fetched together when layout starts
    /// (`fetchTogether`): a whole document's, or a long document's, gathered section by
    /// section in the pass that reads its facts.
    package var remoteImages: [String] = []
    /// The folder fetched images are cached in when `fetching` names none
    /// (`RenderOptions.imageCacheFolder`); nil: none, fetched images are not kept.
    package var cacheFolder: String?
    /// The image libraries images are decoded with (an engine's, opened on first use).
    package var libraries: ImageLibraries

    /// - Parameter libraries: nil: a set of this value's own (each opened when first needed).
    package init(baseDirectory: String? = nil, root: String? = nil, fetching: ImageFetching? = nil, libraries: ImageLibraries? = nil) {
        self.libraries = libraries ?? ImageLibraries()
        self.baseDirectory = baseDirectory
        self.root = root
        self.fetching = fetching ?? ImageFetching()
        fetchingGiven = fetching != nil
    }

    /// Takes the front matter's `fetch-images` (`asked`) when no option or template key gave
    /// a mode.
    package mutating func follow(frontMatter asked: ImageFetching.Mode?) {
        if !fetchingGiven, let asked { fetching.mode = asked }
    }

    /// Adds the remote images `blocks` name to those fetched together, each once, when
    /// fetching is on. O(inlines of `blocks` + images named).
    package mutating func fetchTogether(_ blocks: [Block]) {
        guard fetching.isOn else { return }
        var seen = Set(remoteImages)
        remoteImages += RemoteImageList.of(blocks).filter { seen.insert($0).inserted }
    }

    /// Largest image file read, in bytes.
    package static let maximumFileSize = 64 << 20

    /// Where an image reference leads.
    package enum Source: Equatable {
        /// A local file inside the root: its resolved absolute path.
        case file(String)
        /// Bytes from a `data:` URI.
        case data([UInt8])
        /// An `http`, `https` or protocol-relative URL: fetched only when asked (`images.fetch`).
        case remote(String)
        /// Not usable, and why: `reason` names the image only as the document wrote it (it is
        /// shown in the PDF, which must not tell the machine's folders); `detail` adds what the
        /// warning on standard error may say besides (an absolute path).
        case refused(String, detail: String? = nil)
    }

    /// Classifies and resolves `reference` (a Markdown image destination or an `<img src>`).
    /// Touches the file system only to resolve a local path. Never the network.
    package func locate(_ reference: String) -> Source {
        let (path, full): (String, String)
        switch classify(reference) {
        case .source(let source): return source
        case .local(let written, let absolute): (path, full) = (written, absolute)
        }
        let rootDirectory = root ?? baseDirectory ?? "/"
        guard let resolved = Self.realPath(full) else { return .refused("image not found: \(path)") }
        guard let resolvedRoot = Self.realPath(rootDirectory) else {
            return .refused("image \(path) not read: the resource root is not found", detail: rootDirectory)
        }
        guard resolvedRoot == "/" || resolved.hasPrefix(resolvedRoot + "/") else {
            return .refused("image \(path) is outside the resource root (--resource-root DIR allows more)", detail: "the root is \(resolvedRoot)")
        }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .refused("image \(path) is not a file") }
        return .file(resolved)
    }

    /// The file a local `reference` names, whether it exists or not (so that `quire watch`
    /// renders again when it appears or changes); nil for a `data:` URI, a remote image, or
    /// without a base folder.
    package func localPath(_ reference: String) -> String? {
        if case .local(_, let full) = classify(reference) { return full }
        return nil
    }

    /// A reference as written: a source known without the file system, or a local path (as
    /// written, percent-decoded, and absolute from the base folder or the root).
    private enum Classified {
        case source(Source)
        case local(written: String, full: String)
    }

    private func classify(_ reference: String) -> Classified {
        let trimmed = reference.trimmingWhitespaceAndNewlines()
        guard !trimmed.isEmpty else { return .source(.refused("image has no source")) }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("data:") {
            return .source(DataURI.decode(trimmed).map { .data($0) } ?? .refused("unreadable data: URI"))
        }
        if lower.hasPrefix("//") { return .source(.remote(trimmed)) }
        var path: String
        var isFileURL = false
        if let scheme = urlScheme(lower) {
            guard scheme == "file" else { return .source(.remote(trimmed)) }
            path = String(trimmed.dropFirst("file:".count))
            if path.hasPrefix("//localhost/") { path = String(path.dropFirst("//localhost".count)) }
            else if path.hasPrefix("///") { path = String(path.dropFirst(2)) }
            else if path.hasPrefix("//") { return .source(.remote(trimmed)) }
            isFileURL = true
        } else {
            path = String(trimmed.prefix { $0 != "?" && $0 != "#" })
        }
        path = path.removingPercentEncodingLeniently
        guard let base = baseDirectory else { return .source(.refused("local image \(path) not read: no base folder given")) }
        let rootDirectory = root ?? base
        return .local(written: path, full: isFileURL ? path : (path.hasPrefix("/") ? rootDirectory + path : base + "/" + path))
    }

    /// The canonical absolute path (symbolic links and `..` resolved), or nil if it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// `data:[type][;base64],payload` URIs.
package enum DataURI {
    /// The payload's bytes (base64-decoded, or percent-decoded), or nil when malformed.
    package static func decode(_ uri: String) -> [UInt8]? {
        guard let comma = uri.firstIndex(of: ",") else { return nil }
        let header = uri[..<comma].lowercased()
        let payload = uri[uri.index(after: comma)...]
        if header.hasSuffix(";base64") { return base64(payload) }
        return Array(String(payload).removingPercentEncodingLeniently.utf8)
    }

    /// Standard or URL-safe base64, whitespace ignored; nil on any other character.
    package static func base64(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0, bits = 0
        for c in text.utf8 {
            let v: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): v = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): v = 63
            case UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            buffer = buffer << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}
