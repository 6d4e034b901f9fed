import Foundation
import QuireModel
import QuireParse
import QuireStyle
import QuireImages
import QuireHighlight

/// One document of a digest, parsed.
package struct DigestDocument: Sendable {
    /// The path shown in the digest (as found).
    package var path: String
    /// The absolute, standardised path links between documents are matched against.
    package var canonicalPath: String
    package var document: Document
    package var info: DocumentInfo
    /// Where its images are read from (its own folder).
    package var resources: ImageResources
    /// Its code blocks queued for highlighting (nil: queued when the digest is laid out).
    package var highlights: CodeHighlights?
    /// Where its links to Markdown files that are not in the same PDF lead (a book's chapter:
    /// to their PDFs, as `render` writes them); nil: as written.
    package var outsideLinks: LinkResolver?

    package init(path: String, canonicalPath: String, document: Document, info: DocumentInfo,
                resources: ImageResources = ImageResources(), highlights: CodeHighlights? = nil, outsideLinks: LinkResolver? = nil) {
        self.path = path; self.canonicalPath = canonicalPath; self.document = document; self.info = info
        self.resources = resources
        self.highlights = highlights
        self.outsideLinks = outsideLinks
    }
}

/// A document the digest lists without its text, and why.
public struct DigestFailure: Sendable, Equatable {
    /// The input's path, as given or found in a folder.
    public var path: String
    /// Why it is not included (missing, not UTF-8, ...).
    public var reason: String
    /// A failure of the input at `path`.
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
}

/// A digest laid out, with each document's warnings.
package struct LaidOutDigest {
    package var laidOut: LaidOutDocument
    /// Warnings by document path, in input order.
    package var warnings: [(path: String, warnings: [Warning])]
    /// The local files the documents' images name, found or not (a book's, for `watch`).
    package var imageFiles: Set<String> = []
}

/// Lays out many documents as one digest: a cover (title, date, number of documents), a
/// table of contents with page numbers, one entry per document (its title, its path and its
/// first `excerptLines` lines, cut as excerpts are with a link to its full text), then each
/// cut document's full text on a new page, linking back to its entry. Links between the
/// documents (`other.md`, `other.md#anchor`) become links inside the PDF.
///
/// The steps are `DigestLayouter`'s: anchor tables for every document (namespaced "dK-") and
/// a session each, then each document's entry and full text in turn, then the pages.
/// - Complexity: O(total text), paginated twice.
package func layoutDigest(_ documents: [DigestDocument], failures: [DigestFailure], title: String, date: String,
                  style: Style, excerptLines: Int, shownFrom base: String = "", typesetter: Typesetter) -> LaidOutDigest {
    var layouter = DigestLayouter(documents, failures: failures, style: style, shownFrom: base, typesetter: typesetter)
    for k in documents.indices { layouter.add(k, excerptLines: excerptLines) }
    return layouter.paginated(title: title, date: date)
}

