import QuireModel
import QuireParse
import QuireStyle
import QuireImages
import QuireHighlight
import QuireDiagrams

/// What laying out a document reports besides its pages.
package struct LayoutSummary {
    /// Headings in document order, for the PDF outline.
    package var outline: [OutlineEntry]
    /// Document title for the metadata (front matter, first heading, else the file name).
    package var title: String
    /// The front matter's author ("" when none) and keywords.
    package var author: String
    package var keywords: [String] = []
    /// Problems found while laying out, each once; the document is still complete.
    package var warnings: [Warning]
    /// In excerpt mode, each section as it was shown (empty otherwise).
    package var excerpts: [ExcerptSummary]
    package var pageCount: Int
    /// The document's language as given (front matter or template); nil: not given.
    package var language: String?
    /// The local files its images name, found or not (absolute).
    package var imageFiles: Set<String> = []
    /// Its remote images and what each gave (`ImageStore.fetchedImages`), when fetching is on.
    package var remoteImages: [String] = []
    /// How full pagination left each page (`PageFill`), in order.
    package var pageFills: [PageFill] = []

    package init(outline: [OutlineEntry], title: String, author: String, keywords: [String] = [], warnings: [Warning],
                 excerpts: [ExcerptSummary], pageCount: Int, language: String? = nil, imageFiles: Set<String> = [],
                 remoteImages: [String] = [], pageFills: [PageFill] = []) {
        self.outline = outline; self.title = title; self.author = author; self.keywords = keywords; self.warnings = warnings
        self.excerpts = excerpts; self.pageCount = pageCount; self.language = language; self.imageFiles = imageFiles
        self.remoteImages = remoteImages; self.pageFills = pageFills
    }
}

/// Lays out a document into pages, handing each to `emit` as soon as it is final: the layout
/// stage's one path, whether the caller keeps the pages (`RenderPipeline.layout`) or draws
/// each and drops it (`RenderPipeline.render`), so memory holds about a page and the block
/// being set.
///
/// Stages, in order: collect anchors (so links can point forward); lay out the title block
/// and the blocks (in excerpt mode, each section cut, then the cut sections' full texts) into
/// slices; paginate them as they come (`PageFlow`); give each page its furniture. Furniture
/// is a deferred pass: a page waits until what its header and footer show is known, the
/// running title (the front matter's, else the first heading's, when of level 1, once it is
/// laid out, else the fallback from the start when no block could give one; unless the document opens
/// with a level-1 heading, pages wait to the end when a heading could be recorded out of
/// source order, as footnotes' and cut excerpts' are) and, when a
/// slot shows {pages}, the page count (every page waits to the end). With a table of contents
/// (`toc`), every slice waits to the end: the pages are made once to learn each heading's page,
/// then again with the contents filled in (its lines as tall either way, so the pages are the
/// same). Knows nothing of drawing.
///
/// `setup` (`PageLayoutSetup`) gives the style, fonts, front matter, images, highlighting,
/// links and furniture deferral.
/// - Returns: everything but the pages. An empty document gives one empty page.
/// - Complexity: O(n) in the document's text, plus Pango's shaping.
package func layOutPages(_ document: Document, _ setup: PageLayoutSetup, emit: (Page) -> Void) -> LayoutSummary {
    var setup = setup
    setup.resources.follow(frontMatter: setup.info.fetchImages)  // at most public
    setup.resources.fetchTogether(document.blocks)
    setup.highlights = setup.highlights ?? CodeHighlights(document, theme: setup.style.codeTheme, highlighter: .process)
    let (style, info, fallbackTitle, includeFullText) = (setup.style, setup.info, setup.fallbackTitle, setup.includeFullText)
    return layOutPages(DocumentFacts(document), setup,
                    blocks: { session, context, add in
                        if let lines = style.excerptCut {
                            let title = SectionedDocument.preambleTitle(document.blocks, frontMatter: info.title?.widest, fallback: fallbackTitle)
                            session.excerpts.layoutWithExcerpts(document, lines: max(1, lines), includeFullText: includeFullText,
                                                           title: title, context, add: add)
                        } else {
                            session.layoutBlocks(document.blocks, context, add: add)
                        }
                    }, emit: emit)
}

/// What laying out one document into pages takes besides its content (`layOutPages`): the
/// style and fonts, the front matter and the title when nothing gives one, where images are
/// read from, the code queued for highlighting, where links to other documents lead, and
/// whether pages may go on before their furniture is known. One value, so that an entry point
/// passes it whole rather than ten parameters.
package struct PageLayoutSetup {
    package var style: Style
    /// The fonts it is set with (an engine's), set to the document's language when layout starts.
    package var typesetter: Typesetter
    /// What its diagrams are laid out with (an engine's).
    package var graphviz: Graphviz
    /// The title when nothing gives one (usually the file name).
    package var fallbackTitle: String
    /// The front matter (title block, running title, language, `toc`).
    package var info: DocumentInfo
    /// In excerpt mode (`style.excerptLines`), whether to set the "Full text" part (a preview
    /// of the excerpts does without it).
    package var includeFullText: Bool
    /// Where local images may be read from (by default none is: placeholders).
    package var resources: ImageResources
    /// The document's code blocks queued for highlighting when layout starts (nil: a whole
    /// document's are queued when it starts, with the style's theme; a document met a section
    /// at a time: none, its `blocks` queue them, `LayoutSession.highlights`).
    package var highlights: CodeHighlights?
    /// Where links to other documents lead (by default they stay as written).
    package var links: LinkResolver?
    /// Lets pages that would wait long for their furniture go on without it
    /// (`FurnitureDeferral`); nil: they wait.
    package var deferral: FurnitureDeferral?

    package init(style: Style, typesetter: Typesetter, graphviz: Graphviz, fallbackTitle: String, info: DocumentInfo = DocumentInfo(),
                 includeFullText: Bool = true, resources: ImageResources = ImageResources(), highlights: CodeHighlights? = nil,
                 links: LinkResolver? = nil, deferral: FurnitureDeferral? = nil) {
        self.style = style
        self.typesetter = typesetter
        self.graphviz = graphviz
        self.fallbackTitle = fallbackTitle
        self.info = info
        self.includeFullText = includeFullText
        self.resources = resources
        self.highlights = highlights
        self.links = links
        self.deferral = deferral
    }
}

