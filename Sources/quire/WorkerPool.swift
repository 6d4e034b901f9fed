import Foundation
import Quire

/// Parallel rendering for `quire batch` by worker processes.
///
/// Cairo 1.16 with Pango and FreeType crashes when two threads of one process render at once,
/// so parallelism comes from long-lived workers (`quire __worker`, fonts loaded once each),
/// fed one file at a time over a pipe. A worker that dies fails only its file and is replaced.
///
/// Protocol, one line each way per file: the coordinator writes "INPUT\tOUTPUT\n"; the worker
/// answers "rendered[\tLINE\u{1F}MESSAGE]...\n" (warnings separated by \u{1E}) or
/// "failed\tREASON\n".
enum WorkerPool {
    /// Renders `jobs` with `workers` processes started with `arguments` (style options);
    /// `done` is called, serialised, after each job with its index.
    static func run(_ jobs: [Batch.Job], workers: Int, arguments: [String],
                    done: @escaping @Sendable (Int, Batch.Outcome) -> Void) {
        let queue = JobQueue(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, jobs.count))) { _ in
            var worker: Worker?
            while let index = queue.next() {
                if worker == nil { worker = Worker(arguments: arguments) }
                guard let w = worker else {
                    queue.finish { done(index, .failed("could not start a renderer process")) }
                    continue
                }
                let outcome = w.render(jobs[index])
                if w.isDead { worker = nil }
                queue.finish { done(index, outcome) }
            }
            worker?.stop()
        }
    }

    /// The index of the next job, and a lock to report under.
    private final class JobQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private let count: Int
        init(count: Int) { self.count = count }

        func next() -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard nextIndex < count else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }

        func finish(_ report: () -> Void) {
            lock.lock(); defer { lock.unlock() }
            report()
        }
    }

    /// One worker process and its pipes.
    private final class Worker {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        var buffer = Data()
        private(set) var isDead = false

        init?(arguments: [String]) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            process.arguments = ["__worker"] + arguments
            process.standardInput = input
            process.standardOutput = output
            do { try process.run() } catch { return nil }
        }

        func render(_ job: Batch.Job) -> Batch.Outcome {
            let request = job.input.replacingOccurrences(of: "\n", with: " ") + "\t"
                + job.output.replacingOccurrences(of: "\n", with: " ") + "\n"
            do {
                try input.fileHandleForWriting.write(contentsOf: Data(request.utf8))
            } catch {
                return died()
            }
            guard let line = readLine() else { return died() }
            return WorkerReply.decode(line)
        }

        private func readLine() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer = Data(buffer[(newline + 1)...])
                    return line
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffer.append(chunk)
            }
        }

        private func died() -> Batch.Outcome {
            isDead = true
            process.waitUntilExit()
            let how = process.terminationReason == .uncaughtSignal
                ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
            return .failed("the renderer crashed on this file (\(how))")
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }
}

/// The worker's side: render what arrives on standard input until it closes.
enum WorkerReply {
    static func serve(options: RenderOptions) -> Int32 {
        let out = FileHandle.standardOutput
        // Test hook: a worker dies on inputs whose path contains this text (tests of crash handling).
        let crashOn = ProcessInfo.processInfo.environment["QUIRE_TEST_WORKER_CRASH_ON"]
        while let line = Swift.readLine(strippingNewline: true) {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if let crashOn, !crashOn.isEmpty, parts[0].contains(crashOn) { abort() }
            let reply = parts.count == 2
                ? encode(Batch.render(Batch.Job(relativePath: parts[0], input: parts[0], output: parts[1]), options: options))
                : "failed\tbad request"
            out.write(Data((reply + "\n").utf8))
        }
        return 0
    }

    static func encode(_ outcome: Batch.Outcome) -> String {
        func clean(_ s: String) -> String {
            s.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
                .replacingOccurrences(of: "\u{1E}", with: " ").replacingOccurrences(of: "\u{1F}", with: " ")
        }
        switch outcome {
        case .rendered(let warnings):
            return (["rendered"] + warnings.map { "\($0.line)\u{1F}\(clean($0.message))" }).joined(separator: "\t")
        case .skipped: return "skipped"
        case .failed(let reason): return "failed\t" + clean(reason)
        }
    }

    static func decode(_ line: String) -> Batch.Outcome {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case "rendered":
            return .rendered(warnings: fields.dropFirst().compactMap { field in
                let p = field.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
                guard p.count == 2, let n = Int(p[0]) else { return nil }
                return Warning(line: n, message: String(p[1]))
            })
        case "skipped": return .skipped
        case "failed": return .failed(fields.dropFirst().joined(separator: " "))
        default: return .failed("the renderer answered '\(line.prefix(80))'")
        }
    }
}
