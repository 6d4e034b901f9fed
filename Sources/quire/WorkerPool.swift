import Foundation
import Quire

/// Parallel rendering for `quire batch` by worker processes.
///
/// Cairo 1.16 with Pango and FreeType crashes when two threads of one process render at once,
/// so parallelism comes from long-lived workers (`quire __worker`, fonts loaded once each),
/// fed one file at a time over a pipe in `WorkerProtocol`'s frames. A worker that dies fails
/// only its file and is replaced.
enum WorkerPool {
    /// Renders `jobs` with `workers` processes started with `arguments` (style options) and
    /// told the batch's inputs (`tree`); `done` is called, serialised, after each job with its
    /// index and the seconds it took. After an interruption (`Interrupts`, which forwards the
    /// signal to the workers) no job starts, a job whose worker the signal ended is not
    /// reported, and every worker has ended when this returns.
    static func run(_ jobs: [Batch.Job], tree: Batch.InputTree, workers: Int, arguments: [String],
                    done: @escaping @Sendable (Int, Batch.Outcome, Double) -> Void) {
        // A worker that dies between two files closes its pipe: writing to it must be an
        // error to handle, not a signal that ends the batch.
        signal(SIGPIPE, SIG_IGN)
        let queue = JobQueue(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, jobs.count))) { _ in
            var worker: Worker?
            while let index = queue.next() {
                if worker == nil { worker = Worker(arguments: arguments, tree: tree) }
                guard let w = worker else {
                    queue.finish { done(index, .failed("could not start a renderer process"), 0) }
                    continue
                }
                let started = Date()
                let outcome = w.render(jobs[index])
                let seconds = Date().timeIntervalSince(started)
                if w.isDead {
                    worker = nil
                    if Interrupts.signal != nil { continue }  // stopped, not failed
                }
                queue.finish { done(index, outcome, seconds) }
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
            guard nextIndex < count, Interrupts.signal == nil else { return nil }
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
        private var replies: WorkerProtocol.FrameReader
        private(set) var isDead = false

        /// Starts a worker and tells it the batch's inputs; nil when it cannot be started.
        init?(arguments: [String], tree: Batch.InputTree) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            process.arguments = ["__worker"] + arguments
            process.standardInput = input
            process.standardOutput = output
            replies = WorkerProtocol.FrameReader(descriptor: output.fileHandleForReading.fileDescriptor)
            do { try process.run() } catch { return nil }
            Interrupts.register(process.processIdentifier)
            // A worker that dies at once is found at its first file (writing fails, or no reply).
            WorkerProtocol.write(WorkerProtocol.inputs(tree), to: input.fileHandleForWriting.fileDescriptor)
        }

        func render(_ job: Batch.Job) -> Batch.Outcome {
            guard WorkerProtocol.write(WorkerProtocol.request(job), to: input.fileHandleForWriting.fileDescriptor) else {
                return died(writing: job)
            }
            do {
                guard let reply = try replies.next() else { return died(writing: job) }
                return try WorkerProtocol.outcome(fromReply: reply)
            } catch {
                return died(writing: job)
            }
        }

        /// The worker ended (a crash, a signal): waited for, and the temporary file it was
        /// writing `job`'s PDF to, which only a worker ended by SIGINT or SIGTERM removes
        /// itself, removed (its name is random, its place and prefix are known).
        private func died(writing job: Batch.Job) -> Batch.Outcome {
            isDead = true
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            OutputFile.removeTemporaryFiles(of: [job.output])
            Interrupts.forget(process.processIdentifier)
            let how = process.terminationReason == .uncaughtSignal
                ? "signal \(process.terminationStatus)" : "status \(process.terminationStatus)"
            return .failed("the renderer crashed on this file (\(how))")
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            Interrupts.forget(process.processIdentifier)
        }
    }
}
