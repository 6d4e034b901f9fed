// Render is the Cairo boundary: its files are the only ones that draw with Cairo (PDF and PNG)
// and open fonts with FreeType, all on the drawing thread (DrawingThread.swift).
import CPangoCairo

/// What the PDF says about itself.
struct PDFMetadata: Sendable, Equatable {
    var title: String
    var author: String = ""
    var creator: String = "Quire \(Quire.version)"
    /// Creation date as seconds since 1970 (UTC); nil lets Cairo write the current time.
    /// A fixed date makes the same input give byte-identical PDFs.
    var creationDate: Int64?
    /// A digest of the settings the PDF was made with (`RenderOptions.settingsDigest`), kept in
    /// the Info dictionary as `QuireSettings` so that `batch` can tell a stale PDF; nil: none.
    var settings: String?
    /// What the links to other inputs of a batch depended on (`LinkRecord.text`), kept as
    /// `QuireLinks` beside the settings; nil: none.
    var links: String?
    /// The document's language (BCP 47: front matter's `lang`, else the template's
    /// `text.lang` when it is not the default); nil: guessed from the script most of its
    /// text is in.
    var language: String?

    init(title: String) { self.title = title }
}

/// A failure writing the PDF (Cairo's status).
struct RenderError: Error, Sendable, CustomStringConvertible {
    var description: String
}


/// Writes a PDF one page at a time: the one place that draws with Cairo.
///
/// It only reads painted pages: glyph runs as layout recorded them, fills, strokes, markers,
/// images (drawn by `LoadedImage.draw`, the image library boundary), link rectangles, named
/// destinations; then the outline and metadata. A page can be dropped once drawn, so a
/// document need not be held whole.
///
/// Links are annotations appended to Cairo's finished file (`linkAnnotationUpdate`), faster
/// and smaller than Cairo's link tags, when Cairo writes the classic files `ClassicPDF` reads
/// (Cairo 1.16, as Debian bookworm ships; later Cairo may write compressed cross-references,
/// which that reader refuses); with Cairo 1.17 or later they are Cairo's link tags.
final class PDFWriter {
    /// How link annotations get into the file.
    enum LinkWriting {
        /// Appended by Quire after Cairo finishes (Cairo before 1.17 writes classic files).
        case appended
        /// Cairo's link tags. Cairo 1.16 writes a damaged file (a reserved object never
        /// written) when link tags are used outside any structure element, so every page is
        /// then drawn inside one "Document" tag.
        case cairoTags

        /// What this process's Cairo supports.
        static let forThisCairo: LinkWriting = cairo_version() < 1_17_00 ? .appended : .cairoTags
    }

    private let sink = ByteSink()
    private let fonts: RenderFonts
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let linkWriting: LinkWriting
    /// With `.appended`: each drawn page's links, in PDF user space.
    private var pageLinks: [[PDFLinkAnnotation]] = []
    private var currentSize: PageSize
    private var finished = false

    /// Starts a PDF whose first page is `firstPageSize` (later pages may differ), drawn with
    /// `fonts` (which belong to the thread using the writer).
    init(firstPageSize: PageSize, fonts: RenderFonts, linkWriting: LinkWriting = .forThisCairo) {
        currentSize = firstPageSize
        self.fonts = fonts
        self.linkWriting = linkWriting
        surface = cairo_pdf_surface_create_for_stream(ByteSink.write, sink.closure, firstPageSize.width,
                                                      firstPageSize.height)!
        cr = cairo_create(surface)!
        if linkWriting == .cairoTags { cairo_tag_begin(cr, "Document", "") }
    }

