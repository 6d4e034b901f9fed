import Foundation
import Quire
import Synchronization

/// What the command line does on SIGINT (Ctrl-C) and SIGTERM.
///
/// Every command ends at once (`endAtOnce`): the temporary file of a write in progress is
/// removed (the output keeps its last complete version, or does not exist) and the process
/// exits with 128 + the signal's number (130, 143), as a shell reports a command a signal
/// ended. `quire batch` drains instead (`drain`): the first signal is recorded and forwarded
/// to the worker processes (which end at once), no new file is started, and the batch writes
/// its summary and manifest before it exits with the same status. However many signals come
/// (a double Ctrl-C; `timeout -s INT`, which signals the command and then its group), the
/// batch itself never ends early: a later signal kills the workers (SIGKILL: none can outlive
/// the batch, whose pool removes their temporary files), or abandons the file rendered in
/// this process (`abandonWith`); the manifest is always written.
///
/// The handler only reads and writes atomics, calls `unlink`, `write` and `_exit`: what a
/// signal handler may. Forwarding to workers happens on a thread of its own, woken through a
/// pipe, where taking a lock is allowed.
enum Interrupts {
    /// The signal received (0: none yet).
    private static let received = Atomic<Int32>(0)
    /// How many signals have come.
    private static let count = Atomic<Int>(0)
    /// Whether the first signal is drained (batch) rather than ending the process.
    private static let draining = Atomic<Bool>(false)
    /// The pipe the handler wakes the forwarding thread through: read end, write end.
    nonisolated(unsafe) private static var wake: (Int32, Int32) = (-1, -1)
    /// Worker processes a drained signal is forwarded to.
    private static let workers = Mutex<Set<pid_t>>([])
    /// The temporary files the handler removes: the process's engine's (set before the
    /// handler is installed, never changed after).
    nonisolated(unsafe) private static var temporaryFiles: TemporaryFiles?
    /// What a later signal does while a batch renders a file in this process: ends the batch
    /// with what finished (see `abandonWith`).
    private static let abandon = Mutex<(@Sendable () -> Void)?>(nil)

    /// The signal that interrupted the command (SIGINT or SIGTERM), nil while none has.
    static var signal: Int32? {
        let value = received.load(ordering: .acquiring)
        return value == 0 ? nil : value
    }

    /// The exit status for an interrupted command: 128 + the signal's number.
    static func status(for signal: Int32) -> Int32 { 128 + signal }

    /// SIGINT and SIGTERM end the process at once, leaving none of `files` (the engine's
    /// temporary files, every write in progress).
    static func endAtOnce(removing files: TemporaryFiles) {
        temporaryFiles = files
        install()
    }

    /// SIGINT and SIGTERM are recorded and forwarded to the registered workers; the caller
    /// checks `signal` between files. A second signal ends the process at once.
    static func drain() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { install(); return }  // ends at once (`endAtOnce` came first)
        wake = (fds[0], fds[1])
        draining.store(true, ordering: .releasing)
        let thread = Thread { forwardForever() }
        thread.start()
        install()
    }

    /// Whether a signal is drained (while a batch runs) or ends the process at once (while
    /// `batch --watch` waits for changes: nothing is in progress then). After `drain`.
    static func setDraining(_ on: Bool) {
        draining.store(on, ordering: .releasing)
    }

    /// A worker process the next drained signal is forwarded to (until `forget`).
    static func register(_ pid: pid_t) {
        workers.withLock { _ = $0.insert(pid) }
        // A worker started just after the signal was forwarded gets it now.
        if let signal { kill(pid, forwarded(signal)) }
    }

    /// While `body` renders in this process, a second signal calls `ending` (on another
    /// thread), which must end the process: it writes what finished and exits.
    static func abandonWith<T>(_ ending: @escaping @Sendable () -> Void, _ body: () -> T) -> T {
        abandon.withLock { $0 = ending }
        defer { abandon.withLock { $0 = nil } }
        return body()
    }

    /// The signal a worker gets: the one received, first; SIGKILL once a second has come (a
    /// worker that is starting, or stuck, must still be gone before the batch exits).
    private static func forwarded(_ signal: Int32) -> Int32 {
        count.load(ordering: .acquiring) > 1 ? SIGKILL : signal
    }

    static func forget(_ pid: pid_t) {
        workers.withLock { _ = $0.remove(pid) }
    }

    private static func install() {
        // Made now, not first in the handler (a static is made under a lock).
        _ = received.load(ordering: .relaxed)
        _ = draining.load(ordering: .relaxed)
        _ = count.load(ordering: .relaxed)
        Glibc.signal(SIGINT, handle)
        Glibc.signal(SIGTERM, handle)
        // A process inherits its parent's blocked signals: a batch's worker started from a
        // dispatch thread, which blocks SIGINT and SIGTERM, ignored them and rendered on.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// The signal handler: async-signal-safe calls only.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        _ = received.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing)
        count.add(1, ordering: .acquiringAndReleasing)
        if draining.load(ordering: .acquiring) {
            var byte: UInt8 = 1
            _ = write(wake.1, &byte, 1)
            return
        }
        temporaryFiles?.removeAll()
        _exit(status(for: signal))
    }

    /// For each of the handler's bytes, sends the signal to every registered worker (SIGKILL
    /// from the second on), and from the second on abandons a file rendered in this process.
    private static func forwardForever() {
        var byte: UInt8 = 0
        while true {
            let n = read(wake.0, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return }
            guard let signal else { continue }
            let sent = forwarded(signal)
            workers.withLock { pids in
                for pid in pids { kill(pid, sent) }
            }
            if sent == SIGKILL, let ending = abandon.withLock({ $0 }) { ending() }
        }
    }
}
