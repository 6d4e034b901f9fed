import Foundation
import Quire

/// `quire batch INPUT_DIR -o OUTPUT_DIR`: messages and progress for `Batch`.
extension CLI {
    static let batchTable = OptionTable(command: "batch", inputs: .one, options: [
        Option(["-o", "--output"], value: "DIR", "where the PDF tree goes (required; created if missing)") { a, v in a.output = v },
        Option(["--jobs"], value: "N", "files rendered at once (default: the number of cores)") { a, v throws(ExitCode) in
            guard let n = Int(v), (1...256).contains(n) else {
                throw usageError("--jobs needs a number from 1 to 256", hint: "run 'quire batch --help'")
            }
            a.jobs = n
        },
        Option(flag: ["--force"], "render even the files whose PDF is up to date") { $0.force = true },
        Option(["--title"], value: "TEXT", "every PDF's title (default: each file's own)") { a, v in
            a.title = v
        },
        Option(["--resource-root"], value: "DIR", "let images come from anywhere under DIR (default: INPUT_DIR)") { a, v in
            a.resourceRoot = v
        },
        linkExtension,
        Option(["--shard"], value: "K/N|env", "render only the files whose path (relative to INPUT_DIR) hashes to",
               "shard K of N (1 <= K <= N); 'env' takes K and N from a Kubernetes",
               "indexed Job (JOB_COMPLETION_INDEX, JOB_COMPLETION_COUNT) or a Slurm",
               "job array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT)") { a, v throws(ExitCode) in
            if v == "env" {
                do {
                    a.shard = try Batch.Shard.fromEnvironment(ProcessInfo.processInfo.environment)
                } catch {
                    throw usageError("\(error)", hint: "set them, or give the shard as --shard K/N")
                }
            } else {
                guard let shard = Batch.Shard(parsing: v) else {
                    throw usageError("invalid --shard '\(v)'", hint: "give K/N with 1 <= K <= N (--shard 2/4), or 'env'")
                }
                a.shard = shard
            }
        },
        Option(["--manifest"], value: "FILE", "write one JSON line per file: path, output, status (rendered,",
               "skipped, failed), reason, pages, bytes, seconds, settings, warnings") { a, v in a.manifest = v },
        Option(["--only-failed"], value: "MANIFEST", "render only the files MANIFEST (one run's or several shards'",
               "concatenated) lists as failed") { a, v in a.onlyFailed = v },
        tableOfContents,
    ] + styleOptions() + [
        Option(flag: ["-q", "--quiet"], "no progress and no warnings, only the summary and failures") { $0.quiet = true },
        help,
    ])

    static let batchUsage = """
    Usage: quire batch INPUT_DIR -o OUTPUT_DIR [--jobs N] [--force] [--shard K/N] [options]

    Renders every *.md and *.markdown file under INPUT_DIR into a PDF at the same place
    under OUTPUT_DIR, several at once. Outputs newer than their input (and template) are
    skipped; an existing file that is not a PDF written by Quire is never overwritten.
    A link from one input to another (../c.md#why) leads to the other's PDF (../c.pdf#why).

    Options:
    \(batchTable.help)

    Exit status: 0 when every file rendered or was up to date, 1 when some failed,
    2 for a usage error.
    """

