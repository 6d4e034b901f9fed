import QuireModel
import QuireLayout
import QuirePDF
import QuireDrawing

/// Quire's entry point for Swift callers.
///
/// ```swift
/// let result = try Quire.render(markdown: "# Hello\n\nWorld", options: RenderOptions())
/// // result.pdf holds the PDF's bytes, result.warnings what went wrong without stopping it.
/// let engine = Engine()   // fonts and threads kept across renders
/// try Quire.renderFile(input: "README.md", output: "README.pdf", engine: engine)
/// ```
///
/// Every function takes an `Engine`, which holds what renders keep (fonts, the drawing and
/// highlight threads, caches, temporary files); without one, the call makes its own and lets
/// it go at the end: simple, but each such call loads its fonts again.
public enum Quire {
    /// The version written into every PDF's Creator field and printed by `quire --version`.
    public static let version = QuireVersion.number

    /// Renders Markdown text to PDF bytes. Reads no file but the images under
    /// `options.baseDirectory` (none when it is nil), and never touches the network.
    ///
    /// - Throws: `QuireError` if the PDF cannot be finished (not expected) or `engine` was
    ///   interrupted.
    /// - Complexity: O(n) in the text's length.
    public static func render(markdown: String, options: RenderOptions = RenderOptions(),
                              engine: Engine = Engine()) throws -> RenderResult {
        try engine.exclusively { () throws(QuireError) in try RenderPipeline.render(markdown: markdown, options: options, engine: engine) }
    }

    /// One page of the document (1-based `page`) as PNG bytes at `dpi` pixels per inch, laid
    /// out exactly as the PDF (with excerpts when the style asks for them).
    /// - Throws: `QuireError` when the page does not exist or Cairo fails.
    public static func renderPNG(markdown: String, page: Int, dpi: Double = 96, options: RenderOptions = RenderOptions(),
                                 engine: Engine = Engine()) throws -> (png: [UInt8], pageCount: Int) {
        try engine.exclusively { try png(markdown: markdown, page: page, dpi: dpi, options: options, engine: engine) }
    }

    private static func png(markdown: String, page: Int, dpi: Double, options: RenderOptions,
                            engine: Engine) throws -> (png: [UInt8], pageCount: Int) {
        let laidOut = RenderPipeline.layout(markdown, options, engine: engine)
        guard (1...laidOut.pages.count).contains(page) else {
            throw QuireError(file: options.sourceName, message: "no page \(page): the document has \(laidOut.pages.count)")
        }
        do {
            return (try renderPagePNG(laidOut.pages[page - 1], dpi: dpi, on: engine.drawing), laidOut.pages.count)
        } catch let error as DrawingError {
            throw QuireError(file: options.sourceName, message: error.description)
        }
    }

    /// The excerpt of every section, with exactly the line breaks of the PDF, for a terminal.
    /// Uses `options.style.excerptLines` (6 when unset); lays out no full text.
    public static func excerpts(markdown: String, options: RenderOptions = RenderOptions(),
                                engine: Engine = Engine()) -> [ExcerptSummary] {
        var style = options.style
        style.excerptLines = style.excerptLines ?? 6
        var options = options
        options.style = style
        return engine.exclusively { RenderPipeline.layout(markdown, options, engine: engine, includeFullText: false).excerpts }
    }

    /// The folder of `path` ("docs/guide.md" → "docs", "guide.md" → "."); "." for standard input.
    package static func folder(of path: String) -> String {
        guard path != "-", let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Renders the Markdown file at `input` into the PDF at `output`.
    ///
    /// The PDF is written to a temporary file beside `output` as its pages are made, and renamed
    /// over `output` at the end, so a failure never leaves a half-written PDF nor destroys an
    /// existing one, and the file is never held whole in memory (the result's `pdf` is empty:
    /// the file holds it; `size` says how large it is). Images are read
    /// relative to the input's folder (the current folder for standard input) unless
    /// `options.baseDirectory` says otherwise.
    /// The temporary file is recorded in `engine.temporaryFiles` while it exists, so that a
    /// signal handler or `Engine.interrupt` can remove it.
    /// - Throws: `QuireError` naming the file: unreadable, not UTF-8 (with the byte offset),
    ///   not writable, an output that is the input itself (after `..` and links), or
    ///   "interrupted" when `engine` was (no output is written then).
    public static func renderFile(input: String, output: String, options: RenderOptions = RenderOptions(),
                                  engine: Engine = Engine()) throws -> RenderResult {
        try engine.exclusively { try render(file: input, output: output, options: options, engine: engine) }
    }

    private static func render(file input: String, output: String, options: RenderOptions, engine: Engine) throws -> RenderResult {
        try engine.checkInterrupted(output)
        if OutputFile.isSameFile(output, as: input) { throw QuireError.outputIsInput(output, input) }
        var options = options
        options.sourceName = input
        options.creationDate = DatePolicy(options).creationDate(inputs: [input])
        if options.baseDirectory == nil { options.baseDirectory = folder(of: input) }
        // A long file (not in excerpt mode, which needs the whole document at once) is parsed a
        // section at a time, its text never read whole.
        let sections = try (options.style.excerptCut == nil ? MappedInput.open(input) : nil).map {
            try RenderPipeline.sections(of: $0, options, engine: engine)
        }
        let text = sections == nil ? try InputFile.readMarkdown(at: input) : ""
        let file = try OutputFile.Opened(output, recordingIn: engine.temporaryFiles)
        do {
            let plan = RenderPlan(content: sections.map { .sections($0) } ?? .text(text), options: options,
                                  destination: .file(descriptor: file.descriptor), outputName: output)
            let result = RenderPipeline.result(of: try Pipeline.run(plan, engine: engine))
            try engine.checkInterrupted(output)
            try file.commit()
            return result
        } catch {
            file.discard()
            throw error
        }
    }
}

