import Foundation
import Quire

extension CLI {
    /// One run of `quire batch`: what it renders and how, decided before anything is rendered
    /// (every usage problem found then), and the steps of the run: decide what is up to date,
    /// render the rest (here or in worker processes), report.
    struct BatchRun {
        let arguments: Arguments
        let output: String
        let options: RenderOptions
        /// The process's engine, which renders the files rendered here (not in workers).
        let engine: Engine
        /// Every input of the batch, and the jobs of this run (its shard, its failed files).
        let whole: [Batch.Job]
        let jobs: [Batch.Job]
        let tree: Batch.InputTree
        /// The identities of every input, which no output may be.
        let inputs: Set<Batch.FileIdentity>
        /// The folder the outputs mirror the inputs from (`Batch.Plan.root`).
        let root: String
        /// Inputs (relative paths) rendered even when up to date: `batch --watch` renders again
        /// a document whose image changed.
        var forced: Set<String> = []
        /// The time of day the summary starts with (`batch --watch`); nil: none.
        var clockTime: String?

        /// Plans the run; a usage error (exit status 2, already reported) for bad options, a
        /// manifest that is an input or goes to a missing folder; an input error (1) for an
        /// input that does not exist or two inputs that would write one PDF.
        init(_ a: Arguments, _ engine: Engine) throws(ExitCode) {
            arguments = a
            self.engine = engine
            output = a.output ?? "."
            var options = try CLI.options(a, engine)
            let plan: Batch.Plan
            do {
                plan = try Batch.plan(inputs: a.inputs, output: output, exclude: a.excludes)
            } catch {
                // An input that is missing or clashes with another is an input error (1), as
                // for render and digest, not a usage error.
                throw inputError("\(error)", hint: "\(error)".contains(" would both be written to ")
                                 ? "each input needs a PDF of its own" : "batch takes folders, files or quoted globs of Markdown files")
            }
            if !a.quiet {
                for glob in plan.unmatched { printError("quire: warning: \(glob): \(MarkdownFiles.nothingMatches)") }
            }
            // Images may come from anywhere in the input tree unless --resource-root says otherwise
            // (the folder as given, so the settings digest is the same wherever the tree is mounted).
            if options.resourceRoot == nil {
                var isFolder: ObjCBool = false
                let oneFolder = a.inputs.count == 1 && FileManager.default.fileExists(atPath: a.inputs[0], isDirectory: &isFolder) && isFolder.boolValue
                options.resourceRoot = oneFolder ? a.inputs[0] : plan.root
            }
            whole = plan.jobs
            root = plan.root
            // Links lead to any input of the whole batch, whichever shard renders it.
            tree = Batch.InputTree(root: plan.root, paths: Set(whole.map(\.relativePath)))
            options.inputTree = tree
            self.options = options
            jobs = try selected(whole, a)
            inputs = Set(whole.compactMap { Batch.FileIdentity($0.input) })
            try checkManifest()
        }

        /// The manifest is not one of the inputs, and its folder exists (once the output
        /// folder is made): checked before rendering, not found out after.
        private func checkManifest() throws(ExitCode) {
            // Made even when this shard has nothing to render, for the manifest that may go there.
            try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            guard let manifest = arguments.manifest else { return }
            if let identity = Batch.FileIdentity(manifest), inputs.contains(identity) {
                throw usageError("--manifest '\(manifest)' is one of the inputs", hint: "choose another file for the manifest")
            }
            let folder = Quire.folder(of: manifest)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw usageError("--manifest '\(manifest)': the folder \(folder) does not exist",
                                 hint: "create it, or write the manifest into an existing folder (the output folder is made)")
            }
        }

        /// Renders the run's jobs and reports them: the exit status (0, 1 when a file failed,
        /// 128 + the signal when interrupted).
        func run() -> Int32 { execute().status }

        /// `run`, with the outcome of each job that finished.
        func execute() -> (status: Int32, finished: [(job: Batch.Job, outcome: Batch.Outcome)]) {
            let started = Date()
            let reporter = Progress(total: jobs.count, quiet: arguments.quiet, started: started)
            reporter.shownPrefix = typedFolder
            let results = Results(count: jobs.count)
            // What a writer killed in an earlier run (SIGKILL, a crash) left beside these outputs.
            OutputFile.removeTemporaryFiles(of: jobs.map(\.output) + (arguments.manifest.map { [$0] } ?? []))
            let pending = upToDateChecked(results, reporter)
            render(pending, results, reporter, started: started)
            reporter.finish()
            let finished = zip(jobs, results.all).compactMap { job, result in result.map { (job, $0.outcome) } }
            return (report(results.all, started: started), finished)
        }

        /// The one input folder as the user typed it, with a "/" ("in/", "./docs/"), which
        /// warnings' paths start with; "" for several inputs or files (paths are then relative
        /// to the folder holding them all, as the summary says).
        private var typedFolder: String {
            guard arguments.inputs.count == 1, kind(of: arguments.inputs[0]) == S_IFDIR else { return "" }
            var folder = arguments.inputs[0]
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            return folder == "." ? "" : folder == "/" ? "/" : folder + "/"
        }

