import Foundation
import QuireModel
import QuireParse
import QuireStyle
import QuireImages
import QuireHighlight
import QuireDiagrams

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

/// A digest laid out with its pages kept (previews, tests), with each document's warnings.
package struct LaidOutDigest {
    package var laidOut: LaidOutDocument
    /// Warnings by document path, in input order.
    package var warnings: [(path: String, warnings: [Warning])]
    /// The local files the documents' images name, found or not (a book's, for `watch`).
    package var imageFiles: Set<String> = []
}

/// What laying out a digest takes besides its documents (`layoutDigest`): the documents it
/// lists without their text, its title and date (shown on the cover), the style, how many
/// lines each entry's excerpt shows, the folder paths are shown relative to, the fonts and
/// Graphviz (an engine's), whether pages may go on before their furniture is known, and what
/// to do between documents. One value, as `PageLayoutSetup` is a single document's.
package struct DigestLayoutSetup {
    /// The documents listed without their text, and why.
    package var failures: [DigestFailure]
    package var title: String
    /// The date the cover shows, as written there.
    package var date: String
    package var style: Style
    /// The lines of each document's excerpt on its entry.
    package var excerptLines: Int
    /// The folder paths are shown relative to ("": as found).
    package var shownFrom: String
    /// The fonts it is set with (an engine's), in no one language.
    package var typesetter: Typesetter
    /// What its diagrams are laid out with (an engine's).
    package var graphviz: Graphviz
    /// Lets pages that would wait long for their furniture go on without it
    /// (`FurnitureDeferral`); nil: they wait.
    package var deferral: FurnitureDeferral?
    /// Called with each document's index after its entry and after its full text (the
    /// pipeline hands memory back to the system there).
    package var between: (Int) -> Void

    package init(failures: [DigestFailure], title: String, date: String, style: Style, excerptLines: Int, shownFrom: String = "",
                 typesetter: Typesetter, graphviz: Graphviz, deferral: FurnitureDeferral? = nil, between: @escaping (Int) -> Void = { _ in }) {
        self.failures = failures
        self.title = title
        self.date = date
        self.style = style
        self.excerptLines = excerptLines
        self.shownFrom = shownFrom
        self.typesetter = typesetter
        self.graphviz = graphviz
        self.deferral = deferral
        self.between = between
    }
}

/// Lays out many documents as one digest: a cover (title, date, number of documents), a
/// table of contents with page numbers, one entry per document (its title, its path and its
/// first `excerptLines` lines, cut as excerpts are with a link to its full text), then each
/// cut document's full text on a new page, linking back to its entry. Links between the
/// documents (`other.md`, `other.md#anchor`) become links inside the PDF. `setup`
/// (`DigestLayoutSetup`) gives everything but the documents.
///
/// Set by the one layout driver (`DocumentDriver`): the cover is the front, the entries are
/// held until the contents know their pages, and the full texts (the bulk) stream, each page
/// handed to `emit` as soon as it is final. The steps are `DigestLayouter`'s: anchor tables for
/// every document (namespaced "dK-") and a session each, then the entries, then the full texts.
/// `setup.between` is called with each document's index after its entry and after its full
/// text.
/// - Complexity: O(total text), the cover, contents and entries paginated twice.
package func layoutDigest(_ documents: [DigestDocument], _ setup: DigestLayoutSetup, emit: (Page) -> Void) -> LaidOutSet {
    let (title, date, style) = (setup.title, setup.date, setup.style)
    var layouter = DigestLayouter(documents, failures: setup.failures, style: style, shownFrom: setup.shownFrom,
                                  typesetter: setup.typesetter, graphviz: setup.graphviz)
    let parts = layouter
    let info = DocumentInfo(title: .plain(title), date: .plain(date))
    var driver = DocumentDriver(session: layouter.main, style: style, info: info, fallbackTitle: title)
    driver.runningTitle = .plain(title)
    driver.attachesNotes = false
    driver.endsWithUnplacedNotes = false
    driver.deferral = setup.deferral
    driver.contents = { { session, pages in parts.contents(pages, in: session) } }
    driver.pageOwner = parts.pageOwners(date: date)
    let cover = layouter.main.digestCover(title: title, date: date, documents: documents.count, failures: setup.failures.count)
    let outcome = driver.run(front: cover, body: { add, contentsComplete in
        for k in documents.indices {
            layouter.addEntry(k, excerptLines: setup.excerptLines, add: add)
            setup.between(k)
        }
        contentsComplete()
        for k in documents.indices {
            layouter.addFullText(k, add: add)
            setup.between(k)
        }
    }, emit: emit)
    return LaidOutSet(outline: layouter.outline, title: title, author: "", language: nil, pageCount: outcome.pageCount,
                      warnings: zip(documents, layouter.sessions).map { ($0.path, $1.sink.reportedWarnings) })
}

