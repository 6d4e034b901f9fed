import QuireModel
import QuireStyle
import QuireImages
import QuirePDF

/// How to render: the resolved style and a few document facts.
public struct RenderOptions: Sendable {
    /// How the document looks: a template's resolved style (`Templates.style`) or your own.
    public var style = Style()
    /// The input's name for messages and the fallback title ("-" or a path).
    public var sourceName = "document.md"
    /// The document's title in the metadata, the running header and the title block, over the
    /// front matter's (otherwise the front matter's, else the first level-1 heading, else the
    /// file name without its extension).
    public var title: String?
    /// The author in the metadata, over the front matter's ("" for the front matter's).
    public var author = ""
    /// The PDF's creation date (seconds since 1970). Default: `sourceDateEpoch`, else the
    /// newest input file's modification time, so the same input gives byte-identical PDFs
    /// (`DatePolicy`).
    public var creationDate: Int64?
    /// A fixed date (seconds since 1970) for the PDF and its attached sources, over the files'
    /// own: the command line passes `SOURCE_DATE_EPOCH` here (reproducible builds). The library
    /// reads no environment variable; nil: the files' dates.
    public var sourceDateEpoch: Int64?
    /// The folder fetched images are cached in when the style's `images.cache` names none; the
    /// command line passes `$XDG_CACHE_HOME/quire`, else `$HOME/.cache/quire`. nil and no
    /// `images.cache`: fetched images are not kept on disk.
    public var imageCacheFolder: String?
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

    /// How links to other Markdown files are written (`--link-ext`): by default to the PDF
    /// made from the linked file, when it exists (`render`) or is one of `inputTree`'s
    /// (`batch`). Links are resolved from `baseDirectory`; none is without it.
    public var linkExtension = LinkExtension.pdf
    /// The batch's inputs, which links may lead to (`Batch.InputTree`); nil outside a batch.
    public var inputTree: Batch.InputTree?

    /// The standards the PDF meets and claims (`--pdf-standard`), over the front matter's
    /// `pdf-standard` and the style's `pdf.standard`; nil: theirs.
    public var pdfStandards: PDFStandards?
    /// Whether the Markdown source is attached to the PDF (`--attach-source`), as its source
    /// (an associated file, which PDF/A-3 allows and PDF/A-2 does not).
    public var attachSource = false

    /// Where images may be read from, as layout takes it, decoded with `libraries` (an engine's).
    package func imageResources(_ libraries: ImageLibraries) -> ImageResources {
        var resources = ImageResources(baseDirectory: baseDirectory, root: resourceRoot, fetching: style.images, libraries: libraries)
        resources.cacheFolder = imageCacheFolder
        return resources
    }

    /// The verdict a document's standards start from: these options' standards, else its
    /// front matter's, else the style's, as requested (the one place the three are weighed);
    /// checked against `attachSource` (`PDFStandards.checkAttachedSources`) and what the
    /// machine has.
    /// - Throws: `PDFStandardsError` for attachments with PDF/A-2 (which allows only PDF/A
    ///   attachments) and for PDF/A without the sRGB profile.
    package func standardsVerdict(frontMatter: PDFStandards?) throws(PDFStandardsError) -> StandardsVerdict {
        let requested = pdfStandards ?? frontMatter ?? style.pdfStandards
        if attachSource { try requested.checkAttachedSources() }
        if requested.archival != nil { _ = try ColorProfile.sRGB() }
        return StandardsVerdict(requested: requested)
    }

    /// Options with `style` and every other setting at its default.
    public init(style: Style = Style()) { self.style = style }

    /// A digest of everything in these options that shapes the PDF, with Quire's version: the
    /// resolved style (so a template file's contents and every `--set`), the title, author,
    /// resource root and how links to other files are written. Kept in each PDF (with what
    /// its links depended on: `LinkRecord`), so that `batch` re-renders a PDF made otherwise.
    /// 16 hexadecimal digits (`SettingsDigest`).
    package var settingsDigest: String {
        var digest = SettingsDigest()
        digest.add("Quire \(Quire.version)")
        digest.add(style)
        for part in [title ?? "", author, resourceRoot ?? "", "links: " + linkExtension.rawValue] { digest.add(part) }
        // Only when given, so that PDFs made before these options stay up to date.
        if let pdfStandards { digest.add("standards: \(pdfStandards)") }
        if attachSource { digest.add("attach source") }
        return digest.hex
    }
}

/// A document rendered: its PDF, and what rendering it found.
public struct RenderResult: Sendable {
    /// The PDF's bytes; empty when `Quire.renderFile` wrote them to the file as they came.
    public var pdf: [UInt8]
    /// The PDF's size in bytes.
    public var size: Int
    /// The problems met, each once, in the order found (front matter's first); the PDF is
    /// complete regardless.
    public var warnings: [Warning]
    /// The PDF's number of pages.
    public var pageCount: Int
    /// The settings digest the PDF records (`QuireSettings`): `RenderOptions`' digest, with
    /// what the links to other inputs depended on in a batch.
    public var settings: String = ""
    /// The files besides the input that the PDF depends on, there or not (absolute): the
    /// images it names and the Markdown files its links name (`quire watch` watches them).
    public var dependencies: Set<String> = []
    /// Each remote image fetched or looked up in the cache (`images.fetch`), as "URL fetched",
    /// "URL cached", "URL revalidated" or "URL failed: reason"; empty when fetching is off.
    public var remoteImages: [String] = []
}
