/// Quire's entry point for Swift callers.
///
/// ```swift
/// let result = try Quire.render(markdown: "# Hello\n\nWorld", options: RenderOptions())
/// // result.pdf holds the PDF's bytes, result.warnings what went wrong without stopping it.
/// try Quire.renderFile(input: "README.md", output: "README.pdf")
/// ```
#if canImport(Glibc)
import Glibc
#endif

public enum Quire {
    /// The version written into every PDF's Creator field and printed by `quire --version`.
    public static let version = "0.1.0"

    /// Renders Markdown text to PDF bytes. Reads no file but the images under
    /// `options.baseDirectory` (none when it is nil), and never touches the network.
    ///
    /// - Throws: `QuireError` only if Cairo fails to write the PDF.
    /// - Complexity: O(n) in the text's length.
    public static func render(markdown: String, options: RenderOptions = RenderOptions()) throws -> RenderResult {
        do {
            guard canLayOutStreaming(style: options.style) else {
                let laidOut = layout(markdown, options)
                let pdf = try renderPDF(laidOut, metadata: metadata(laidOut, options))
                return RenderResult(pdf: pdf, warnings: laidOut.warnings, pageCount: laidOut.pages.count)
            }
            // Each page is painted as soon as it is laid out and drawn on a thread of its own
            // while layout goes on, then dropped: memory stays a few pages whatever the
            // document's length, and drawing's time hides behind layout's.
            let pdf = ThreadedPDF(firstPageSize: options.style.pageSize, overlapsLayout: options.drawsOnItsOwnThread)
            var pageCount = 0
            let laidOut = withFrontMatter(markdown, options) { document, info, fallbackTitle in
                let painter = LinePainter()
                let streamed = layoutDocumentStreaming(document, style: options.style, fallbackTitle: fallbackTitle,
                                                       info: info, resources: options.imageResources) { page in
                    pdf.draw(paintPage(page, with: painter))
                }
                pageCount = streamed.pageCount
                return streamed.document
            }
            let bytes = try pdf.finish(outline: laidOut.outline, metadata: metadata(laidOut, options))
            return RenderResult(pdf: bytes, warnings: laidOut.warnings, pageCount: pageCount)
        } catch let error as RenderError {
            throw QuireError(file: options.sourceName, line: 0, message: error.description)
        }
    }

    /// The PDF's title, author and date: the options', else the document's.
    static func metadata(_ laidOut: LaidOutDocument, _ options: RenderOptions) -> PDFMetadata {
        var metadata = PDFMetadata(title: options.title ?? laidOut.title)
        metadata.creationDate = options.creationDate ?? sourceDateEpoch
        metadata.author = options.author.isEmpty ? laidOut.author : options.author
        return metadata
    }

    /// One page of the document (1-based `page`) as PNG bytes at `dpi` pixels per inch, laid
    /// out exactly as the PDF (with excerpts when the style asks for them).
    /// - Throws: `QuireError` when the page does not exist or Cairo fails.
    public static func renderPNG(markdown: String, page: Int, dpi: Double = 96,
                                 options: RenderOptions = RenderOptions()) throws -> (png: [UInt8], pageCount: Int) {
        let laidOut = layout(markdown, options)
        guard (1...laidOut.pages.count).contains(page) else {
            throw QuireError(file: options.sourceName, message: "no page \(page): the document has \(laidOut.pages.count)")
        }
        do {
            return (try renderPagePNG(laidOut.pages[page - 1], dpi: dpi), laidOut.pages.count)
        } catch let error as RenderError {
            throw QuireError(file: options.sourceName, message: error.description)
        }
    }

    /// Front matter, parse and layout: what every output starts from.
    static func layout(_ markdown: String, _ options: RenderOptions, includeFullText: Bool = true) -> LaidOutDocument {
        withFrontMatter(markdown, options) { document, info, fallbackTitle in
            layoutDocument(document, style: options.style, fallbackTitle: fallbackTitle, info: info,
                           includeFullText: includeFullText, resources: options.imageResources)
        }
    }

    /// Splits off the front matter, parses the rest and lays it out with `layOut` (given the
    /// document, its info and the title to fall back on); the front matter's warnings come
    /// first and its author is the document's.
    private static func withFrontMatter(_ markdown: String, _ options: RenderOptions,
                                        layOut: (Document, DocumentInfo, String) -> LaidOutDocument) -> LaidOutDocument {
        let (info, body, frontMatterWarnings) = FrontMatter.split(markdown)
        let parsed = parseSettingUpTypesetter(body, style: options.style, language: info.lang)
        var laidOut = layOut(parsed, info, options.title ?? fileTitle(options.sourceName))
        laidOut.warnings = frontMatterWarnings + laidOut.warnings
        laidOut.author = info.author?.widest ?? ""
        return laidOut
    }