    /// A writer dropped unfinished (layout failed midway) frees Cairo's state; its bytes are lost.
    deinit {
        guard !finished else { return }
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Draws one page: its named destinations, link areas and items. O(items on the page).
    /// Uses Cairo and the renderer's own fonts only, so it may run on another thread than
    /// layout's (the thread its fonts belong to).
    func draw(_ page: PaintedPage) {
        // Cairo 1.16 also damages the file if the size is set on the first page inside a tag:
        // set it only when it changes (the surface starts at the first page's size).
        if page.size != currentSize {
            cairo_pdf_surface_set_size(surface, page.size.width, page.size.height)
            currentSize = page.size
        }
        for destination in page.destinations {
            cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(escapedTagValue(destination.name))' x=0 y=\(destination.y)")
            cairo_tag_end(cr, CAIRO_TAG_DEST)
        }
        switch linkWriting {
        case .appended:
            pageLinks.append(page.links.map { PDFLinkAnnotation($0, pageHeight: page.size.height) })
        case .cairoTags:
            for link in page.links {
                let r = link.rect
                let target: String
                switch link.target {
                case .uri(let uri): target = "uri='\(escapedTagValue(uri))'"
                case .destination(let name): target = "dest='\(escapedTagValue(name))'"
                }
                cairo_tag_begin(cr, CAIRO_TAG_LINK, "\(target) rect=[\(r.x) \(r.y) \(r.width) \(r.height)]")
                cairo_tag_end(cr, CAIRO_TAG_LINK)
            }
        }
        // White paper, as the PNG preview has. It also keeps Cairo's record of the page's drawn
        // area one rectangle: Cairo 1.16 adds every operation's bounds to that region, and a
        // region of many small rectangles made those additions 1.7% of a long list's run.
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, page.size.width, page.size.height)
        cairo_fill(cr)
        drawPage(page, fonts: fonts, cr)
        cairo_show_page(cr)
    }

    /// Adds the outline and metadata and ends the file; the writer is done after this.
    /// - Throws: `RenderError` when Cairo reports a failure (at any point of the file).
    func finish(outline: [OutlineEntry], metadata: PDFMetadata) throws(RenderError) -> [UInt8] {
        finished = true
        if linkWriting == .cairoTags { cairo_tag_end(cr, "Document") }
        addOutline(outline, surface)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, metadata.creator)
        if !metadata.author.isEmpty { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, metadata.author) }
        if let date = metadata.creationDate {
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, iso8601(date))
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(description: "PDF output failed: \(String(cString: cairo_status_to_string(status)))")
        }
        if linkWriting == .appended {
            let update: [UInt8]
            do {
                let info = [("QuireSettings", metadata.settings), ("QuireLinks", metadata.links)]
                    .compactMap { key, value in value.map { (key: key, value: $0) } }
                update = try sink.withBytes { pdf throws(PDFStructureError) in
                    try linkAnnotationUpdate(for: pdf, links: pageLinks, info: info)
                }
            } catch {
                throw RenderError(description: "cannot add links to Cairo's PDF: \(error)")
            }
            guard update.isEmpty || update.withUnsafeBytes({ sink.append($0.baseAddress!, $0.count) }) else {
                throw RenderError(description: "PDF output failed: out of memory")
            }
        }
        return sink.bytes
    }
}

/// Nests outline entries by heading level (a level-3 under the nearest level 1 or 2 before it).
private func addOutline(_ entries: [OutlineEntry], _ surface: OpaquePointer) {
    var parents: [(level: Int, id: Int32)] = []
    for entry in entries {
        while let last = parents.last, last.level >= entry.level { parents.removeLast() }
        let parent = parents.last?.id ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
        let id = cairo_pdf_surface_add_outline(surface, parent, entry.title,
                                               "dest='\(escapedTagValue(entry.destination))'",
                                               cairo_pdf_outline_flags_t(rawValue: 0))
        parents.append((entry.level, id))
    }
}

/// Escapes a value for a Cairo tag attribute string (single-quoted): a backslash before each
/// `'` and `\`. Works on UTF-8 bytes (both are ASCII, so no character is split).
/// - Complexity: O(n) in the value's UTF-8 length; no copy when there is nothing to escape.
func escapedTagValue(_ value: String) -> String {
    let utf8 = value.utf8
    guard utf8.contains(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\") }) else { return value }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 8)
    for byte in utf8 {
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
        out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
}
