import Foundation
import QuireModel
import QuireLayout

/// Finding Markdown files in a folder tree and among a command's inputs: the one walker
/// `batch` and `digest` share.
package enum MarkdownFiles {
    /// Whether `path` names a Markdown file by its extension (`.md`, `.markdown`, any case).
    package static func isMarkdown(_ path: String) -> Bool {
        ["md", "markdown"].contains((path as NSString).pathExtension.lowercased())
    }

    /// The Markdown files under `folder`, at any depth, as paths relative to it in path order.
    /// Hidden files and folders are left out, and so is the folder `excluding` (given
    /// resolved, as `realPath` gives it) when it lies inside, and every file or folder an
    /// `exclude` pattern matches. With `selecting` (a glob's pattern, anchored at `folder`),
    /// only files it matches, or that lie in a folder it matches, are found.
    /// - Throws: `QuireError` when `folder` cannot be read.
    /// - Complexity: O(entries in the tree × (patterns + log)).
    package static func find(under folder: String, excluding: String? = nil, exclude: [PathPattern] = [],
                             selecting: PathPattern? = nil) throws(QuireError) -> [String] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else {
            throw QuireError(file: folder, message: "cannot read the folder")
        }
        let prefixes = exclude.map { $0.prefix(searching: root.path) }
        var selectedFolders: Set<String> = []
        var found: [String] = []
        for case let url as URL in walker {
            if let excluding, url.standardizedFileURL.resolvingSymlinksInPath().path == excluding {
                walker.skipDescendants()
                continue
            }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" })
            let components = relative.split(separator: "/")
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            if zip(exclude, prefixes).contains(where: { $0.matches($1 + components, isFolder: isFolder) }) {
                if isFolder { walker.skipDescendants() }
                continue
            }
            if let selecting {
                let parent = (relative as NSString).deletingLastPathComponent
                let inSelected = selectedFolders.contains(parent)
                if isFolder {
                    if inSelected || selecting.matches(components, isFolder: true) { selectedFolders.insert(relative) }
                    continue
                }
                guard inSelected || selecting.matches(components, isFolder: false) else { continue }
            }
            guard !isFolder, isMarkdown(url.path) else { continue }
            found.append(relative)
        }
        return found.sorted()
    }

    /// The reason a glob input that found nothing is listed with.
    package static let nothingMatches = "no Markdown file matches"

    /// What a command's inputs name: files as given, folders searched (`find`), and glob
    /// patterns (an input with `*`, `?` or `[` that is not an existing path: `docs/**/*.md`)
    /// expanded from their leading folder. The `exclude` patterns apply to what folders and
    /// globs find, not to a file named as it is. Each input's files come in path order, the
    /// inputs in the order given; `failures` names each input that is missing, cannot be
    /// read, or matches nothing.
    package static func collect(_ inputs: [String], exclude: [PathPattern] = [],
                                excludingFolder: String? = nil) -> (files: [String], failures: [DigestFailure]) {
        var files: [String] = []
        var failures: [DigestFailure] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) {
                guard PathPattern.isGlob(input), let (folder, pattern) = PathPattern.splitGlob(input) else {
                    failures.append(DigestFailure(path: input, reason: "no such file or folder"))
                    continue
                }
                do {
                    let matched = try find(under: folder, excluding: excludingFolder, exclude: exclude, selecting: pattern)
                    if matched.isEmpty { failures.append(DigestFailure(path: input, reason: nothingMatches)) }
                    files += matched.map { folder == "." ? $0 : (folder as NSString).appendingPathComponent($0) }
                } catch {
                    failures.append(DigestFailure(path: input, reason: error.message))
                }
                continue
            }
            guard isDirectory.boolValue else { files.append(input); continue }
            do {
                files += try find(under: input, excluding: excludingFolder, exclude: exclude)
                    .map { (input as NSString).appendingPathComponent($0) }
            } catch {
                failures.append(DigestFailure(path: input, reason: error.message))
            }
        }
        return (files, failures)
    }

    /// The one folder given, else the deepest folder holding every input (files count by their
    /// folder, globs by the folder they start from), absolute and standardised, symbolic links
    /// resolved when `resolvingLinks`; "/" when they share nothing else. O(inputs × path length).
    package static func commonFolder(of inputs: [String], resolvingLinks: Bool = false) -> String {
        let folders = inputs.map { input -> [Substring] in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
            let glob = exists ? nil : PathPattern.splitGlob(input)?.folder
            var url = URL(fileURLWithPath: glob ?? input).standardizedFileURL
            if resolvingLinks { url = url.resolvingSymlinksInPath() }
            let folder = exists && isDirectory.boolValue || glob != nil ? url.path : (url.path as NSString).deletingLastPathComponent
            return folder.split(separator: "/", omittingEmptySubsequences: true)
        }
        guard var common = folders.first else { return "" }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }
}
