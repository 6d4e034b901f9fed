#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The temporary files of an engine's writes in progress (`.NAME.quire-XXXXXX` beside each
/// output), kept where a signal handler can read them without allocating or locking: a fixed
/// number of slots, each an atomic state and a path buffer made before any signal can come.
///
/// Every write of the engine claims a slot for as long as its temporary file exists, so a
/// signal that ends the process (`removeAll`, then `_exit`) leaves none of them behind, however
/// many renders write at once; and `Engine.interrupt` removes one engine's without touching
/// another's. Only when all `capacity` slots are taken does a further write go unrecorded.
public final class TemporaryFiles: @unchecked Sendable {  // slots: atomics and buffers owned by them
    /// How many writes at once are recorded.
    public static let capacity = 64

    private let slots: [Slot]

    public init() {
        slots = (0..<Self.capacity).map { _ in Slot() }
    }

    /// A free slot, now claimed for one write; nil when every slot is taken.
    package func claim() -> Slot? {
        slots.first { $0.claim() }
    }

    /// Removes every temporary file recorded now: for a signal handler that ends the process
    /// (Ctrl-C), and for `Engine.interrupt`. Async-signal-safe: atomic loads and `unlink`.
    /// O(capacity).
    public func removeAll() {
        for slot in slots { slot.remove() }
    }

    /// How many slots hold a temporary file now (tests).
    package var recorded: Int { slots.count { $0.holdsFile } }

    /// One write's temporary file.
    package final class Slot: @unchecked Sendable {  // `path` is written only by the write holding the slot
        /// 0: free; 1: claimed, no file yet; 2: `path` names the file (or, while `mkstemp` runs,
        /// the name it is trying: unlinking one it has not made yet removes nothing of ours).
        private let state = Atomic<Int>(0)
        private let path: UnsafeMutablePointer<CChar>

        package init() {
            path = .allocate(capacity: Int(PATH_MAX) + 1)
            path.initialize(repeating: 0, count: Int(PATH_MAX) + 1)
        }

        deinit { path.deallocate() }

        fileprivate func claim() -> Bool {
            state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        }

        fileprivate var holdsFile: Bool { state.load(ordering: .acquiring) == 2 }

        /// Makes the temporary file (`mkstemp`) in the slot's own buffer, so that a signal at
        /// any moment finds the name of the file that exists: recorded after `mkstemp`
        /// returned, a signal in between (the open may wait on a loaded disk) left the file
        /// behind. The template gets the name made. Returns the descriptor, or -1 with `errno`.
        package func make(_ template: inout [CChar]) -> Int32 {
            guard template.count <= Int(PATH_MAX) + 1 else {
                return template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            }
            template.withUnsafeBufferPointer { path.update(from: $0.baseAddress!, count: $0.count) }
            state.store(2, ordering: .releasing)
            let fd = mkstemp(path)
            template.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: path, count: $0.count) }
            return fd
        }

        /// The write is over (its file renamed or removed): the slot is free again.
        package func release() { state.store(0, ordering: .releasing) }

        fileprivate func remove() {
            if state.load(ordering: .acquiring) == 2 { unlink(path) }
        }
    }
}