    static func batch(_ args: [String]) throws(ExitCode) -> Int32 {
        let a = try batchTable.parse(args)
        if a.help { print(batchUsage); return 0 }
        guard let input = a.inputs.first else { throw usageError("no input folder", hint: "usage: quire batch INPUT_DIR -o OUTPUT_DIR") }
        guard let output = a.output else {
            throw usageError("batch needs -o OUTPUT_DIR", hint: "give the folder the PDFs go to (it may be INPUT_DIR itself)")
        }
        var options = try self.options(a)
        // Images may come from anywhere in the input tree unless --resource-root says otherwise.
        if options.resourceRoot == nil { options.resourceRoot = input }
        let whole: [Batch.Job]
        do {
            whole = try Batch.plan(input: input, output: output)
        } catch {
            throw usageError("\(error)", hint: "batch takes a folder of Markdown files")
        }
        // Links lead to any input of the whole batch, whichever shard renders it.
        let tree = Batch.InputTree(input: input, plan: whole)
        options.inputTree = tree
        let plan = try selected(whole, a)
        let inputs = Set(whole.compactMap { Batch.FileIdentity($0.input) })
        if let manifest = a.manifest, let identity = Batch.FileIdentity(manifest), inputs.contains(identity) {
            throw usageError("--manifest '\(manifest)' is one of the inputs", hint: "choose another file for the manifest")
        }
        // Created even when this shard has nothing to render, for the manifest that may go there.
        try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let started = Date()
        let reporter = Progress(total: plan.count, quiet: a.quiet, started: started)
        // Decide first what is up to date or must not be touched; render the rest.
        let settings = options.settingsDigest
        let results = Results(count: plan.count)
        var pending: [Int] = []
        for (index, job) in plan.enumerated() {
            let checking = Date()
            if let outcome = Batch.check(job, force: a.force, settings: settings, inputs: inputs, tree: tree) {
                results.set(index, outcome, seconds: Date().timeIntervalSince(checking)) { reporter.report($0, job, outcome) }
            } else {
                pending.append(index)
            }
        }
        if a.jobs == 1 || pending.count <= 1 {
            for index in pending {
                let rendering = Date()
                let outcome = Batch.render(plan[index], options: options)
                results.set(index, outcome, seconds: Date().timeIntervalSince(rendering)) { reporter.report($0, plan[index], outcome) }
            }
        } else {
            var workerArguments = a.sets.flatMap { ["--set", $0.text] } + ["--link-ext", a.linkExtension.rawValue]
            if let t = a.template { workerArguments += ["--template", t] }
            if let t = a.title { workerArguments += ["--title", t] }
            if let root = options.resourceRoot { workerArguments += ["--resource-root", root] }
            let indexes = pending
            WorkerPool.run(indexes.map { plan[$0] }, tree: tree, workers: a.jobs, arguments: workerArguments) { i, outcome, seconds in
                results.set(indexes[i], outcome, seconds: seconds) { reporter.report($0, plan[indexes[i]], outcome) }
            }
        }
        reporter.finish()
        let outcomes = results.all
        var rendered = 0, skipped = 0, failures: [(String, String)] = []
        for (job, outcome) in zip(plan, outcomes) {
            switch outcome.outcome {
            case .rendered: rendered += 1
            case .skipped: skipped += 1
            case .failed(let reason): failures.append((job.relativePath, reason))
            }
        }
        for (path, reason) in failures { printError("quire: error: \(path): \(reason)") }
        var status: Int32 = failures.isEmpty ? 0 : 1
        if let manifest = a.manifest {
            let lines = zip(plan, outcomes).map { Batch.ManifestEntry($0, $1.outcome, seconds: $1.seconds).jsonLine + "\n" }
            do {
                try OutputFile.writeAtomically(Array(lines.joined().utf8), to: manifest)
            } catch {
                printError("quire: error: \(error)")
                status = 1
            }
        }
        let seconds = Date().timeIntervalSince(started)
        let scope = a.shard.map { "shard \($0): \(plan.count) of \(whole.count) files" } ?? "\(plan.count) files"
        printError("quire: batch: \(scope): \(rendered) rendered, \(skipped) skipped, \(failures.count) failed in "
                   + String(format: "%.1f s", seconds))
        return status
    }

    /// The jobs this run renders: those of `--shard`, and of them those `--only-failed`'s
    /// manifest lists as failed (a usage error when it cannot be read).
    private static func selected(_ plan: [Batch.Job], _ a: Arguments) throws(ExitCode) -> [Batch.Job] {
        var jobs = plan
        if let shard = a.shard { jobs = jobs.filter { shard.contains($0.relativePath) } }
        guard let manifest = a.onlyFailed else { return jobs }
        let failed: Set<String>
        do {
            failed = try Batch.failedPaths(inManifest: try InputFile.readMarkdown(at: manifest), name: manifest)
        } catch {
            throw usageError("--only-failed: \(error)", hint: "give a manifest written by 'quire batch --manifest'")
        }
        let known = Set(plan.map(\.relativePath))
        let gone = failed.subtracting(known).count
        if gone > 0 && !a.quiet {
            printError("quire: warning: \(manifest): \(gone) failed file\(gone == 1 ? " is" : "s are") no longer under the input folder")
        }
        return jobs.filter { failed.contains($0.relativePath) }
    }

    /// Outcomes by job index, with the seconds each took, filled from several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [(outcome: Batch.Outcome, seconds: Double)?]
        private var done = 0
        init(count: Int) { outcomes = Array(repeating: nil, count: count) }

        /// Records an outcome and reports it with the number of jobs done so far.
        func set(_ index: Int, _ outcome: Batch.Outcome, seconds: Double, report: (Int) -> Void) {
            lock.lock(); defer { lock.unlock() }
            outcomes[index] = (outcome, seconds)
            done += 1
            report(done)
        }

        var all: [(outcome: Batch.Outcome, seconds: Double)] {
            lock.lock(); defer { lock.unlock() }
            return outcomes.map { $0 ?? (.failed("not rendered"), 0) }
        }
    }
}
