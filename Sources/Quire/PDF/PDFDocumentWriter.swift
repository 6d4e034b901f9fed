#if canImport(Glibc)
import Glibc
#endif

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
final class PDFDocumentWriter {
    private let file = PDFFile()
    private let fonts: EmbeddedFonts
    private let images: PDFImages
    private let structure: StructureTree
    private let pageTree: Int
    private let resourceDictionary: Int
    private var pages: [Int] = []
    private var targets: [Navigation.Target] = []

    /// A writer opening its fonts through `faces` (a thread's, kept across documents).
    init(faces: FontFaces = FontFaces()) {
        fonts = EmbeddedFonts(file: file, faces: faces)
        images = PDFImages(file: file, faces: faces)
        structure = StructureTree(file: file)
        pageTree = file.reserve()
        resourceDictionary = file.reserve()
    }

    /// Sets the script most of the document's text is in, before its first page: an element in
    /// another script is marked with its own language.
    func setMainScript(_ script: ScriptGuess?) { structure.setMainScript(script) }

    /// Writes one page: its content, link annotations and named destinations. O(items + glyphs).
    func add(_ page: PaintedPage) {
        let number = file.reserve()
        pages.append(number)
        let height = page.size.height
        let marks = structure.beginPage(number)
        let annotations = page.links.map { _ in file.reserve() }
        marks.setLinks(page.links, annotations: annotations)
        var content = ContentStream(height: height)
        content.draw(page, ContentStream.Resources(fonts: fonts, images: images, marks: marks))
        let contents = file.reserve()
        file.addStream(contents, dictionary: [], data: content.bytes.array)

        for (index, link) in page.links.enumerated() {
            // Its key first: a link without text becomes an element, written now.
            let key = marks.annotationKey(index)
            let text = marks.linkTexts[index] ?? []
            file.add(annotations[index]) { Self.appendLinkAnnotation(link, pageHeight: height, structParent: key, text: text, to: &$0) }
        }
        marks.finish()
        for destination in page.destinations {
            targets.append(Navigation.Target(name: destination.name, page: number, top: height - destination.y))
        }

        file.add(number) { body in
            body.appendLiteral("<< /Type /Page /Parent ")
            body.appendReference(pageTree)
            body.appendLiteral(" /MediaBox [ 0 0 ")
            body.appendNumber(page.size.width, decimals: 3)
            body.append(0x20)
            body.appendNumber(height, decimals: 3)
            body.appendLiteral(" ] /Resources ")
            body.appendReference(resourceDictionary)
            body.appendLiteral(" /Contents ")
            body.appendReference(contents)
            body.appendLiteral(" /StructParents ")
            body.appendInteger(marks.key)
            // Tab order follows the structure.
            body.appendLiteral(" /Tabs /S")
            if !annotations.isEmpty {
                body.appendLiteral(" /Annots [")
                body.appendReferences(annotations)
                body.appendLiteral(" ]")
            }
            body.appendLiteral(" >>")
        }
    }

    /// A link annotation (12.5.6.5): the area, no border, a URI action or a named destination;
    /// its text (else its target) as its description, its key in the parent tree.
    private static func appendLinkAnnotation(_ link: LinkArea, pageHeight: Double, structParent: Int, text: [UInt8],
                                             to body: inout ByteBuffer) {
        body.appendLiteral("<< /Subtype /Link /Rect [ ")
        let r = link.rect
        body.appendNumbers([r.x, pageHeight - r.maxY, r.maxX, pageHeight - r.y])
        body.appendLiteral("] /Border [ 0 0 0 ]")
        switch link.target {
        case .uri(let uri):
            body.appendLiteral(" /A << /S /URI /URI ")
            body.appendURIString(uri)
            body.appendLiteral(" >>")
        case .destination(let name):
            body.appendLiteral(" /Dest ")
            body.appendByteString(name.utf8)
        }
        // Its description: the link's text (UTF-8, spaces at its ends dropped), else its target.
        var words = text[...]
        while let first = words.first, first == 0x20 { words = words.dropFirst() }
        while let last = words.last, last == 0x20 { words = words.dropLast() }
        body.appendLiteral(" /Contents ")
        if !words.isEmpty {
            words.withUnsafeBufferPointer { body.appendTextString(utf8: $0) }
        } else {
            switch link.target {
            case .uri(let uri): body.appendTextString(uri)
            case .destination(let name): body.appendTextString(name)
            }
        }
        body.appendLiteral(" /StructParent ")
        body.appendInteger(structParent)
        body.appendLiteral(" >>")
    }

