import Foundation
import Quire

/// `quire watch INPUT.md [-o OUT.pdf]` and `quire batch --watch`: render again whenever what
/// the output is made from changes, until Ctrl-C.
extension CLI {
    /// render's options, with the output as watch takes it (a file: never '-').
    static let watchTable = OptionTable(command: "watch", inputs: .many, options: renderTable.options.map { option in
        guard option.names.contains("--output") else { return option }
        return Option(["-o", "--output"], value: "PATH", "where to write the PDF (default: INPUT with .pdf beside it;",
                      "required when there are several inputs; a file, not '-')") { a, v in a.output = v }
    })

    static let watchUsage = """
    Usage: quire watch INPUT.md [INPUT.md...] [-o OUTPUT.pdf] [options]

    Renders as 'quire render' does, then again whenever an input, an image it shows, a
    Markdown file it links to, the template or quire.json changes (saved, replaced, added),
    until Ctrl-C. Each rebuild prints one line: the time, the pages and how long it took, and
    the warnings after it. A rebuild that fails (a file that is not UTF-8, a bad template)
    says why and keeps the last good PDF; the PDF is replaced whole, so a viewer reloads it.
    Also 'quire batch DIR -o OUT --watch' for a folder tree.

    Options:
    \(watchTable.help)

    Exit status: 1 when an input does not exist, 2 for a usage error at the start; Ctrl-C
    ends it with 130.
    """

    static func watch(_ args: [String], _ engine: Engine) throws(ExitCode) -> Int32 {
        let parsed = try watchTable.parse(args)
        if parsed.help { print(watchUsage); return 0 }
        // Checked once before watching: what is wrong with the command line will not get better.
        let first = try withConfiguration(parsed)
        let output = try renderOutput(first, command: "watch")
        guard output != "-", !first.inputs.contains("-") else {
            throw usageError("watch reads files and writes a file", hint: "give INPUT.md and -o OUTPUT.pdf, not '-'")
        }
        // A missing input is not waited for (it would be for ever): a typo ends the command.
        for input in first.inputs where kind(of: input) != S_IFREG {
            throw inputError("\(input): " + (kind(of: input) == S_IFDIR ? "is a folder, not a Markdown file" : "no such file"),
                             hint: kind(of: input) == S_IFDIR ? "for a folder, run 'quire batch \(input) -o OUT_DIR --watch'"
                                : "watch renders Markdown files that exist; check the name")
        }
        try checkOutput(output, kind: .pdf, force: first.force, inputs: first.inputs)
        guard let watcher = FileWatcher() else {
            printError("quire: error: cannot watch files here (inotify: \(String(cString: strerror(errno))))")
            return 1
        }
        printError("quire: watch: \(first.inputs.joined(separator: ", ")) -> \(output); Ctrl-C stops")
        // Watched before each rebuild, so that a change during it waits in inotify's queue.
        watcher.watch(files: Set(first.inputs))
        while true {
            let started = Date().timeIntervalSince1970
            watcher.watch(files: rebuild(parsed, output: output, engine))
            if !watcher.changed(since: started).isEmpty { continue }
            _ = watcher.nextChanges()
        }
    }

    /// One rebuild: quire.json and the options read again, the inputs rendered into `output`
    /// (kept as it was when this fails); one line saying when, what and how long, then the
    /// warnings. The files to watch next: the inputs, what the PDF was made from, the
    /// template file, and every place a quire.json would be read from.
    private static func rebuild(_ parsed: Arguments, output: String, _ engine: Engine) -> Set<String> {
        let started = Date()
        var watched = Set(parsed.inputs)
        watched.formUnion(Configuration.searched(from: configurationFolder(parsed.inputs[0])))
        if let config = parsed.config { watched.insert(config) }
        do {
            let a = try withConfiguration(parsed)
            if let template = a.template, template.hasSuffix(".json") || template.contains("/") { watched.insert(template) }
            let options = try self.options(a, input: a.inputs[0], engine)
            let rendered = try renderInputs(a.inputs, to: output, options: options, engine)
            watched.formUnion(rendered.dependencies)
            let count = rendered.warnings.reduce(0) { $0 + $1.warnings.count }
            printError("quire: watch: \(clock()) rendered \(output) (\(counted(rendered.pages, "page"))) in "
                       + String(format: "%.2f s", Date().timeIntervalSince(started))
                       + (count > 0 ? ", \(counted(count, "warning"))" : ""))
            if !a.quiet { for (path, warnings) in rendered.warnings { printWarnings(warnings, file: path) } }
        } catch {
            // A usage problem (a bad template, quire.json) was printed where it was found.
            if !(error is ExitCode) { printError("quire: error: \(error)") }
            printError("quire: watch: \(clock()) failed; \(output) kept as it was")
        }
        return watched
    }

