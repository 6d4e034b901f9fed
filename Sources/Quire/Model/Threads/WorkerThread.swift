/// A thread of its own that runs jobs one at a time, in the order they were submitted, each
/// given the thread's state: the skeleton of the drawing thread and the highlight thread.
///
/// Why a state made on the thread: a C library that is not thread-safe, or whose objects
/// belong to the thread that made them (GTK, Cairo's FreeType fonts), lives on one thread;
/// `makeState` runs there, first, and its value never leaves it. Only `@Sendable` jobs cross
/// to the thread, and values come back (`perform`, or a `Promise` a job fulfils).
///
/// When no thread can be started, each job runs at once on its caller's thread with
/// `fallback()`'s state: the same work without the overlap, or a state saying why the library
/// is not available. A worker that is let go finishes the jobs already submitted, then its
/// thread ends and the state is released there.
package final class WorkerThread<State>: Sendable {
    package typealias Job = @Sendable (State) -> Void

    private let queue: JobQueue<State>
    /// The state jobs run with on their callers' threads; nil when the thread is running.
    private let fallback: (@Sendable () -> State)?

    /// Starts the thread, which makes its state with `makeState` before the first job.
    /// - Parameter start: how a thread is started (tests pass one that fails); false: none.
    package init(makeState: @escaping @Sendable () -> State, fallback: @escaping @Sendable () -> State,
         start: (@escaping @Sendable () -> Void) -> Bool = startThread) {
        let queue = JobQueue<State>()
        self.queue = queue
        let started = start {
            let state = makeState()
            while let job = queue.take() { job(state) }
        }
        self.fallback = started ? nil : fallback
    }

    deinit { queue.close() }

    /// Whether jobs run on the worker's own thread (false: on their callers').
    package var hasThread: Bool { fallback == nil }

    /// Runs `job` on the thread after the jobs before it, without waiting. With `deferringWake`,
    /// a thread asleep on an empty queue is woken only once a second job waits (or by the
    /// next job submitted without it), so that it takes jobs two at a time: a wake costs the
    /// two threads a few tens of microseconds of system time. The caller must not wait for
    /// such a job without submitting another (a page's drawing: the next page, or `perform`).
    package func submit(deferringWake: Bool = false, _ job: @escaping Job) {
        if let fallback { job(fallback()); return }
        queue.append(job, wakeAt: deferringWake ? 2 : 1)
    }

    /// Runs `job` on the thread after the jobs before it, and waits for its value.
    package func perform<Value: Sendable>(_ job: @escaping @Sendable (State) -> Value) -> Value {
        if let fallback { return job(fallback()) }
        let promise = Promise<Value>()
        queue.append { state in promise.fulfil(job(state)) }
        return promise.wait()
    }
}

/// The jobs a worker has not run yet, in order, under a lock; shared by the worker and its
/// thread, so that the thread does not keep the worker alive.
private final class JobQueue<State>: @unchecked Sendable {  // a lock guarding Sendable jobs
    typealias Job = @Sendable (State) -> Void

    private let monitor = Monitor()
    /// Jobs in order; those before `next` are taken and let go at once (with what they hold:
    /// a page to draw), and their slots dropped in batches, so taking is O(1).
    private var jobs: [Job?] = []
    private var next = 0
    private var closed = false

    /// Queues `job`, waking the thread once `wakeAt` jobs or more wait.
    func append(_ job: @escaping Job, wakeAt: Int = 1) {
        monitor.locked {
            jobs.append(job)
            if jobs.count - next >= wakeAt { monitor.broadcast() }
        }
    }

    /// The next job, once there is one; nil when the queue is closed and empty.
    func take() -> Job? {
        monitor.locked {
            while next == jobs.count && !closed { monitor.wait() }
            guard next < jobs.count else { return nil }
            let job = jobs[next]
            jobs[next] = nil
            next += 1
            if next == jobs.count || next >= 256 && next * 2 >= jobs.count {
                jobs.removeFirst(next)
                next = 0
            }
            return job
        }
    }

    /// No job will come after those queued: `take` returns nil once they are taken.
    func close() {
        monitor.locked {
            closed = true
            monitor.broadcast()
        }
    }
}
