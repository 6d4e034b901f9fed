import QuireModel
import QuireStyle
import QuireParse

/// The one layout driver: turns the slices of a single document, a book or a digest into
/// pages with their furniture, handing each page to `emit` as soon as it is final, so every
/// kind of output streams to the writer.
///
/// The output is its front (the title block, or a digest's cover), then its body (what the
/// caller's `body` adds: a document's blocks, a book's chapters, a digest's entries and full
/// texts), then, when asked, the notes no page showed. The contents page follows one rule: it
/// goes after the title when the output has one (a title block's or cover's slices; else the
/// body's first block when it is the title, a level-1 heading `opensWithTitle`), first
/// otherwise. With contents, the slices are held from the start until the body says the
/// contents' entries are all placed (`contentsComplete`; at the end by default): they are
/// paginated once to learn each entry's page, then the contents set with the page numbers
/// (its lines as tall either way, so the pages are the same) and the held slices paginated
/// for good; what comes after streams.
///
/// Furniture is a deferred pass: a page waits until what its header and footer show is known
/// (the running title: `runningTitle`, else the document's rule `documentTitle`; the page
/// count when a slot shows {pages}); with a `deferral`, pages that wait long go on without it
/// (`FurnitureDeferral`). Knows nothing of drawing. O(slices) plus the contents' measuring pass.
package struct DocumentDriver {
    /// The session of the output's own parts: its title block, contents, furniture and
    /// unplaced notes (a book's first chapter's, a digest's own).
    package let session: LayoutSession
    package let style: Style
    /// The front matter the title block and furniture show.
    package let info: DocumentInfo
    /// The title when nothing gives one (usually the file name).
    package let fallbackTitle: String
    /// The running title when known from the start (a book's, a digest's); nil: `documentTitle`.
    package var runningTitle: TextValue?
    /// Whether the body opens with its title, a level-1 heading (the contents go after it when
    /// the front matter gives no title).
    package var opensWithTitle = false
    /// Whether the running title may be learnt from the first heading before the end.
    package var titleMayComeEarly = true
    /// Whether the driver's session attaches the body's footnotes (false: the body attaches
    /// them with its documents' own sessions).
    package var attachesNotes = true
    /// Whether the notes no page showed are set after the body.
    package var endsWithUnplacedNotes = true
    /// The contents: asked once the entries are all placed (so it reads the headings then, not
    /// inside the measuring trial), it gives the function that builds them in the session it
    /// is given (the measuring trial's, then the driver's) with the page of each destination
    /// (empty: the measuring pass's); nil: no contents.
    package var contents: (() -> (LayoutSession, [String: Int]) -> [Slice])?
    /// Lets pages that would wait long for their furniture go on without it.
    package var deferral: FurnitureDeferral?
    /// The front matter and title a page's furniture shows when not the output's (a digest's
    /// full texts carry their own), given each page in order; nil: the output's.
    package var pageOwner: ((Page) -> (info: DocumentInfo, title: TextValue)?)?

    package init(session: LayoutSession, style: Style, info: DocumentInfo, fallbackTitle: String) {
        self.session = session
        self.style = style
        self.info = info
        self.fallbackTitle = fallbackTitle
    }

    /// What the driver reports besides the pages.
    package struct Outcome {
        package var pageCount: Int
        package var fills: [PageFill]
    }

    /// Lays out `front`, then what `body` adds (given the function that takes each block's
    /// slices, and the one that says the contents' entries are all placed), then the unplaced
    /// notes, handing each finished page to `emit`.
    package func run(front: [Slice], body: (_ add: ([Slice]) -> Void, _ contentsComplete: () -> Void) -> Void,
                     emit: (Page) -> Void) -> Outcome {
        withoutActuallyEscaping(emit) { emit in
            var run = DriverRun(self, emit: emit)
            run.place(front, attach: true)
            run.contentsAt = run.held?.count ?? 0
            body({ run.addBlock($0) }, { run.releaseContents() })
            if endsWithUnplacedNotes { run.place(session.unplacedNotes(run.context), attach: true) }
            run.releaseContents()
            run.hand(run.flow.finish(), final: true)
            run.drawDeferred()
            return Outcome(pageCount: run.emitted, fills: run.flow.fills)
        }
    }
}

/// The state of one `DocumentDriver.run`: the page flow, the pages waiting for their
/// furniture, the held slices and where the contents go.
private struct DriverRun {
    let driver: DocumentDriver
    let emit: (Page) -> Void
    let context: BlockContext
    let countsPages: Bool
    /// Several level-1 headings and no title: each page is headed by the one in force there.
    let headsFollowHeadings: Bool
    var flow: PageFlow
    var waiting: [Page] = []
    var emitted = 0
    var heads = RunningHeads()
    var title: TextValue?
    var deferring = false
    var deferred: [(marked: FurnitureDeferral.Waiting, owner: (info: DocumentInfo, title: TextValue)?)] = []
    /// The slices held until the contents can be set (nil: none are).
    var held: [Slice]?
    var contentsAt = 0
    var blocksAdded = 0

