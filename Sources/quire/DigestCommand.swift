import Quire

/// `quire digest INPUT... -o OUT.pdf`.
extension CLI {
    static let digestUsage = """
    Usage: quire digest INPUT... -o OUT.pdf [--excerpt-lines N] [--title T] [options]

    Makes one PDF of many Markdown files: a cover, a table of contents, one entry per
    document (its title, its path and its first N lines, ending with "Continue reading"
    linked to its full text), then the full texts, each on a new page linking back.
    INPUTs are files or folders (searched for *.md and *.markdown, in path order). Links
    between the documents become links inside the PDF.

    Options:
      -o, --output PATH      the PDF to write (required)
      --title TEXT           the digest's title (default: Digest)
    \(styleOptions)
                             (a digest uses 6 lines unless this or the template says otherwise)
      -q, --quiet            no warnings
      -h, --help             show this help

    Exit status: 0 when every document was included, 1 when some could not be (they are
    listed in the digest and here) or the PDF could not be written, 2 for a usage error.
    """

    static func digest(_ args: [String]) -> Int32 { guarded { () throws(ExitCode) in
        var inputs: [String] = []
        var rest: [String] = []
        var i = 0
        // Several inputs: take the bare arguments here, the options through the shared parser.
        let valued: Set<String> = ["-o", "--output", "--title", "--template", "--set", "--page-size", "--excerpt-lines",
                                   "--resource-root"]
        while i < args.count {
            if valued.contains(args[i]) {
                rest.append(args[i])
                if i + 1 < args.count { rest.append(args[i + 1]) }
                i += 2
                continue
            }
            if args[i].hasPrefix("-") && args[i] != "-" { rest.append(args[i]) } else { inputs.append(args[i]) }
            i += 1
        }
        let a = try parse(rest, command: "digest", allowOutput: true)
        if a.help { print(digestUsage); return 0 }
        guard !inputs.isEmpty else { return usageError("no inputs", hint: "usage: quire digest INPUT... -o OUT.pdf") }
        guard let output = a.output else { return usageError("digest needs -o OUT.pdf", hint: "name the PDF to write") }
        let options = try self.options(a)
        do {
            let result = try Digest.render(inputs: inputs, title: a.title, excerptLines: nil, options: options)
            try OutputFile.writeAtomically(result.pdf, to: output)
            if !a.quiet {
                for (path, warnings) in result.warnings {
                    for w in warnings { printError("quire: warning: \(path)" + (w.line > 0 ? ":\(w.line)" : "") + ": \(w.message)") }
                }
            }
            for failure in result.failures { printError("quire: error: \(failure.path): \(failure.reason)") }
            printError("quire: digest: \(result.documents) documents, \(result.failures.count) not included, "
                       + "\(result.pageCount) pages: \(output)")
            return result.failures.isEmpty ? 0 : 1
        } catch {
            printError("quire: error: \(error)")
            return 1
        }
    } }
}
