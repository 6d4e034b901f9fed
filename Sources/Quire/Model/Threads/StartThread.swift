#if canImport(Glibc)
import Glibc
#endif

/// Starts a detached thread (an 8 MiB stack, as the main thread's default) that runs `body`,
/// which it keeps alive until it has run; the thread's resources go back to the system when
/// `body` returns. False when no thread can be started (`body` is then dropped).
///
/// `body` is `@Sendable`: it runs on another thread than the caller's.
package func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 8 << 20)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let started = pthread_create(&thread, &attributes, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context) == 0
    pthread_attr_destroy(&attributes)
    if !started { Unmanaged<ThreadBody>.fromOpaque(context).release() }
    return started
}

/// What a new thread runs: a closure, kept alive by the thread until it has run.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
