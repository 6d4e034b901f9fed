import Foundation

/// One document of a digest, parsed.
struct DigestDocument: Sendable {
    /// The path shown in the digest (as found).
    var path: String
    /// The absolute, standardised path links between documents are matched against.
    var canonicalPath: String
    var document: Document
    var info: DocumentInfo
    /// Where its images are read from (its own folder).
    var resources: ImageResources
    /// Its code blocks queued for highlighting (nil: queued when the digest is laid out).
    var highlights: CodeHighlights?

    init(path: String, canonicalPath: String, document: Document, info: DocumentInfo,
                resources: ImageResources = ImageResources(), highlights: CodeHighlights? = nil) {
        self.path = path; self.canonicalPath = canonicalPath; self.document = document; self.info = info
        self.resources = resources
        self.highlights = highlights
    }
}

/// A document the digest lists without its text, and why.
public struct DigestFailure: Sendable, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
}

/// A digest laid out, with each document's warnings.
struct LaidOutDigest {
    var laidOut: LaidOutDocument
    /// Warnings by document path, in input order.
    var warnings: [(path: String, warnings: [Warning])]
}

/// Lays out many documents as one digest: a cover (title, date, number of documents), a
/// table of contents with page numbers, one entry per document (its title, its path and its
/// first `excerptLines` lines, cut as excerpts are with a link to its full text), then each
/// cut document's full text on a new page, linking back to its entry. Links between the
/// documents (`other.md`, `other.md#anchor`) become links inside the PDF.
///
/// Stages: anchor tables for every document (namespaced "dK-"), entries, full texts,
/// contents with placeholder numbers, pagination, contents with the real page numbers (its
/// lines keep their height, so the pages do not change), furniture.
/// - Complexity: O(total text), paginated twice.
func layoutDigest(_ documents: [DigestDocument], failures: [DigestFailure], title: String, date: String,
                         style: Style, excerptLines: Int, shownFrom base: String = "") -> LaidOutDigest {
    /// A path as the digest shows it: relative to `base` when it lies under it.
    func shown(_ path: String) -> String {
        guard !base.isEmpty else { return path }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = base == "/" ? "/" : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }
    let typesetter = Typesetter.forThisThread(language: nil)
    let main = LayoutSession(style: style, typesetter: typesetter, anchors: AnchorTable(Document(blocks: [])))
    let column = Column(x: style.margins.left, width: style.contentWidth)
    let context = BlockContext(column: column)

    // Anchor tables first: a link may point into any document.
    let tables = documents.enumerated().map { k, d in AnchorTable(d.document, namespace: "d\(k + 1)-") }
    var byPath: [String: Int] = [:]
    for (k, d) in documents.enumerated() { byPath[d.canonicalPath] = k }
    let paths = byPath
    let entryNames = documents.indices.map { "d\($0 + 1)" }
    let sessions = documents.enumerated().map { k, d -> LayoutSession in
        let folder = (d.canonicalPath as NSString).deletingLastPathComponent
        let language = d.info.lang ?? style.language
        return LayoutSession(style: style, typesetter: typesetter, anchors: tables[k], resources: d.resources,
                             highlights: d.highlights ?? CodeHighlights(d.document, theme: style.codeTheme),
                             language: language, cjk: CJKRegion(language: language) ?? .dominant(in: d.document)) { link in
            DigestLinks.resolve(link, from: folder, paths: paths, tables: tables, entries: entryNames)
        }
    }

    var entries: [Slice] = []
    var fullTexts: [Slice] = []
    var outline: [OutlineEntry] = [OutlineEntry(level: 1, title: "Contents", destination: "toc")]
    for (k, d) in documents.enumerated() {
        let session = sessions[k]
        let (docTitle, body, titleHeadingLine) = DigestLinks.titleAndBody(d)
        let entry = entryNames[k], full = "\(entry)-full"
        var heading = session.headingSlices(level: 2, main.plainText(docTitle), destination: entry, context)
        if k == 0 { heading[0].pageBreakBefore = true }
        // 0 lines: whole documents, as `excerpt.lines=0` asks.
        let excerpt = excerptLines > 0
            ? session.excerpt(body.shiftingHeadings(by: 2), lines: excerptLines, target: full, decorationFirst: true, context)
            : LayoutSession.Excerpt(slices: session.layoutBlocks(body.shiftingHeadings(by: 2), context), isCut: false)
        let titleAnchor = titleHeadingLine.flatMap { tables[k].headingDestinations[$0] }
        if !excerpt.isCut, let name = titleAnchor, session.claimDestination(name) {
            heading[0].destinations.append(Destination(name: name, y: 0))
        }
        var shownExcerpt = excerpt.slices
        LayoutSession.keepTogether(&shownExcerpt)
        session.attachNotes(&shownExcerpt, context)
        entries += heading + main.pathLine(shown(d.path), context) + shownExcerpt
        if excerpt.isCut {
            var top = session.headingSlices(level: 1, main.plainText(docTitle), destination: full, context)
            top[0].pageBreakBefore = true
            if let name = titleAnchor, session.claimDestination(name) {
                top[0].destinations.append(Destination(name: name, y: 0))
            }
            var text = session.fullText(body.shiftingHeadings(by: 1), of: excerpt, context)
            session.attachNotes(&text, context)
            fullTexts += top + main.pathLine(shown(d.path), context) + main.backLink(style.backLabel, to: entry, context) + text
        }
        // Notes the document's shown text never referred to, after it (footnotes at the foot).
        var unplaced = session.unplacedNotes(context)
        session.attachNotes(&unplaced, context)
        if excerpt.isCut { fullTexts += unplaced } else { entries += unplaced }
        outline.append(OutlineEntry(level: 1, title: docTitle, destination: entry))
        outline += session.sink.sortedOutline  // their levels were shifted under the document's title
    }

    let cover = main.digestCover(title: title, date: date, documents: documents.count, failures: failures.count)
    func contents(_ pages: [String: Int]) -> [Slice] {
        main.contents(documents.enumerated().map { k, _ in (DigestLinks.titleAndBody(documents[k]).title, entryNames[k]) },
                      failures: failures.map { DigestFailure(path: shown($0.path), reason: $0.reason) }, pages: pages, context)
    }
    let paginator = Paginator(style: style)
    // The measuring pass's contents are dropped with what they recorded (the "toc"
    // destination), so the contents set with the page numbers place it.
    var pages = paginator.paginate(cover + main.trial { contents([:]) }.value + entries + fullTexts)
    var pageOf: [String: Int] = [:]
    for (i, page) in pages.enumerated() { for d in page.destinations where pageOf[d.name] == nil { pageOf[d.name] = i + 1 } }
    pages = paginator.paginate(cover + contents(pageOf) + entries + fullTexts)
    let info = DocumentInfo(title: .plain(title), date: .plain(date))
    for i in pages.indices {
        pages[i].furniture = main.furniture(page: i + 1, of: pages.count, size: pages[i].size, info: info, title: .plain(title))
    }
    let laidOut = LaidOutDocument(pages: pages, outline: outline, title: title, author: "", warnings: [])
    return LaidOutDigest(laidOut: laidOut, warnings: zip(documents, sessions).map { ($0.path, $1.sink.reportedWarnings) })
}

