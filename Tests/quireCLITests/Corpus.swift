import Foundation

/// Where things are: the package, the corpus and the built `quire` binary.
enum Paths {
    /// The package root: three levels up from this file (Tests/quireCLITests/Corpus.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus of real Markdown written by others, inside the repository (Tests/Corpus), so a
    /// clone with nothing beside it runs every test.
    static let corpus = packageRoot.appendingPathComponent("Tests", isDirectory: true)
        .appendingPathComponent("Corpus", isDirectory: true)

    /// The corpus's Markdown files, sorted by name. Throws when the folder or its files are missing.
    static func corpusFiles() throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RunError(description: "corpus folder not found at \(corpus.path) (expected Tests/Corpus in the package root \(packageRoot.path))")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
            .filter { $0.hasSuffix(".md") }
            .sorted()
            .map { corpus.appendingPathComponent($0) }
        guard !files.isEmpty else { throw RunError(description: "no *.md files in the corpus folder \(corpus.path)") }
        return files
    }

    /// The `quire` executable in the same build products folder as this test bundle, so
    /// `swift test` and `swift test --scratch-path X` each test the binary they built.
    /// QUIRE_BINARY in the environment overrides the search.
    static func quireBinary() throws -> URL {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["QUIRE_BINARY"], !override.isEmpty {
            guard fm.isExecutableFile(atPath: override) else { throw RunError(description: "QUIRE_BINARY=\(override) is not an executable") }
            return URL(fileURLWithPath: override)
        }
        var starts: [URL] = []
        if let exe = Bundle.main.executableURL { starts.append(exe.deletingLastPathComponent()) }
        starts.append(Bundle.main.bundleURL)
        if let arg0 = CommandLine.arguments.first, !arg0.isEmpty {
            let cwd = URL(fileURLWithPath: fm.currentDirectoryPath, isDirectory: true)
            starts.append(URL(fileURLWithPath: arg0, relativeTo: cwd).standardizedFileURL.deletingLastPathComponent())
        }
        // The products folder itself, or up to three levels above (a macOS .xctest bundle's Contents/MacOS).
        for start in starts {
            var dir = start.resolvingSymlinksInPath()
            for _ in 0...3 {
                let candidate = dir.appendingPathComponent("quire")
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   fm.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                dir = dir.deletingLastPathComponent()
            }
        }
        throw RunError(description: "no built 'quire' executable beside the test bundle (searched from \(starts.map(\.path))); run 'swift build' with the same --scratch-path first")
    }
}
