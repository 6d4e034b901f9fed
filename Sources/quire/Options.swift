import Foundation
import Quire

/// What the command line asked for, before templates are resolved.
struct Arguments: Sendable {
    /// The bare arguments, in order (files or folders; "-" is standard input).
    var inputs: [String] = []
    var output: String?
    var title: String?
    var resourceRoot: String?
    var template: String?
    /// `--set KEY=VALUE` overrides, with `--page-size`, `--landscape` and `--excerpt-lines` as
    /// theirs, in order, each with the option that gave it (which an error names).
    var sets: [(text: String, source: String)] = []
    var quiet = false
    var help = false
    var png: String?
    /// `--page` and `--dpi` when given (they need `--png`).
    var page: Int?
    var dpi: Double?
    /// `--jobs`; nil for the number of cores (`workers`), read only by a batch (Foundation
    /// reads the process's CPU quota from its control group files to count them).
    var jobs: Int?
    /// The files a batch renders at once: `--jobs`, else the number of cores.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
    var force = false
    var keys = false
    /// `templates --print NAME`.
    var printTemplate: String?
    /// `--link-ext`: how links to other Markdown files are written.
    var linkExtension = LinkExtension.pdf
    /// `--shard K/N` or `--shard env`, resolved.
    var shard: Batch.Shard?
    /// `--shard-by`: how the shards are spread (nil: not given, by path).
    var shardBalance: Batch.Shard.Balance?
    /// `--manifest FILE` and `--only-failed MANIFEST`.
    var manifest: String?
    var onlyFailed: String?
    /// `--exclude GLOB`s, and those of the configuration file (`PathPattern`).
    var excludes: [PathPattern] = []
    /// `--watch` (batch): render again what changes.
    var watch = false
    /// `--config FILE`, or `--no-config` (`configuration` false): where options come from
    /// before the command line's.
    var config: String?
    var configuration = true
    /// Whether `--link-ext` was given (the configuration file's applies otherwise).
    var linkExtensionGiven = false
    /// `--pdf-standard`: the standards the PDFs claim (nil: the front matter's, the template's).
    var pdfStandards: PDFStandards?
    /// `--attach-source` (`--attach-sources` for a digest): the Markdown carried in the PDF.
    var attachSource = false
}

/// One option of a command: how it is written, the value it takes, what it means and what it
/// sets. Parsing and the command's `--help` are both made from these.
struct Option: Sendable {
    /// Its spellings, short first ("-o", "--output").
    var names: [String]
    /// The value's placeholder in the help ("PATH"); nil for a flag.
    var value: String?
    /// One line of help per element.
    var help: [String]
    /// Records the option (with its value, "" for a flag); throws a usage error for a bad value.
    var apply: @Sendable (inout Arguments, String) throws(CLI.ExitCode) -> Void

    /// An option that takes a value, shown in the help as `value`.
    init(_ names: [String], value: String, _ help: String...,
         apply: @escaping @Sendable (inout Arguments, String) throws(CLI.ExitCode) -> Void) {
        self.names = names
        self.value = value
        self.help = help
        self.apply = apply
    }

    /// An option that takes no value.
    init(flag names: [String], _ help: String..., apply: @escaping @Sendable (inout Arguments) -> Void) {
        self.names = names
        value = nil
        self.help = help
        self.apply = { arguments, _ in apply(&arguments) }
    }

    /// The same option with `line` added to its help.
    func noting(_ line: String) -> Option {
        var copy = self
        copy.help.append(line)
        return copy
    }
}

/// A command's options: the table that parsing and the help's options section come from.
struct OptionTable: Sendable {
    /// How many bare arguments the command takes.
    enum Inputs { case none, one, many }

    let command: String
    let inputs: Inputs
    let options: [Option]

    /// The arguments, or a usage error (exit status 2) already reported: an unknown option, a
    /// missing or unwanted value, a bad value, more inputs than the command takes. Every
    /// option that takes a value accepts it as the next argument or after "=" (`--jobs=2`),
    /// a short one also joined to it (`-oOUT.pdf`); a lone "-" is an input (standard input),
    /// and every argument after "--" is an input, whatever it starts with, as POSIX
    /// utilities take them. O(arguments × options).
    func parse(_ args: [String]) throws(CLI.ExitCode) -> Arguments {
        var parsed = Arguments()
        var i = 0
        var optionsEnded = false
        let hint = "run 'quire \(command) --help' for the options"
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" && !optionsEnded {
                optionsEnded = true
                continue
            }
            guard arg.hasPrefix("-"), arg != "-", !optionsEnded else {
                try addInput(arg, to: &parsed, hint: hint)
                continue
            }
            var name = arg
            var attached: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                attached = String(arg[arg.index(after: eq)...])
            } else if !arg.hasPrefix("--"), arg.count > 2,
                      options.contains(where: { $0.value != nil && $0.names.contains(String(arg.prefix(2))) }) {
                name = String(arg.prefix(2))
                attached = String(arg.dropFirst(2))
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let guess = Suggestions.didYouMean(name, among: options.flatMap(\.names).filter { $0.hasPrefix("--") })
                throw CLI.usageError("unknown option '\(name)'", hint: guess + hint + "; an input whose name starts with '-' goes after '--'")
            }
            guard option.value != nil else {
                if attached != nil { throw CLI.usageError("option '\(name)' takes no value", hint: hint) }
                try option.apply(&parsed, "")
                continue
            }
            if let attached {
                try option.apply(&parsed, attached)
            } else if i < args.count {
                try option.apply(&parsed, args[i])
                i += 1
            } else {
                throw CLI.usageError("option '\(name)' needs a value", hint: hint)
            }
        }
        return parsed
    }

    /// Adds a bare argument to the inputs, or a usage error when the command takes no more.
    private func addInput(_ arg: String, to parsed: inout Arguments, hint: String) throws(CLI.ExitCode) {
        if inputs == .one, let first = parsed.inputs.first {
            throw CLI.usageError("more than one input ('\(first)' and '\(arg)')",
                                 hint: "\(command) takes one file; 'quire \(command) --help' shows the usage")
        }
        if inputs == .none { throw CLI.usageError("unexpected '\(arg)'", hint: hint) }
        parsed.inputs.append(arg)
    }

    /// The help's options section: each option's spellings and placeholder, then its help
    /// from column 25 (on the next line when the spellings are longer).
    var help: String {
        let column = 23
        return options.map { option in
            let left = option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
            let indent = String(repeating: " ", count: column + 2)
            var lines: [String]
            if left.count < column - 1 {
                lines = ["  " + left.padding(toLength: column, withPad: " ", startingAt: 0) + option.help[0]]
            } else {
                lines = ["  " + left, indent + option.help[0]]
            }
            lines += option.help.dropFirst().map { indent + $0 }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
