import Foundation
import QuireModel

/// Rendering a folder tree of Markdown files into a mirrored tree of PDFs, in parallel.
public enum Batch {
    /// One file to render: paths relative to the input and output folders, and absolute ones.
    public struct Job: Sendable, Equatable {
        /// The input's path relative to the input folder (what `--shard` hashes, what a
        /// manifest names).
        public var relativePath: String
        /// The input's absolute path.
        public var input: String
        /// The PDF's absolute path, at the input's place in the output tree.
        public var output: String

        /// A job for `input`, written to `output`.
        public init(relativePath: String, input: String, output: String) {
            self.relativePath = relativePath; self.input = input; self.output = output
        }
    }

    /// What became of one job.
    public enum Outcome: Sendable, Equatable {
        /// Rendered: its warnings, the PDF's pages and bytes, the settings digest it records
        /// (`RenderResult.settings`), and the files besides its input it depends on
        /// (`RenderResult.dependencies`, sorted).
        case rendered(warnings: [Warning], pages: Int = 0, bytes: Int = 0, settings: String = "", dependencies: [String] = [],
                      images: [String] = [])
        /// Up to date (`check`): made with these settings, which it records.
        case skipped(settings: String)
        /// Not rendered, and why (the file and, when known, its line).
        case failed(String)
    }

    /// The batch's inputs, for links between them: the input folder (absolute, symbolic links
    /// resolved, as `plan` gives each job's input under it) and every input's path relative
    /// to it. A link from one input to another becomes a link to the other's PDF.
    public struct InputTree: Sendable, Equatable {
        /// The input folder: absolute, symbolic links resolved.
        public var root: String
        /// Every input's path relative to `root`.
        public var paths: Set<String>

        /// A tree of `paths` under `root`.
        public init(root: String, paths: Set<String>) { self.root = root; self.paths = paths }

        /// The tree of `plan`'s jobs under `input` (the folder `plan` was given).
        public init(input: String, plan: [Job]) {
            self.init(root: Batch.root(of: input).path, paths: Set(plan.map(\.relativePath)))
        }

        /// `path` (absolute, standardised) relative to the root; nil when it lies outside.
        package func relative(_ path: String) -> String? {
            let prefix = root == "/" ? "/" : root + "/"
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
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
        return try plan(inputs: [input], output: output).jobs
    }

    /// What a batch renders: the folder its outputs mirror, and its jobs.
    public struct Plan: Sendable, Equatable {
        /// The folder input paths are taken relative to (absolute, symbolic links resolved):
        /// the one folder given, else the deepest folder holding every input.
        public var root: String
        /// In path order.
        public var jobs: [Job]
        /// Glob inputs that matched no Markdown file (each worth a warning).
        public var unmatched: [String]
    }

    /// The Markdown files `inputs` name (folders searched, files as given, glob patterns
    /// expanded: `MarkdownFiles.collect`), less what `exclude` matches, each with its PDF's
    /// place under `output`, mirroring their paths below the plan's root. Hidden files and
    /// folders, and the output folder when it lies inside an input, are left out; a file
    /// named twice is rendered once.
    /// - Throws: `QuireError` for an input that does not exist, a folder that cannot be read,
    ///   or two inputs that would write one PDF (`x.md` and `x.markdown`).
    /// - Complexity: O(entries in the trees searched × (patterns + log)).
    public static func plan(inputs: [String], output: String, exclude: [PathPattern] = []) throws -> Plan {
        let outputRoot = Batch.root(of: output)
        let (files, failures) = MarkdownFiles.collect(inputs, exclude: exclude, excludingFolder: outputRoot.path)
        var unmatched: [String] = []
        for failure in failures {
            guard PathPattern.isGlob(failure.path), failure.reason == MarkdownFiles.nothingMatches else {
                throw QuireError(file: failure.path, message: failure.reason)
            }
            unmatched.append(failure.path)
        }
        let root = MarkdownFiles.commonFolder(of: inputs, resolvingLinks: true)
        let prefix = root == "/" ? "/" : root + "/"
        var seen: Set<String> = []
        var jobs: [Job] = []
        for file in files {
            // The file's folder resolved, its own name kept (a link to a Markdown file is rendered under its name).
            let url = URL(fileURLWithPath: file).standardizedFileURL
            let path = url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
            guard path.hasPrefix(prefix), seen.insert(path).inserted else { continue }
            let relative = String(path.dropFirst(prefix.count))
            let pdf = (relative as NSString).deletingPathExtension + ".pdf"
            jobs.append(Job(relativePath: relative, input: path, output: outputRoot.appendingPathComponent(pdf).path))
        }
        jobs.sort { $0.relativePath < $1.relativePath }
        try checkOutputsDiffer(jobs)
        return Plan(root: root, jobs: jobs, unmatched: unmatched)
    }

    /// Two inputs that would write one PDF (`x.md` and `x.markdown`): one would overwrite the
    /// other, and the manifest would give both the same output.
    /// - Throws: `QuireError` naming both inputs and the PDF. O(jobs).
    package static func checkOutputsDiffer(_ jobs: [Job]) throws {
        var writer: [String: String] = [:]  // output: the input that writes it
        for job in jobs {
            if let first = writer.updateValue(job.relativePath, forKey: job.output) {
                let pdf = (job.relativePath as NSString).deletingPathExtension + ".pdf"
                throw QuireError(file: "\(first) and \(job.relativePath)", message: "would both be written to \(pdf); "
                                 + "rename one, or leave one out with --exclude '\(job.relativePath)'")
            }
        }
    }

