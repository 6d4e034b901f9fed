import Foundation
import XCTest

/// Regression (issue 17): the batch progress bar was about 97 columns whatever the terminal,
/// so on an 80-column terminal every update wrapped and left stale lines. Run in a pseudo-
/// terminal of a given width (Python's pty module): every status line fits.
final class ProgressTests: BinaryTestCase {
    override class var folderPrefix: String { "progress" }

    /// What the batch writes to a terminal `columns` wide (and `environment`).
    private func batchInTerminal(columns: Int, environment: [String: String] = [:]) throws -> String {
        let input = folder.url.appendingPathComponent("in/some/rather/deeply/nested/folder/of/documents")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for i in 1...30 {
            try Data("# Document \(i)\n\nText.\n".utf8).write(to: input.appendingPathComponent("a-long-file-name-number-\(i).md"))
        }
        let script = """
            import fcntl, os, pty, struct, sys, termios
            columns, binary, args = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
            pid, fd = pty.fork()
            if pid == 0:
                fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
                os.execv(binary, [binary] + args)
            out = b""
            while True:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            os.waitpid(pid, 0)
            sys.stdout.buffer.write(out)
            """
        // The terminal's width, unless the test sets COLUMNS: a COLUMNS inherited from the
        // shell running the tests is removed.
        let unset = environment["COLUMNS"] == nil ? ["-u", "COLUMNS"] : []
        let run = try Run.run(URL(fileURLWithPath: "/usr/bin/env"),
                              unset + ["python3", "-c", script, String(columns), quire.path,
                               "batch", folder.url.appendingPathComponent("in").path, "-o",
                               folder.url.appendingPathComponent("out-\(columns)").path, "--jobs", "1", "--force"],
                              environment: environment)
        XCTAssertEqual(run.status, 0, run.stderrText)
        return run.stdoutText
    }

    /// The status lines drawn: the pieces between carriage returns, erase sequences removed,
    /// that show a count of the batch's 30 files.
    private func statusLines(_ output: String) -> [String] {
        output.components(separatedBy: CharacterSet(charactersIn: "\r\n"))
            .map { $0.replacingOccurrences(of: "\u{1B}[2K", with: "") }
            .filter { $0.range(of: #"\b\d+/30\b"#, options: .regularExpression) != nil && !$0.hasPrefix("quire:") }
    }

    func testTheProgressBarFitsTheTerminalAt40And80And200Columns() throws {
        for columns in [40, 80, 200] {
            let output = try batchInTerminal(columns: columns)
            let lines = statusLines(output)
            XCTAssertGreaterThanOrEqual(lines.count, 30, "\(columns): a status line per file")
            for line in lines { XCTAssertLessThan(line.count, columns, "\(columns) columns: '\(line)'") }
            XCTAssertTrue(lines.last?.contains("30/30") == true)
            if columns == 200 { XCTAssertTrue(lines.last?.contains("files/s") == true, "room for the rate") }
            if columns == 40 { XCTAssertTrue(lines.last?.contains("…") == true, "the name is shortened first") }
            // The status line is erased before the summary is printed.
            let summary = try XCTUnwrap(output.range(of: "quire: batch: 30 files"))
            XCTAssertTrue(output[..<summary.lowerBound].hasSuffix("\r\u{1B}[2K"), "cleared before the summary")
        }
    }

    func testColumnsInTheEnvironmentWins() throws {
        let lines = statusLines(try batchInTerminal(columns: 200, environment: ["COLUMNS": "50"]))
        XCTAssertFalse(lines.isEmpty)
        for line in lines { XCTAssertLessThan(line.count, 50, line) }
    }
}
