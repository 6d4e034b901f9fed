#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuirePDF
import QuireImages

/// The thread of an engine that draws: every PDF page (Quire's PDF writer) and PNG preview
/// (Cairo) of the engine's renders is drawn there, in the order submitted, while the callers
/// lay out what comes next.
///
/// Why one thread per engine: Cairo 1.16 with FreeType crashed when two threads drew with the
/// same fonts, and a thread that lives as long as its engine keeps its fonts (`PreviewFonts`)
/// open for every preview, as a batch worker rendering file after file wants; the PDF writers'
/// font faces and Cairo's SVG drawing stay on it too. Two engines have a thread and fonts each. Only values cross to it (`PaintedPage`,
/// outlines, metadata, and `@Sendable` jobs that capture nothing else); bytes come back. Its
/// objects live in a `DrawingState` that never leaves the thread (a `WorkerThread`'s state).
///
/// When no thread can be started, each job runs on its caller's thread, with a `DrawingState`
/// of the engine's, made on first use: the same work, without the overlap (an engine renders
/// one document at a time, so its callers take turns with it).
package final class DrawingThread: @unchecked Sendable {  // a worker, and page counts under a lock
    /// Work for the drawing thread, given the thread's state.
    package typealias Job = @Sendable (DrawingState) -> Void

    private let worker: WorkerThread<DrawingState>
    private let monitor = Monitor()
    /// Per document: pages submitted and not drawn yet.
    private var pending: [Int: Int] = [:]
    /// Per document: drawn pages' jobs (holding the pages), let go by the thread that lays the
    /// document out, at its next `submitPage` or at `endDocument`.
    private var drawn: [Int: [Job]] = [:]
    private var lastDocument = 0

    /// Starts the thread (its state is made there, before the first job).
    package init() {
        let fallback = FallbackState()
        worker = WorkerThread(makeState: { DrawingState() }, fallback: { fallback.state })
    }

    /// A new document number for `submitPage`.
    package func newDocument() -> Int {
        monitor.locked {
            lastDocument += 1
            pending[lastDocument] = 0
            return lastDocument
        }
    }

    /// Runs `job` on the drawing thread after the jobs before it, without waiting.
    package func submit(_ job: @escaping Job) {
        worker.submit(job)
    }

    /// Queues `draw` for `document` as one page: when `capacity` of the document's pages are
    /// waiting, first waits until only half of them are (`resumeAt`), and afterwards until it
    /// is drawn when `wait`. Called by the one thread that lays `document` out, so its pages
    /// are queued in order.
    ///
    /// Why half: a burst of pages (those held for the page count, handed on together) woke
    /// the caller after every page drawn and the drawing thread after every page queued; going
    /// on only at half capacity hands on half the capacity per wake.
    ///
    /// A drawn page's memory is let go on the calling thread, at its next page or at
    /// `endDocument`, not on the drawing thread: malloc gives each thread an arena of its own,
    /// and a page's thousands of blocks freed from the drawing thread each took the layout
    /// thread's arena lock while that thread allocated (free-programming-books-langs: 1,800
    /// futex calls, 300 once pages went back).
    package func submitPage(of document: Int, capacity: Int, wait: Bool, _ draw: @escaping Job) {
        // The drawn pages are let go as the value returned is dropped: here, outside the lock.
        let resume = Self.resumeAt(capacity: capacity)
        _ = monitor.locked {
            if pending[document, default: 0] >= capacity {
                while pending[document, default: 0] > resume { monitor.wait() }
            }
            pending[document, default: 0] += 1
            return drawn.removeValue(forKey: document)
        }
        let handoff = Handoff(draw)
        // Pages overlapping layout wake the thread two at a time (`deferringWake`): layout
        // comes back with the next page or with `perform` (finishing), and never waits for
        // the thread with one page queued while below capacity (3 or more).
        worker.submit(deferringWake: !wait && capacity > 2) { [self] state in
            handoff.run(state)
            monitor.locked {
                // A document dropped meanwhile (`endDocument`) has no count left to lower.
                guard let waiting = pending[document] else { return monitor.broadcast() }
                pending[document] = waiting - 1
                if let job = handoff.take() { drawn[document, default: []].append(job) }
                // Waiters go on at `resume` pages or fewer (none, when waiting for a page drawn).
                if waiting - 1 <= resume { monitor.broadcast() }
            }
        }
        if wait {
            _ = monitor.locked {
                while pending[document, default: 0] > 0 { monitor.wait() }
                return drawn.removeValue(forKey: document)
            }
        }
    }

    /// How many of a document's pages may still wait when a caller held at `capacity` goes on.
    package static func resumeAt(capacity: Int) -> Int { capacity / 2 }

    /// Runs `job` on the drawing thread after the jobs before it, and waits for its value.
    package func perform<Value: Sendable>(_ job: @escaping @Sendable (DrawingState) -> Value) -> Value {
        worker.perform(job)
    }

    /// Forgets `document`'s page count once it is finished or dropped, and lets go of its
    /// drawn pages on the calling thread.
    package func endDocument(_ document: Int) {
        _ = monitor.locked {
            pending[document] = nil
            return drawn.removeValue(forKey: document)
        }
    }
}

/// A page's job on its way to the drawing thread. Run there, then moved (under the lock) into
/// the list of drawn pages, which then holds the only reference to it: no reference on the
/// drawing thread outlives the lock, so the submitting thread is the one that lets it go.
private final class Handoff: @unchecked Sendable {  // used by the drawing thread only, once sent
    private var job: DrawingThread.Job?

