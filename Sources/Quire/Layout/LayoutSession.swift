import QuireModel
import QuireStyle
import QuireImages
import QuireHighlight
import QuireMath
import QuireDiagrams

/// Laying out one document: what layout reads, fixed for the document (style, fonts, the
/// anchor table, its images, where links to other documents lead), and the sink it writes
/// to (warnings, outline, destinations; a trial writes to a child sink, `trial`). Lives for
/// one document on one thread.
package final class LayoutSession {
    package let style: Style
    /// The style's text roles and measures, resolved once.
    package let typography: Typography
    /// The regional forms of the document's CJK text, which its roles' families end with.
    package let cjk: CJKRegion?
    package let typesetter: Typesetter
    package let anchors: AnchorTable
    package let images: ImageStore
    /// What the document's diagrams are laid out with (an engine's; opened at the first one).
    package let graphviz: Graphviz
    /// The document's code blocks, queued for highlighting ahead of layout (those of the
    /// section being set, for a document laid out a section at a time).
    package var highlights: CodeHighlights {
        get { sharedHighlights.value }
        set { sharedHighlights.value = newValue }
    }
    /// Shared with the sessions derived from this one (`scaled`), which set the same code.
    private let sharedHighlights: SharedHighlights
    private final class SharedHighlights {
        var value: CodeHighlights
        init(_ value: CodeHighlights) { self.value = value }
    }
    /// Where a link to another document leads: a destination in the same PDF (a digest), that
    /// document's PDF (`render`, `batch`); nil for the link as written.
    package let linkResolver: LinkResolver?
    /// The document's language (its front matter's `lang`, else the style's): hyphenation
    /// patterns.
    package let language: String
    /// The hyphenation of `language`'s words, its patterns loaded the first time a paragraph
    /// is hyphenated; nil when none are installed.
    package private(set) lazy var hyphenation: WordHyphenation? = typesetter.hyphenators.forLanguage(language).map(WordHyphenation.init)
    /// The advance of a character of code at the code size, measured the first time a code
    /// block might be wider than its column (`codeFit`).
    package private(set) lazy var codeAdvance: Double = measureCodeAdvance()
    /// The document's code lines (`CodeCensus`), gathered before layout; nil when the
    /// document is not known whole (each block then takes the frame its own lines give).
    package let codeCensus: CodeCensus?
    /// The frame every code block of the document is set in, decided the first time a code
    /// block is set (`codeFrame(for:)`); nil without a census.
    package private(set) lazy var documentCodeFrame: CodeFrame? = codeCensus.map { codeFrame(for: $0) }
    /// Whether a table too wide for the page may turn it (`table.rotate`): not in notes set at
    /// a page's foot (`scaled`), which stay on the page of their reference.
    package let mayTurnPages: Bool
    /// The document's formulas typeset (with the macros they define), in the style's math
    /// font; made when the first formula is met, shared with sessions derived from this one.
    package var math: MathTypesetter {
        if let made = mathTypesetter.value { return made }
        let made = MathTypesetter(families: style.mathFont, fonts: typesetter.mathFonts)
        mathTypesetter.value = made
        return made
    }
    private let mathTypesetter: SharedMath
    package final class SharedMath { var value: MathTypesetter? }
    /// Where layout reports what it finds; a child sink while a trial runs.
    package private(set) var sink = LayoutSink()
    /// Running header and footer texts shaped so far, by slot alignment, size and text: a title
    /// repeated on every page is shaped once. Texts with the page number are not kept.
    package var furnitureShapes: [FurnitureKey: ShapedText] = [:]
    /// Whether pictures are set as lines: in an excerpt's trial (`LayoutSink.picturesAsLines`).
    package var picturesAsLines: Bool { sink.picturesAsLines }

    /// - Parameters:
    ///   - language: the document's `lang` (nil: the style's).
    ///   - cjk: the regional forms of CJK text (`CJKRegion`); nil: fontconfig's choice.
    ///   - codeCensus: the document's code lines, for its one code frame (nil: none known).
    ///   - graphviz: what diagrams are laid out with (`Engine.graphviz`).
    package init(style: Style, typesetter: Typesetter, graphviz: Graphviz, anchors: AnchorTable, resources: ImageResources = ImageResources(),
         highlights: CodeHighlights = .none, language: String? = nil, cjk: CJKRegion? = nil,
         codeCensus: CodeCensus? = nil, linkResolver: LinkResolver? = nil) {
        self.style = style
        typography = Typography(style, cjk: cjk)
        self.cjk = cjk
        self.typesetter = typesetter
        self.anchors = anchors
        self.images = ImageStore(resources: resources)
        self.graphviz = graphviz
        sharedHighlights = SharedHighlights(highlights)
        self.language = language ?? style.language
        self.linkResolver = linkResolver
        self.codeCensus = codeCensus
        mayTurnPages = true
        mathTypesetter = SharedMath()
    }

    /// A session for the same document set in `style` (footnotes at a page's foot, set
    /// smaller, where no page turns), reporting to this session's sink as it is now.
    private init(_ parent: LayoutSession, style: Style) {
        self.style = style
        typography = Typography(style, cjk: parent.cjk)
        cjk = parent.cjk
        typesetter = parent.typesetter
        anchors = parent.anchors
        images = parent.images
        graphviz = parent.graphviz
        sharedHighlights = parent.sharedHighlights
        language = parent.language
        linkResolver = parent.linkResolver
        codeCensus = parent.codeCensus
        sink = parent.sink
        mayTurnPages = false
        mathTypesetter = parent.mathTypesetter
    }

    /// This document's text set `scale` times as large (the page's width and margins kept),
    /// reporting to this session's sink.
    package func scaled(_ scale: Double) -> LayoutSession {
        var smaller = style
        smaller.givenMargins = style.margins
        smaller.bodySize *= scale
        return LayoutSession(self, style: smaller)
    }

    /// Warns when a font the style names is not installed, naming the one used instead.
    package func warnAboutMissingFonts() {
        let type = typography
        for (key, role) in [("body.font", type.body), ("heading.font", type.heading(1).text), ("code.font", type.code)] {
            let families = role.family
            guard let used = typesetter.substitute(for: role) else { continue }
            let wanted = families.split(separator: ",").first.map { $0.trimmingWhitespace() } ?? families
            sink.warn(Warning(line: 0, message: "font '\(wanted)' (\(key)) is not installed; '\(used)' is used instead"))
        }
    }

    /// Runs `body` as a trial: what it reports goes to a child sink, returned with its value
    /// for the caller to keep (`sink.keep`) or drop; with `picturesAsLines`, pictures are set
    /// as lines inside it (an excerpt's trial).
    package func trial<Value>(picturesAsLines: Bool = false, _ body: () -> Value) -> (value: Value, sink: LayoutSink) {
        let outer = sink
        let child = outer.child(picturesAsLines: picturesAsLines)
        sink = child
        defer { sink = outer }
        return (body(), child)
    }

    /// Space between ordinary blocks, in points.
    package var blockSpacing: Double { typography.blockSpacing }

    /// The format of text in `role` set in `width` points, aligned as the body (or `alignment`).
    package func format(_ role: Typography.TextRole, width: Double, alignment: TextAlignment? = nil) -> ParagraphFormat {
        ParagraphFormat(text: role, width: width, alignment: alignment ?? style.bodyAlign)
    }

    /// The format of body text set in `width` points.
    package func bodyFormat(width: Double, alignment: TextAlignment? = nil) -> ParagraphFormat {
        format(typography.body, width: width, alignment: alignment)
    }

    /// The format of a paragraph of body text (not a table cell, heading or caption): hyphenated
    /// as `body.hyphenate` says (auto: when justified).
    package func paragraphFormat(width: Double, alignment: TextAlignment? = nil) -> ParagraphFormat {
        var format = bodyFormat(width: width, alignment: alignment)
        switch style.hyphenation {
        case .on: format.hyphenate = true
        case .auto: format.hyphenate = format.alignment == .justify
        case .off: break
        }
        return format
    }

    /// `string` as unstyled text.
    package func plainText(_ string: String) -> StyledText {
        var text = StyledText()
        text.append(string)
        return text
    }

    /// The wording of `value` for a space `points` wide (width variants are in em of the body font).
    package func wording(_ value: TextValue, width points: Double) -> String {
        value.select(width: points / style.bodySize)
    }

    /// Records a destination name as placed; false if it was placed before (skip it then).
    package func claimDestination(_ name: String) -> Bool { sink.claimDestination(name) }

    /// A new structure element of `role` inside `context`'s element; `text`, its own text,
    /// tells its script (and so its language).
    package func element(_ role: StructureElement.Role, in context: BlockContext, alt: String? = nil, text: String? = nil) -> StructureElement {
        StructureElement(role, parent: context.structure, alt: alt, text: text)
    }
}

