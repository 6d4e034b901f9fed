import Foundation

/// Runs a command on a pseudo-terminal made for it by `script` (util-linux, in every Debian):
/// its standard streams are a terminal (`isatty`) that is not the test runner's, and what it
/// writes there is kept in a transcript in the test's folder.
enum PseudoTerminal {
    /// What the command did: its exit status and everything it wrote to the terminal.
    struct Result {
        var status: Int32
        var transcript: String
    }

    /// Runs `shellCommand` (a `sh -c` line) on a new pseudo-terminal, keeping the transcript in
    /// `folder`.
    static func run(_ shellCommand: String, in folder: URL, timeout: TimeInterval = 60) throws -> Result {
        let transcript = folder.appendingPathComponent("transcript-\(UUID().uuidString).txt")
        let run = try Run.run(try Run.tool("script"), ["-q", "-e", "-c", shellCommand, transcript.path], timeout: timeout)
        return Result(status: run.status, transcript: (try? String(contentsOf: transcript, encoding: .utf8)) ?? "")
    }

    /// `argument` quoted for `sh`.
    static func quoted(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