    init(_ job: @escaping DrawingThread.Job) { self.job = job }

    func run(_ state: DrawingState) { job?(state) }

    /// The job, which the handoff no longer holds.
    func take() -> DrawingThread.Job? {
        defer { job = nil }
        return job
    }
}

/// What the drawing thread owns: the fonts previews are drawn with and the PDFs being
/// written, by document number.
/// Made on the thread that uses it and never handed to another (but see `FallbackState`).
package final class DrawingState {
    package let fonts = PreviewFonts()
    /// The faces the PDF writers embed, opened once for every document.
    package let faces = FontFaces()
    package var writers: [Int: PDFDocumentWriter] = [:]
}

/// The state jobs run with on their callers' threads when the drawing thread could not be
/// started: made on first use, under a lock, and used by one caller at a time (the engine's
/// one render).
private final class FallbackState: @unchecked Sendable {  // made under `lock`; then one render's
    private let lock = Monitor()
    private var made: DrawingState?

    var state: DrawingState {
        lock.locked {
            if let made { return made }
            let state = DrawingState()
            made = state
            return state
        }
    }
}

/// A PDF drawn on the drawing thread: pages go in as values, the file's bytes come out.
///
/// Used by the one thread that lays the document out. With `overlapsLayout`, at most
/// `capacity` pages wait to be drawn, so memory stays a few pages whatever the document's
/// length; without it each page is drawn before `draw` returns (batch workers, whose
/// parallelism is one process per core). A page that `drawsWithPango` (an SVG image: librsvg
/// shapes its text with Pango) is drawn while the caller waits, so Pango never runs on two
/// threads at once. Dropped unfinished (layout failed midway), its PDF is discarded.
package final class ThreadedPDF {
    private let thread: DrawingThread
    private let document: Int
    private let overlapsLayout: Bool
    private let capacity: Int
    private var finished = false

    /// A PDF drawn on `thread` (an engine's), whose bytes go to `destination` (by default
    /// returned by `finish`).
    package init(on thread: DrawingThread, overlapsLayout: Bool = true, capacity: Int = 4, destination: PDFDestination = .memory) {
        self.thread = thread
        self.overlapsLayout = overlapsLayout
        self.capacity = max(1, capacity)
        document = thread.newDocument()
        let document = self.document
        thread.submit { state in state.writers[document] = PDFDocumentWriter(faces: state.faces, destination: destination) }
    }

    deinit {
        guard !finished else { return }
        let document = self.document
        thread.submit { state in state.writers[document] = nil }
        thread.endDocument(document)
    }

    /// Tells the writer the script most of the document's text is in (before the first page).
    package func setMainScript(_ script: ScriptGuess?) {
        let document = self.document
        thread.submit { state in state.writers[document]?.setMainScript(script) }
    }

    /// Tells the writer the standards the file is to meet (before the first page).
    package func setStandards(_ standards: PDFStandards) {
        let document = self.document
        thread.submit { state in state.writers[document]?.setStandards(standards) }
    }

    /// What layout found on the pages handed so far against the standards (each page's
    /// `PaintedPage.findings`, in order), for the plan's `StandardsVerdict`: read when every
    /// page and furniture is handed, before `finish`. The writer is not told them.
    package private(set) var findings: [StandardsFinding] = []

    /// Hands `page` to the drawing thread, keeping its findings (`findings`).
    package func draw(_ page: PaintedPage) {
        findings += page.findings
        let document = self.document
        thread.submitPage(of: document, capacity: capacity, wait: !overlapsLayout || page.drawsWithPango) { state in
            state.writers[document]?.add(page)
        }
    }

    /// Hands page `number`'s deferred furniture to the drawing thread (after the last page,
    /// before `finish`).
    package func drawFurniture(_ number: Int, _ page: PaintedPage) {
        findings += page.findings
        let document = self.document
        thread.submitPage(of: document, capacity: capacity, wait: !overlapsLayout) { state in
            state.writers[document]?.addFurniture(number, page)
        }
    }

    /// Waits for every page to be drawn, adds the outline and metadata and returns the file
    /// (nothing when it went to a file descriptor: the file has it).
    /// - Throws: `DrawingError` when the file could not be written (the system's message), or
    ///   if the document's writer is gone (never expected).
    package func finish(outline: [OutlineEntry], metadata: PDFMetadata) throws(DrawingError) -> [UInt8] {
        try finishWithSize(outline: outline, metadata: metadata).bytes
    }

    /// `finish`, with the file's size in bytes (the same as the bytes' count in memory).
    package func finishWithSize(outline: [OutlineEntry], metadata: PDFMetadata) throws(DrawingError) -> (bytes: [UInt8], size: Int) {
        finished = true
        let document = self.document
        defer { thread.endDocument(document) }
        let result = thread.perform { state -> Result<(bytes: [UInt8], size: Int), DrawingError> in
            guard let writer = state.writers.removeValue(forKey: document) else {
                return .failure(DrawingError(description: "PDF output failed: no writer"))
            }
            let bytes = writer.finish(outline: outline, metadata: metadata)
            if let failure = writer.writeFailure { return .failure(DrawingError(description: "cannot write: \(failure)", isWriteFailure: true)) }
            return .success((bytes, writer.fileSize))
        }
        return try result.get()
    }
}

/// A failure drawing a page (Cairo's status for a PNG) or finishing a PDF.
package struct DrawingError: Error, Sendable, CustomStringConvertible {
    package var description: String
    /// Whether it is the output file that failed (a full disk): the output is to be named.
    package var isWriteFailure = false
}
