import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A command running in the background, its standard error collected in a file.
final class Background {
    private let process = Process()
    private let errorFile: URL
    private let scratch: TemporaryDirectory

    init(_ executable: URL, _ arguments: [String]) throws {
        scratch = try TemporaryDirectory(prefix: "background")
        errorFile = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    var stderr: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }
    var lines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Waits until `count` lines of standard error satisfy `condition` (or the whole of it does,
    /// for `count` nil), failing after `timeout` seconds.
    func waitFor(count: Int? = nil, timeout: TimeInterval = 30, _ condition: @escaping (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let met = count.map { n in lines.filter(condition).count >= n } ?? condition(stderr)
            if met { return }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        throw RunError(description: "gave up waiting; standard error so far:\n\(stderr)")
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends SIGINT (Ctrl-C) and waits: the exit status.
    func interrupt() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        return wait()
    }

    /// Waits for it to end: its exit status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends it if it still runs.
    func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }
}
