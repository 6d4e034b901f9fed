import Quire

/// `quire digest INPUT... -o OUT.pdf`.
extension CLI {
    static let digestTable = OptionTable(command: "digest", inputs: .many, options: [
        Option(["-o", "--output"], value: "PATH", "the PDF to write (required)") { a, v in a.output = v },
        Option(["--title"], value: "TEXT", "the digest's title (default: Digest)") { a, v in a.title = v },
        resourceRoot,
    ] + styleOptions(excerptNote: "(a digest uses 6 lines unless this or the template says otherwise)") + [
        Option(flag: ["-q", "--quiet"], "no warnings") { $0.quiet = true },
        help,
    ])

    static let digestUsage = """
    Usage: quire digest INPUT... -o OUT.pdf [--excerpt-lines N] [--title T] [options]

    Makes one PDF of many Markdown files: a cover, a table of contents, one entry per
    document (its title, its path and its first N lines, ending with "Continue reading"
    linked to its full text), then the full texts, each on a new page linking back.
    INPUTs are files or folders (searched for *.md and *.markdown, in path order). Links
    between the documents become links inside the PDF.

    Options:
    \(digestTable.help)

    Exit status: 0 when every document was included, 1 when some could not be (they are
    listed in the digest and here) or the PDF could not be written, 2 for a usage error.
    """

    static func digest(_ args: [String]) throws(ExitCode) -> Int32 {
        let a = try digestTable.parse(args)
        if a.help { print(digestUsage); return 0 }
        guard !a.inputs.isEmpty else { throw usageError("no inputs", hint: "usage: quire digest INPUT... -o OUT.pdf") }
        guard let output = a.output else { throw usageError("digest needs -o OUT.pdf", hint: "name the PDF to write") }
        let options = try self.options(a)
        do {
            if let input = Digest.collect(a.inputs).files.first(where: { OutputFile.isSameFile(output, as: $0) }) {
                throw QuireError.outputIsInput(output, input)
            }
            let result = try Digest.render(inputs: a.inputs, title: a.title, excerptLines: nil, options: options)
            try OutputFile.writeAtomically(result.pdf, to: output)
            if !a.quiet {
                for (path, warnings) in result.warnings { printWarnings(warnings, file: path) }
            }
            for failure in result.failures { printError("quire: error: \(failure.path): \(failure.reason)") }
            printError("quire: digest: \(result.documents) documents, \(result.failures.count) not included, "
                       + "\(result.pageCount) pages: \(output)")
            return result.failures.isEmpty ? 0 : 1
        } catch {
            printError("quire: error: \(error)")
            return 1
        }
    }
}
