import Quire
#if canImport(Glibc)
import Glibc
#endif

/// Exit codes: 0 success, 1 a rendering error, 2 a usage error (bad flag, template or value).
enum CLI {
    static let usage = """
    quire \(Quire.version): typeset Markdown (CommonMark + GitHub extensions) into PDF.

    Usage:
      quire render INPUT.md [-o OUTPUT.pdf] [options]
      quire preview INPUT.md [--excerpt-lines N] [--png OUT.png [--page K]] [options]
      quire batch INPUT_DIR -o OUTPUT_DIR [--jobs N] [--force] [options]
      quire digest INPUT... -o OUT.pdf [--excerpt-lines N] [--title T] [options]
      quire templates
      quire --help | --version

    Commands:
      render      typeset one Markdown file into a PDF
      preview     print each section's excerpt as the PDF breaks its lines, or draw a page as PNG
      batch       render a folder tree of Markdown files into a mirrored tree of PDFs
      digest      many Markdown files into one PDF of excerpts linked to their full texts
      templates   list the built-in templates ('--keys': every key, as Markdown)

    Run 'quire COMMAND --help' for a command's options.
    """

    static let styleOptions = """
      --template NAME|PATH   a built-in template (see 'quire templates') or a .json file
      --set KEY=VALUE        override one template key (repeatable; keys in Templates/README.md)
      --page-size SIZE       a4 (default), a5, a6, letter, legal or "W x H mm" (same as --set page.size=SIZE)
      --excerpt-lines N      cut every section longer than N lines (N >= 1) to N lines ending
                             with "… Continue reading", linked to its full text at the end
    """

    static let resourceOption = """
      --resource-root DIR    let images come from anywhere under DIR (default: the input's
                             folder; a path leaving it is refused with a warning)
    """

    static let renderUsage = """
    Usage: quire render INPUT.md [-o OUTPUT.pdf] [options]

    Typesets INPUT.md into a PDF. Use '-' as INPUT to read standard input.

    Options:
      -o, --output PATH      where to write the PDF (default: INPUT with .pdf beside it;
                             '-' writes to standard output; required when INPUT is '-')
      --title TEXT           the PDF's title (default: front matter title, first heading, file name)
    \(resourceOption)
    \(styleOptions)
      -q, --quiet            do not print warnings
      -h, --help             show this help

    Images are read relative to INPUT's folder (for '-', the current folder); remote
    images are never fetched. Warnings (a link to a missing #anchor, an image that cannot
    be shown) are printed as 'quire: warning: FILE:LINE: message'; the PDF is still written.
    Exit status: 0 success, 1 rendering error, 2 usage error.
    """

    static let previewUsage = """
    Usage: quire preview INPUT.md [--excerpt-lines N] [options]
           quire preview INPUT.md --png OUT.png [--page K] [--dpi D] [options]

    Prints every section's excerpt with exactly the line breaks of the PDF that
    'quire render --excerpt-lines N' makes; a cut section ends with "… Continue reading".
    With --png, draws page K (default 1) of the same layout into a PNG image instead.

    Options:
      --png PATH             write page K as a PNG image (the page size at D dots per inch)
      --page K               which page (1-based; default 1)
      --dpi D                resolution of the PNG, 24 to 600 (default 96)
    \(styleOptions)
                             (preview uses 6 lines when neither this nor the template sets them)
    \(resourceOption)
      -h, --help             show this help
    """

    static func run(_ args: [String]) -> Int32 {
        guard let command = args.first else {
            printError(usage)
            return 2
        }
        let rest = Array(args.dropFirst())
        switch command {
        case "-h", "--help", "help":
            print(usage)
            return 0
        case "-V", "--version", "version":
            print("quire \(Quire.version)")
            return 0
        case "render":
            return render(rest)
        case "preview":
            return preview(rest)
        case "batch":
            return batch(rest)
        case "digest":
            return digest(rest)
        case "__worker":
            // A batch worker process (see WorkerPool); its options are batch's style options.
            return guarded { () throws(ExitCode) in
                WorkerReply.serve(options: try options(parse(rest, command: "batch", allowOutput: true)))
            }
        case "templates":
            if rest == ["--keys"] {
                print(Templates.keyTable)
                return 0
            }
            guard rest.isEmpty else {
                return usageError("unexpected '\(rest[0])'", hint: "'quire templates' lists the built-ins; 'quire templates --keys' lists every key")
            }
            for t in Templates.builtins {
                print(t.name.padding(toLength: 10, withPad: " ", startingAt: 0) + t.description)
            }
            return 0
        default:
            return usageError("unknown command '\(command)'", hint: "run 'quire --help' for the commands")
        }
    }

    /// What the command line asked for, before the template is resolved.
    struct Arguments {
        var input: String?
        var output: String?
        var title: String?
        var resourceRoot: String?
        var template: String?
        var sets: [String] = []
        var quiet = false
        var help = false
        var png: String?
        var page = 1
        var dpi = 96.0
    }

