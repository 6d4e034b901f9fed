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
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class DrawingThreadTests: XCTestCase {
    /// Regression (issue 32's CPU time): a drawn page's memory was let go on the drawing
    /// thread, so each of its blocks took the layout thread's malloc arena lock while that
    /// thread allocated (1,400 futex calls on free-programming-books-langs). A page is now let
    /// go by the thread that submitted it: at its next page, and at `endDocument`.
    func testDrawnPagesAreLetGoOnTheThreadThatSubmittedThem() {
        let thread = DrawingThread.shared
        let document = thread.newDocument()
        let log = ReleaseLog()
        // Pages handed over without waiting, as layout does; the caller's own reference to a
        // job is gone as soon as it is queued.
        for _ in 0..<3 {
            let page = PageMemory(log)
            thread.submitPage(of: document, capacity: 1, wait: false) { _ in page.draw() }
        }
        thread.submitPage(of: document, capacity: 1, wait: true) { _ in }
        thread.endDocument(document)
        let submitter = pthread_self()
        XCTAssertEqual(log.drawn, 3)
        XCTAssertEqual(log.threads.count, 3, "every drawn page is let go by the time its document ends")
        XCTAssertTrue(log.threads.allSatisfy { pthread_equal($0, submitter) != 0 },
                      "drawn pages are let go on the submitting thread, not the drawing thread")
    }

    /// Regression (issue 32's CPU time): a caller held at capacity went on as soon as one page
    /// was drawn, so a burst of pages (those held for the page count) woke the layout thread
    /// after every page drawn and the drawing thread after every page queued. It now goes on
    /// once half the capacity is drawn.
    func testACallerHeldAtCapacityGoesOnOnceHalfOfItIsDrawn() {
        let thread = DrawingThread.shared
        let document = thread.newDocument()
        let capacity = 4
        let gates = (0..<capacity).map { _ in Promise<Bool>() }
        for gate in gates {
            thread.submitPage(of: document, capacity: capacity, wait: false) { _ in _ = gate.wait() }
        }
        let submitting = Promise<Bool>(), fifthQueued = Promise<Bool>()
        XCTAssertTrue(startThread {
            submitting.fulfil(true)
            thread.submitPage(of: document, capacity: capacity, wait: false) { _ in }
            fifthQueued.fulfil(true)
        })
        // The fifth page must come while four wait: a page drawn before it would leave room
        // for it at once, under the old rule as under the new one.
        XCTAssertEqual(value(of: submitting), true)
        usleep(200_000)
        XCTAssertNil(fifthQueued.current, "four pages wait: the caller waits")
        gates[0].fulfil(true)
        usleep(300_000)
        XCTAssertNil(fifthQueued.current, "one page drawn of four: the caller still waits")
        gates[1].fulfil(true)
        XCTAssertEqual(value(of: fifthQueued), true, "two pages drawn of four: the caller goes on")
        for gate in gates[2...] { gate.fulfil(true) }
        thread.submitPage(of: document, capacity: capacity, wait: true) { _ in }
        thread.endDocument(document)
    }

    /// Waits up to `seconds` for `promise`; nil when it was not fulfilled by then.
    private func value<T>(of promise: Promise<T>, within seconds: Double = 10) -> T? {
        for _ in 0..<Int(seconds * 1000) {
            if let value = promise.current { return value }
            usleep(1000)
        }
        return promise.current
    }
}

/// What the probes saw: pages drawn, and the threads their memory was let go on.
private final class ReleaseLog: @unchecked Sendable {  // fields used under the monitor only
    private let monitor = Monitor()
    private var drawCount = 0
    private var releases: [pthread_t] = []

    var drawn: Int { monitor.locked { drawCount } }
    var threads: [pthread_t] { monitor.locked { releases } }

    func recordDraw() { monitor.locked { drawCount += 1 } }
    func recordRelease() { monitor.locked { releases.append(pthread_self()) } }
}

/// Stands for a painted page's memory: captured by the page's job, let go with it.
private final class PageMemory: @unchecked Sendable {  // its one field is a Sendable log
    private let log: ReleaseLog

    init(_ log: ReleaseLog) { self.log = log }

    deinit { log.recordRelease() }

    func draw() { log.recordDraw() }
}
