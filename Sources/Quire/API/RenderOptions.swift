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
    var imageResources: ImageResources { ImageResources(baseDirectory: baseDirectory, root: resourceRoot) }

    public init(style: Style = Style()) { self.style = style }
}

public struct RenderResult: Sendable {
    public var pdf: [UInt8]
    public var warnings: [Warning]
    public var pageCount: Int
}
