import QuireModel
import QuireStyle

/// The one thread of the process that highlights code: it opens GtkSourceView, owns every GTK
/// object (they belong to the thread that made them) and works through the blocks queued, in
/// order, while layout goes on.
///
/// One per process, not per engine, because GTK is: its state (GtkSourceView's language and
/// scheme managers, GTK's initialisation) is per process and not thread-safe; two threads
/// loading GtkSourceView at once crashed (a digest test whose documents each had a thread of
/// their own). So every engine's code goes to this thread (`Engine.highlighting` is it), as
/// cmark-gfm's parsers share one lock. Started on first use: a process that highlights nothing
/// starts no thread and never loads GtkSourceView. Only values cross: requests in (code, language, theme),
/// `HighlightedCode` out through a `Promise`. A job whose promise was cancelled (its document is
/// finished) is skipped. When no thread can be started, code is set plain with a warning.
package final class HighlightThread: Sendable {
    /// The thread, started at the first request, whose state is GtkSourceView (or why it could
    /// not be opened): opened there, so that thread owns GtkSourceView's objects.
    private let started = Once {
        WorkerThread<Result<SourceView, HighlightError>>(
            makeState: { SourceViewLibrary.open().map { SourceView($0) } },
            fallback: { .failure(HighlightError(message: "no thread could be started for it")) })
    }

    private var worker: WorkerThread<Result<SourceView, HighlightError>> { started.value }

    /// The process's highlighter (see above); its thread starts at its first request.
    package static let process = HighlightThread()

    private init() {}

    /// Queues the highlighting of `code` as `language` with the scheme `theme` (no language:
    /// only the theme's look), without waiting.
    package func highlight(_ code: String, language: CodeLanguage?, theme: String) -> Promise<HighlightedCode> {
        let promise = Promise<HighlightedCode>()
        worker.submit { sourceView in
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
    package func installed() -> Result<(schemes: [String], languages: [String]), HighlightError> {
        perform { view in (view.schemeIDs, view.languageIDs) }
    }

    /// The id of the language `info` (an info string's first word) names; nil when it names
    /// none or GtkSourceView cannot be opened. Waits.
    package func languageID(info: String) -> String? {
        guard let request = CodeLanguage(info: info) else { return nil }
        return try? perform { view in view.languageID(for: request) }.get()
    }

    /// `body`'s value, computed on this thread with GtkSourceView; waits for it.
    private func perform<Value: Sendable>(_ body: @escaping @Sendable (SourceView) -> Value) -> Result<Value, HighlightError> {
        worker.perform { sourceView in sourceView.map(body) }
    }

    private static func unavailable(_ reason: String) -> HighlightWarning {
        HighlightWarning(scope: .document, message: "code is set without highlighting: GtkSourceView 4 is not available (\(reason))")
    }
}

/// What the command line shows of highlighting (`quire templates --keys`).
package enum Highlighting {
    /// The theme code is coloured with unless a template says otherwise.
    package static var defaultTheme: String { Style().codeTheme }

    /// The style schemes and languages GtkSourceView has installed, by id, sorted; both empty,
    /// with the reason, when it cannot be opened. Starts `highlighter`'s thread.
    package static func installed(_ highlighter: HighlightThread) -> (themes: [String], languages: [String], problem: String?) {
        switch highlighter.installed() {
        case .success(let found): return (found.schemes, found.languages, nil)
        case .failure(let error): return ([], [], error.message)
        }
    }
}