/// `layoutDigest` with its pages kept (and waiting for their furniture to the end, as
/// nothing is drawn meanwhile: `setup.deferral` is not used).
package func layoutDigest(_ documents: [DigestDocument], _ setup: DigestLayoutSetup) -> LaidOutDigest {
    var setup = setup
    setup.deferral = nil
    var pages: [Page] = []
    let set = layoutDigest(documents, setup) { pages.append($0) }
    return LaidOutDigest(laidOut: LaidOutDocument(pages: pages, outline: set.outline, title: setup.title, author: "", warnings: []),
                         warnings: set.warnings)
}

/// A digest being laid out: every document's session (anchor tables made before any is laid
/// out, since a link may point into any document), and the excerpts cut so far, whose full
/// texts follow the entries.
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
    /// The cut excerpts, by document, until their full texts are laid out.
    private var cut: [Int: ExcerptLayouter.Excerpt] = [:]

    /// A digest of `documents` set with `typesetter` (an engine's), in no one language, its
    /// diagrams laid out with `graphviz` (the engine's).
    package init(_ documents: [DigestDocument], failures: [DigestFailure], style: Style, shownFrom base: String, typesetter: Typesetter,
                 graphviz: Graphviz) {
        self.documents = documents
        self.failures = failures
        self.style = style
        self.base = base
        typesetter.setLanguage(nil)
        main = LayoutSession(style: style, typesetter: typesetter, graphviz: graphviz, anchors: AnchorTable(Document(blocks: [])))
        context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
        let set = DocumentSet(documents, style: style, typesetter: typesetter, graphviz: graphviz)
        (tables, sessions, entryNames) = (set.tables, set.sessions, set.entryNames)
    }

    /// A path as the digest shows it: relative to `base` when it lies under it.
    package func shown(_ path: String) -> String {
        guard !base.isEmpty else { return path }
        let absolute = AbsolutePath.of(path)
        let prefix = base == "/" ? "/" : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }

    /// The outline: the contents, then each document's title with its headings under it
    /// (their levels shifted under the title), once every document is laid out.
    package var outline: [OutlineEntry] {
        documents.indices.reduce(into: [OutlineEntry(level: 1, title: "Contents", destination: "toc")]) { outline, k in
            outline.append(OutlineEntry(level: 1, title: DigestLinks.titleAndBody(documents[k]).title, destination: entryNames[k]))
            outline += sessions[k].sink.sortedOutline
        }
    }

    /// Adds document `k`'s entry with `add`: its title (which places the title heading's
    /// anchor when the document is shown whole), its path and its first `excerptLines` lines
    /// (0: the whole document, as `excerpt.lines=0` asks); the notes its text never referred
    /// to after it when it is shown whole, else the excerpt is kept for its full text.
    package mutating func addEntry(_ k: Int, excerptLines: Int, add: ([Slice]) -> Void) {
        let (title, body, titleHeadingLine) = DigestLinks.titleAndBody(documents[k])
        let titleAnchor = titleHeadingLine.flatMap { tables[k].headingDestinations[$0] }
        let session = sessions[k]
        var heading = session.headingSlices(level: 2, main.plainText(title), destination: entryNames[k], context)
        if k == 0 { heading[0].pageBreakBefore = true }
        let excerpt = excerptLines > 0
            ? session.excerpts.excerpt(body.shiftingHeadings(by: 2), lines: excerptLines, target: fullTextName(k), decorationFirst: true, context)
            : ExcerptLayouter.Excerpt(slices: session.layoutBlocks(body.shiftingHeadings(by: 2), context), isCut: false)
        if !excerpt.isCut, let name = titleAnchor, session.claimDestination(name) {
            heading[0].destinations.append(Destination(name: name, y: 0))
        }
        var shownExcerpt = excerpt.slices
        ExcerptLayouter.keepTogether(&shownExcerpt)
        session.attachNotes(&shownExcerpt, context)
        add(heading + main.pathLine(shown(documents[k].path), context) + shownExcerpt)
        if excerpt.isCut { cut[k] = Self.resumePoint(of: excerpt) } else { add(unplacedNotes(k)) }
    }

    /// Adds document `k`'s full text with `add` when its entry was cut: on a new page, its title
    /// (placing the title heading's anchor), its path, a link back to its entry, and the text
    /// with the mark where the excerpt stopped; then the notes it never referred to.
    package mutating func addFullText(_ k: Int, add: ([Slice]) -> Void) {
        guard let excerpt = cut.removeValue(forKey: k) else { return }
        let (title, body, titleHeadingLine) = DigestLinks.titleAndBody(documents[k])
        let session = sessions[k]
        var top = session.headingSlices(level: 1, main.plainText(title), destination: fullTextName(k), context)
        top[0].pageBreakBefore = true
        if let name = titleHeadingLine.flatMap({ tables[k].headingDestinations[$0] }), session.claimDestination(name) {
            top[0].destinations.append(Destination(name: name, y: 0))
        }
        var text = session.excerpts.fullText(body.shiftingHeadings(by: 1), of: excerpt, context)
        session.attachNotes(&text, context)
        add(top + main.pathLine(shown(documents[k].path), context) + main.backLink(style.backLabel, to: entryNames[k], context) + text)
        add(unplacedNotes(k))
    }

    /// What a full text needs of its cut excerpt: where the reader resumes and how many
    /// decoration blocks it showed, not its slices (the driver holds those until the contents
    /// are set; kept here too, every entry's shaped lines would stay to the last full text).
    package static func resumePoint(of excerpt: ExcerptLayouter.Excerpt) -> ExcerptLayouter.Excerpt {
        var kept = excerpt
        kept.slices = []
        return kept
    }

    /// Document `k`'s notes no page showed, with their own notes attached.
    private func unplacedNotes(_ k: Int) -> [Slice] {
        var unplaced = sessions[k].unplacedNotes(context)
        sessions[k].attachNotes(&unplaced, context)
        return unplaced
    }

    private func fullTextName(_ k: Int) -> String { "\(entryNames[k])-full" }

    /// The table of contents, set in `session` (the main one, or its measuring trial), with
    /// `pages` by destination (empty: the measuring pass's).
    package func contents(_ pages: [String: Int], in session: LayoutSession) -> [Slice] {
        session.contents(documents.indices.map { k in (DigestLinks.titleAndBody(documents[k]).title, entryNames[k]) },
                      failures: failures.map { DigestFailure(path: shown($0.path), reason: $0.reason) }, pages: pages, context)
    }

    /// Each page's running header and footer, given the pages in order: a full text's pages
    /// carry its own document's title and front matter (from the page its full text starts
    /// on); the cover, contents and entries the digest's (nil).
    package func pageOwners(date: String) -> (Page) -> (info: DocumentInfo, title: TextValue)? {
        let fullTextOwners = Dictionary(uniqueKeysWithValues: documents.indices.map { (fullTextName($0), $0) })
        let running = documents.map { runningInfo(of: $0, date: date) }
        var owner: Int?
        return { page in
            if let k = page.destinations.lazy.compactMap({ fullTextOwners[$0.name] }).first { owner = k }
            return owner.map { running[$0] }
        }
    }
}

/// What a full text's running header and footer show: its document's front matter (the
/// digest's date when it gives none) and its title, as its entry is titled.
private func runningInfo(of document: DigestDocument, date: String) -> (info: DocumentInfo, title: TextValue) {
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


