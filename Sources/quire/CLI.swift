import Quire
#if canImport(Glibc)
import Glibc
#endif

/// Exit codes: 0 success, 1 an input or output error (a file missing, unreadable, not
/// rendered or not written; a setting a file gives), 2 a usage error (the command line: bad
/// command, flag, template or value), 128 + the signal when interrupted.
enum CLI {
    static let usage = """
    quire \(Quire.version): typeset Markdown (CommonMark + GitHub extensions) into PDF.

    Usage:
      quire render INPUT.md... [-o OUTPUT.pdf] [options]
      quire watch INPUT.md... [-o OUTPUT.pdf] [options]
      quire preview INPUT.md [--excerpt-lines N] [--png OUT.png [--page K]] [options]
      quire batch INPUT... -o OUTPUT_DIR [--jobs N] [--force] [--watch] [options]
      quire digest INPUT... -o OUT.pdf [--excerpt-lines N] [--title T] [options]
      quire templates [--keys | --print NAME]
      quire --help        (also -h)
      quire --version     (also -V)

    Commands:
      render      typeset a Markdown file into a PDF (several: one PDF, a chapter each)
      watch       render, then render again whenever what the PDF is made from changes
      preview     print each section's excerpt as the PDF breaks its lines, or draw a page as PNG
      batch       render folder trees of Markdown files into a mirrored tree of PDFs
      digest      many Markdown files into one PDF of excerpts linked to their full texts
      templates   list the built-in templates ('--keys': every key; '--print NAME': one)

    Options also come from a quire.json beside the inputs or above them (--config FILE,
    --no-config); those on the command line win.
    Run 'quire COMMAND --help' for a command's options.

    Exit status, for every command: 0 success; 1 a problem with a file (an input missing,
    unreadable or not rendered, a setting its front matter gives, an output that cannot be
    written); 2 a usage error in the command line or quire.json (an unknown command,
    option, key or value, options in conflict); 130 (143) interrupted by Ctrl-C (SIGTERM).
    """

    static func run(_ args: [String]) -> Int32 {
        guard let command = args.first else {
            printError(usage)
            return 2
        }
        let rest = Array(args.dropFirst())
        // The one engine of the process: every render of the command uses it (fonts loaded
        // once), and the signal handler removes its temporary files.
        let engine = Engine()
        // Ctrl-C leaves no temporary file beside an output; batch drains instead (`Interrupts`).
        Interrupts.endAtOnce(removing: engine.temporaryFiles)
        return guarded { () throws(ExitCode) in
            switch command {
            case "-h", "--help", "help":
                print(usage)
                return 0
            case "-V", "--version", "version":
                print("quire \(Quire.version)")
                return 0
            case "render": return try render(rest, engine)
            case "preview": return try preview(rest, engine)
            case "batch": return try batch(rest, engine)
            case "digest": return try digest(rest, engine)
            case "watch": return try watch(rest, engine)
            case "templates": return try templates(rest, engine)
            case "__worker":
                // A batch worker process (see WorkerPool); its options are batch's style options.
                let a = try workerTable.parse(rest)
                return WorkerProtocol.serve(options: try options(a, engine, reportingWarnings: false), input: 0, output: 1, engine: engine)
            default:
                throw unknownCommand(command, rest)
            }
        }
    }

    // MARK: Options every command shares

    static let help = Option(flag: ["-h", "--help"], "show this help") { $0.help = true }
    static let quiet = Option(flag: ["-q", "--quiet"], "do not print warnings") { $0.quiet = true }
    static let title = Option(["--title"], value: "TEXT", "the title in the metadata, running header and title block", "(default: front matter title, first level-1 heading, file name)") { a, v in
        a.title = v.allSatisfy(\.isWhitespace) ? nil : v  // an empty title is none: the default is used
    }
    static let resourceRoot = Option(["--resource-root"], value: "DIR", "let images come from anywhere under DIR (default: the input's",
                                     "folder; a path leaving it is refused with a warning)") { a, v in a.resourceRoot = v }

    static let linkExtension = Option(["--link-ext"], value: "pdf|md|keep",
                                      "links to other Markdown files: 'pdf' (default) leads them to the PDF made",
                                      "from that file (../c.md#why -> ../c.pdf#why) when it exists (batch: when it",
                                      "is an input), else leaves them with a warning; 'md' leaves them as written",
                                      "but still checks them; 'keep' leaves them unchecked") { a, v throws(ExitCode) in
        guard let mode = LinkExtension(rawValue: v) else {
            throw usageError("invalid --link-ext '\(v)'", hint: "give pdf, md or keep")
        }
        a.linkExtension = mode
        a.linkExtensionGiven = true
    }

