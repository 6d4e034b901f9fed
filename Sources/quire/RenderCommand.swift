import Quire
#if canImport(Glibc)
import Glibc
#endif

/// `quire render` and `quire preview`: one Markdown file, or several as one document.
extension CLI {
    static let renderTable = OptionTable(command: "render", inputs: .many, options: [
        Option(["-o", "--output"], value: "PATH", "where to write the PDF (default: INPUT with .pdf beside it;",
               "'-' writes to standard output, not a terminal; required when INPUT is '-'",
               "or there are several inputs)") { a, v in a.output = v },
        Option(flag: ["--force"], "replace an existing output that is not a PDF (refused otherwise)") { $0.force = true },
        title,
        resourceRoot,
        linkExtension,
        tableOfContents,
        pdfStandard,
        attachSource,
    ] + styleOptions() + configOptions + [quiet, help])

    static let renderUsage = """
    Usage: quire render INPUT.md [-o OUTPUT.pdf] [options]
           quire render INPUT.md INPUT.md... -o OUTPUT.pdf [options]

    Typesets INPUT.md into a PDF. Use '-' as INPUT to read standard input. Several inputs
    make one document, in order, each starting a chapter on a new page; the first one's
    front matter gives the title, and links between them lead inside the PDF.

    Options:
    \(renderTable.help)

    Images and linked Markdown files are read relative to INPUT's folder (for '-', the
    current folder); remote images are never fetched. A link to another Markdown file
    leads to the PDF made from it (render that file too, into the same relative place).
    Warnings (a link to a missing #anchor or file, an image that cannot be shown) are
    printed as 'quire: warning: FILE:LINE: message'; the PDF is still written.
    Options also come from quire.json (see --config), under those given here.
    Exit status: 0 success, 1 an input or output error (a missing input too), 2 usage error.
    """

    /// A folder or a PDF given to render is named for what it is, with the command meant
    /// (an error, exit status 1): "is a directory" or "is the input itself" said less.
    static func checkInputsAreMarkdown(_ inputs: [String]) throws(ExitCode) {
        for input in inputs where input != "-" {
            if kind(of: input) == S_IFDIR {
                throw inputError("\(input): is a folder, not a Markdown file",
                                 hint: "for a PDF of each file under it run 'quire batch \(input) -o OUT_DIR'; for one PDF of them all, 'quire digest \(input) -o OUT.pdf'")
            }
            if input.lowercased().hasSuffix(".pdf") {
                throw inputError("\(input): is a PDF, not a Markdown file", hint: "render takes Markdown files (.md); give the .md the PDF was made from")
            }
        }
    }

    static func render(_ args: [String], _ engine: Engine) throws(ExitCode) -> Int32 {
        var a = try renderTable.parse(args)
        if a.help { print(renderUsage); return 0 }
        a = try withConfiguration(a)
        try checkInputsAreMarkdown(a.inputs)
        let output = try renderOutput(a, command: "render")
        try checkOutput(output, kind: .pdf, force: a.force, inputs: a.inputs)
        let options = try self.options(a, input: a.inputs[0], engine)
        do {
            let rendered = try renderInputs(a.inputs, to: output, options: options, engine)
            if !a.quiet { for (path, warnings) in rendered.warnings { printWarnings(warnings, file: path) } }
            return 0
        } catch {
            printError("quire: error: \(error)")
            return 1
        }
    }

    /// Where `a`'s inputs are rendered to: `-o`, else the one input's name with ".pdf"; a
    /// usage error without inputs, for standard input without `-o`, or for several inputs
    /// without `-o` or with standard input among them.
    static func renderOutput(_ a: Arguments, command: String) throws(ExitCode) -> String {
        guard let first = a.inputs.first else {
            throw usageError("no input file", hint: "usage: quire \(command) INPUT.md [-o OUTPUT.pdf]")
        }
        if a.inputs.count > 1 {
            guard !a.inputs.contains("-") else {
                throw usageError("standard input cannot be one of several inputs", hint: "give files, or '-' alone")
            }
            guard let output = a.output else {
                throw usageError("several inputs make one PDF: name it with -o", hint: "add '-o BOOK.pdf'")
            }
            return output
        }
        if first == "-" && a.output == nil {
            throw usageError("reading standard input needs -o", hint: "add '-o OUTPUT.pdf' or '-o -' for standard output")
        }
        return a.output ?? defaultOutput(for: first)
    }

    /// What rendering a command's inputs made: each input's warnings, the PDF's pages, and
    /// the files besides the inputs it depends on (for `watch`).
    struct Rendered {
        var warnings: [(path: String, warnings: [Warning])]
        var pages: Int
        var dependencies: Set<String>
    }

    /// Renders `inputs` into `output`: one file as `Quire.renderFile` does, several as one `Book`.
    /// - Throws: `QuireError` when an input cannot be read or the PDF cannot be written.
    static func renderInputs(_ inputs: [String], to output: String, options: RenderOptions, _ engine: Engine) throws -> Rendered {
        if inputs.count == 1 {
            let result = try Quire.renderFile(input: inputs[0], output: output, options: options, engine: engine)
            return Rendered(warnings: [(inputs[0], result.warnings)], pages: result.pageCount, dependencies: result.dependencies)
        }
        if let input = inputs.first(where: { OutputFile.isSameFile(output, as: $0) }) { throw QuireError.outputIsInput(output, input) }
        let book = try Book.render(inputs: inputs, options: options, engine: engine)
        try OutputFile.writeAtomically(book.pdf, to: output, recordingIn: engine.temporaryFiles)
        return Rendered(warnings: book.warnings, pages: book.pageCount, dependencies: book.dependencies)
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
    ] + styleOptions(excerptNote: "(preview uses 6 lines when neither this nor the template sets them)") + configOptions + [
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

    static func preview(_ args: [String], _ engine: Engine) throws(ExitCode) -> Int32 {
        var a = try previewTable.parse(args)
        if a.help { print(previewUsage); return 0 }
        a = try withConfiguration(a)
        guard let path = a.inputs.first else {
            throw usageError("no input file", hint: "usage: quire preview INPUT.md [--excerpt-lines N]")
        }
        if a.png == nil, a.page != nil || a.dpi != nil {
            throw usageError("\(a.page != nil ? "--page" : "--dpi") needs --png",
                             hint: "add '--png OUT.png' to draw a page; without it preview prints the excerpts")
        }
        let options = try self.options(a, input: path, engine)
        if a.png == nil, options.style.excerptLines == 0 {
            throw usageError("preview prints each section's excerpt, and excerpt.lines is 0 (no excerpts)",
                             hint: "give --excerpt-lines N with N of 1 or more, or '--png OUT.png' to draw a page")
        }
        if let png = a.png { try checkOutput(png, kind: .png, force: false, inputs: [path]) }
        do {
            let text = try InputFile.readMarkdown(at: path)
            if let png = a.png {
                let image = try Quire.renderPNG(markdown: text, page: a.page ?? 1, dpi: a.dpi ?? 96, options: options,
                                                  engine: engine)
                try OutputFile.writeAtomically(image.png, to: png, recordingIn: engine.temporaryFiles)
                return 0
            }
            var out = ""
            for excerpt in Quire.excerpts(markdown: text, options: options, engine: engine) {
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