    /// Parses `body` on a helper thread while this thread sets up its typesetter for `style`
    /// (fontconfig's configuration, the font map, the body font), which layout needs next: the
    /// two share nothing (on a 200 KB document, about 7 ms for the set-up and 5 ms for the
    /// parse alone). A body under `helperThreadMinimum` bytes is parsed here: a thread and its
    /// fresh memory would cost more than its parse (about a millisecond more for 10 KB).
    static func parseSettingUpTypesetter(_ body: String, style: Style, language: String?) -> Document {
        guard body.utf8.count >= helperThreadMinimum else { return parseMarkdown(body) }
        let parse = HelperThread { parseMarkdown(body) }
        _ = Typesetter.forThisThread(language: language).xHeight(family: style.bodyFont, size: style.bodySize)
        return parse.result()
    }

    /// The size of Markdown, in bytes, from which `parseSettingUpTypesetter` parses on a helper thread.
    static let helperThreadMinimum = 64 * 1024

    /// SOURCE_DATE_EPOCH from the environment, for reproducible builds.
    static var sourceDateEpoch: Int64? {
        getenv("SOURCE_DATE_EPOCH").flatMap { Int64(String(cString: $0)) }
    }

    /// The excerpt of every section, with exactly the line breaks of the PDF, for a terminal.
    /// Uses `options.style.excerptLines` (6 when unset); lays out no full text.
    public static func excerpts(markdown: String, options: RenderOptions = RenderOptions()) -> [ExcerptSummary] {
        var style = options.style
        style.excerptLines = style.excerptLines ?? 6
        var options = options
        options.style = style
        return layout(markdown, options, includeFullText: false).excerpts
    }

    /// "docs/guide.md" → "guide.md"; standard input ("-") → "stdin".
    static func fileTitle(_ path: String) -> String {
        path == "-" ? "stdin" : String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The folder of `path` ("docs/guide.md" → "docs", "guide.md" → "."); "." for standard input.
    public static func folder(of path: String) -> String {
        guard path != "-", let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Renders the Markdown file at `input` into the PDF at `output`.
    ///
    /// The PDF is written to a temporary file beside `output` and renamed over it, so a
    /// failure never leaves a half-written PDF nor destroys an existing one. Images are read
    /// relative to the input's folder (the current folder for standard input) unless
    /// `options.baseDirectory` says otherwise.
    /// - Throws: `QuireError` naming the file: unreadable, not UTF-8 (with the byte offset),
    ///   or not writable.
    public static func renderFile(input: String, output: String, options: RenderOptions = RenderOptions()) throws -> RenderResult {
        var options = options
        options.sourceName = input
        options.creationDate = options.creationDate ?? sourceDateEpoch ?? InputFile.modificationTime(input)
        if options.baseDirectory == nil { options.baseDirectory = folder(of: input) }
        let text = try InputFile.readMarkdown(at: input)
        let result = try render(markdown: text, options: options)
        try OutputFile.writeAtomically(result.pdf, to: output)
        return result
    }
}

/// How to render: the resolved style and a few document facts.
public struct RenderOptions: Sendable {
    public var style = Style()
    /// The input's name for messages and the fallback title ("-" or a path).
    public var sourceName = "document.md"
    /// Overrides the title (otherwise the first heading, else the file name).
    public var title: String?
    public var author = ""
    /// The PDF's creation date (seconds since 1970). Default: SOURCE_DATE_EPOCH, else the
    /// input file's modification time, so the same input gives byte-identical PDFs.
    public var creationDate: Int64?
    /// The folder relative image paths are resolved against. `render(markdown:)` reads no
    /// image when it is nil (each becomes a placeholder); `renderFile` sets the input's folder.
    public var baseDirectory: String?
    /// The folder no image may be read from outside of (`quire render --resource-root`);
    /// nil: `baseDirectory`.
    public var resourceRoot: String?
    /// Whether `render` draws pages on a second thread while it lays out the next ones
    /// (about a fifth faster on two cores). Batch workers turn it off: their parallelism is
    /// one process per core (`--jobs`).
    public var drawsOnItsOwnThread = true

    /// Where images may be read from, as layout takes it.
    public var imageResources: ImageResources { ImageResources(baseDirectory: baseDirectory, root: resourceRoot) }

    public init(style: Style = Style()) { self.style = style }
}

public struct RenderResult: Sendable {
    public var pdf: [UInt8]
    public var warnings: [Warning]
    public var pageCount: Int
}

/// A rendering failure: which file, the line when known (0 otherwise), and what happened.
public struct QuireError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int = 0, message: String) {
        self.file = file; self.line = line; self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
