#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import QuireModel
import QuireParse
import QuireLayout

/// How `render` and `batch` write a link to another Markdown file (`--link-ext`).
public enum LinkExtension: String, Sendable, CaseIterable {
    /// To the PDF made from that file, relative as written (`../c.md#why` becomes
    /// `../c.pdf#why`), when the file is one of the batch's inputs (for `render`: when it
    /// exists); otherwise as written, with a warning.
    case pdf
    /// To the Markdown file, as written (for PDFs read beside their sources); still checked,
    /// with a warning for a missing file or heading.
    case md
    /// As written, unchecked.
    case keep
}

/// The links of one document to other Markdown files, for layout's `linkResolver`: each
/// becomes a link to the other file's PDF (or stays, `LinkExtension`), its `#fragment` is
/// checked against the other file's headings (read and parsed once per engine, `LinkCache`),
/// and, in a batch, what each link depended on is recorded (`record`) for the PDF to keep.
///
/// Reads only the linked Markdown files (never writes, never the network). Layout calls it on
/// its one thread; the record is behind a lock all the same, so the type is truly `Sendable`.
package final class DocumentLinks: Sendable {
    package let mode: LinkExtension
    /// The document's own path (absolute, standardised; "" for standard input), its folder,
    /// and where a link starting with "/" starts (the batch's input folder, else the resource
    /// root, else the document's folder: as for images).
    package let source: String
    package let folder: String
    package let root: String
    /// The batch's inputs; nil for `render`, where a linked file counts when it exists.
    package let tree: Batch.InputTree?
    /// What the links depended on (`record`) and every Markdown file they named (`files`).
    private let recorded = Mutex((record: LinkRecord(), files: Set<String>()))
    /// The other files' anchors, read once (an engine's).
    private let cache: LinkCache

    /// The links of the document `options` describe; nil when links stay as written
    /// (`LinkExtension.keep`) or the document has no folder (`Quire.render(markdown:)` with
    /// no `baseDirectory`).
    package init?(_ options: RenderOptions, cache: LinkCache) {
        guard options.linkExtension != .keep, let base = options.baseDirectory else { return nil }
        self.cache = cache
        func absolute(_ path: String) -> String { AbsolutePath.of(path) }
        mode = options.linkExtension
        tree = options.inputTree
        folder = absolute(base)
        root = tree?.root ?? absolute(options.resourceRoot ?? base)
        source = options.sourceName == "-" ? "" : absolute(options.sourceName)
    }

    /// `resolve`, as layout takes it.
    package var resolver: LinkResolver { { [self] link in resolve(link) } }

    /// What the links resolved so far depended on (in a batch, with `LinkExtension.pdf`).
    package var record: LinkRecord { recorded.withLock { $0.record } }

    /// Every Markdown file the links resolved so far name, there or not (absolute).
    package var files: Set<String> { recorded.withLock { $0.files } }

    /// Where `link` leads, when it names a Markdown file (`.md`, `.markdown`); nil otherwise
    /// (layout keeps it as written). O(link) plus, the first time a file is linked, reading
    /// and parsing it.
    package func resolve(_ link: String) -> DocumentLinkTarget? {
        guard let file = FileLink(link, from: folder, root: root), MarkdownFiles.isMarkdown(file.path) else { return nil }
        recorded.withLock { _ = $0.files.insert(file.path) }
        let fragment = file.fragment.flatMap { $0.isEmpty ? nil : $0 }
        if file.path == source, let fragment { return .sameDocument(fragment: fragment) }
        let written = String(link.prefix { $0 != "#" })
        let relative = tree.map { $0.relative(file.path) ?? FileLink.relativePath(file.path, from: $0.root) }
        let isThere = if let tree, let relative { tree.paths.contains(relative) } else { fileKind(file.path) == S_IFREG }
        guard isThere else {
            note(relative, .notInput)
            let why = tree == nil ? "no such file" : "not one of the batch's inputs"
            return .target(.uri(link), warning: "link to \(written): \(why); left as written")
        }
        // The destination the fragment names in the other file's PDF.
        var name: String?
        var warning: String?
        if let fragment {
            if let anchors = cache.anchors(of: file.path) {
                name = anchors.destination(forFragment: fragment)
                if name == nil {
                    warning = "link to missing anchor #\(fragment) in \(written); "
                        + (mode == .pdf ? "it opens the document at its start" : "left as written")
                }
            } else {
                name = FileLink.uriEncoded(fragment.removingPercentEncodingLeniently)  // unreadable: its own render says why
            }
        }
        guard mode == .pdf else { return .target(.uri(link), warning: warning) }
        // A fragment depends on the other file's headings even when it matches one now: a
        // heading renamed there must bring this document's warning back (issue 48).
        note(relative, fragment == nil ? .input : .headings)
        let pdf = (file.path as NSString).deletingPathExtension + ".pdf"
        let uri = FileLink.uriEncoded(FileLink.relativePath(pdf, from: folder)) + (name.map { "#" + $0 } ?? "")
        return .target(.uri(uri), warning: warning)
    }

    private func note(_ relative: String?, _ kind: LinkRecord.Kind) {
        guard mode == .pdf, let relative else { return }
        recorded.withLock { $0.record.note(relative, kind) }
    }
}

/// The anchors of the Markdown files other documents link to, each read and parsed once while
/// it stays the same: an engine's (`Engine`), shared by its renders' `DocumentLinks`.
package final class LinkCache: Sendable {
    /// A file's identity and version: a cached table is used while they stay the same.
    private struct Stamp: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    /// Anchor tables of linked files by path, for the engine's life (a batch worker renders
    /// many files linking to the same few); emptied when it reaches `cacheLimit` entries.
    private let cache = Mutex<[String: (stamp: Stamp, table: AnchorTable?)]>([:])
    package static let cacheLimit = 4096

    package init() {}

    /// The anchors of the Markdown file at `path` (after its front matter); nil when it cannot
    /// be read as text. O(1) when cached and unchanged; otherwise O(file) to read and parse it.
    package func anchors(of path: String) -> AnchorTable? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stamp = Stamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                          seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        if let cached = cache.withLock({ $0[path] }), cached.stamp == stamp { return cached.table }
        let table = (try? InputFile.readMarkdown(at: path)).map { AnchorTable(parseMarkdown(FrontMatter.split($0).markdown)) }
        cache.withLock { entries in
            if entries.count >= Self.cacheLimit { entries.removeAll() }
            entries[path] = (stamp, table)
        }
        return table
    }
}
