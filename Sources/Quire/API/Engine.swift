import Foundation
import Synchronization
import QuireModel
import QuireImages
import QuireHighlight
import QuireLayout
import QuireDrawing
import QuireDiagrams

/// What Quire keeps between documents, owned by one value instead of the process: the
/// typesetter (its Pango fonts, shaped words, MATH fonts and hyphenation dictionaries), the
/// drawing thread (with the PDF writers' font faces and the preview fonts), the highlight thread
/// (GtkSourceView, started only when code needs it), the image libraries (librsvg, gdk-pixbuf,
/// libcurl, opened on first need), Graphviz (opened at the first diagram), the anchors of linked files, and the temporary files of the
/// writes in progress.
///
/// Make one for many renders (the command line makes one per process, a batch worker one for
/// all its files) and pass it to each: fonts are then loaded once. Every public entry point
/// takes one and, when none is given, makes its own for that call (its threads end and its
/// caches go with it): the simple call stays simple, at the cost of loading fonts again.
///
/// An engine renders one document at a time: a second call on it from another thread waits
/// for the first (its typesetter is not safe to share). Two engines render at the same time,
/// each with its own typesetter, drawing thread and caches. What stays process-wide is what the
/// C libraries themselves keep per process: GtkSourceView's thread (GTK's state is per process
/// and single-threaded: `HighlightThread.process`), cmark-gfm's table of special characters
/// (parsers finish one at a time under a lock, `MathSpans.finishing`), Graphviz (libgvc and
/// libcgraph keep global state and are not thread-safe: one library opened per process and
/// one layout at a time under its lock, `Graphviz.process`) and libxml2's input callbacks
/// (`DefinitionSchema`).
///
/// `interrupt()` stops an engine for good, as Ctrl-C stops the command line: its temporary files
/// are removed at once, the render in progress throws `QuireError` ("interrupted") instead of
/// writing its output, and so does every later one.
public final class Engine: @unchecked Sendable {  // `made` is used only under `turn`
    /// Draws every page and preview of the engine's renders, in order; started at the first.
    private let drawingThread = Once { DrawingThread() }
    /// Highlights code blocks: the process's one GtkSourceView thread (GTK is per process),
    /// started at the first block.
    package let highlighting = HighlightThread.process
    /// Lays out diagrams: the process's one Graphviz (its state is per process), opened at the
    /// first diagram, so a run without one never loads it. Handed to layout by every render.
    package let graphviz = Graphviz.process
    /// librsvg, gdk-pixbuf and libcurl, each opened the first time a document needs it.
    package let images = ImageLibraries()
    /// The anchors of Markdown files the documents link to.
    package let links = LinkCache()
    /// The temporary files of the engine's writes in progress, for a signal handler
    /// (`TemporaryFiles.removeAll`) and `interrupt`.
    public let temporaryFiles = TemporaryFiles()

    private let interrupted = Atomic<Bool>(false)
    /// One render at a time (reentrant: an entry point may call another).
    private let turn = NSRecursiveLock()
    private var made: Typesetter?

    /// An engine with nothing loaded and no thread started yet.
    public init() {}

    /// The drawing thread, started now if it was not yet.
    package var drawing: DrawingThread { drawingThread.value }

    /// The style schemes and languages GtkSourceView has installed, by id, sorted; both empty,
    /// with the reason, when it cannot be opened (`quire templates --keys`). Starts the
    /// engine's highlight thread.
    package func installedHighlighting() -> (themes: [String], languages: [String], problem: String?) {
        Highlighting.installed(highlighting)
    }

    /// Stops the engine: its temporary files are removed now, and the render in progress (if
    /// any) and every later one throw `QuireError` ("interrupted") without writing an output.
    /// Safe from any thread; returns at once. O(`TemporaryFiles.capacity`).
    public func interrupt() {
        interrupted.store(true, ordering: .releasing)
        temporaryFiles.removeAll()
    }

    /// Whether `interrupt` was called.
    public var isInterrupted: Bool { interrupted.load(ordering: .acquiring) }

    /// `body`'s value, computed as the engine's one render (a concurrent call waits).
    package func exclusively<Value>(_ body: () throws -> Value) rethrows -> Value {
        turn.lock()
        defer { turn.unlock() }
        return try body()
    }

    /// The engine's typesetter, set to `language` (nil: the process's default). Made at the first
    /// call, which starts Pango loading fontconfig's configuration on a thread of its own
    /// (`RenderPipeline.parseSettingUpTypesetter`). Called within `exclusively`.
    package func typesetter(language: String?) -> Typesetter {
        exclusively {
            if let made {
                made.setLanguage(language)
                return made
            }
            let typesetter = Typesetter(language: language)
            made = typesetter
            return typesetter
        }
    }

    /// Throws when the engine was interrupted, naming `file` (the output, or the input).
    package func checkInterrupted(_ file: String) throws(QuireError) {
        if isInterrupted { throw QuireError(file: file, message: "interrupted") }
    }
}