/// `layOutPages` for a document known by its `facts`, whose blocks `blocks` lays out with the
/// session and context given, handing each block's slices to the function given (a document
/// met a section at a time: `RenderPipeline.render(sections:)`). `setup.highlights` is the
/// code queued when layout starts (nil: none); `blocks` may queue more
/// (`LayoutSession.highlights`).
package func layOutPages(_ facts: DocumentFacts, _ setup: PageLayoutSetup,
                         blocks: (LayoutSession, BlockContext, ([Slice]) -> Void) -> Void,
                         emit: (Page) -> Void) -> LayoutSummary {
    let (style, typesetter, fallbackTitle, info) = (setup.style, setup.typesetter, setup.fallbackTitle, setup.info)
    let (resources, highlights, links, deferral) = (setup.resources, setup.highlights ?? .none, setup.links, setup.deferral)
    let language = info.lang ?? style.language
    // Pango is told only the document's own language: the template's picks hyphenation
    // patterns and CJK forms (a context language costs fontconfig a sort per script it meets,
    // 130 M instructions for an English README with a CJK language bar).
    typesetter.setLanguage(info.lang)
    let session = LayoutSession(style: style, typesetter: typesetter, graphviz: setup.graphviz, anchors: facts.anchors, resources: resources,
                                highlights: highlights, language: language,
                                cjk: CJKRegion(language: language) ?? facts.cjk, codeCensus: facts.codeCensus, linkResolver: links)
    session.warnAboutMissingFonts()
    let context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
    var driver = DocumentDriver(session: session, style: style, info: info, fallbackTitle: fallbackTitle)
    // A level-1 heading opening the document comes first in source order whatever is recorded later.
    driver.opensWithTitle = facts.opensWithTitle
    driver.titleMayComeEarly = facts.opensWithTitle || (!facts.hasFootnotes && style.excerptCut == nil)
    driver.deferral = deferral
    if info.toc ?? style.tableOfContents {
        driver.contents = {
            let entries = session.sink.documentOutline
            return { session, pages in session.documentContents(entries, pages: pages, context) }
        }
    }
    let outcome = driver.run(front: session.titleBlock(info), body: { add, _ in
        withoutActuallyEscaping(add) { add in blocks(session, context, add) }
    }, emit: emit)
    let outline = session.sink.sortedOutline
    return LayoutSummary(outline: outline, title: documentTitle(info, session.sink.documentOutline, fallbackTitle).widest,
                         author: info.author?.widest ?? "", keywords: info.keywords, warnings: session.sink.reportedWarnings,
                         excerpts: session.sink.excerpts, pageCount: outcome.pageCount, language: info.lang,
                         imageFiles: session.images.files,
                         remoteImages: session.images.fetchedImages.map { "\($0.url) \($0.result)" },
                         pageFills: outcome.fills)
}

/// What layout must know of a document before its first block: where its links may point,
/// whether it has footnotes and opens with a level-1 heading (the running title's source), the
/// regional forms its CJK text suggests, and its code lines (for its one code frame). Of a whole document, or gathered a section at a
/// time (`add`) for a document met so.
package struct DocumentFacts {
    private var builder: AnchorTable.Builder? = AnchorTable.Builder()
    /// The table once every block is in (`finish`): the builder's slugs are let go.
    private var finished: AnchorTable?
    private var counter = CJKRegion.Counter()
    package private(set) var codeCensus = CodeCensus()
    package private(set) var hasFootnotes = false
    package private(set) var opensWithTitle = false
    private var empty = true

    package init() {}

    package init(_ document: Document) {
        add(document.blocks)
        finish()
    }

    /// Adds the document's next blocks (before `finish`). O(n).
    package mutating func add(_ blocks: [Block]) {
        builder?.add(blocks)
        counter.walk(blocks)
        codeCensus.add(blocks)
        if empty, let first = blocks.first {
            if case .heading(1, _) = first.kind { opensWithTitle = true }
            empty = false
        }
        if !hasFootnotes { hasFootnotes = blocks.contains { if case .footnoteDefinition = $0.kind { return true } else { return false } } }
    }

    /// Ends the gathering: the anchor table is kept, what built it is let go.
    package mutating func finish() {
        finished = anchors
        builder = nil
    }

    package var anchors: AnchorTable { finished ?? builder?.table ?? AnchorTable.Builder().table }
    package var cjk: CJKRegion? { counter.dominant }
}
