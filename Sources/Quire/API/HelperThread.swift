#if canImport(Glibc)
import Glibc
#endif

/// One piece of work run on a thread of its own while the caller goes on; `result()` waits
/// for it. When no thread can be started, `result()` does the work on the calling thread, so
/// the work is always done once.
///
/// Meant for a few milliseconds of work that shares nothing with the caller's (parsing while
/// the caller sets up fonts): a thread costs about 50 microseconds to start.
final class HelperThread<Value: Sendable>: @unchecked Sendable {
    private var thread = pthread_t()
    private var started = false
    private var value: Value?
    private let work: @Sendable () -> Value

    /// Starts `work` on a new thread (an 8 MiB stack, as the main thread's default).
    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        if let thread = startThread({ [self] in value = self.work() }) {
            self.thread = thread
            started = true
        }
    }

    /// The work's value: waits for the thread (at most once), or does the work here when no
    /// thread could be started; later calls return the same value. Call it from the thread
    /// that made the helper.
    func result() -> Value {
        if started {
            pthread_join(thread, nil)
            started = false
        }
        if let value { return value }
        let computed = work()
        value = computed
        return computed
    }
}

/// Starts a thread (an 8 MiB stack, as the main thread's default) that runs `body`, which it
/// keeps alive until it has run; nil when no thread can be started (`body` is then dropped).
func startThread(_ body: @escaping () -> Void) -> pthread_t? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 8 << 20)
    let started = pthread_create(&thread, &attributes, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context) == 0
    pthread_attr_destroy(&attributes)
    guard started else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return thread
}

/// What a new thread runs: a closure, kept alive by the thread until it has run.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
