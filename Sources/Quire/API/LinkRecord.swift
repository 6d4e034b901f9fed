#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuireStyle

/// What a batch PDF's links to other Markdown files depended on when it was made, kept in the
/// PDF (`QuireLinks` in its Info dictionary) so that `batch` can tell, without reading the
/// Markdown again, whether its links would now be written otherwise.
///
/// A link to another file becomes a link to its PDF only when that file is one of the
/// batch's inputs, so a PDF depends on the set of inputs, but only on the files its own links
/// name: adding or removing an unrelated file renders nothing again, adding or removing a
/// linked one renders the linking PDFs again. A link with a fragment, which is looked up in
/// the other file's headings, also depends on that file's text: it is rendered again when
/// that file is newer (a heading renamed there is a missing anchor here).
///
/// The text is one entry per linked file, in path order, separated by spaces: a mark (`Kind`)
/// and the file's path relative to the batch's input folder, percent-encoded (no spaces,
/// parentheses or backslashes: a PDF string without escapes). `+guide/intro.md =c.md -x.md`
package struct LinkRecord: Equatable, Sendable {
    package enum Kind: Character, Sendable {
        /// One of the inputs.
        case input = "+"
        /// One of the inputs, whose headings a link's fragment was looked up in.
        case headings = "="
        /// Not one of the inputs: the link was left as written.
        case notInput = "-"
    }

    /// Linked files (relative paths) and how each was linked.
    package private(set) var entries: [String: Kind] = [:]

    package init() {}

    /// The record a PDF keeps; entries it cannot read are dropped (the settings digest, made
    /// from the record written, then no longer matches: the PDF is stale).
    package init(parsing text: String) {
        for token in text.split(separator: " ") {
            guard let mark = token.first, let kind = Kind(rawValue: mark), token.count > 1 else { continue }
            entries[String(token.dropFirst()).removingPercentEncodingLeniently] = kind
        }
    }

    package var isEmpty: Bool { entries.isEmpty }

    /// Records a link to `path`; a file whose headings any link needed stays so marked.
    package mutating func note(_ path: String, _ kind: Kind) {
        if entries[path] != .headings { entries[path] = kind }
    }

    /// The record as the PDF keeps it. O(entries × log).
    package var text: String {
        let allowed = Set("-._~/".utf8)
        return entries.sorted { $0.key < $1.key }.map { path, kind in
            String(kind.rawValue) + FileLink.uriEncoded(path, keeping: allowed)
        }.joined(separator: " ")
    }

    /// The settings digest of a PDF made with `base` (`RenderOptions.settingsDigest`) and this
    /// record: `base` itself when the record is empty, else a digest of both, so the one value
    /// `QuireSettings` still decides freshness and a PDF that lost its record is stale.
    package func settings(base: String) -> String {
        guard !isEmpty else { return base }
        var digest = SettingsDigest()
        digest.add(base)
        digest.add(text)
        return digest.hex
    }

    /// Whether a PDF made at `madeAt` (seconds since 1970) with this record would link the same
    /// way now: every file that was an input still is one, every other still is not, and every
    /// file whose headings were looked up is older than the PDF. O(entries) `stat` calls at most.
    package func isCurrent(in tree: Batch.InputTree, madeAt: Double) -> Bool {
        entries.allSatisfy { path, kind in
            guard tree.paths.contains(path) == (kind != .notInput) else { return false }
            guard kind == .headings else { return true }
            let file = tree.root == "/" ? "/" + path : tree.root + "/" + path
            return modificationTime(file).map { $0 < madeAt } ?? false
        }
    }
}