/// A digest being laid out: every document's session (anchor tables made before any is laid
/// out, since a link may point into any document), and the entries, full texts and outline
/// gathered so far, in document order.
package struct DigestLayouter {
    package let documents: [DigestDocument]
    package let failures: [DigestFailure]
    package let style: Style
    /// The folder paths are shown relative to ("": as found).
    package let base: String
    /// The digest's own session: its cover, contents, path lines and furniture.
    package let main: LayoutSession
    package let context: BlockContext
    /// Each document's anchors, entry destination ("dK") and session.
    package let tables: [AnchorTable]
    package let entryNames: [String]
    package let sessions: [LayoutSession]

    package private(set) var entries: [Slice] = []
    package private(set) var fullTexts: [Slice] = []
    package private(set) var outline: [OutlineEntry] = [OutlineEntry(level: 1, title: "Contents", destination: "toc")]

    /// A digest of `documents` set with `typesetter` (an engine's), in no one language.
    package init(_ documents: [DigestDocument], failures: [DigestFailure], style: Style, shownFrom base: String, typesetter: Typesetter) {
        self.documents = documents
        self.failures = failures
        self.style = style
        self.base = base
        typesetter.setLanguage(nil)
        main = LayoutSession(style: style, typesetter: typesetter, anchors: AnchorTable(Document(blocks: [])))
        context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
        let set = DocumentSet(documents, style: style, typesetter: typesetter)
        (tables, sessions, entryNames) = (set.tables, set.sessions, set.entryNames)
    }

    /// A path as the digest shows it: relative to `base` when it lies under it.
    package func shown(_ path: String) -> String {
        guard !base.isEmpty else { return path }
        let absolute = AbsolutePath.of(path)
        let prefix = base == "/" ? "/" : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }

    /// Adds document `k`: its entry, its full text when the entry is cut, the notes its shown
    /// text never referred to (after it), and its outline entries under its title.
    package mutating func add(_ k: Int, excerptLines: Int) {
        let (title, body, titleHeadingLine) = DigestLinks.titleAndBody(documents[k])
        let titleAnchor = titleHeadingLine.flatMap { tables[k].headingDestinations[$0] }
        let excerpt = entry(k, title: title, body: body, titleAnchor: titleAnchor, excerptLines: excerptLines)
        if excerpt.isCut { fullTexts += fullText(k, title: title, body: body, titleAnchor: titleAnchor, of: excerpt) }
        var unplaced = sessions[k].unplacedNotes(context)
        sessions[k].attachNotes(&unplaced, context)
        if excerpt.isCut { fullTexts += unplaced } else { entries += unplaced }
        outline.append(OutlineEntry(level: 1, title: title, destination: entryNames[k]))
        outline += sessions[k].sink.sortedOutline  // their levels were shifted under the document's title
    }

    /// Adds document `k`'s entry: its title (which places the title heading's anchor when the
    /// document is shown whole), its path and its first `excerptLines` lines (0: the whole
    /// document, as `excerpt.lines=0` asks). Returns the excerpt.
    private mutating func entry(_ k: Int, title: String, body: [Block], titleAnchor: String?,
                                excerptLines: Int) -> LayoutSession.Excerpt {
        let session = sessions[k]
        var heading = session.headingSlices(level: 2, main.plainText(title), destination: entryNames[k], context)
        if k == 0 { heading[0].pageBreakBefore = true }
        let excerpt = excerptLines > 0
            ? session.excerpt(body.shiftingHeadings(by: 2), lines: excerptLines, target: fullTextName(k), decorationFirst: true, context)
            : LayoutSession.Excerpt(slices: session.layoutBlocks(body.shiftingHeadings(by: 2), context), isCut: false)
        if !excerpt.isCut, let name = titleAnchor, session.claimDestination(name) {
            heading[0].destinations.append(Destination(name: name, y: 0))
        }
        var shownExcerpt = excerpt.slices
        LayoutSession.keepTogether(&shownExcerpt)
        session.attachNotes(&shownExcerpt, context)
        entries += heading + main.pathLine(shown(documents[k].path), context) + shownExcerpt
        return excerpt
    }

    /// Document `k`'s full text after a cut entry: on a new page, its title (placing the title
    /// heading's anchor), its path, a link back to its entry, and the text with the mark where
    /// the excerpt stopped.
    private func fullText(_ k: Int, title: String, body: [Block], titleAnchor: String?,
                          of excerpt: LayoutSession.Excerpt) -> [Slice] {
        let session = sessions[k]
        var top = session.headingSlices(level: 1, main.plainText(title), destination: fullTextName(k), context)
        top[0].pageBreakBefore = true
        if let name = titleAnchor, session.claimDestination(name) {
            top[0].destinations.append(Destination(name: name, y: 0))
        }
        var text = session.fullText(body.shiftingHeadings(by: 1), of: excerpt, context)
        session.attachNotes(&text, context)
        return top + main.pathLine(shown(documents[k].path), context) + main.backLink(style.backLabel, to: entryNames[k], context) + text
    }

    private func fullTextName(_ k: Int) -> String { "\(entryNames[k])-full" }

    /// The table of contents, with `pages` by destination (empty: the measuring pass's).
    private func contents(_ pages: [String: Int]) -> [Slice] {
        main.contents(documents.indices.map { k in (DigestLinks.titleAndBody(documents[k]).title, entryNames[k]) },
                      failures: failures.map { DigestFailure(path: shown($0.path), reason: $0.reason) }, pages: pages, context)
    }

    /// The pages: the cover, the contents, the entries and the full texts, paginated once to
    /// learn each entry's page and again with the contents' page numbers (its lines keep
    /// their height, so the pages do not change); then each page's furniture.
    package func paginated(title: String, date: String) -> LaidOutDigest {
        let cover = main.digestCover(title: title, date: date, documents: documents.count, failures: failures.count)
        let paginator = Paginator(style: style)
        // The measuring pass's contents are dropped with what they recorded (the "toc"
        // destination), so the contents set with the page numbers place it.
        var pages = paginator.paginate(cover + main.trial { contents([:]) }.value + entries + fullTexts)
        var pageOf: [String: Int] = [:]
        for (i, page) in pages.enumerated() { for d in page.destinations where pageOf[d.name] == nil { pageOf[d.name] = i + 1 } }
        pages = paginator.paginate(cover + contents(pageOf) + entries + fullTexts)
        addFurniture(&pages, title: title, date: date)
        let laidOut = LaidOutDocument(pages: pages, outline: outline, title: title, author: "", warnings: [])
        return LaidOutDigest(laidOut: laidOut, warnings: zip(documents, sessions).map { ($0.path, $1.sink.reportedWarnings) })
    }

    /// Each page's running header and footer: a full text's pages carry its own document's
    /// title and front matter; the cover, contents and entries the digest's.
    private func addFurniture(_ pages: inout [Page], title: String, date: String) {
        let info = DocumentInfo(title: .plain(title), date: .plain(date))
        let fullTextOwners = Dictionary(uniqueKeysWithValues: documents.indices.map { (fullTextName($0), $0) })
        let running = documents.map { runningInfo(of: $0, date: date) }
        var owner: Int?
        for i in pages.indices {
            if let k = pages[i].destinations.lazy.compactMap({ fullTextOwners[$0.name] }).first { owner = k }
            let (pageInfo, pageTitle) = owner.map { running[$0] } ?? (info, .plain(title))
            pages[i].furniture = main.furniture(page: i + 1, of: pages.count, size: pages[i].size, info: pageInfo, title: pageTitle)
        }
    }
}