        /// Records what is up to date or must not be touched; the indexes of the jobs to render.
        private func upToDateChecked(_ results: Results, _ reporter: Progress) -> [Int] {
            let settings = options.settingsDigest
            var pending: [Int] = []
            for (index, job) in jobs.enumerated() {
                guard Interrupts.signal == nil else { break }
                let checking = Date()
                let force = arguments.force || forced.contains(job.relativePath)
                if let outcome = Batch.check(job, force: force, settings: settings, inputs: inputs, tree: tree) {
                    results.set(index, outcome, seconds: Date().timeIntervalSince(checking)) { reporter.report($0, job, outcome) }
                } else {
                    pending.append(index)
                }
            }
            return pending
        }

        /// Renders the pending jobs: here, one after another, for one job at a time; else in
        /// worker processes. An interruption stops before the next file.
        /// A second signal during a file rendered here ends the batch with what finished (the
        /// file's temporary file removed, the summary and the manifest written).
        private func render(_ pending: [Int], _ results: Results, _ reporter: Progress, started: Date) {
            let jobs = self.jobs
            if arguments.workers == 1 || pending.count <= 1 {
                let run = Unchecked(self)
                let ending: @Sendable () -> Void = {
                    engine.temporaryFiles.removeAll()
                    reporter.finish()
                    _exit(run.value.report(results.all, started: started))
                }
                Interrupts.abandonWith(ending) {
                    for index in pending {
                        guard Interrupts.signal == nil else { break }
                        let rendering = Date()
                        let outcome = Batch.render(jobs[index], options: options, engine: engine)
                        results.set(index, outcome, seconds: Date().timeIntervalSince(rendering)) { reporter.report($0, jobs[index], outcome) }
                    }
                }
                return
            }
            WorkerPool.run(pending.map { jobs[$0] }, tree: tree, workers: arguments.workers, arguments: workerArguments) { i, outcome, seconds in
                results.set(pending[i], outcome, seconds: seconds) { reporter.report($0, jobs[pending[i]], outcome) }
            }
        }

        /// The options a worker is started with: what every file of the batch shares.
        private var workerArguments: [String] {
            let a = arguments
            var list = a.sets.flatMap { ["--set", $0.text] } + ["--link-ext", a.linkExtension.rawValue]
            if let t = a.template { list += ["--template", t] }
            if let t = a.title { list += ["--title", t] }
            if let root = options.resourceRoot { list += ["--resource-root", root] }
            if let standards = a.pdfStandards { list += ["--pdf-standard", standards.description] }
            if a.attachSource { list.append("--attach-source") }
            return list
        }

        /// A shard's manifest's last line (`Batch.ShardSummary`): its files and their bytes, what
        /// became of them, its wall time since `started`.
        private func shardSummary(_ shard: Batch.Shard, rendered: Int, skipped: Int, failed: Int, started: Date) -> String {
            Batch.ShardSummary(shard: shard, balance: arguments.shardBalance ?? .path, files: jobs.count,
                               inputBytes: jobs.reduce(0) { $0 + Batch.Shard.inputSize($1.input) },
                               rendered: rendered, skipped: skipped, failed: failed,
                               seconds: Date().timeIntervalSince(started)).jsonLine
        }

        /// Prints the failures and the summary and writes the manifest, of the jobs that
        /// finished; the exit status.
        private func report(_ outcomes: [(outcome: Batch.Outcome, seconds: Double)?], started: Date) -> Int32 {
            let finished = zip(jobs, outcomes).compactMap { job, result in result.map { (job, $0) } }
            var rendered = 0, skipped = 0, failures: [(String, String)] = []
            for (job, result) in finished {
                switch result.outcome {
                case .rendered: rendered += 1
                case .skipped: skipped += 1
                case .failed(let reason): failures.append((job.relativePath, reason))
                }
            }
            for (path, reason) in failures { printError("quire: error: \(path): \(reason)") }
            var status: Int32 = failures.isEmpty ? 0 : 1
            if let manifest = arguments.manifest {
                // Every job has a line: one an interruption kept from finishing is "not-started".
                var lines = zip(jobs, outcomes).map { job, result in
                    (result.map { Batch.ManifestEntry(job, $0.outcome, seconds: $0.seconds) } ?? Batch.ManifestEntry(notStarted: job)).jsonLine + "\n"
                }
                if let shard = arguments.shard {
                    lines.append(shardSummary(shard, rendered: rendered, skipped: skipped, failed: failures.count, started: started) + "\n")
                }
                do {
                    try OutputFile.writeAtomically(Array(lines.joined().utf8), to: manifest, recordingIn: engine.temporaryFiles)
                } catch {
                    printError("quire: error: \(error)")
                    status = 1
                }
            }
            let seconds = Date().timeIntervalSince(started)
            var scope = arguments.shard.map { "shard \($0): \(jobs.count) of \(counted(whole.count, "file"))" } ?? counted(jobs.count, "file")
            if let signal = Interrupts.signal {
                scope = "interrupted after \(finished.count) of \(scope)"
                status = Interrupts.status(for: signal)
            }
            printError("quire: batch: " + (clockTime.map { "\($0) " } ?? "") + "\(scope): \(rendered) rendered, \(skipped) skipped, \(failures.count) failed in "
                       + String(format: "%.1f s", seconds))
            return status
        }
    }
}

/// A value handed to a `@Sendable` closure that runs once, when the thread that made it no
/// longer uses it (the batch ending on a second signal).
private struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
