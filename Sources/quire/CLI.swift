import Quire
#if canImport(Glibc)
import Glibc
#endif

/// Exit codes: 0 success, 1 a rendering error, 2 a usage error.
enum CLI {
    static let usage = """
    quire \(Quire.version): typeset Markdown (CommonMark + GitHub extensions) into PDF.

    Usage:
      quire render INPUT.md [-o OUTPUT.pdf] [options]
      quire preview INPUT.md [--excerpt-lines N]
      quire --help | --version

    Commands:
      render    typeset one Markdown file into a PDF
      preview   print each section's excerpt as the PDF breaks its lines

    Run 'quire COMMAND --help' for a command's options.
    """

    static let renderUsage = """
    Usage: quire render INPUT.md [-o OUTPUT.pdf] [options]

    Typesets INPUT.md into a PDF. Use '-' as INPUT to read standard input.

    Options:
      -o, --output PATH      where to write the PDF (default: INPUT with .pdf beside it;
                             '-' writes to standard output; required when INPUT is '-')
      --page-size SIZE       a4 (default), a5 or letter
      --title TEXT           the PDF's title (default: the first heading, else the file name)
      --excerpt-lines N      cut every section longer than N lines (N >= 1) to N lines ending
                             with "… Continue reading", linked to its full text at the end
      -q, --quiet            do not print warnings
      -h, --help             show this help

    Warnings (such as a link to a missing #anchor) are printed as
    'quire: warning: FILE:LINE: message'; the PDF is still written.
    Exit status: 0 success, 1 rendering error, 2 usage error.
    """

    static func run(_ args: [String]) -> Int32 {
        guard let command = args.first else {
            printError(usage)
            return 2
        }
        switch command {
        case "-h", "--help", "help":
            print(usage)
            return 0
        case "-V", "--version", "version":
            print("quire \(Quire.version)")
            return 0
        case "render":
            return render(Array(args.dropFirst()))
        case "preview":
            return preview(Array(args.dropFirst()))
        default:
            return usageError("unknown command '\(command)'", hint: "run 'quire --help' for the commands")
        }
    }

    static func render(_ args: [String]) -> Int32 {
        var input: String?
        var output: String?
        var options = RenderOptions()
        var quiet = false
        var i = 0
        func value(_ flag: String) -> String? {
            guard i + 1 < args.count else { return nil }
            i += 1
            return args[i]
        }
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "-h", "--help":
                print(renderUsage)
                return 0
            case "-o", "--output":
                guard let v = value(arg) else { return missingValue(arg) }
                output = v
            case "--page-size":
                guard let v = value(arg) else { return missingValue(arg) }
                guard let size = PageSize.named(v) else {
                    let names = PageSize.named.map(\.name).joined(separator: ", ")
                    return usageError("invalid --page-size '\(v)'", hint: "use one of: \(names)")
                }
                options.style.pageSize = size
            case "--title":
                guard let v = value(arg) else { return missingValue(arg) }
                options.title = v
            case "--excerpt-lines":
                guard let v = value(arg) else { return missingValue(arg) }
                guard let n = Int(v), n >= 1 else {
                    return usageError("invalid --excerpt-lines '\(v)'", hint: "give a whole number of lines, 1 or more")
                }
                options.style.excerptLines = n
            case "-q", "--quiet":
                quiet = true
            default:
                if arg.hasPrefix("-") && arg != "-" {
                    return usageError("unknown option '\(arg)'", hint: "run 'quire render --help' for the options")
                }
                if input != nil {
                    return usageError("more than one input ('\(input!)' and '\(arg)')",
                                      hint: "render takes one file; 'quire render --help' shows the usage")
                }
                input = arg
            }
            i += 1
        }
        guard let inputPath = input else {
            return usageError("no input file", hint: "usage: quire render INPUT.md [-o OUTPUT.pdf]")
        }
        if inputPath == "-" && output == nil {
            return usageError("reading standard input needs -o", hint: "add '-o OUTPUT.pdf' or '-o -' for standard output")
        }
        let outputPath = output ?? defaultOutput(for: inputPath)
        do {
            let result = try Quire.renderFile(input: inputPath, output: outputPath, options: options)
            if !quiet {
                for warning in result.warnings {
                    let place = warning.line > 0 ? "\(inputPath):\(warning.line)" : inputPath
                    printError("quire: warning: \(place): \(warning.message)")
                }
            }
            return 0
        } catch let error as QuireError {
            printError("quire: error: \(error)")
            return 1
        } catch {
            printError("quire: error: \(inputPath): \(error)")
            return 1
        }
    }

    static let previewUsage = """
    Usage: quire preview INPUT.md [--excerpt-lines N] [--page-size SIZE]

    Prints every section's excerpt with exactly the line breaks of the PDF that
    'quire render --excerpt-lines N' makes; a cut section ends with "… Continue reading".

    Options:
      --excerpt-lines N      lines per excerpt (default 6)
      --page-size SIZE       a4 (default), a5 or letter
      -h, --help             show this help
    """

    static func preview(_ args: [String]) -> Int32 {
        var input: String?
        var options = RenderOptions()
        options.style.excerptLines = 6
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "-h", "--help":
                print(previewUsage)
                return 0
            case "--excerpt-lines", "--page-size":
                guard i + 1 < args.count else { return missingValue(arg, command: "preview") }
                i += 1
                if arg == "--page-size" {
                    guard let size = PageSize.named(args[i]) else {
                        return usageError("invalid --page-size '\(args[i])'", hint: "use one of: a4, a5, letter")
                    }
                    options.style.pageSize = size
                } else {
                    guard let n = Int(args[i]), n >= 1 else {
                        return usageError("invalid --excerpt-lines '\(args[i])'", hint: "give a whole number of lines, 1 or more")
                    }
                    options.style.excerptLines = n
                }
            default:
                if arg.hasPrefix("-") && arg != "-" {
                    return usageError("unknown option '\(arg)'", hint: "run 'quire preview --help' for the options")
                }
                guard input == nil else {
                    return usageError("more than one input", hint: "preview takes one file")
                }
                input = arg
            }
            i += 1
        }
        guard let path = input else {
            return usageError("no input file", hint: "usage: quire preview INPUT.md [--excerpt-lines N]")
        }
        do {
            options.sourceName = path
            let text = try InputFile.readMarkdown(at: path)
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
    }

    /// INPUT.md -> INPUT.pdf beside it (any extension replaced; none: ".pdf" added).
    static func defaultOutput(for input: String) -> String {
        let slash = input.lastIndex(of: "/")
        let nameStart = slash.map { input.index(after: $0) } ?? input.startIndex
        if let dot = input[nameStart...].lastIndex(of: "."), dot > nameStart {
            return String(input[..<dot]) + ".pdf"
        }
        return input + ".pdf"
    }

    static func missingValue(_ flag: String, command: String = "render") -> Int32 {
        usageError("option '\(flag)' needs a value", hint: "run 'quire \(command) --help' for the options")
    }

    static func usageError(_ message: String, hint: String) -> Int32 {
        printError("quire: error: \(message)\nhint: \(hint)")
        return 2
    }

    static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
