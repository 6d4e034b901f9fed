import Quire
#if canImport(Glibc)
import Glibc
#endif

/// What the command line prints on standard error, formatted in one place.
extension CLI {
    /// "quire: warning: FILE:LINE:COLUMN: message" (no ":LINE" when the line is unknown, no
    /// ":COLUMN" when the column is): the form render, batch and digest all print, and
    /// editors jump to.
    static func warningLine(_ warning: Warning, file: String) -> String {
        "quire: warning: \(file)" + (warning.position.isEmpty ? "" : ":" + warning.position) + ": \(warning.message)"
    }

    /// Prints each of `warnings` of `file`.
    static func printWarnings(_ warnings: [Warning], file: String) {
        for warning in warnings { printError(warningLine(warning, file: file)) }
    }

    /// "1 document", "2 documents": a count with its noun, singular for one.
    static func counted(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)" + (n == 1 ? "" : "s")
    }

    /// Writes `text` and a newline to standard error in one write.
    static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