    init(_ driver: DocumentDriver, emit: @escaping (Page) -> Void) {
        self.driver = driver
        self.emit = emit
        let style = driver.style, session = driver.session, info = driver.info
        context = BlockContext(column: Column(x: style.margins.left, width: style.contentWidth))
        countsPages = style.header.usesPageCount || style.footer.usesPageCount
        headsFollowHeadings = driver.runningTitle == nil && info.title == nil && session.anchors.levelOneHeadings > 1
        flow = PageFlow(style: style)
        title = driver.runningTitle ?? info.title
            ?? (session.anchors.mayHaveLevelOneHeadings && !headsFollowHeadings ? nil
                : documentTitle(info, [], driver.fallbackTitle))
        held = driver.contents == nil ? nil : []
    }

    /// Slices to the flow, or held for the contents; footnotes attached first when asked.
    mutating func place(_ slices: [Slice], attach: Bool) {
        var slices = slices
        if attach { driver.session.attachNotes(&slices, context) }
        if held != nil { held! += slices } else { hand(flow.add(slices), final: false) }
    }

    /// A block's slices; the contents go after the body's first block when it is the title.
    mutating func addBlock(_ slices: [Slice]) {
        place(slices, attach: driver.attachesNotes)
        blocksAdded += 1
        if blocksAdded == 1, driver.info.title == nil, driver.opensWithTitle { contentsAt = held?.count ?? 0 }
    }

    /// Sets the contents into the held slices and paginates them; later slices stream.
    mutating func releaseContents() {
        guard var slices = held, let contents = driver.contents else { return }
        held = nil
        let build = contents()
        slices.insert(contentsOf: driver.session.contentsWithPages(around: slices, at: contentsAt, build), at: contentsAt)
        hand(flow.add(slices), final: false)
    }

    /// Gives waiting pages their furniture and emits them once it is known (or deferred).
    mutating func hand(_ pages: [Page], final: Bool) {
        let session = driver.session
        waiting += pages
        if title == nil && (final || (driver.titleMayComeEarly && session.sink.hasHeading)) {
            title = documentTitle(driver.info, session.sink.documentOutline, driver.fallbackTitle)
        }
        var unknown: Set<FurniturePlaceholder> = []
        if title == nil { unknown.insert(.title) }
        if countsPages && !final { unknown.insert(.pages) }
        if let deferral = driver.deferral, !unknown.isEmpty, waiting.count > deferral.waitingPages { deferring = true }
        guard unknown.isEmpty || deferring else { return }
        let count = final ? emitted + waiting.count : nil
        for var page in waiting {
            emitted += 1
            let owner = driver.pageOwner?(page)
            var head = owner?.title ?? title
            if headsFollowHeadings, let heading = heads.head(of: page, outline: { session.sink.documentOutline }) {
                head = .plain(heading)
            }
            if let marked = session.furnisher.furnish(&page, number: emitted, of: count, info: owner?.info ?? driver.info, title: head,
                                            unknown: unknown) {
                deferred.append((marked, owner))
            }
            emit(page)
        }
        waiting = []
    }

    /// The deferred furniture of the pages that went on without it, now the count is known.
    func drawDeferred() {
        guard let deferral = driver.deferral, let title else { return }
        for (marked, owner) in deferred {
            driver.session.furnisher.drawDeferred([marked], to: deferral, of: emitted, info: owner?.info ?? driver.info,
                                        title: owner?.title ?? title)
        }
    }
}

/// The title the running header and the metadata use: the front matter's, else the document's
/// first heading when it is of level 1 (ATX, setext or HTML `<h1>`) and the only one, else the
/// fallback (the file name without its extension; a README's folder name). A level-1 heading
/// after another heading names a part of the document, not the document: GRDB's README opens
/// with its introduction's headings and has "# Documentation" at line 280; and of several
/// level-1 headings none names the whole (libffi's "What is libffi?" and "Authors & Credits":
/// each heads its own pages, `RunningHeads`).
package func documentTitle(_ info: DocumentInfo, _ outline: [OutlineEntry], _ fallbackTitle: String) -> TextValue {
    if let title = info.title { return title }
    guard let first = outline.first, first.level == 1, !outline.dropFirst().contains(where: { $0.level == 1 }) else {
        return .plain(fallbackTitle)
    }
    return .plain(first.title)
}
