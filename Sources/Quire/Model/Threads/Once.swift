import Synchronization

/// A value made on first use, once, by whichever thread asks first (a thread asking meanwhile
/// waits for it): a library opened only when a document needs it, a worker thread started only
/// when there is work for it. Owned by whoever holds it (an `Engine`), not by the process.
package final class Once<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The value, made now if it was not yet.
    package var value: Value {
        made.withLock { stored -> Value in
            if let existing = stored { return existing }
            let new = make()
            stored = new
            return new
        }
    }

    /// The value if it was made; nil otherwise (nothing is made).
    package var ifMade: Value? { made.withLock { $0 } }
}