    /// The standards the PDF claims (render, batch, digest).
    static let pdfStandard = Option(["--pdf-standard"], value: "LIST",
                                    "the standards the PDF meets and claims: ua-1 (PDF/UA-1, the default),",
                                    "a-2a, a-2b, a-2u, a-3a, a-3b, a-3u (PDF/A), a comma list such as",
                                    "ua-1,a-2a, or none (over front matter 'pdf-standard' and pdf.standard)") { a, v throws(ExitCode) in
        do throws(PDFStandardsError) {
            a.pdfStandards = try PDFStandards.parse(v)
        } catch {
            throw usageError("invalid --pdf-standard '\(v)': \(error.description)", hint: "give \(PDFStandards.allowed)")
        }
    }

    /// The Markdown source carried inside the PDF (render, batch).
    static let attachSource = Option(flag: ["--attach-source"], "carry the Markdown source inside the PDF, as an attached file",
                                     "(its source, which PDF/A-3 allows: with PDF/A, ask for a-3a, a-3b or a-3u)") { a in
        a.attachSource = true
    }

    /// Files and folders that folders and globs of the inputs do not include (batch, digest).
    static let exclude = Option(["--exclude"], value: "GLOB", "leave out files and folders matching GLOB, as .gitignore writes",
                                "them (repeatable): 'node_modules/', '*.draft.md', 'drafts/**'") { a, v throws(ExitCode) in
        guard let pattern = PathPattern(v) else { throw usageError("empty --exclude", hint: "give a pattern such as 'node_modules/'") }
        a.excludes.append(pattern)
    }

    /// A table of contents in each document rendered (the digest has its own contents page).
    static let tableOfContents = Option(flag: ["--toc"], "a table of contents after the title, with page numbers, linked",
                                        "(depth: --set toc.depth=N, default 3; front matter 'toc: true' asks too)") { a in
        a.sets.append(("toc=true", "--toc"))
    }

    /// The options that choose the style; `excerptNote` adds a line to --excerpt-lines's help.
    static func styleOptions(excerptNote: String? = nil) -> [Option] {
        var excerptLines = Option(["--excerpt-lines"], value: "N", "cut every section longer than N lines to N lines ending with",
                                  "\"… Continue reading\", linked to its full text at the end; 0: no",
                                  "excerpts (as --set excerpt.lines=0)") { a, v throws(ExitCode) in
            guard let n = Int(v), (0...1000).contains(n) else {
                throw usageError("invalid --excerpt-lines '\(v)'", hint: "give a whole number of lines from 0 (no excerpts) to 1000")
            }
            a.sets.append(("excerpt.lines=\(n)", "--excerpt-lines"))
        }
        if let excerptNote { excerptLines = excerptLines.noting(excerptNote) }
        return [
            Option(["--template"], value: "NAME|PATH", "a built-in template (see 'quire templates') or a .json file") { a, v in a.template = v },
            Option(["--set"], value: "KEY=VALUE", "override one template key (repeatable; 'quire templates --keys' lists them)") { a, v in
                a.sets.append((v, "--set"))
            },
            Option(["--page-size"], value: "SIZE", "a4 (default), a3, a5, a6, b5, letter, legal, tabloid or \"W x H\" in",
                   "pt, mm, cm or in (\"210x297mm\", \"8.5 x 11 in\"), maybe followed by landscape") { a, v in
                a.sets.append(("page.size=" + v, "--page-size"))
            },
            Option(flag: ["--landscape"], "turn the page: its longer side across") { a in
                a.sets.append(("page.orientation=landscape", "--landscape"))
            },
            excerptLines,
            Option(["--fetch-images"], value: "MODE", "fetch http and https images: none (default: no request), public",
                   "(never from loopback, private, link-local or multicast addresses), all",
                   "(as --set images.fetch=MODE; kept in the cache, images.cache)") { a, v throws(ExitCode) in
                guard ImageFetching.Mode(rawValue: v) != nil else {
                    throw usageError("invalid --fetch-images '\(v)'", hint: "give none, public or all")
                }
                a.sets.append(("images.fetch=\"\(v)\"", "--fetch-images"))
            },
            Option(flag: ["--offline"], "remote images from the cache only: no request (as --set images.offline=true)") { a in
                a.sets.append(("images.offline=true", "--offline"))
            },
        ]
    }

    /// The options batch's workers are started with: what every file of the batch shares.
    static let workerTable = OptionTable(command: "batch", inputs: .none,
                                         options: styleOptions() + [title, resourceRoot, linkExtension, pdfStandard, attachSource])

    // MARK: Shared work

    /// A usage problem, already reported: the exit status to end with.
    struct ExitCode: Error, Sendable {
        var code: Int32
        init(_ code: Int32) { self.code = code }
    }

    /// Runs a command's body; a usage problem it throws becomes its exit status.
    static func guarded(_ body: () throws(ExitCode) -> Int32) -> Int32 {
        do { return try body() } catch { return error.code }
    }

    /// The options for `input`: the style from --template and --set (in order), images read
    /// beside the input (under --resource-root); or a usage error naming the problem.
    static func options(_ a: Arguments, input: String, _ engine: Engine) throws(ExitCode) -> RenderOptions {
        var options = try options(a, engine)
        options.sourceName = input
        options.baseDirectory = Quire.folder(of: input)
        return options
    }

