import Foundation

/// What a finished command did.
struct RunResult {
    var status: Int32
    var stdout: Data
    var stderr: Data
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

struct RunError: Error, CustomStringConvertible {
    var description: String
}

/// Runs commands with Foundation's Process. Output goes to temporary files, not pipes,
/// so a command that writes megabytes (qpdf --json) can never block on a full pipe.
enum Run {
    /// Runs `executable` with `arguments` (in `directory`, when given), feeding it `stdin` (or
    /// nothing), and waits at most `timeout`; `environment` adds to the inherited environment.
    static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil,
                    environment: [String: String] = [:], timeout: TimeInterval = 120, in directory: URL? = nil) throws -> RunResult {
        let scratch = try TemporaryDirectory(prefix: "run")
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inURL = scratch.url.appendingPathComponent("stdin")
            try stdin.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                stop(process)
                throw RunError(description: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) took more than \(Int(timeout)) s")
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return RunResult(status: process.terminationStatus,
                         stdout: try Data(contentsOf: outURL), stderr: try Data(contentsOf: errURL))
    }

    /// The full path of a command found on PATH, or an error saying it is needed.
    /// Ends a command that outlived its time: SIGTERM, then SIGKILL after 5 s, since a command
    /// stuck in a call that SIGTERM restarts (open() of a FIFO) would otherwise hang the test.
    private static func stop(_ process: Process) {
        process.terminate()
        let grace = Date().addingTimeInterval(5)
        while process.isRunning, Date() < grace { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    static func tool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw RunError(description: "'\(name)' is not on PATH; the end-to-end tests need it (apt-get install qpdf poppler-utils)")
    }
}

/// A fresh directory under the system's temporary folder, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("quire-e2e-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` (relative, may hold folders) in this folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` in this folder, making its folders; its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }
}
