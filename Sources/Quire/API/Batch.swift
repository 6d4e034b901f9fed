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
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw QuireError(file: input, message: "no such folder")
        }
        guard isDirectory.boolValue else { throw QuireError(file: input, message: "not a folder") }
        let root = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
        let outputRoot = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        let relatives = try MarkdownFiles.find(under: root.path, excluding: outputRoot.path == root.path ? nil : outputRoot.path)
        return relatives.map { relative in
            let pdf = (relative as NSString).deletingPathExtension + ".pdf"
            return Job(relativePath: relative, input: root.appendingPathComponent(relative).path,
                       output: outputRoot.appendingPathComponent(pdf).path)
        }
    }

    /// What to do with `job` before rendering: `.failed` when the output exists and is not a
    /// PDF Quire wrote, or is one of the batch's inputs (neither is ever overwritten);
    /// `.skipped` when it is up to date: newer than its input and made with the same settings
    /// and Quire version (`settings`, `RenderOptions.settingsDigest`), unless `force`; nil when
    /// it must be rendered.
    /// - Parameter inputs: the identities of every input of the batch (`FileIdentity`).
    public static func check(_ job: Job, force: Bool, settings: String, inputs: Set<FileIdentity>) -> Outcome? {
        guard FileManager.default.fileExists(atPath: job.output) else { return nil }
        if let identity = FileIdentity(job.output), inputs.contains(identity) {
            return .failed("\(job.output) is one of the inputs; not overwritten")
        }
        guard let made = quirePDFSettings(job.output) else {
            return .failed("\(job.output) exists and is not a PDF written by Quire; not overwritten")
        }
        if !force, made == settings, let out = modificationTime(job.output), let input = modificationTime(job.input), out > input {
            return .skipped
        }
        return nil
    }

    /// A file's identity (device and inode): the same file by any path, links included.
    public struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the file at `path`; nil when there is none.
        public init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
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

    /// For a PDF whose metadata names Quire as its creator, the settings digest it records
    /// ("" when it records none, as PDFs of Quire before the digest); nil for any other file.
    ///
    /// Quire's Info dictionary is the last object of the file, so the last 64 KB show it; a PDF
    /// whose Info lies further back (a huge one of its own) is read whole (up to 256 MB; a
    /// larger one is not taken for Quire's) and the trailer's /Info dictionary consulted.
    /// - Complexity: O(64 KB) usually; O(file size) otherwise.
    static func quirePDFSettings(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 5), head == Data("%PDF-".utf8),
              let size = try? handle.seekToEnd() else { return nil }
        try? handle.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        guard let tail = try? handle.readToEnd() else { return nil }
        if tail.range(of: Data("/Creator (Quire".utf8), options: .backwards) != nil {
            guard let key = tail.range(of: Data("/QuireSettings (".utf8), options: .backwards),
                  let close = tail[key.upperBound...].firstIndex(of: UInt8(ascii: ")")) else { return "" }
            return String(decoding: tail[key.upperBound..<close], as: UTF8.self)
        }
        guard size > 65_536, size <= 256 << 20, (try? handle.seek(toOffset: 0)) != nil,
              let whole = try? handle.readToEnd() else { return nil }
        return whole.withUnsafeBytes { bytes -> String? in
            guard let file = try? ClassicPDF(bytes), let info = file.info, let dictionary = try? file.dictionary(info),
                  let creator = dictionary.value(of: "Creator"), creator.starts(with: Array("(Quire".utf8)) else { return nil }
            let settings = dictionary.value(of: "QuireSettings") ?? []
            return String(decoding: settings.dropFirst().dropLast(), as: UTF8.self)
        }
    }
}
