#if canImport(Glibc)
import Glibc
#endif

/// Draws painted pages into a `PDFWriter` on a thread of its own, while the caller lays out
/// the next pages: drawing (Cairo) takes about a third of a render and layout (Pango) the
/// rest, and they share no object (`PaintedPage` holds values; `RenderFonts` opens its own fonts).
///
/// At most `capacity` pages wait, so memory stays a few pages whatever the document's length.
/// A page that `drawsWithPango` (an SVG image: librsvg shapes its text with Pango) is drawn
/// while the caller waits, so Pango never runs on two threads at once. When no thread can be
/// started, pages are drawn on the caller's thread. Used by one caller thread.
final class DrawingThread: @unchecked Sendable {
    private let writer: PDFWriter
    private let capacity: Int
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Pages waiting, oldest first (at most `capacity`, so removing the first is cheap).
    private var queue: [PaintedPage] = []
    private var drawing = false
    private var closed = false
    private var thread = pthread_t()
    private var started = false

    /// `threaded` false: no thread; `submit` draws each page at once (batch workers, whose
    /// parallelism is one process per core).
    init(writer: PDFWriter, threaded: Bool = true, capacity: Int = 4) {
        self.writer = writer
        self.capacity = max(1, capacity)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        guard threaded, let thread = startThread({ [self] in run() }) else { return }
        self.thread = thread
        started = true
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
    }

    /// Hands `page` to the drawing thread; waits while `capacity` pages are waiting, and until
    /// it is drawn when it `drawsWithPango`.
    func submit(_ page: PaintedPage) {
        guard started else { writer.draw(page); return }
        pthread_mutex_lock(lock)
        while queue.count >= capacity { pthread_cond_wait(changed, lock) }
        queue.append(page)
        pthread_cond_broadcast(changed)
        if page.drawsWithPango { waitUntilIdle() }
        pthread_mutex_unlock(lock)
    }

    /// Waits until every submitted page is drawn and ends the thread; the writer is then the
    /// caller's again. Later calls do nothing.
    func finish() {
        guard started else { return }
        pthread_mutex_lock(lock)
        closed = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
        started = false
    }

    /// With the lock held: until no page waits and none is being drawn.
    private func waitUntilIdle() {
        while !queue.isEmpty || drawing { pthread_cond_wait(changed, lock) }
    }

    private func run() {
        pthread_mutex_lock(lock)
        while true {
            while queue.isEmpty && !closed { pthread_cond_wait(changed, lock) }
            if queue.isEmpty { break }
            let page = queue.removeFirst()
            drawing = true
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
            writer.draw(page)
            pthread_mutex_lock(lock)
            drawing = false
            pthread_cond_broadcast(changed)
        }
        pthread_mutex_unlock(lock)
    }
}