/// Titles and links between the documents of a digest.
enum DigestLinks {
    /// The document's title: the front matter's, else its first level-1 heading's (ATX or
    /// setext, or an HTML `<h1>`), else the file name without its extension, as `render` titles
    /// it; its body, without that heading wherever it stands (the entry's title says it, so it
    /// is not repeated); and the source line of the heading dropped.
    static func titleAndBody(_ d: DigestDocument) -> (title: String, body: [Block], headingLine: Int?) {
        if let title = d.info.title { return (title.widest, d.document.blocks, nil) }
        for (index, block) in d.document.blocks.enumerated() {
            guard let text = block.levelOneTitle else { continue }
            // A Markdown heading goes; an HTML block stays (it may hold more than the heading).
            guard case .heading = block.kind else { return (text, d.document.blocks, nil) }
            var body = d.document.blocks
            body.remove(at: index)
            return (text, body, block.line)
        }
        return (DocumentInfo.fileTitle(d.path), d.document.blocks, nil)
    }

    /// Where a link leads when it points at a document of the digest: `other.md` to its entry,
    /// `other.md#anchor` to that anchor (to the entry, with a warning, when the document has no
    /// such anchor); nil for anything else.
    static func resolve(_ link: String, from folder: String, paths: [String: Int], tables: [AnchorTable],
                        entries: [String]) -> DocumentLinkTarget? {
        guard let file = FileLink(link, from: folder), let k = paths[file.path] else { return nil }
        guard let fragment = file.fragment, !fragment.isEmpty else { return .target(.destination(entries[k]), warning: nil) }
        if let name = tables[k].destination(forFragment: fragment) { return .target(.destination(name), warning: nil) }
        return .target(.destination(entries[k]),
                       warning: "link to missing anchor #\(fragment) in \(link.prefix { $0 != "#" }); it leads to the document's entry")
    }
}


extension LayoutSession {
    /// A document's source path, small and muted, under its title.
    func pathLine(_ path: String, _ context: BlockContext) -> [Slice] {
        let look = typography.pathLine
        var slices = paragraphSlices(plainText(path), format(look.text, width: context.column.width, alignment: .left),
                                     x: context.column.x, spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                     tag: .element(element(.paragraph, in: context, text: path)))
        for i in slices.indices { slices[i].keepWithNext = true; slices[i].excerptRole = .none }
        return slices
    }

