import Foundation
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
    /// `kind` (a Markdown file given as `-o` by mistake) and `force` is not set. A missing
    /// folder for the output is made (`makeFolder`).
    static func checkOutput(_ path: String, kind: OutputKind, force: Bool, inputs: [String] = []) throws(ExitCode) {
        if path == "-" {
            guard isatty(1) == 0 else {
                throw usageError("standard output is a terminal; a \(kind.name) is not written to it",
                                 hint: "redirect it ('-o - > out.pdf', '-o - | viewer') or give '-o FILE'")
            }
            return
        }
        try checkExtension(path, kind: kind)
        if let input = inputs.first(where: { OutputFile.isSameFile(path, as: $0) }) {
            printError("quire: error: \(QuireError.outputIsInput(path, input))")
            throw ExitCode(1)
        }
        if !force, let problem = OutputFile.replacementProblem(path, magic: kind.magic, kind: kind.name) {
            printError("quire: error: \(path): \(problem)")
            throw ExitCode(1)
        }
        try makeFolder(of: path, inputs: inputs)
    }

    /// Extensions that name another format than the one written: `-o out.png` wrote a PDF
    /// named out.png. As in Typst and pandoc the extension says the format; Quire writes
    /// PNG only through `preview --png`, so these are refused with the way to get it. (A
    /// Markdown or text name is an existing file's, refused when it is not a PDF, or an input.)
    static let otherFormats: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "html", "htm", "epub", "docx",
                                            "odt", "tex", "ps", "eps"]

    /// A usage error (exit status 2) when `path`'s extension names another format.
    static func checkExtension(_ path: String, kind: OutputKind) throws(ExitCode) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return }
        let ext = name[name.index(after: dot)...].lowercased()
        let own = kind == .pdf ? "pdf" : "png"
        guard ext != own, otherFormats.contains(ext) else { return }
        let hint = ext == "png" && kind == .pdf
            ? "Quire writes PDF; for a PNG of a page run 'quire preview INPUT.md --png \(path) --page K', or name the output .pdf"
            : "Quire writes \(kind.name)s; name the output .\(own)"
        throw usageError("\(path): a .\(ext) name for a \(kind.name)", hint: hint)
    }

    /// Makes the output's folder, and the folders above it, when missing, as pandoc and Typst
    /// do: `-o build/pdf/guide.pdf` works in a fresh checkout. Only when every input exists (a
    /// mistyped input makes no folder; its error comes when it is read).
    /// - Throws: an error (exit status 1) naming the folder that cannot be made and why.
    static func makeFolder(of path: String, inputs: [String]) throws(ExitCode) {
        let folder = Quire.folder(of: path)
        if let existing = kind(of: folder) {
            guard existing != S_IFDIR else { return }
            printError("quire: error: \(path): cannot make the folder \(folder): a file is in the way")
            throw ExitCode(1)
        }
        guard inputs.allSatisfy({ $0 == "-" || kind(of: $0) != nil }) else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            printError("quire: error: \(path): cannot make the folder \(folder): "
                       + ((error as NSError).localizedFailureReason ?? "\(error.localizedDescription)"))
            throw ExitCode(1)
        }
    }

    /// What is at `path`, a symbolic link followed (`S_IFMT` bits: `S_IFREG`, `S_IFDIR`...);
    /// nil when nothing is. One `stat`.
    static func kind(of path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }
}
