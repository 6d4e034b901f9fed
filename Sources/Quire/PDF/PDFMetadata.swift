import QuireModel

/// What the PDF says about itself: its Info dictionary and its language.
package struct PDFMetadata: Sendable, Equatable {
    package var title: String
    package var author: String = ""
    /// The front matter's keywords (`/Keywords`, joined by commas); none: not written.
    package var keywords: [String] = []
    package var creator: String = "Quire \(QuireVersion.number)"
    /// Creation date as seconds since 1970 (UTC); nil writes the current time. A fixed date
    /// makes the same input give byte-identical PDFs.
    package var creationDate: Int64?
    /// A digest of the settings the PDF was made with (`RenderOptions.settingsDigest`), kept in
    /// the Info dictionary as `QuireSettings` so that `batch` can tell a stale PDF; nil: none.
    package var settings: String?
    /// What the links to other inputs of a batch depended on (`LinkRecord.text`), kept as
    /// `QuireLinks` beside the settings; nil: none.
    package var links: String?
    /// The document's language (BCP 47: front matter's `lang`, else the template's
    /// `text.lang` when it is not the default); nil: guessed from the script most of its
    /// text is in.
    package var language: String?
    /// The front matter's subject (`/Subject`, the XMP's dc:description); "": not written.
    package var subject: String = ""
    /// The standards the file claims (XMP identification): the plan's `StandardsVerdict`
    /// resolved (what was asked for, less what the source check and layout found), written
    /// as given.
    package var standards: PDFStandards = .none
    /// Files carried inside the PDF (`--attach-source`).
    package var attachments: [PDFAttachment] = []

    package init(title: String) { self.title = title }
}