/// Where a link to another document leads, as the code that knows the other documents says
/// (`LayoutSession.linkResolver`); it is called with the link as written, on the layout thread.
package typealias LinkResolver = @Sendable (String) -> DocumentLinkTarget?

package enum DocumentLinkTarget: Equatable, Sendable {
    /// A destination of this PDF or a URI, and a warning to report at the link's line (a
    /// missing heading, a document that is not there).
    case target(LinkArea.Target, warning: String?)
    /// A fragment of the document being laid out (`this.md#part`): it resolves as `#part` does.
    case sameDocument(fragment: String)
}

/// Where blocks are being set: the column, whether they sit in a tight list item, what an
/// enclosing element says of everything inside it, and the structure element they are part
/// of (nil: the document).
package struct BlockContext {
    package var column: Column
    package var tight = false
    package var listDepth = 0
    /// The writing direction of everything inside (`dir`, or a list's): nil lets each
    /// paragraph's text decide.
    package var direction: WritingDirection?
    /// The alignment of paragraphs, headings, images and tables inside (HTML's `align`); nil:
    /// the body's.
    package var alignment: TextAlignment?

    /// Set inside a table cell, whose column is narrow by nature.
    package var inTableCell = false
    /// How paragraphs here are set (a table cell's type, bold in its header); nil: as the body.
    package var textRole: Typography.TextRole?

    /// The structure element blocks here are part of (nil: the document).
    package var structure: StructureElement?

    /// Whether blocks here run right to left (their start is the column's right edge).
    package var isRightToLeft: Bool { direction == .rightToLeft }

    /// The context of `block`'s content: with the direction and alignment an enclosing HTML
    /// element gave it.
    package func inside(_ block: Block) -> BlockContext {
        var context = self
        if let direction = block.direction { context.direction = direction }
        if let alignment = block.alignment { context.alignment = alignment }
        return context
    }
}

extension LayoutSession {
    /// How far nested content (a list item's body, a quote's) may be indented when it wants
    /// `wanted`: deep nesting stops indenting once the column would get narrower than
    /// `minimumColumnWidth`; in a table cell, than two thirds of the cell.
    package func nestingIndent(_ wanted: Double, _ context: BlockContext) -> Double {
        let narrowest = context.inTableCell ? context.column.width * 2 / 3 : typography.minimumColumnWidth
        return min(wanted, max(0, context.column.width - narrowest))
    }
}