    /// Parses the options render and preview share; a usage error's exit code otherwise.
    static func parse(_ args: [String], command: String, allowOutput: Bool) throws(ExitCode) -> Arguments {
        var a = Arguments()
        var i = 0
        while i < args.count {
            let arg = args[i]
            func value() -> String? {
                guard i + 1 < args.count else { return nil }
                i += 1
                return args[i]
            }
            let takesValue = ["--template", "--set", "--page-size", "--excerpt-lines", "--resource-root"]
                + (allowOutput ? ["-o", "--output", "--title"] : ["--png", "--page", "--dpi"])
            if takesValue.contains(arg) {
                guard let v = value() else {
                    throw ExitCode(usageError("option '\(arg)' needs a value", hint: "run 'quire \(command) --help' for the options"))
                }
                switch arg {
                case "-o", "--output": a.output = v
                case "--title": a.title = v
                case "--resource-root": a.resourceRoot = v
                case "--template": a.template = v
                case "--set": a.sets.append(v)
                case "--page-size": a.sets.append("page.size=" + v)
                case "--png": a.png = v
                case "--page":
                    guard let k = Int(v), k >= 1 else {
                        throw ExitCode(usageError("invalid --page '\(v)'", hint: "give a page number, 1 or more"))
                    }
                    a.page = k
                case "--dpi":
                    guard let d = Double(v), (24...600).contains(d) else {
                        throw ExitCode(usageError("invalid --dpi '\(v)'", hint: "give a resolution from 24 to 600"))
                    }
                    a.dpi = d
                default:
                    guard let n = Int(v), n >= 1 else {
                        throw ExitCode(usageError("invalid --excerpt-lines '\(v)'", hint: "give a whole number of lines, 1 or more"))
                    }
                    a.sets.append("excerpt.lines=\(n)")
                }
            } else if arg == "-h" || arg == "--help" {
                a.help = true
            } else if allowOutput && (arg == "-q" || arg == "--quiet") {
                a.quiet = true
            } else if arg.hasPrefix("-") && arg != "-" {
                throw ExitCode(usageError("unknown option '\(arg)'", hint: "run 'quire \(command) --help' for the options"))
            } else if let first = a.input {
                throw ExitCode(usageError("more than one input ('\(first)' and '\(arg)')",
                                                    hint: "\(command) takes one file; 'quire \(command) --help' shows the usage"))
            } else {
                a.input = arg
            }
            i += 1
        }
        return a
    }

    /// A usage problem, already reported: the exit status to end with.
    struct ExitCode: Error {
        var code: Int32
        init(_ code: Int32) { self.code = code }
    }

    /// Runs a command's body; a usage problem it throws becomes its exit status.
    static func guarded(_ body: () throws(ExitCode) -> Int32) -> Int32 {
        do { return try body() } catch { return error.code }
    }

    /// The options for `input`: the style from --template and --set (in order), images read
    /// beside the input (under --resource-root); or a usage error naming the problem.
    static func options(_ a: Arguments, input: String) throws(ExitCode) -> RenderOptions {
        var options = try options(a)
        options.sourceName = input
        options.baseDirectory = Quire.folder(of: input)
        return options
    }

    /// The options every input shares: style from --template and --set (in order), the title,
    /// --resource-root; or a usage error naming the problem. Images are read beside each input.
    static func options(_ a: Arguments) throws(ExitCode) -> RenderOptions {
        var options: RenderOptions
        do {
            options = RenderOptions(style: try Templates.style(template: a.template, sets: a.sets))
        } catch {
            throw ExitCode(usageError(error.message, hint: "see Templates/README.md for every key and its values"))
        }
        options.title = a.title
        if let root = a.resourceRoot {
            var info = stat()
            guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw ExitCode(usageError("--resource-root '\(root)' is not a folder", hint: "give the folder images may come from"))
            }
            options.resourceRoot = root
        }
        return options
    }

    static func render(_ args: [String]) -> Int32 { guarded { () throws(ExitCode) in
        let a = try parse(args, command: "render", allowOutput: true)
        if a.help { print(renderUsage); return 0 }
        guard let inputPath = a.input else {
            return usageError("no input file", hint: "usage: quire render INPUT.md [-o OUTPUT.pdf]")
        }
        if inputPath == "-" && a.output == nil {
            return usageError("reading standard input needs -o", hint: "add '-o OUTPUT.pdf' or '-o -' for standard output")
        }
        let options = try self.options(a, input: inputPath)
        let outputPath = a.output ?? defaultOutput(for: inputPath)
        do {
            let result = try Quire.renderFile(input: inputPath, output: outputPath, options: options)
            if !a.quiet {
                for warning in result.warnings {
                    let place = warning.line > 0 ? "\(inputPath):\(warning.line)" : inputPath
                    printError("quire: warning: \(place): \(warning.message)")
                }
            }
            return 0
        } catch {
            printError("quire: error: \(error)")
            return 1
        }
    } }

    static func preview(_ args: [String]) -> Int32 { guarded { () throws(ExitCode) in
        let a = try parse(args, command: "preview", allowOutput: false)
        if a.help { print(previewUsage); return 0 }
        guard let path = a.input else {
            return usageError("no input file", hint: "usage: quire preview INPUT.md [--excerpt-lines N]")
        }
        let options = try self.options(a, input: path)
        do {
            let text = try InputFile.readMarkdown(at: path)
            if let png = a.png {
                let image = try Quire.renderPNG(markdown: text, page: a.page, dpi: a.dpi, options: options)
                try OutputFile.writeAtomically(image.png, to: png)
                return 0
            }
            var out = ""
            for excerpt in Quire.excerpts(markdown: text, options: options) {
                out += "## \(excerpt.title)\n"
                for line in excerpt.lines { out += line + "\n" }
                out += "\n"
            }
            print(out, terminator: "")
            return 0
        } catch {
            printError("quire: error: \(error)")
            return 1
        }
    } }

    /// INPUT.md -> INPUT.pdf beside it (any extension replaced; none: ".pdf" added).
    static func defaultOutput(for input: String) -> String {
        let slash = input.lastIndex(of: "/")
        let nameStart = slash.map { input.index(after: $0) } ?? input.startIndex
        if let dot = input[nameStart...].lastIndex(of: "."), dot > nameStart {
            return String(input[..<dot]) + ".pdf"
        }
        return input + ".pdf"
    }

    @discardableResult
    static func usageError(_ message: String, hint: String) -> Int32 {
        printError("quire: error: \(message)\nhint: \(hint)")
        return 2
    }

    static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
