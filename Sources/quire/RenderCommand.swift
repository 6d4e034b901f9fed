import Quire

/// `quire render` and `quire preview`: one Markdown file.
extension CLI {
    static let renderTable = OptionTable(command: "render", inputs: .one, options: [
        Option(["-o", "--output"], value: "PATH", "where to write the PDF (default: INPUT with .pdf beside it;",
               "'-' writes to standard output, not a terminal; required when INPUT is '-')") { a, v in a.output = v },
        Option(flag: ["--force"], "replace an existing output that is not a PDF (refused otherwise)") { $0.force = true },
        title,
        resourceRoot,
        linkExtension,
        tableOfContents,
    ] + styleOptions() + [quiet, help])

    static let renderUsage = """
    Usage: quire render INPUT.md [-o OUTPUT.pdf] [options]

    Typesets INPUT.md into a PDF. Use '-' as INPUT to read standard input.

    Options:
    \(renderTable.help)

    Images and linked Markdown files are read relative to INPUT's folder (for '-', the
    current folder); remote images are never fetched. A link to another Markdown file
    leads to the PDF made from it (render that file too, into the same relative place).
    Warnings (a link to a missing #anchor or file, an image that cannot be shown) are
    printed as 'quire: warning: FILE:LINE: message'; the PDF is still written.
    Exit status: 0 success, 1 rendering error, 2 usage error.
    """

    static func render(_ args: [String]) throws(ExitCode) -> Int32 {
        let a = try renderTable.parse(args)
        if a.help { print(renderUsage); return 0 }
        guard let inputPath = a.inputs.first else {
            throw usageError("no input file", hint: "usage: quire render INPUT.md [-o OUTPUT.pdf]")
        }
        if inputPath == "-" && a.output == nil {
            throw usageError("reading standard input needs -o", hint: "add '-o OUTPUT.pdf' or '-o -' for standard output")
        }
        let options = try self.options(a, input: inputPath)
        let outputPath = a.output ?? defaultOutput(for: inputPath)
        try checkOutput(outputPath, kind: .pdf, force: a.force, inputs: [inputPath])
        do {
            let result = try Quire.renderFile(input: inputPath, output: outputPath, options: options)
            if !a.quiet { printWarnings(result.warnings, file: inputPath) }
            return 0
        } catch {
            printError("quire: error: \(error)")
            return 1
        }
    }

    static let previewTable = OptionTable(command: "preview", inputs: .one, options: [
        Option(["--png"], value: "PATH", "write page K as a PNG image (the page size at D dots per inch)") { a, v in a.png = v },
        Option(["--page"], value: "K", "which page (1-based; default 1)") { a, v throws(ExitCode) in
            guard let k = Int(v), k >= 1 else { throw usageError("invalid --page '\(v)'", hint: "give a page number, 1 or more") }
            a.page = k
        },
        Option(["--dpi"], value: "D", "resolution of the PNG, 24 to 600 (default 96)") { a, v throws(ExitCode) in
            guard let d = Double(v), (24...600).contains(d) else {
                throw usageError("invalid --dpi '\(v)'", hint: "give a resolution from 24 to 600")
            }
            a.dpi = d
        },
    ] + styleOptions(excerptNote: "(preview uses 6 lines when neither this nor the template sets them)") + [
        tableOfContents,
        resourceRoot,
        Option(flag: ["-q", "--quiet"], "do not print warnings") { $0.quiet = true },
        help,
    ])

    static let previewUsage = """
    Usage: quire preview INPUT.md [--excerpt-lines N] [options]
           quire preview INPUT.md --png OUT.png [--page K] [--dpi D] [options]

    Prints every section's excerpt with exactly the line breaks of the PDF that
    'quire render --excerpt-lines N' makes; a cut section ends with "… Continue reading".
    With --png, draws page K (default 1) of the same layout into a PNG image instead.

    Options:
    \(previewTable.help)
    """

    static func preview(_ args: [String]) throws(ExitCode) -> Int32 {
        let a = try previewTable.parse(args)
        if a.help { print(previewUsage); return 0 }
        guard let path = a.inputs.first else {
            throw usageError("no input file", hint: "usage: quire preview INPUT.md [--excerpt-lines N]")
        }
        if a.png == nil, a.page != nil || a.dpi != nil {
            throw usageError("\(a.page != nil ? "--page" : "--dpi") needs --png",
                             hint: "add '--png OUT.png' to draw a page; without it preview prints the excerpts")
        }
        let options = try self.options(a, input: path)
        if let png = a.png { try checkOutput(png, kind: .png, force: false, inputs: [path]) }
        do {
            let text = try InputFile.readMarkdown(at: path)
            if let png = a.png {
                let image = try Quire.renderPNG(markdown: text, page: a.page ?? 1, dpi: a.dpi ?? 96, options: options)
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
}
