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
    ] + styleOptions() + [
        Option(flag: ["-q", "--quiet"], "no progress and no warnings, only the summary and failures") { $0.quiet = true },
        help,
    ])

    static let batchUsage = """
    Usage: quire batch INPUT_DIR -o OUTPUT_DIR [--jobs N] [--force] [options]

    Renders every *.md and *.markdown file under INPUT_DIR into a PDF at the same place
    under OUTPUT_DIR, several at once. Outputs newer than their input (and template) are
    skipped; an existing file that is not a PDF written by Quire is never overwritten.

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
        let jobs = a.jobs, force = a.force
        var options = try self.options(a)
        // Images may come from anywhere in the input tree unless --resource-root says otherwise.
        if options.resourceRoot == nil { options.resourceRoot = input }
        let plan: [Batch.Job]
        do {
            plan = try Batch.plan(input: input, output: output)
        } catch {
            throw usageError("\(error)", hint: "batch takes a folder of Markdown files")
        }
        let started = Date()
        let reporter = Progress(total: plan.count, quiet: a.quiet, started: started)
        // Decide first what is up to date or must not be touched; render the rest.
        let settings = options.settingsDigest
        let inputs = Set(plan.compactMap { Batch.FileIdentity($0.input) })
        let results = Results(count: plan.count)
        var pending: [Int] = []
        for (index, job) in plan.enumerated() {
            if let outcome = Batch.check(job, force: force, settings: settings, inputs: inputs) {
                results.set(index, outcome) { reporter.report($0, job, outcome) }
            } else {
                pending.append(index)
            }
        }
        if jobs == 1 || pending.count <= 1 {
            for index in pending {
                let outcome = Batch.render(plan[index], options: options)
                results.set(index, outcome) { reporter.report($0, plan[index], outcome) }
            }
        } else {
            var workerArguments = a.sets.flatMap { ["--set", $0.text] }
            if let t = a.template { workerArguments += ["--template", t] }
            if let t = a.title { workerArguments += ["--title", t] }
            if let root = options.resourceRoot { workerArguments += ["--resource-root", root] }
            let indexes = pending
            WorkerPool.run(indexes.map { plan[$0] }, workers: jobs, arguments: workerArguments) { i, outcome in
                results.set(indexes[i], outcome) { reporter.report($0, plan[indexes[i]], outcome) }
            }
        }
        reporter.finish()
        let outcomes = results.all
        var rendered = 0, skipped = 0, failures: [(String, String)] = []
        for (job, outcome) in zip(plan, outcomes) {
            switch outcome {
            case .rendered: rendered += 1
            case .skipped: skipped += 1
            case .failed(let reason): failures.append((job.relativePath, reason))
            }
        }
        for (path, reason) in failures { printError("quire: error: \(path): \(reason)") }
        let seconds = Date().timeIntervalSince(started)
        printError("quire: batch: \(plan.count) files: \(rendered) rendered, \(skipped) skipped, \(failures.count) failed in "
                   + String(format: "%.1f s", seconds))
        return failures.isEmpty ? 0 : 1
    }

    /// Outcomes by job index, filled from several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [Batch.Outcome?]
        private var done = 0
        init(count: Int) { outcomes = Array(repeating: nil, count: count) }

        /// Records an outcome and reports it with the number of jobs done so far.
        func set(_ index: Int, _ outcome: Batch.Outcome, report: (Int) -> Void) {
            lock.lock(); defer { lock.unlock() }
            outcomes[index] = outcome
            done += 1
            report(done)
        }

        var all: [Batch.Outcome] {
            lock.lock(); defer { lock.unlock() }
            return outcomes.map { $0 ?? .failed("not rendered") }
        }
    }
}
