import Quire
#if canImport(Glibc)
import Glibc
#endif

/// `quire.json` on the command line: found beside the inputs, or named, under the options
/// typed (`Configuration`).
extension CLI {
    static let configOptions = [
        Option(["--config"], value: "FILE", "options from FILE (default: quire.json in the input's folder or the",
               "nearest parent that has one, up to the repository's root)") { a, v in a.config = v },
        Option(flag: ["--no-config"], "read no quire.json") { $0.configuration = false },
    ]

    /// `a` with the configuration's options under its own: the command line's template, link
    /// handling and resource root win, its `--set`s come after the configuration's (so they
    /// win too), its `--exclude`s add to the configuration's. `a.config` names the file read
    /// afterwards (nil when none). A usage error (exit status 2) for a file that cannot be
    /// read, is not JSON, or holds an unknown key or a wrong value.
    static func withConfiguration(_ a: Arguments) throws(ExitCode) -> Arguments {
        var merged = a
        merged.config = nil
        if !a.configuration, let named = a.config {
            throw usageError("--no-config and --config '\(named)' contradict each other", hint: "give one of them")
        }
        guard a.configuration else { return merged }
        guard let path = a.config ?? Configuration.find(from: configurationFolder(a.inputs.first ?? "-")) else { return merged }
        let configuration: Configuration
        do {
            configuration = try Configuration.load(path)
        } catch {
            throw usageError("\(error)", hint: "'quire --help' and 'quire templates --keys' list the options and keys it takes; --no-config reads none")
        }
        merged.config = path
        merged.template = a.template ?? configuration.template
        merged.sets = configuration.settings + a.sets
        merged.excludes = configuration.excludes + a.excludes
        if !a.linkExtensionGiven, let mode = configuration.linkExtension { merged.linkExtension = mode }
        merged.resourceRoot = a.resourceRoot ?? configuration.resourceRoot
        return merged
    }

    /// Where the search for `quire.json` starts for `input`: a folder itself, a file's (or a
    /// glob's) folder, the current folder for standard input.
    static func configurationFolder(_ input: String) -> String {
        var info = stat()
        let exists = input != "-" && stat(input, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR { return input }
        if exists || !PathPattern.isGlob(input) { return Quire.folder(of: input) }
        return MarkdownFiles.commonFolder(of: [input])
    }
}