    /// Ends the file: fonts, images, the page tree, navigation, metadata. The writer is done
    /// after this. O(pages + destinations + outline + the fonts' subsetting).
    func finish(outline: [OutlineEntry], metadata: PDFMetadata) -> [UInt8] {
        if pages.isEmpty { add(PaintedPage(size: .a4, items: [], links: [], destinations: [])) }
        fonts.write()
        images.write()

        var resources: [UInt8] = []
        resources.appendLiteral("<< /ProcSet [ /PDF /Text /ImageB /ImageC ]")
        for (key, entries) in [("Font", fonts.resources + images.fontResources), ("XObject", images.resources)] where !entries.isEmpty {
            resources.appendName(key)
            resources.appendLiteral(" <<")
            for entry in entries {
                resources.append(0x20)
                resources.append(UInt8(ascii: "/"))
                resources.append(contentsOf: entry.name)
                resources.append(0x20)
                resources.appendReference(entry.number)
            }
            resources.appendLiteral(" >>")
        }
        resources.appendLiteral(" >>")
        file.add(resourceDictionary, resources)

        var tree: [UInt8] = []
        tree.appendLiteral("<< /Type /Pages /Kids [")
        tree.appendReferences(pages)
        tree.appendLiteral(" ] /Count ")
        tree.appendInteger(pages.count)
        tree.appendLiteral(" >>")
        file.add(pageTree, tree)

        let destinations = Navigation.writeDestinations(targets, to: file)
        let outlineRoot = Navigation.writeOutline(outline, to: file)
        let tagged = structure.finish(language: metadata.language)

        let catalog = file.reserve()
        var body: [UInt8] = []
        body.appendLiteral("<< /Type /Catalog /Pages ")
        body.appendReference(pageTree)
        if let destinations {
            body.appendLiteral(" /Names << /Dests ")
            body.appendReference(destinations)
            body.appendLiteral(" >>")
        }
        if let outlineRoot {
            body.appendLiteral(" /Outlines ")
            body.appendReference(outlineRoot)
        }
        body.appendLiteral(" /PageLabels << /Nums [ 0 << /S /D >> ] >> /ViewerPreferences << /DisplayDocTitle true >>")
        body.appendLiteral(" /MarkInfo << /Marked true >> /StructTreeRoot ")
        body.appendReference(tagged.root)
        if let language = tagged.language {
            body.appendLiteral(" /Lang ")
            body.appendTextString(language)
        }
        body.appendLiteral(" >>")
        file.add(catalog, body)

        // The document information last and uncompressed: `batch` reads it from the file's end.
        let info = file.reserve()
        var dictionary: [UInt8] = []
        dictionary.appendLiteral("<< /Title ")
        dictionary.appendTextString(metadata.title)
        if !metadata.author.isEmpty {
            dictionary.appendLiteral(" /Author ")
            dictionary.appendTextString(metadata.author)
        }
        if !metadata.keywords.isEmpty {
            dictionary.appendLiteral(" /Keywords ")
            dictionary.appendTextString(metadata.keywords.joined(separator: ", "))
        }
        dictionary.appendLiteral(" /Creator ")
        dictionary.appendTextString(metadata.creator)
        dictionary.appendLiteral(" /Producer ")
        dictionary.appendTextString(metadata.creator)
        dictionary.appendLiteral(" /CreationDate ")
        dictionary.appendTextString(pdfDate(metadata.creationDate ?? Self.now))
        if let settings = metadata.settings {
            dictionary.appendLiteral(" /QuireSettings ")
            dictionary.appendTextString(settings)
        }
        if let links = metadata.links {
            dictionary.appendLiteral(" /QuireLinks ")
            dictionary.appendTextString(links)
        }
        dictionary.appendLiteral(" >>")
        file.addDirect(info, dictionary)
        return file.finish(root: catalog, info: info)
    }

    /// The current time in seconds since 1970, for a document given no date.
    private static var now: Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec)
    }
}
