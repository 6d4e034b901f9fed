import Quire

/// `quire digest INPUT... -o OUT.pdf`.
extension CLI {
    static let digestTable = OptionTable(command: "digest", inputs: .many, options: [
        Option(["-o", "--output"], value: "PATH", "the PDF to write (required; '-': standard output, not a terminal)") { a, v in a.output = v },
        Option(flag: ["--force"], "replace an existing output that is not a PDF (refused otherwise)") { $0.force = true },
        Option(["--title"], value: "TEXT", "the digest's title (default: Digest)") { a, v in
            a.title = v.allSatisfy(\.isWhitespace) ? nil : v  // an empty title is none
        },
        resourceRoot,
        exclude,
        pdfStandard,
        Option(flag: ["--attach-sources"], "carry every Markdown file inside the PDF, as attached files (their",
               "sources, which PDF/A-3 allows: with PDF/A, ask for a-3a, a-3b or a-3u)") { a in
            a.attachSource = true
        },
    ] + styleOptions(excerptNote: "(a digest uses 6 lines unless this or the template says otherwise)") + configOptions + [
        Option(flag: ["-q", "--quiet"], "no warnings") { $0.quiet = true },
        help,
    ])

    static let digestUsage = """
    Usage: quire digest INPUT... -o OUT.pdf [--excerpt-lines N] [--title T] [options]

    Makes one PDF of many Markdown files: a cover, a table of contents, one entry per
    document (its title, its path and its first N lines, ending with "Continue reading"
    linked to its full text), then the full texts, each on a new page linking back.
    INPUTs are files, folders (searched for *.md and *.markdown, in path order) or quoted
    globs ('docs/**/*.md'). Links between the documents become links inside the PDF.

    Options:
    \(digestTable.help)

    Exit status: 0 when every document was included, 1 when some could not be (they are
    listed in the digest and here), none could be (then nothing is written), the inputs
    hold no Markdown file, or the PDF could not be written, 2 for a usage error.
    """

    static func digest(_ args: [String], _ engine: Engine) throws(ExitCode) -> Int32 {
        var a = try digestTable.parse(args)
        if a.help { print(digestUsage); return 0 }
        guard !a.inputs.isEmpty else { throw usageError("no inputs", hint: "usage: quire digest INPUT... -o OUT.pdf") }
        guard let output = a.output else { throw usageError("digest needs -o OUT.pdf", hint: "name the PDF to write") }
        a = try withConfiguration(a)
        let options = try self.options(a, engine)
        let collected = Digest.collect(a.inputs, exclude: a.excludes)
        if collected.files.isEmpty && collected.failures.isEmpty { return noMarkdownFound(a.inputs) }
        try checkOutput(output, kind: .pdf, force: a.force, inputs: collected.files)
        do {
            let result = try Digest.render(inputs: a.inputs, title: a.title, excerptLines: nil, options: options, exclude: a.excludes,
                                           engine: engine)
            guard result.documents > 0 else {
                // A digest of no document is no digest: nothing is written.
                for failure in result.failures { printError("quire: error: \(failure.path): \(failure.reason)") }
                printError("quire: error: no document could be included; \(output) not written")
                return 1
            }
            try OutputFile.writeAtomically(result.pdf, to: output, recordingIn: engine.temporaryFiles)
            if !a.quiet {
                for (path, warnings) in result.warnings { printWarnings(warnings, file: path) }
            }
            for failure in result.failures { printError("quire: error: \(failure.path): \(failure.reason)") }
            printError("quire: digest: \(counted(result.documents, "document")), \(result.failures.count) not included, "
                       + "\(counted(result.pageCount, "page")): \(output)")
            return result.failures.isEmpty ? 0 : 1
        } catch {
            printError("quire: error: \(error)")
            return 1
        }
    }
}
