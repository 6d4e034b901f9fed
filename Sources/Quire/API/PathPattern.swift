#if canImport(Glibc)
import Glibc
#endif

/// A path pattern as `.gitignore` writes them, for `--exclude` and glob inputs.
///
/// - `*`, `?` and `[...]` match within one path component (`fnmatch`); `**` as a whole
///   component matches any number of components, none included.
/// - A pattern with no `/` but a trailing one (`node_modules/`, `*.draft.md`) matches a name at
///   any depth; a trailing `/` matches folders only.
/// - Any other pattern (`drafts/**`, `docs/old/*.md`) is matched against the whole path from
///   its base (the folder searched, or the folder of the configuration file that gave it).
public struct PathPattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The folder an anchored pattern is matched from (absolute, standardised); nil: the
    /// folder being searched.
    public let base: String?
    private let components: [String]
    private let foldersOnly: Bool
    private let anchored: Bool

    /// Nil for an empty pattern.
    public init?(_ text: String, base: String? = nil) {
        var body = Substring(text)
        if body.hasPrefix("./") { body = body.dropFirst(2) }
        foldersOnly = body.hasSuffix("/")
        while body.hasSuffix("/") { body = body.dropLast() }
        anchored = body.contains("/")
        while body.hasPrefix("/") { body = body.dropFirst() }
        components = body.split(separator: "/").map(String.init)
        guard !components.isEmpty else { return nil }
        self.text = text
        self.base = base
    }

    public var description: String { text }

    /// Whether the pattern holds a wildcard (`*`, `?`, `[`): an input that does is a glob.
    public static func isGlob(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Whether the entry at `path` (its components from the pattern's base: `prefix(searching:)`
    /// and the path below the folder searched) matches; `isFolder` tells a folder.
    /// O(components × pattern components) at worst.
    package func matches(_ path: [Substring], isFolder: Bool) -> Bool {
        guard isFolder || !foldersOnly, let last = path.last else { return false }
        guard anchored else { return Self.fnmatch(components[0], last) }
        return Self.match(components[...], path[...])
    }

    /// The components from the pattern's base down to `folder` (absolute, standardised): none
    /// when the pattern has no base, or when `folder` is not under it (the pattern is then
    /// matched from the folder searched).
    package func prefix(searching folder: String) -> [Substring] {
        guard let base, base != folder else { return [] }
        let start = base == "/" ? "/" : base + "/"
        guard folder.hasPrefix(start) else { return [] }
        return folder.dropFirst(start.count).split(separator: "/")
    }

    /// `pattern` against `path`, component by component, `**` matching any number of them.
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (path.startIndex...path.endIndex).contains { match(rest, path[$0...]) }
        }
        guard let name = path.first, fnmatch(first, name) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func fnmatch(_ pattern: String, _ name: Substring) -> Bool {
        Glibc.fnmatch(pattern, String(name), 0) == 0
    }

    /// A glob input split into the folder it starts from (its leading components without a
    /// wildcard; "." when none) and the pattern for the rest, anchored there.
    package static func splitGlob(_ text: String) -> (folder: String, pattern: PathPattern)? {
        let absolute = text.hasPrefix("/")
        let parts = text.split(separator: "/").map(String.init)
        let fixed = parts.prefix { !isGlob($0) }
        guard fixed.count < parts.count else { return nil }
        let folder = fixed.isEmpty ? (absolute ? "/" : ".") : (absolute ? "/" : "") + fixed.joined(separator: "/")
        let rest = parts.dropFirst(fixed.count).joined(separator: "/")
        // Anchored at the folder: "*.md" matches there only, as the shell's glob does.
        guard let pattern = PathPattern("/" + rest) else { return nil }
        return (folder, pattern)
    }
}