    /// "14:03:07", the local time, for a rebuild's line.
    static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// `quire batch --watch`: the batch, then again on every change under its inputs, to its
    /// template or quire.json: a changed or added Markdown file renders (and the documents
    /// whose links depend on it, as `batch` decides), a changed image renders the documents
    /// that show it (a document not rendered in this session, whose images are not known, when
    /// the image lies in its folder or below). `parsed` is the command line before quire.json
    /// was read into it. Ends with Ctrl-C: at once while waiting, after the files being
    /// rendered otherwise (exit status 130).
    static func watchBatch(_ parsed: Arguments, first: BatchRun) -> Int32 {
        guard let watcher = FileWatcher() else {
            printError("quire: error: cannot watch files here (inotify: \(String(cString: strerror(errno))))")
            return 1
        }
        var batch: BatchRun? = first
        var last = first
        var dependencies: [String: [String]] = [:]  // a rendered job's input: the files it showed or linked
        // Watched before each run, so that a change during it waits in inotify's queue.
        watcher.watch(files: batchWatchedFiles(first, dependencies), trees: batchTrees(first), ignoring: batchOutputs(first))
        while true {
            let started = Date().timeIntervalSince1970
            if var run = batch {
                run.clockTime = clock()
                Interrupts.setDraining(true)
                let (status, finished) = run.execute()
                if Interrupts.signal != nil { return status }
                Interrupts.setDraining(false)
                for (job, outcome) in finished {
                    if case .rendered(_, _, _, _, let files, _) = outcome { dependencies[job.input] = files }
                }
                last = run
            }
            watcher.watch(files: batchWatchedFiles(last, dependencies), trees: batchTrees(last), ignoring: batchOutputs(last))
            let during = watcher.changed(since: started)
            let changed = during.isEmpty ? watcher.nextChanges() : during
            do {
                var next = try BatchRun(try withConfiguration(parsed), first.engine)
                next.forced = showing(changed, in: next.jobs, dependencies)
                batch = next
            } catch {
                batch = nil  // reported; the next change tries again
            }
        }
    }

    /// What a batch depends on outside its trees: its template file, quire.json's places, and
    /// the images and linked files its documents named.
    private static func batchWatchedFiles(_ run: BatchRun, _ dependencies: [String: [String]]) -> Set<String> {
        var files = Set(dependencies.values.joined())
        files.formUnion(Configuration.searched(from: configurationFolder(run.arguments.inputs[0])))
        if let config = run.arguments.config { files.insert(config) }
        if let template = run.arguments.template, template.hasSuffix(".json") || template.contains("/") { files.insert(template) }
        return files
    }

    /// The trees a batch's inputs are found in: each folder input, a glob's folder, the
    /// plan's root for files.
    private static func batchTrees(_ run: BatchRun) -> [String] {
        run.arguments.inputs.map { input in
            var info = stat()
            if stat(input, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? input : Quire.folder(of: input) }
            return MarkdownFiles.commonFolder(of: [input])
        }
    }

    /// What a batch writes, whose changes are its own: the output folder (unless it is an
    /// input folder itself: its PDFs are passed over by name) and the manifest.
    private static func batchOutputs(_ run: BatchRun) -> [String] {
        let trees = Set(batchTrees(run).map(AbsolutePath.of))
        var outputs = trees.contains(AbsolutePath.of(run.output)) ? [] : [run.output]
        if let manifest = run.arguments.manifest { outputs.append(manifest) }
        return outputs
    }

    /// The jobs (relative paths) to render again for `changed` files that are not Markdown:
    /// those whose last render named one; a job not rendered in this session when a changed
    /// file lies in its folder or below.
    private static func showing(_ changed: Set<String>, in jobs: [Batch.Job], _ dependencies: [String: [String]]) -> Set<String> {
        let files = changed.filter { !MarkdownFiles.isMarkdown($0) }
        guard !files.isEmpty else { return [] }
        return Set(jobs.filter { job in
            if let named = dependencies[job.input] { return named.contains { files.contains(AbsolutePath.of($0)) } }
            let folder = (job.input as NSString).deletingLastPathComponent
            return files.contains { FileWatcher.isInside($0, folder) }
        }.map(\.relativePath))
    }
}