    /// The options every input shares: style from --template and --set (in order), the title,
    /// --resource-root; or a usage error naming the problem. Images are read beside each input.
    /// What did not stop the style (a font that is not installed) is printed as a warning
    /// unless -q or `reportingWarnings` is false (a batch's workers: their batch said it).
    static func options(_ a: Arguments, _ engine: Engine, reportingWarnings: Bool = true) throws(ExitCode) -> RenderOptions {
        try checkConflicts(a)
        var options: RenderOptions
        do {
            let resolved = try Templates.resolve(template: a.template, settings: a.sets)
            options = RenderOptions(style: resolved.style)
            if reportingWarnings && !a.quiet {
                for warning in resolved.warnings { printError("quire: warning: \(warning)") }
            }
        } catch {
            throw usageError(error.message, hint: "'quire templates --keys' lists every key and the values it takes")
        }
        if reportingWarnings { try checkCodeTheme(options.style.codeTheme, engine) }
        options.title = a.title
        options.sourceDateEpoch = ProcessEnvironment.sourceDateEpoch
        options.imageCacheFolder = ProcessEnvironment.imageCacheFolder
        options.linkExtension = a.linkExtension
        options.pdfStandards = a.pdfStandards
        options.attachSource = a.attachSource
        // The library's one attach-source rule, as a usage error at once (front matter's and a
        // template's standards meet the same rule when the document is read).
        if a.attachSource, let standards = a.pdfStandards, let archival = standards.archival {
            do throws(PDFStandardsError) { try standards.checkAttachedSources() } catch {
                throw usageError(error.description,
                                 hint: "--pdf-standard \(standards.accessible ? "ua-1," : "")a-3\(archival.level.lowercased()), or leave out --attach-source")
            }
        }
        if let root = a.resourceRoot {
            var info = stat()
            guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw usageError("--resource-root '\(root)' is not a folder", hint: "give the folder images may come from")
            }
            options.resourceRoot = root
        }
        return options
    }

    /// An unknown code.theme is a usage error at once, as any other key's bad value, whether
    /// or not the document has code (it was a warning, and only when a block was highlighted).
    /// The default needs no look; another opens GtkSourceView to list the installed schemes
    /// (without it, nothing is highlighted anyway, and rendering warns).
    static func checkCodeTheme(_ theme: String, _ engine: Engine) throws(ExitCode) {
        guard theme != Highlighting.defaultTheme else { return }
        let installed = engine.installedHighlighting()
        guard installed.problem == nil, !installed.themes.contains(theme) else { return }
        throw usageError("code theme '\(theme)' (code.theme) is not installed",
                         hint: Suggestions.didYouMean(theme, among: installed.themes)
                            + "installed: \(installed.themes.joined(separator: ", ")) ('quire templates --keys' lists them)")
    }

    /// The usage error for an unknown command, with what was probably meant: a near command
    /// (`rendr`, `--versoin`), or `render` before a Markdown file given as the command.
    static func unknownCommand(_ command: String, _ rest: [String]) -> ExitCode {
        let commands = ["render", "watch", "preview", "batch", "digest", "templates", "--help", "--version"]
        if MarkdownFiles.isMarkdown(command) || command.hasSuffix("/") {
            let verb = command.hasSuffix("/") ? "batch" : "render"
            return usageError("unknown command '\(command)'",
                              hint: "did you mean 'quire \(verb) \(([command] + rest).joined(separator: " "))'? run 'quire --help' for the commands")
        }
        return usageError("unknown command '\(command)'",
                          hint: Suggestions.didYouMean(command, among: commands) + "run 'quire --help' for the commands")
    }

    /// Options that contradict each other, and a SOURCE_DATE_EPOCH that is not a number, are
    /// usage errors rather than one of them silently winning or being ignored.
    static func checkConflicts(_ a: Arguments) throws(ExitCode) {
        let typed = a.sets.filter { $0.source == "--page-size" }.map { $0.text.dropFirst("page.size=".count).lowercased() }
        if a.sets.contains(where: { $0.source == "--landscape" }), let size = typed.first(where: { $0.hasSuffix("portrait") }) {
            throw usageError("--landscape and --page-size '\(size)' contradict each other", hint: "give one orientation")
        }
        if let epoch = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }), !epoch.isEmpty,
           Int64(epoch).map({ $0 >= 0 }) != true {
            throw usageError("SOURCE_DATE_EPOCH='\(epoch)' is not a whole number of seconds since 1970",
                             hint: "unset it, or set it as SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)")
        }
    }

    /// Reports a problem with an input or output (exit status 1: a file that is missing,
    /// unreadable or in the way; the command line itself was right) with a hint.
    static func inputError(_ message: String, hint: String) -> ExitCode {
        printError("quire: error: \(message)\nhint: \(hint)")
        return ExitCode(1)
    }

    /// Reports a usage problem (exit status 2) with a hint, for the caller to throw.
    static func usageError(_ message: String, hint: String) -> ExitCode {
        printError("quire: error: \(message)\nhint: \(hint)")
        return ExitCode(2)
    }
}
