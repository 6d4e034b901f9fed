@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import Foundation
import XCTest

/// The worker thread both the drawing and the highlight thread are made of: one thread of its
/// own, jobs in order with a state made on that thread, values handed back, and the caller's
/// thread when none can be started.
final class WorkerThreadTests: XCTestCase {
    /// What a worker's state records: the thread it was made on and the jobs it ran, in order;
    /// its release fulfils `released`.
    private final class Recorder: @unchecked Sendable {  // touched only on the worker's thread
        let thread = pthread_self()
        var ran: [Int] = []
        let released: Promise<Bool>
        init(released: Promise<Bool>) { self.released = released }
        deinit { released.fulfil(true) }
    }

    /// Waits up to `seconds` for `promise`; nil when it was not fulfilled by then.
    private func value<T>(of promise: Promise<T>, within seconds: Double = 10) -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = promise.current { return value }
            usleep(1000)
        }
        return nil
    }

    func testJobsRunInOrderOnOneOtherThreadWithTheStateMadeThere() throws {
        let released = Promise<Bool>()
        let worker = WorkerThread<Recorder>(makeState: { Recorder(released: released) },
                                            fallback: { XCTFail("the thread started"); return Recorder(released: Promise()) })
        XCTAssertTrue(worker.hasThread)
        for i in 0..<1000 { worker.submit { $0.ran.append(i) } }
        let (ran, onStateThread, thread) = worker.perform { state in
            (state.ran, pthread_equal(pthread_self(), state.thread) != 0, state.thread)
        }
        XCTAssertEqual(ran, Array(0..<1000), "every job, in the order submitted, before the one that waits")
        XCTAssertTrue(onStateThread, "jobs run on the thread the state was made on")
        XCTAssertEqual(pthread_equal(pthread_self(), thread), 0, "not the caller's thread")
    }

    /// Jobs submitted `deferringWake` (pages overlapping layout) run once a second one waits,
    /// without another job to wake the thread, and before a job submitted after them.
    func testJobsDeferringTheWakeRunTwoAtATimeAndBeforeLaterJobs() {
        let worker = WorkerThread<Recorder>(makeState: { Recorder(released: Promise()) },
                                            fallback: { Recorder(released: Promise()) })
        XCTAssertTrue(worker.hasThread)
        _ = worker.perform { _ in 0 }  // the thread is up and waiting on an empty queue
        let second = Promise<Bool>()
        worker.submit(deferringWake: true) { $0.ran.append(1) }
        worker.submit(deferringWake: true) { state in
            state.ran.append(2)
            second.fulfil(true)
        }
        XCTAssertEqual(value(of: second), true, "the second deferred job wakes the thread")
        worker.submit(deferringWake: true) { $0.ran.append(3) }
        XCTAssertEqual(worker.perform { $0.ran }, [1, 2, 3], "a job that waits runs after the deferred one")
    }

    func testAWorkerLetGoFinishesItsJobsThenReleasesItsStateOnItsThread() throws {
        let released = Promise<Bool>()
        let done = Promise<Int>()
        // The first job still runs when the worker is let go: it waits for the gate, opened after.
        let gate = Promise<Bool>(), running = Promise<Bool>()
        do {
            let worker = WorkerThread<Recorder>(makeState: { Recorder(released: released) }, fallback: { Recorder(released: Promise()) })
            worker.submit { _ in running.fulfil(true); _ = gate.wait() }
            worker.submit { state in state.ran.append(1); done.fulfil(state.ran.count) }
            XCTAssertEqual(value(of: running), true)
        }
        XCTAssertNil(done.current, "the jobs wait behind the first")
        gate.fulfil(true)
        XCTAssertEqual(value(of: done), 1, "the jobs submitted before the worker was let go ran")
        XCTAssertEqual(value(of: released), true, "then the thread ended and released its state")
    }

    func testWithoutAThreadJobsRunOnTheCallersThreadWithTheFallbackState() {
        let worker = WorkerThread<String>(makeState: { "thread" }, fallback: { "fallback" }, start: { _ in false })
        XCTAssertFalse(worker.hasThread)
        let caller = pthread_self()
        XCTAssertEqual(worker.perform { state in state + (pthread_equal(pthread_self(), caller) != 0 ? " on the caller" : "") },
                       "fallback on the caller")
        let seen = Promise<String>()
        worker.submit { seen.fulfil($0) }
        XCTAssertEqual(seen.current, "fallback", "submit ran at once, before returning")
    }

    func testPromiseHandsOneValueAcrossAndCarriesCancellation() {
        let promise = Promise<Int>()
        XCTAssertNil(promise.current)
        XCTAssertFalse(promise.isCancelled)
        let worker = WorkerThread<Void>(makeState: {}, fallback: {})
        worker.submit { usleep(20_000); promise.fulfil(7) }
        XCTAssertEqual(promise.wait(), 7)
        XCTAssertEqual(promise.current, 7)
        promise.cancel()
        XCTAssertTrue(promise.isCancelled)
    }
}
