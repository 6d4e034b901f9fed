import Quire
#if canImport(Glibc)
import Glibc
#endif

/// Checks on an output before anything is rendered: a file that is not an earlier output is
/// never replaced unless asked, and binary output never goes to a terminal.
extension CLI {
    /// The kinds of file a command writes, known by their first bytes.
    enum OutputKind {
        case pdf, png

        var magic: [UInt8] {
            switch self {
            case .pdf: Array("%PDF-".utf8)
            case .png: [0x89, 0x50, 0x4E, 0x47]
            }
        }

        var name: String {
            switch self {
            case .pdf: "PDF"
            case .png: "PNG image"
            }
        }
    }

    /// Throws a usage error (exit status 2) when `path` is "-" and standard output is a
    /// terminal (a PDF's bytes would garble it, as pandoc refuses), or an error (exit status
    /// 1) when `path` is one of `inputs` (by any path), or an existing file that is not of
    /// `kind` (a Markdown file given as `-o` by mistake) and `force` is not set.
    static func checkOutput(_ path: String, kind: OutputKind, force: Bool, inputs: [String] = []) throws(ExitCode) {
        if path == "-" {
            guard isatty(1) == 0 else {
                throw usageError("standard output is a terminal; a \(kind.name) is not written to it",
                                 hint: "redirect it ('-o - > out.pdf', '-o - | viewer') or give '-o FILE'")
            }
            return
        }
        if let input = inputs.first(where: { OutputFile.isSameFile(path, as: $0) }) {
            printError("quire: error: \(QuireError.outputIsInput(path, input))")
            throw ExitCode(1)
        }
        if !force, let problem = OutputFile.replacementProblem(path, magic: kind.magic, kind: kind.name) {
            printError("quire: error: \(path): \(problem)")
            throw ExitCode(1)
        }
    }
}
