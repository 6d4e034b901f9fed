import Foundation

/// Rendering a folder tree of Markdown files into a mirrored tree of PDFs, in parallel.
public enum Batch {
    /// One file to render: paths relative to the input and output folders, and absolute ones.
    public struct Job: Sendable, Equatable {
        public var relativePath: String
        public var input: String
        public var output: String

        public init(relativePath: String, input: String, output: String) {
            self.relativePath = relativePath; self.input = input; self.output = output
        }
    }

    public enum Outcome: Sendable, Equatable {
        case rendered(warnings: [Warning])
        /// The output is newer than the input (and the template).
        case skipped
        case failed(String)
    }

    /// Markdown files (`*.md`, `*.markdown`) under `input`, in path order, each with its PDF's
    /// place under `output`. Hidden files and folders, and the output folder when it lies
    /// inside the input, are left out.
    /// - Throws: `QuireError` when `input` is not a readable folder.
    public static func plan(input: String, output: String) throws -> [Job] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw QuireError(file: input, message: "not a folder")
        }
        let root = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
        let outputRoot = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        let relatives = try MarkdownFiles.find(under: root.path, excluding: outputRoot.path == root.path ? nil : outputRoot.path)
        return relatives.map { relative in
            let pdf = (relative as NSString).deletingPathExtension + ".pdf"
            return Job(relativePath: relative, input: root.appendingPathComponent(relative).path,
                       output: outputRoot.appendingPathComponent(pdf).path)
        }
    }

    /// What to do with `job` before rendering: `.skipped` when its output is newer than its
    /// input and than the template (unless `force`), `.failed` when the output exists and is
    /// not a PDF Quire wrote (never overwritten), nil when it must be rendered.
    public static func check(_ job: Job, force: Bool, templateTime: Double?) -> Outcome? {
        guard FileManager.default.fileExists(atPath: job.output) else { return nil }
        guard isQuirePDF(job.output) else {
            return .failed("\(job.output) exists and is not a PDF written by Quire; not overwritten")
        }
        if !force, let out = modificationTime(job.output), let input = modificationTime(job.input),
           out > input, out > (templateTime ?? 0) {
            return .skipped
        }
        return nil
    }

    /// Renders one job (creating the output's folder), drawing on the calling thread: a batch
    /// runs one job per core. Never throws: a failure is an outcome.
    public static func render(_ job: Job, options: RenderOptions) -> Outcome {
        var options = options
        options.drawsOnItsOwnThread = false
        do {
            try FileManager.default.createDirectory(atPath: (job.output as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            let result = try Quire.renderFile(input: job.input, output: job.output, options: options)
            return .rendered(warnings: result.warnings)
        } catch let error as QuireError {
            return .failed(error.message)
        } catch {
            return .failed("\(error)")
        }
    }

    /// True for a PDF whose metadata names Quire as its creator.
    ///
    /// Cairo writes the metadata near the end of the file, so the last 64 KB usually show it.
    /// Link annotations appended after it (`linkAnnotationUpdate`) can push it further back:
    /// then the whole file (up to 256 MB; a larger one is not taken for Quire's) is read and
    /// the trailer's /Info dictionary consulted.
    /// - Complexity: O(64 KB) usually; O(file size) for a file with many links.
    static func isQuirePDF(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 5), head == Data("%PDF-".utf8),
              let size = try? handle.seekToEnd() else { return false }
        let marker = Data("/Creator (Quire".utf8)
        try? handle.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        guard let tail = try? handle.readToEnd() else { return false }
        if tail.range(of: marker) != nil { return true }
        guard size > 65_536, size <= 256 << 20, (try? handle.seek(toOffset: 0)) != nil,
              let whole = try? handle.readToEnd() else { return false }
        return whole.withUnsafeBytes { bytes in
            guard let file = try? ClassicPDF(bytes), let info = file.info,
                  let creator = try? file.dictionary(info).value(of: "Creator") else { return false }
            return creator.starts(with: Array("(Quire".utf8))
        }
    }
}