    /// The cover: the digest's title, date and number of documents.
    func digestCover(title: String, date: String, documents: Int, failures: Int) -> [Slice] {
        let column = Column(x: style.margins.left, width: style.contentWidth)
        let cover = typography.coverTitle
        var slices = paragraphSlices(plainText(title), format(cover.text, width: column.width, alignment: .left), x: column.x,
                                     spaceBefore: cover.spaceBefore, spaceAfter: cover.spaceAfter,
                                     tag: .element(StructureElement(.heading1, parent: nil, text: title)))
        slices[0].pushDown(style.contentHeight * typography.coverTitleDrop)
        var details = "\(documents) document" + (documents == 1 ? "" : "s")
        if failures > 0 { details += ", \(failures) not included" }
        let look = typography.coverDetails
        for line in [date, details] {
            slices += paragraphSlices(plainText(line), format(look.text, width: column.width, alignment: .left), x: column.x,
                                      spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                      tag: .element(StructureElement(.paragraph, parent: nil, text: line)))
        }
        for i in slices.indices { slices[i].excerptRole = .none }
        return slices
    }

    /// The table of contents: one line per document (title, dot leaders, page number, linked
    /// to its entry), then the documents that could not be included, with their reasons.
    func contents(_ entries: [(title: String, destination: String)], failures: [DigestFailure],
                  pages: [String: Int], _ context: BlockContext) -> [Slice] {
        var slices = headingSlices(level: 1, plainText("Contents"), destination: "toc", context)
        slices[0].pageBreakBefore = true
        for entry in entries {
            slices.append(contentsLine(entry.title, page: pages.isEmpty ? nil : pages[entry.destination], destination: entry.destination,
                                       indent: 0, lineHeight: typography.contentsLineHeight, context))
        }
        if !failures.isEmpty {
            slices += headingSlices(level: 3, plainText("Not included"), destination: "not-included", context)
            for failure in failures {
                var text = StyledText()
                text.append(failure.path, StyledText.Attributes(monospace: true))
                text.append(": " + failure.reason, StyledText.Attributes(color: typography.muted))
                slices += paragraph(text, context)
            }
        }
        for i in slices.indices { slices[i].excerptRole = .none }
        return slices
    }
}