    /// A folder as `plan` uses it: absolute, standardised, symbolic links resolved.
    package static func root(of folder: String) -> URL {
        URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// What to do with `job` before rendering: `.failed` when the output exists and is not a
    /// PDF Quire wrote, or is one of the batch's inputs (neither is ever overwritten);
    /// `.skipped` when it is up to date, unless `force`: newer than its input, and made with
    /// the same settings and Quire version (`settings`, `RenderOptions.settingsDigest`) and,
    /// when its links lead to other inputs, the same links (`LinkRecord`: each linked file
    /// still is, or still is not, one of the inputs in `tree`; a file whose headings its links
    /// depended on is older than the PDF); nil when it must be rendered.
    /// - Parameters:
    ///   - job: the file to render and where its PDF goes.
    ///   - force: render even when the PDF is up to date (`--force`).
    ///   - settings: the settings digest the run would write (`RenderOptions.settingsDigest`).
    ///   - inputs: the identities of every input of the batch (`FileIdentity`).
    ///   - tree: the batch's inputs, which links may lead to; nil: a PDF whose links led to
    ///     other inputs is rendered again.
    public static func check(_ job: Job, force: Bool, settings: String, inputs: Set<FileIdentity>,
                             tree: InputTree? = nil) -> Outcome? {
        guard FileManager.default.fileExists(atPath: job.output) else { return nil }
        if let identity = FileIdentity(job.output), inputs.contains(identity) {
            return .failed("\(job.output) is one of the inputs; not overwritten")
        }
        // A FIFO or device is not opened to read its first bytes: that waits for a writer
        // that never comes. A batch never names one as output: it is left alone.
        guard fileKind(job.output) == S_IFREG else {
            return .failed("\(job.output) exists and is not a regular file (a FIFO, a device or a folder); not overwritten")
        }
        guard let made = quirePDFInfo(job.output) else {
            return .failed("\(job.output) exists and is not a PDF written by Quire; not overwritten")
        }
        guard !force, let out = modificationTime(job.output), let input = modificationTime(job.input), out > input else { return nil }
        let record = LinkRecord(parsing: made.links)
        guard made.settings == record.settings(base: settings) else { return nil }
        if !record.isEmpty {
            guard let tree, record.isCurrent(in: tree, madeAt: out) else { return nil }
        }
        return .skipped(settings: made.settings)
    }

    /// A file's identity (device and inode): the same file by any path, links included.
    public struct FileIdentity: Hashable, Sendable {
        package let device: UInt64
        package let inode: UInt64

        /// The identity of the file at `path`; nil when there is none.
        public init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Renders one job (creating the output's folder), drawing on the calling thread: a batch
    /// runs one job per core. Never throws: a failure is an outcome, whose reason names the
    /// output when writing it failed (the job's input is named by whoever reports it).
    /// `engine` renders it (a batch passes its one engine to every job; by default one of
    /// this call's own).
    public static func render(_ job: Job, options: RenderOptions, engine: Engine = Engine()) -> Outcome {
        var options = options
        options.drawsOnItsOwnThread = false
        let folder = (job.output as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return .failed("cannot write \(job.output): cannot make its folder \(folder)")
        }
        do {
            let result = try Quire.renderFile(input: job.input, output: job.output, options: options, engine: engine)
            return .rendered(warnings: result.warnings, pages: result.pageCount, bytes: result.size, settings: result.settings,
                             dependencies: result.dependencies.sorted(), images: result.remoteImages)
        } catch let error as QuireError {
            return .failed(error.file == job.input ? error.message : "\(error.file): \(error.message)")
        } catch {
            return .failed("\(error)")
        }
    }

    /// For a PDF whose metadata names Quire as its creator, the settings digest it records
    /// ("" when it records none, as PDFs of Quire before the digest) and its record of links to
    /// other inputs (`QuireLinks`, "" when none); nil for any other file.
    ///
    /// Quire writes its Info dictionary uncompressed near the end of the file (just before the
    /// cross-reference stream; Cairo-written PDFs of earlier versions, in an update at the end),
    /// so the last 64 KB show it; a PDF whose Info lies further back (a cross-reference stream
    /// of a hundred thousand objects is longer) is read whole (up to 256 MB; a larger one is
    /// not taken for Quire's) and searched from its end.
    /// - Complexity: O(64 KB) usually; O(file size) otherwise.
    package static func quirePDFInfo(_ path: String) -> (settings: String, links: String)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 5), head == Data("%PDF-".utf8),
              let size = try? handle.seekToEnd() else { return nil }
        try? handle.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        guard let tail = try? handle.readToEnd() else { return nil }
        if let info = info(in: tail) { return info }
        guard size > 65_536, size <= 256 << 20, (try? handle.seek(toOffset: 0)) != nil,
              let whole = try? handle.readToEnd() else { return nil }
        return info(in: whole)
    }

    /// The settings and links of the last Info dictionary in `bytes` naming Quire as its
    /// creator ("" for a value it does not record); nil when there is no such dictionary.
    private static func info(in bytes: Data) -> (settings: String, links: String)? {
        guard let creator = bytes.range(of: Data("/Creator (Quire".utf8), options: .backwards) else { return nil }
        let end = bytes[creator.upperBound...].range(of: Data(">>".utf8))?.lowerBound ?? bytes.endIndex
        // Both values are written without escapes (hexadecimal digits; percent-encoded paths).
        func value(_ key: String) -> String {
            guard let start = bytes[creator.upperBound..<end].range(of: Data("/\(key) (".utf8)),
                  let close = bytes[start.upperBound..<end].firstIndex(of: UInt8(ascii: ")")) else { return "" }
            return String(decoding: bytes[start.upperBound..<close], as: UTF8.self)
        }
        return (value("QuireSettings"), value("QuireLinks"))
    }
}
