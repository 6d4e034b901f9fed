import QuireModel

/// What the standards a document claims add to it as it is written: the metadata stream on
/// every file; for PDF/A, the output intent and what each link annotation needs; the source
/// files attached. The page loop asks it only about annotations (`complete(_:)`); the rest is
/// written when the document ends (`PDFDocumentWriter.finish`).
package final class DocumentStandards {
    private let file: PDFFile
    /// What was asked for; the claims written may be fewer (`PDFMetadata.standards`).
    package let requested: PDFStandards
    /// The empty appearance every link annotation of a PDF/A file shows, written once.
    private var emptyAppearance: PDFReference?

    package init(file: PDFFile, requested: PDFStandards) {
        self.file = file
        self.requested = requested
    }

    /// Whether PDF/A was asked for: its rules then apply to what is written (images not
    /// interpolated, annotations printable).
    package var isArchival: Bool { requested.archival != nil }

    /// Adds what PDF/A asks of every annotation (ISO 19005-2, 6.3.2 and 6.3.3): the Print
    /// flag, and an appearance (an empty one: a link shows nothing of its own; PDF/A
    /// exempts links from the appearance, which some validators still ask for).
    package func complete(_ annotation: inout PDFLinkAnnotationWriter) {
        guard isArchival else { return }
        annotation.printable()
        annotation.appearance(appearance())
    }

    private func appearance() -> PDFReference {
        if let emptyAppearance { return emptyAppearance }
        let form = file.reserve()
        file.addStream(form, as: PDFFormWriter.self, data: []) { $0.bBox([0, 0, 1, 1]) }
        emptyAppearance = form
        return form
    }

    /// Writes the XMP metadata stream, uncompressed so that any tool finds it. O(metadata).
    package func writeMetadata(_ content: XMPMetadata.Content) -> PDFReference {
        let stream = file.reserve()
        file.addStream(stream, as: PDFMetadataStreamWriter.self, data: XMPMetadata.packet(content), compress: false) { _ in }
        return stream
    }

    /// Writes PDF/A's output intent, the sRGB profile embedded; nil when PDF/A is not claimed
    /// (or the profile, checked before rendering, cannot be read).
    package func writeOutputIntent(claims: PDFStandards) -> PDFReference? {
        guard claims.archival != nil, let bytes = try? ColorProfile.sRGB() else { return nil }
        let profile = file.reserve()
        file.addStream(profile, data: bytes) { $0.pair(.n, 3) }
        let intent = file.reserve()
        file.add(intent, as: PDFOutputIntentWriter.self) { intent in
            intent.condition(ColorProfile.sRGBCondition)
            intent.profile(profile)
        }
        return intent
    }

    /// Writes each attachment as an embedded file and its specification, associated with the
    /// document as its source; the name tree readers list them from, and the specifications
    /// (for the catalog's /AF). Nil when there are none. O(total size).
    package func writeAttachments(_ attachments: [PDFAttachment]) -> (tree: PDFReference, specifications: [PDFReference])? {
        guard !attachments.isEmpty else { return nil }
        // Names are unique and sorted by their bytes, as a name tree's keys must be.
        var seen: Set<String> = []
        let unique = attachments.filter { seen.insert($0.name).inserted }.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        var specifications: [PDFReference] = []
        for attachment in unique {
            let stream = file.reserve()
            file.addStream(stream, as: PDFEmbeddedFileWriter.self, data: attachment.bytes) { embedded in
                embedded.markdown()
                embedded.parameters(size: attachment.bytes.count, modified: attachment.modified)
            }
            let specification = file.reserve()
            file.add(specification, as: PDFFileSpecificationWriter.self) { spec in
                spec.name(attachment.name)
                spec.description("Markdown source")
                spec.isSource()
                spec.embedded(stream)
            }
            specifications.append(specification)
        }
        let tree = file.addTree(.names, count: unique.count, leafSize: 64,
                                key: { $1.item(bytes: unique[$0].name.utf8) }, value: { $1.item(specifications[$0]) })
        return (tree, specifications)
    }
}

/// A file carried inside the PDF: a Markdown source (`--attach-source`).
package struct PDFAttachment: Sendable, Equatable {
    /// Its name in the PDF (a path relative to the inputs, "/"-separated).
    package var name: String
    package var bytes: [UInt8]
    /// When it was last changed (seconds since 1970): SOURCE_DATE_EPOCH when set.
    package var modified: Int64

    package init(name: String, bytes: [UInt8], modified: Int64) {
        self.name = name
        self.bytes = bytes
        self.modified = modified
    }
}
