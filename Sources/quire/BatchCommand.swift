import Foundation
import Quire

/// `quire batch INPUT... -o OUTPUT_DIR`: messages and progress for `Batch`.
extension CLI {
    static let batchTable = OptionTable(command: "batch", inputs: .many, options: [
        Option(["-o", "--output"], value: "DIR", "where the PDF tree goes (required; created if missing)") { a, v in a.output = v },
        Option(["--jobs"], value: "N", "files rendered at once (default: the number of cores)") { a, v throws(ExitCode) in
            guard let n = Int(v), (1...256).contains(n) else {
                throw usageError("--jobs needs a number from 1 to 256", hint: "run 'quire batch --help'")
            }
            a.jobs = n
        },
        Option(flag: ["--force"], "render even the files whose PDF is up to date") { $0.force = true },
        exclude,
        Option(flag: ["--watch"], "after the run, render again what changes (a file, an image, the template,",
               "the configuration) until Ctrl-C") { $0.watch = true },
        Option(["--title"], value: "TEXT", "every PDF's title (default: each file's own)") { a, v in
            a.title = v.allSatisfy(\.isWhitespace) ? nil : v  // an empty title is none
        },
        Option(["--resource-root"], value: "DIR", "let images come from anywhere under DIR (default: the input folder)") { a, v in
            a.resourceRoot = v
        },
        linkExtension,
        pdfStandard,
        attachSource,
        Option(["--shard"], value: "K/N|env", "render only the files whose path (relative to the input folder) hashes",
               "to shard K of N (1 <= K <= N); 'env' takes K and N from a Kubernetes",
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
        Option(["--shard-by"], value: "path|size", "how --shard spreads the files: by the hash of their path (the",
               "default: a file keeps its shard), or by size, largest first, so that",
               "shards hold about as many bytes each") { a, v throws(ExitCode) in
            guard let balance = Batch.Shard.Balance(rawValue: v) else {
                throw usageError("invalid --shard-by '\(v)'", hint: "give 'path' or 'size'")
            }
            a.shardBalance = balance
        },
        Option(["--manifest"], value: "FILE", "write one JSON line per file: path, output, status (rendered,",
               "skipped, failed), reason, pages, bytes, seconds, settings, warnings;",
               "with --shard, a last line: the shard, its files and bytes, its time") { a, v in a.manifest = v },
        Option(["--only-failed"], value: "MANIFEST", "render only the files MANIFEST (one run's or several shards'",
               "concatenated) lists as failed") { a, v in a.onlyFailed = v },
        tableOfContents,
    ] + styleOptions() + configOptions + [
        Option(flag: ["-q", "--quiet"], "no progress and no warnings, only the summary and failures") { $0.quiet = true },
        help,
    ])

    static let batchUsage = """
    Usage: quire batch INPUT... -o OUTPUT_DIR [--jobs N] [--force] [--shard K/N] [options]

    Renders every *.md and *.markdown file under the INPUT folders (or named, or matched by
    a quoted glob such as 'docs/**/*.md') into a PDF at the same place under OUTPUT_DIR,
    several at once; with several inputs, paths are taken from the folder holding them all.
    Outputs newer than their input (and made with the same settings) are skipped; an
    existing file that is not a PDF written by Quire is never overwritten. A link from one
    input to another (../c.md#why) leads to the other's PDF (../c.pdf#why).

    Options:
    \(batchTable.help)

    Ctrl-C (SIGINT) or SIGTERM stops the batch: the files being rendered are stopped, the
    summary and the manifest tell what finished (the rest are "not-started"), and the exit
    status is 130 (or 143); a second Ctrl-C kills the workers, and still nothing is lost.
    Exit status: 0 when every file rendered or was up to date, 1 when some failed, an input
    is missing, two inputs would write one PDF, or the inputs hold no Markdown file, 2 for
    a usage error.
    """

    static func batch(_ args: [String], _ engine: Engine) throws(ExitCode) -> Int32 {
        var a = try batchTable.parse(args)
        if a.help { print(batchUsage); return 0 }
        guard !a.inputs.isEmpty else { throw usageError("no input folder", hint: "usage: quire batch INPUT_DIR -o OUTPUT_DIR") }
        guard a.output != nil else {
            throw usageError("batch needs -o OUTPUT_DIR", hint: "give the folder the PDFs go to (it may be INPUT_DIR itself)")
        }
        if a.shardBalance != nil && a.shard == nil {
            throw usageError("--shard-by needs --shard", hint: "give the shard too: --shard K/N --shard-by size")
        }
        let parsed = a
        a = try withConfiguration(a)
        // Drained from before the plan: a signal while the tree is read still gets a manifest.
        Interrupts.drain()
        let batch = try BatchRun(a, engine)
        guard !batch.whole.isEmpty else { return noMarkdownFound(a.inputs) }
        if a.watch { return watchBatch(parsed, first: batch) }
        return batch.run()
    }

    /// Says that `inputs` hold no Markdown file; exit status 1, for batch and digest alike: a
    /// folder or glob that finds nothing is almost always the wrong one (a typo, an
    /// `--exclude` that excludes everything), and a script must not take no PDFs for success.
    /// (A shard or `--only-failed` that selects nothing is normal and exits 0.)
    static func noMarkdownFound(_ inputs: [String]) -> Int32 {
        let named = inputs.joined(separator: ", ")
        printError("quire: error: \(named): no Markdown files found under \(named) (*.md, *.markdown)")
        return 1
    }

    /// The jobs this run renders: those of `--shard`, and of them those `--only-failed`'s
    /// manifest lists as failed (a usage error when it cannot be read).
    static func selected(_ plan: [Batch.Job], _ a: Arguments) throws(ExitCode) -> [Batch.Job] {
        var jobs = plan
        if let shard = a.shard { jobs = shard.select(jobs, by: a.shardBalance ?? .path) }
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

    /// Outcomes by job index, with the seconds each took, filled from several threads; a job
    /// an interruption stopped has none.
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

        /// Each job's outcome, nil for a job that did not finish.
        var all: [(outcome: Batch.Outcome, seconds: Double)?] {
            lock.lock(); defer { lock.unlock() }
            return outcomes
        }
    }
}
