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
        let body = ThreadBody { [self] in value = self.work() }
        let context = Unmanaged.passRetained(body).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 8 << 20)
        started = pthread_create(&thread, &attributes, { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context) == 0
        pthread_attr_destroy(&attributes)
        if !started { Unmanaged<ThreadBody>.fromOpaque(context).release() }
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

/// What a new thread runs: a closure, kept alive by the thread until it has run.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
