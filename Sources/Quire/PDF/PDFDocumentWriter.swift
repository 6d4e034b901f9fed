#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuireImages

/// Writes a PDF from painted pages, one page at a time: Quire's own PDF writer.
///
/// It reads only `PaintedPage` values: glyph runs as layout recorded them (fonts by file,
/// glyph ids and positions, the text and clusters Pango shaped), fills, strokes, markers,
/// images, link rectangles and named destinations; then the outline and metadata. Each page's
/// content is compressed and written as soon as the page comes, so a document need not be
/// held whole; fonts are subset and written at the end, when every glyph they show is known.
///
/// The file: PDF 1.7, objects in compressed object streams and a cross-reference stream
/// (`PDFFile`), fonts as Type 0 fonts (`EmbeddedFonts`), one resource dictionary shared by
/// every page. The same pages and metadata always give the same bytes.
///
/// Used by one thread at a time (the drawing thread's, like the fonts it opens).
package final class PDFDocumentWriter {
    private let file: PDFFile
    private let fonts: EmbeddedFonts
    private let images: PDFImages
    private let structure: StructureTree
    private let pageTree: PDFReference
    private let resourceDictionary: PDFReference
    private var pages: [PDFReference] = []
    private var targets: [Navigation.Target] = []
    /// Forms of furniture drawn over pages (`addFurniture`), by resource name.
    private var furnitureForms: [(name: [UInt8], object: PDFReference)] = []
    /// What the standards asked for add to the file (`setStandards`).
    private var standards: DocumentStandards

    /// A writer opening its fonts through `faces` (a thread's, kept across documents), its
    /// bytes going to `destination`.
    package init(faces: FontFaces = FontFaces(), destination: PDFDestination = .memory) {
        file = PDFFile(destination: destination)
        fonts = EmbeddedFonts(file: file, faces: faces)
        images = PDFImages(file: file, faces: faces)
        structure = StructureTree(file: file)
        pageTree = file.reserve()
        resourceDictionary = file.reserve()
        standards = DocumentStandards(file: file, requested: .none)
    }

    /// Sets the standards the file is to meet, before its first page: PDF/A's rules change
    /// how images and annotations are written. The claims themselves come with the metadata
    /// (`PDFMetadata.standards`, the plan's resolved `StandardsVerdict`), and the writer
    /// writes them as handed: it neither withdraws nor adds one.
    package func setStandards(_ requested: PDFStandards) {
        standards = DocumentStandards(file: file, requested: requested)
        images.interpolates = !standards.isArchival
    }

    /// Sets the script most of the document's text is in, before its first page: an element in
    /// another script is marked with its own language.
    package func setMainScript(_ script: ScriptGuess?) { structure.setMainScript(script) }

    /// Writes one page: its content, link annotations and named destinations. O(items + glyphs).
    package func add(_ page: PaintedPage) {
        let object = file.reserve()
        pages.append(object)
        let height = page.size.height
        let marks = structure.beginPage(object)
        let annotations = page.links.map { _ in file.reserve() }
        marks.setLinks(page.links, annotations: annotations)
        var content = ContentStream(height: height)
        content.draw(page, ContentStream.Resources(fonts: fonts, images: images, marks: marks))
        let contents = file.reserve()
        file.addStream(contents, data: content.bytes.array)

        for (index, link) in page.links.enumerated() {
            // Its key first: a link without text becomes an element, written now.
            let key = marks.annotationKey(index)
            let text = marks.linkTexts[index] ?? []
            file.add(annotations[index], as: PDFLinkAnnotationWriter.self) {
                Self.writeLinkAnnotation(link, pageHeight: height, structParent: key, text: text, to: &$0)
                standards.complete(&$0)
            }
        }
        marks.finish()
        for destination in page.destinations {
            targets.append(Navigation.Target(name: destination.name, page: object, top: height - destination.y))
        }

        file.add(object, as: PDFPageWriter.self) { written in
            written.parent(pageTree)
            written.mediaBox(width: page.size.width, height: height)
            written.resources(resourceDictionary)
            written.contents(contents)
            written.structParents(marks.key)
            written.tabsInStructureOrder()
            if !annotations.isEmpty { written.annotations(annotations) }
        }
    }

    /// Writes the furniture page `number` draws over its content (`Page.deferredFurniture`)
    /// as a form in the page's own space, before `finish`. O(items + glyphs).
    package func addFurniture(_ number: Int, _ page: PaintedPage) {
        let object = file.reserve()
        var content = ContentStream(height: page.size.height)
        content.draw(page, ContentStream.Resources(fonts: fonts, images: images, marks: structure.artifactMarks()))
        file.addStream(object, as: PDFFormWriter.self, data: content.bytes.array) { form in
            form.bBox([0, 0, page.size.width, page.size.height])
            form.resources(resourceDictionary)
        }
        furnitureForms.append((Self.furnitureName(number), object))
    }

    /// The resource name of page `number`'s deferred furniture ("P12").
    package static func furnitureName(_ number: Int) -> [UInt8] { Array("P\(number)".utf8) }

    /// A link annotation (12.5.6.5): the area, no border, a URI action or a named destination;
    /// its text (else its target) as its description, its key in the parent tree.
    private static func writeLinkAnnotation(_ link: LinkArea, pageHeight: Double, structParent: Int, text: [UInt8],
                                            to annotation: inout PDFLinkAnnotationWriter) {
        let r = link.rect
        annotation.rect(left: r.x, bottom: pageHeight - r.maxY, right: r.maxX, top: pageHeight - r.y)
        annotation.noBorder()
        switch link.target {
        case .uri(let uri): annotation.uri(uri)
        case .destination(let name): annotation.destination(name)
        }
        // Its description: the link's text (UTF-8, white space at its ends dropped), else its
        // target: a link around a picture holds only the spaces beside it.
        let words = LinkDescription.trimmed(text)
        if !words.isEmpty {
            words.withUnsafeBufferPointer { annotation.contents(utf8: $0) }
        } else {
            switch link.target {
            case .uri(let uri): annotation.contents(uri)
            case .destination(let name): annotation.contents(name)
            }
        }
        annotation.structParent(structParent)
    }

    /// Why the file could not be written, once a write to it failed (nil while all is well).
    package var writeFailure: String? { file.writeFailure }

    /// The file's size in bytes so far (after `finish`, the whole file's).
    package var fileSize: Int { file.position }

    /// Ends the file: fonts, images, the page tree, navigation, metadata. The writer is done
    /// after this. O(pages + destinations + outline + the fonts' subsetting).
    package func finish(outline: [OutlineEntry], metadata: PDFMetadata) -> [UInt8] {
        if pages.isEmpty { add(PaintedPage(size: .a4, items: [], links: [], destinations: [])) }
        fonts.write()
        images.write()
        writeResources()
        writePageTree()
        let date = metadata.creationDate ?? Self.now
        let destinations = Navigation.writeDestinations(targets, to: file)
        let outlineRoot = Navigation.writeOutline(outline, to: file)
        let tagged = structure.finish(language: metadata.language)
        // The claims are the verdict's, resolved before (`StandardsVerdict`): written as handed.
        let catalog = writeCatalog(Catalog(destinations: destinations, outline: outlineRoot, structure: tagged,
                                           standards: writeStandards(metadata, language: tagged.language, date: date)))
        // The document information last and uncompressed: `batch` reads it from the file's end.
        let info = writeInformation(metadata, date: date)
        return file.finish(root: catalog, info: info)
    }

    /// What the catalog refers to besides pages and structure.
    private struct Catalog {
        var destinations: PDFReference?
        var outline: PDFReference?
        var structure: (root: PDFReference, language: String?)
        var standards: StandardsObjects
    }

    /// The objects of the standards: metadata, output intent, attached files.
    private struct StandardsObjects {
        var metadata: PDFReference
        var outputIntent: PDFReference?
        var attachments: (tree: PDFReference, specifications: [PDFReference])?
    }

    /// Writes the XMP metadata (with the claims `metadata.standards` makes), PDF/A's output
    /// intent and the attached files.
    private func writeStandards(_ metadata: PDFMetadata, language: String?, date: Int64) -> StandardsObjects {
        let content = XMPMetadata.Content(title: metadata.title, author: metadata.author, subject: metadata.subject,
                                          keywords: metadata.keywords, creator: metadata.creator, language: language,
                                          date: date, claims: metadata.standards)
        return StandardsObjects(metadata: standards.writeMetadata(content),
                                outputIntent: standards.writeOutputIntent(claims: metadata.standards),
                                attachments: standards.writeAttachments(metadata.attachments))
    }

    /// The one resource dictionary every page shares: every font and image of the document.
    private func writeResources() {
        file.add(resourceDictionary, as: PDFResourcesWriter.self) { resources in
            let allFonts = fonts.resources + images.fontResources
            if !allFonts.isEmpty { resources.named(.font, allFonts) }
            let xObjects = images.resources + furnitureForms
            if !xObjects.isEmpty { resources.named(.xObject, xObjects) }
        }
    }

    private func writePageTree() {
        file.add(pageTree) { tree in
            tree.pair(.type, .pages)
            tree.array(.kids) { $0.items(pages) }
            tree.pair(.count, pages.count)
        }
    }

    private func writeCatalog(_ parts: Catalog) -> PDFReference {
        let catalog = file.reserve()
        file.add(catalog, as: PDFCatalogWriter.self) { catalog in
            catalog.pages(pageTree)
            catalog.names(destinations: parts.destinations, embeddedFiles: parts.standards.attachments?.tree)
            if let outline = parts.outline { catalog.outlines(outline) }
            catalog.decimalPageLabels()
            catalog.displayDocumentTitle()
            catalog.tagged(structure: parts.structure.root)
            if let language = parts.structure.language { catalog.language(language) }
            catalog.metadata(parts.standards.metadata)
            if let intent = parts.standards.outputIntent { catalog.outputIntent(intent) }
            if let files = parts.standards.attachments?.specifications { catalog.associatedFiles(files) }
        }
        return catalog
    }

    /// The document information dictionary (14.3.3), with the settings and links `batch`
    /// reads back to tell a stale PDF.
    /// Its values are the XMP metadata's (`writeStandards`), as PDF/A asks.
    private func writeInformation(_ metadata: PDFMetadata, date: Int64) -> PDFReference {
        let info = file.reserve()
        file.addDirect(info) { dictionary in
            dictionary.pair(.title, text: metadata.title)
            if !metadata.author.isEmpty { dictionary.pair(.author, text: metadata.author) }
            if !metadata.subject.isEmpty { dictionary.pair(.subject, text: metadata.subject) }
            if !metadata.keywords.isEmpty { dictionary.pair(.keywords, text: metadata.keywords.joined(separator: ", ")) }
            dictionary.pair(.creator, text: metadata.creator)
            dictionary.pair(.producer, text: metadata.creator)
            dictionary.pair(.creationDate, text: pdfDate(date))
            dictionary.pair(.modDate, text: pdfDate(date))
            if let settings = metadata.settings { dictionary.pair(.quireSettings, text: settings) }
            if let links = metadata.links { dictionary.pair(.quireLinks, text: links) }
        }
        return info
    }

    /// The current time in seconds since 1970, for a document given no date.
    private static var now: Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec)
    }
}
