import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What one render of the built binary gave: its PDF, exit status and standard error.
struct SharedRender {
    var pdf: URL
    var status: Int32
    var stderr: String
    /// Whether the PDF is in the run's shared folder (never to be changed or removed) or in the
    /// caller's folder (no shared folder: `swift test` without scripts/test.sh).
    var shared: Bool
}

/// Renders that several test classes make of the same file with the same options (the corpus in
/// `CorpusRun` and `StandardsTests`, the samples in `SampleRender` and `StandardsTests`), made
/// once per run of scripts/test.sh and read by every class that asks.
///
/// scripts/test.sh runs each class in a process of its own, several at once, and names a folder
/// shared by all of them in `QUIRE_TEST_RENDERS`. A render is keyed by the binary (path, size,
/// modification time), the input (path and bytes) and the arguments; the first process to ask
/// for a key renders it under an exclusive lock on the key's lock file (`flock`), so a second
/// asking meanwhile waits for it instead of rendering again, and writes the result record last,
/// through a rename: a record present means a whole PDF. The folder lives as long as the run
/// (scripts/test.sh removes it), so nothing in it is ever stale. Without the variable (`swift
/// test`), each call renders into the caller's folder, as a test of its own would.
///
/// Only for renders a test reads and never changes, made without an environment of their own.
enum SharedRenders {
    /// Renders `input` with `arguments` (`render INPUT -o PDF ARGUMENTS`), or finds the render
    /// made already in this run; `folder` holds the PDF when there is no shared folder.
    static func render(_ quire: URL, _ input: URL, _ arguments: [String] = [], fallback folder: URL,
                       timeout: TimeInterval = 120) throws -> SharedRender {
        let name = input.deletingPathExtension().lastPathComponent
        guard let shared = ProcessInfo.processInfo.environment["QUIRE_TEST_RENDERS"], !shared.isEmpty else {
            let pdf = folder.appendingPathComponent(name + ".pdf")
            let run = try Run.run(quire, ["render", input.path, "-o", pdf.path] + arguments, timeout: timeout)
            return SharedRender(pdf: pdf, status: run.status, stderr: run.stderrText, shared: false)
        }
        let base = URL(fileURLWithPath: shared, isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let stem = base.appendingPathComponent("\(name)-\(try key(quire, input, arguments))").path
        let pdf = URL(fileURLWithPath: stem + ".pdf"), record = URL(fileURLWithPath: stem + ".result")
        let lock = open(stem + ".lock", O_CREAT | O_RDWR, 0o644)
        guard lock >= 0 else { throw RunError(description: "cannot open \(stem).lock: errno \(errno)") }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw RunError(description: "cannot lock \(stem).lock: errno \(errno)") }
        defer { flock(lock, LOCK_UN) }
        if let made = try? String(contentsOf: record, encoding: .utf8), let newline = made.firstIndex(of: "\n"),
           let status = Int32(made[..<newline]) {
            return SharedRender(pdf: pdf, status: status, stderr: String(made[made.index(after: newline)...]), shared: true)
        }
        let run = try Run.run(quire, ["render", input.path, "-o", pdf.path] + arguments, timeout: timeout)
        let partial = URL(fileURLWithPath: stem + ".result.\(getpid())")
        try Data("\(run.status)\n\(run.stderrText)".utf8).write(to: partial)
        guard rename(partial.path, record.path) == 0 else { throw RunError(description: "cannot rename to \(record.path): errno \(errno)") }
        return SharedRender(pdf: pdf, status: run.status, stderr: run.stderrText, shared: true)
    }

    /// FNV-1a (64 bits, hexadecimal) of the binary's path, size and modification time, the
    /// input's path and bytes, and the arguments: a name, not a defence against collisions made
    /// on purpose.
    private static func key(_ quire: URL, _ input: URL, _ arguments: [String]) throws -> String {
        let binary = try FileManager.default.attributesOfItem(atPath: quire.path)
        let size = (binary[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (binary[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            hash = (hash ^ 0xff) &* 0x0000_0100_0000_01b3
        }
        add("\(quire.path)\0\(size)\0\(modified)".utf8)
        add(input.path.utf8)
        add(try Data(contentsOf: input))
        for argument in arguments { add(argument.utf8) }
        return String(hash, radix: 16)
    }
}
