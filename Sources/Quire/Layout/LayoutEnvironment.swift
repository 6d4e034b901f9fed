import QuireModel
import QuireStyle
import QuireImages
import QuireDiagrams

/// What layout reads and never changes while one document is set: the style and its
/// resolved typography, the fonts, the anchor table, the document's images, where links to
/// other documents lead, its language and code census. Only `let`s (a class, so that passing
/// it to every block layouter copies no style); what layout writes goes to a `LayoutSink`, what
/// it learns once and keeps to `LayoutCaches`. Lives for one document on one thread.
package final class LayoutEnvironment {
    package let style: Style
    /// The style's text roles and measures, resolved once.
    package let typography: Typography
    /// The regional forms of the document's CJK text, which its roles' families end with.
    package let cjk: CJKRegion?
    package let typesetter: Typesetter
    /// What the document's diagrams are laid out with (an engine's; opened at the first one).
    package let graphviz: Graphviz
    package let anchors: AnchorTable
    package let images: ImageStore
    /// Where a link to another document leads: a destination in the same PDF (a digest), that
    /// document's PDF (`render`, `batch`); nil for the link as written.
    package let linkResolver: LinkResolver?
    /// The document's language (its front matter's `lang`, else the style's): hyphenation
    /// patterns.
    package let language: String
    /// The document's code lines (`CodeCensus`), gathered before layout; nil when the
    /// document is not known whole (each block then takes the frame its own lines give).
    package let codeCensus: CodeCensus?
    /// Whether a table too wide for the page may turn it (`table.rotate`): not in notes set at
    /// a page's foot (`scaled`), which stay on the page of their reference.
    package let mayTurnPages: Bool

    /// - Parameters:
    ///   - language: the document's `lang` (nil: the style's).
    ///   - cjk: the regional forms of CJK text (`CJKRegion`); nil: fontconfig's choice.
    ///   - codeCensus: the document's code lines, for its one code frame (nil: none known).
    ///   - graphviz: what diagrams are laid out with (`Engine.graphviz`).
    package init(style: Style, typesetter: Typesetter, graphviz: Graphviz, anchors: AnchorTable, resources: ImageResources = ImageResources(),
                 language: String? = nil, cjk: CJKRegion? = nil, codeCensus: CodeCensus? = nil,
                 linkResolver: LinkResolver? = nil) {
        self.style = style
        typography = Typography(style, cjk: cjk)
        self.cjk = cjk
        self.typesetter = typesetter
        self.graphviz = graphviz
        self.anchors = anchors
        images = ImageStore(resources: resources)
        self.language = language ?? style.language
        self.linkResolver = linkResolver
        self.codeCensus = codeCensus
        mayTurnPages = true
    }

    /// The same document set in `style` (footnotes at a page's foot, set smaller, where no
    /// page turns).
    private init(_ parent: LayoutEnvironment, style: Style) {
        self.style = style
        typography = Typography(style, cjk: parent.cjk)
        cjk = parent.cjk
        typesetter = parent.typesetter
        graphviz = parent.graphviz
        anchors = parent.anchors
        images = parent.images
        language = parent.language
        linkResolver = parent.linkResolver
        codeCensus = parent.codeCensus
        mayTurnPages = false
    }

    /// This document's text set `scale` times as large (the page's width and margins kept).
    package func scaled(_ scale: Double) -> LayoutEnvironment {
        var smaller = style
        smaller.givenMargins = style.margins
        smaller.bodySize *= scale
        return LayoutEnvironment(self, style: smaller)
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

    /// A new structure element of `role` inside `context`'s element; `text`, its own text,
    /// tells its script (and so its language).
    package func element(_ role: StructureElement.Role, in context: BlockContext, alt: String? = nil, text: String? = nil) -> StructureElement {
        StructureElement(role, parent: context.structure, alt: alt, text: text)
    }

    /// How far nested content (a list item's body, a quote's) may be indented when it wants
    /// `wanted`: deep nesting stops indenting once the column would get narrower than
    /// `minimumColumnWidth`; in a table cell, than two thirds of the cell.
    package func nestingIndent(_ wanted: Double, _ context: BlockContext) -> Double {
        let narrowest = context.inTableCell ? context.column.width * 2 / 3 : typography.minimumColumnWidth
        return min(wanted, max(0, context.column.width - narrowest))
    }

    /// The advance of a character of code at the code size (`LayoutCaches.codeAdvance` keeps it).
    package func measureCodeAdvance() -> Double {
        let probe = typesetter.shape(plainText("WWWWWWWWWW"), ParagraphFormat(text: typography.code, width: .infinity))
        return (probe.lines.first?.width ?? typography.code.size * 6) / 10
    }
}

/// A layouter that reads a `LayoutEnvironment`: the environment's values and helpers under
/// their own names, so a layouter's code reads `typography`, `style`, `format(...)` as
/// before, while its declaration shows that the environment is all of the document it reads.
package protocol EnvironmentReader {
    var environment: LayoutEnvironment { get }
}

extension EnvironmentReader {
    // Each use of these two returns a copy of a large struct, which a debug build gives a
    // stack slot of its own: code on the path blocks nest through (lists, quotes) reads
    // `environment.typography.x` instead, so that 128 levels (the parser's cap) stay far
    // within the 8 MiB stack (a list item's frame: 83 KB that way, 5.5 KB this way).
    package var style: Style { environment.style }
    package var typography: Typography { environment.typography }
    package var cjk: CJKRegion? { environment.cjk }
    package var typesetter: Typesetter { environment.typesetter }
    package var graphviz: Graphviz { environment.graphviz }
    package var anchors: AnchorTable { environment.anchors }
    package var images: ImageStore { environment.images }
    package var linkResolver: LinkResolver? { environment.linkResolver }
    package var language: String { environment.language }
    package var codeCensus: CodeCensus? { environment.codeCensus }
    package var mayTurnPages: Bool { environment.mayTurnPages }
    package var blockSpacing: Double { environment.blockSpacing }

    package func format(_ role: Typography.TextRole, width: Double, alignment: TextAlignment? = nil) -> ParagraphFormat {
        environment.format(role, width: width, alignment: alignment)
    }

    package func bodyFormat(width: Double, alignment: TextAlignment? = nil) -> ParagraphFormat {
        environment.bodyFormat(width: width, alignment: alignment)
    }

    package func paragraphFormat(width: Double, alignment: TextAlignment? = nil) -> ParagraphFormat {
        environment.paragraphFormat(width: width, alignment: alignment)
    }

    package func plainText(_ string: String) -> StyledText { environment.plainText(string) }

    package func wording(_ value: TextValue, width points: Double) -> String { environment.wording(value, width: points) }

    package func element(_ role: StructureElement.Role, in context: BlockContext, alt: String? = nil, text: String? = nil) -> StructureElement {
        environment.element(role, in: context, alt: alt, text: text)
    }

    package func nestingIndent(_ wanted: Double, _ context: BlockContext) -> Double {
        environment.nestingIndent(wanted, context)
    }

    package func wideRoom(_ context: BlockContext, limit: WidthLimit, page size: PageSize? = nil, textBlock: Column? = nil) -> WideRoom {
        environment.wideRoom(context, limit: limit, page: size, textBlock: textBlock)
    }

    package func codeColumn(_ frame: CodeFrame, _ context: BlockContext) -> Column {
        environment.codeColumn(frame, context)
    }
}