/// What a full text's running header and footer show: its document's front matter (the
/// digest's date when it gives none) and its title, as its entry is titled.
private func runningInfo(of document: DigestDocument, date: String) -> (DocumentInfo, TextValue) {
    var info = document.info
    let title = info.title ?? .plain(DigestLinks.titleAndBody(document).title)
    info.title = title
    info.date = info.date ?? .plain(date)
    return (info, title)
}

/// Titles and links between the documents of a digest.
package enum DigestLinks {
    /// The document's title: the front matter's, else its title heading (its first heading,
    /// when of level 1: `titleHeading`), else the file name without its extension (a README's
    /// folder name), as `render` titles it; its body, without that heading (the entry's title
    /// says it, so it is not repeated); and the source line of the heading dropped.
    package static func titleAndBody(_ d: DigestDocument) -> (title: String, body: [Block], headingLine: Int?) {
        if let title = d.info.title { return (title.widest, d.document.blocks, nil) }
        guard let (index, text) = d.document.blocks.titleHeading else {
            return (DocumentInfo.fileTitle(d.path), d.document.blocks, nil)
        }
        let block = d.document.blocks[index]
        // A Markdown heading goes; an HTML block stays (it may hold more than the heading).
        guard case .heading = block.kind else { return (text, d.document.blocks, nil) }
        var body = d.document.blocks
        body.remove(at: index)
        return (text, body, block.line)
    }

    /// Where a link leads when it points at a document of the digest: `other.md` to its entry,
    /// `other.md#anchor` to that anchor (to the entry, with a warning, when the document has no
    /// such anchor); nil for anything else.
    package static func resolve(_ link: String, from folder: String, paths: [String: Int], tables: [AnchorTable],
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
    package func pathLine(_ path: String, _ context: BlockContext) -> [Slice] {
        let look = typography.pathLine
        var slices = paragraphSlices(plainText(path), format(look.text, width: context.column.width, alignment: .left),
                                     x: context.column.x, spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                     tag: .element(element(.paragraph, in: context, text: path)))
        for i in slices.indices { slices[i].keepWithNext = true; slices[i].excerptRole = .none }
        return slices
    }

    /// The cover: the digest's title, date and number of documents.
    package func digestCover(title: String, date: String, documents: Int, failures: Int) -> [Slice] {
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
    package func contents(_ entries: [(title: String, destination: String)], failures: [DigestFailure],
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
