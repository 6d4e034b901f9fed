#if canImport(Glibc)
import Glibc
#endif

/// A mutex and a condition variable: what the threads Quire starts share their values under.
///
/// `locked` runs its body holding the mutex; inside it, `wait` releases the mutex until
/// another thread calls `broadcast`, and takes it again. Not recursive.
package final class Monitor: @unchecked Sendable {  // POSIX primitives, used only through the lock
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        pthread_cond_destroy(condition)
        mutex.deallocate()
        condition.deallocate()
    }

    /// `body`'s value, computed holding the mutex.
    package func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `locked`: sleeps until a `broadcast` (or spuriously; callers wait in a loop).
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Inside `locked`: wakes every waiting thread.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
