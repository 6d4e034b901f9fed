/// The state of laying out one document: fonts, the anchor table, its images, and what layout
/// reports (warnings, outline). Lives for one `layoutDocument` call on one thread.
final class LayoutSession {
    let style: Style
    let typesetter: Typesetter
    let anchors: AnchorTable
    let images: ImageStore
    var warnings: [Warning] = []
    /// Outline entries with the source line of their heading (sorted by it at the end).
    var outline: [(line: Int, entry: OutlineEntry)] = []
    /// Outline entries after the document's own (the "Full text" part).
    var extraOutline: [OutlineEntry] = []
    /// Turns a link to another document in the same PDF (a digest) into a destination name;
    /// nil for a link that goes outside.
    var linkResolver: (@Sendable (String) -> String?)?
    /// Sections as excerpt mode showed them.
    var excerpts: [ExcerptSummary] = []
    /// Destinations already placed: a name is placed once even if its anchor repeats.
    var placedDestinations: Set<String> = []
    /// Uncuttable blocks (tables) numbered so far, for `ExcerptRole.atomic`.
    var atomicBlocks = 0
    /// Whether the rule above the footnotes has been drawn.
    var footnotesStarted = false
    /// Running header and footer texts shaped so far, by slot alignment, size and text: a title
    /// repeated on every page is shaped once. Texts with the page number are not kept.
    var furnitureShapes: [FurnitureKey: ShapedText] = [:]

    init(style: Style, typesetter: Typesetter, anchors: AnchorTable, resources: ImageResources = ImageResources()) {
        self.style = style
        self.typesetter = typesetter
        self.anchors = anchors
        self.images = ImageStore(resources: resources)
    }

    /// The outline in document order.
    var sortedOutline: [OutlineEntry] {
        outline.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.entry)
            + extraOutline
    }

    /// Space between ordinary blocks, in points.
    var blockSpacing: Double { style.paragraphSpacing * style.bodySize }

    /// The format of body text set in `width` points.
    func bodyFormat(width: Double, alignment: TextAlignment? = nil) -> ParagraphFormat {
        ParagraphFormat(family: style.bodyFont, size: style.bodySize,
                        monospaceFamily: style.codeFont, monospaceSize: style.bodySize * style.codeScale,
                        color: style.textColor, width: width, alignment: alignment ?? style.bodyAlign,
                        lineHeight: style.bodySize * style.bodyLineHeight)
    }

    /// `string` as unstyled text.
    func plainText(_ string: String) -> StyledText {
        var text = StyledText()
        text.append(string)
        return text
    }

    /// The wording of `value` for a space `points` wide (width variants are in em of the body font).
    func wording(_ value: TextValue, width points: Double) -> String {
        value.select(width: points / style.bodySize)
    }

    /// Records a destination name as placed; false if it was placed before (skip it then).
    func claimDestination(_ name: String) -> Bool {
        placedDestinations.insert(name).inserted
    }
}

/// Where blocks are being set: the column, and whether they sit in a tight list item.
struct BlockContext {
    var column: Column
    var tight = false
    var listDepth = 0
    var quoteDepth = 0
}
