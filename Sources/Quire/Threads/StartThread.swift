#if canImport(Glibc)
import Glibc
#endif

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
