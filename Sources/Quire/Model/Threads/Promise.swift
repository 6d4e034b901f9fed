/// A value that another thread will give: `wait` blocks until it is there. The one hand-off
/// of a single value between Quire's threads (a job's result, a highlighted code block).
///
/// A promise may be cancelled by the one who waits for it, telling the giver that the value is
/// no longer wanted (a highlight job for a finished document is skipped); a cancelled promise
/// may still be fulfilled.
package final class Promise<Value: Sendable>: @unchecked Sendable {  // a lock guarding Sendable values
    private let monitor = Monitor()
    private var value: Value?
    private var cancelled = false

    package init() {}

    /// Gives the value and wakes every thread waiting for it. Called once.
    package func fulfil(_ value: Value) {
        monitor.locked {
            self.value = value
            monitor.broadcast()
        }
    }

    /// The value, once given; blocks the calling thread until then.
    package func wait() -> Value {
        monitor.locked {
            while value == nil { monitor.wait() }
            return value!
        }
    }

    /// The value if it has been given, without waiting.
    package var current: Value? { monitor.locked { value } }

    /// Says the value is no longer wanted.
    package func cancel() { monitor.locked { cancelled = true } }
    package var isCancelled: Bool { monitor.locked { cancelled } }
}
