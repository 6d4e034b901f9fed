#if canImport(Glibc)
import Glibc
#endif

/// The one thread of the process that highlights code: it opens GtkSourceView, owns every GTK
/// object (they belong to the thread that made them) and works through the blocks queued, in
/// order, while layout goes on.
///
/// Started on first use (`shared` is made lazily): a process that highlights nothing starts no
/// thread and never loads GtkSourceView. Only values cross: requests in (code, language, theme),
/// `HighlightedCode` out through a `Promise`. A job whose promise was cancelled (its document is
/// finished) is skipped. When no thread can be started, code is set plain with a warning.
final class HighlightThread: @unchecked Sendable {  // a lock, a condition and a queue of Sendable jobs
    /// Work for the thread, given GtkSourceView (or why it could not be opened).
    typealias Job = @Sendable (Result<SourceView, HighlightError>) -> Void

    static let shared = HighlightThread()

    private let monitor = Monitor()
    /// Jobs in order; those before `next` are taken (dropped in batches, so taking is O(1)).
    private var jobs: [Job] = []
    private var next = 0
    private var started = true

    private init() {
        // The process-wide instance is never freed, so the thread may keep it.
        if startThread({ [self] in run() }) == nil { started = false }
    }

    /// Queues the highlighting of `code` as `language` with the scheme `theme` (no language:
    /// only the theme's look), without waiting.
    func highlight(_ code: String, language: CodeLanguage?, theme: String) -> Promise<HighlightedCode> {
        let promise = Promise<HighlightedCode>()
        submit { sourceView in
            guard !promise.isCancelled else { return }
            switch sourceView {
            case .success(let view): promise.fulfil(view.highlight(code, language: language, theme: theme))
            case .failure(let error): promise.fulfil(HighlightedCode(warnings: [Self.unavailable(error.message)]))
            }
        }
        return promise
    }

    /// What GtkSourceView has installed (for `quire templates --keys`): its style schemes and
    /// the languages a document may name, by id; or why it cannot be opened. Waits.
    func installed() -> Result<(schemes: [String], languages: [String]), HighlightError> {
        perform { view in (view.schemeIDs, view.languageIDs) }
    }

    /// The id of the language `info` (an info string's first word) names; nil when it names
    /// none or GtkSourceView cannot be opened. Waits.
    func languageID(info: String) -> String? {
        guard let request = CodeLanguage(info: info) else { return nil }
        return try? perform { view in view.languageID(for: request) }.get()
    }

    /// `body`'s value, computed on this thread with GtkSourceView; waits for it.
    private func perform<Value: Sendable>(_ body: @escaping @Sendable (SourceView) -> Value) -> Result<Value, HighlightError> {
        let promise = Promise<Result<Value, HighlightError>>()
        submit { sourceView in promise.fulfil(sourceView.map(body)) }
        return promise.wait()
    }

    private func submit(_ job: @escaping Job) {
        guard started else {
            job(.failure(HighlightError(message: "no thread could be started for it")))
            return
        }
        monitor.locked {
            jobs.append(job)
            monitor.broadcast()
        }
    }

    private static func unavailable(_ reason: String) -> HighlightWarning {
        HighlightWarning(scope: .document, message: "code is set without highlighting: GtkSourceView 4 is not available (\(reason))")
    }

    private func run() {
        // Opened here, so this thread is the one that owns GtkSourceView's objects.
        let sourceView = SourceViewLibrary.shared.map { SourceView($0) }
        while true {
            let job: Job = monitor.locked {
                while next == jobs.count { monitor.wait() }
                let job = jobs[next]
                next += 1
                if next == jobs.count || next >= 256 && next * 2 >= jobs.count {
                    jobs.removeFirst(next)
                    next = 0
                }
                return job
            }
            job(sourceView)
        }
    }
}

/// A value that another thread will give: `wait` blocks until it is there. A promise may be
/// cancelled by the one who waits for it, telling the giver that the value is no longer wanted.
final class Promise<Value: Sendable>: @unchecked Sendable {  // a lock guarding Sendable values
    private let monitor = Monitor()
    private var value: Value?
    private var cancelled = false

    func fulfil(_ value: Value) {
        monitor.locked {
            self.value = value
            monitor.broadcast()
        }
    }

    /// The value, once given.
    func wait() -> Value {
        monitor.locked {
            while value == nil { monitor.wait() }
            return value!
        }
    }

    /// The value if it has been given, without waiting.
    var current: Value? { monitor.locked { value } }

    func cancel() { monitor.locked { cancelled = true } }
    var isCancelled: Bool { monitor.locked { cancelled } }
}

/// What the command line shows of highlighting (`quire templates --keys`).
package enum Highlighting {
    /// The theme code is coloured with unless a template says otherwise.
    package static var defaultTheme: String { Style().codeTheme }

    /// The style schemes and languages GtkSourceView has installed, by id, sorted; both empty,
    /// with the reason, when it cannot be opened. Starts the highlight thread.
    package static func installed() -> (themes: [String], languages: [String], problem: String?) {
        switch HighlightThread.shared.installed() {
        case .success(let found): return (found.schemes, found.languages, nil)
        case .failure(let error): return ([], [], error.message)
        }
    }
}
