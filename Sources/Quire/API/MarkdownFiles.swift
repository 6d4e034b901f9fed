import Foundation

/// Finding Markdown files in a folder tree: the one walker `batch` and `digest` share.
package enum MarkdownFiles {
    /// Whether `path` names a Markdown file by its extension (`.md`, `.markdown`, any case).
    package static func isMarkdown(_ path: String) -> Bool {
        ["md", "markdown"].contains((path as NSString).pathExtension.lowercased())
    }

    /// The Markdown files under `folder`, at any depth, as paths relative to it in path order.
    /// Hidden files and folders are left out, and so is the folder `excluding` (given
    /// resolved, as `realPath` gives it) when it lies inside.
    /// - Throws: `QuireError` when `folder` cannot be read.
    /// - Complexity: O(entries in the tree × log).
    package static func find(under folder: String, excluding: String? = nil) throws(QuireError) -> [String] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else {
            throw QuireError(file: folder, message: "cannot read the folder")
        }
        var found: [String] = []
        for case let url as URL in walker {
            if let excluding, url.standardizedFileURL.resolvingSymlinksInPath().path == excluding {
                walker.skipDescendants()
                continue
            }
            guard isMarkdown(url.path), (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true else { continue }
            found.append(String(url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" }))
        }
        return found.sorted()
    }
}
