import QuireModel
import QuireStyle
import QuireImages
import QuireHighlight
import QuireMath
import QuireDiagrams

/// Laying out one document: what layout reads, fixed for the document (`environment`), what it
/// works out once and keeps (`caches`), and the sink it writes to (warnings, outline,
/// destinations). Nothing in it changes: a trial is given a session of its own over a child
/// sink (`trial`). It leads the document's walk (`layoutBlocks`, `BlockLayouter`), which gives
/// each kind of block to a layouter value made for it with what it reads (`ListLayouter`,
/// `QuoteLayouter`, `CodeLayouter`, `ImageLayouter`, `AlertLayouter`, `FootnoteLayouter`,
/// `FormulaLayouter`, `DiagramLayouter`, `DetailsLayouter`, `HTMLBlockLayouter`,
/// `TableLayouter`) or to what any `TextSlicing` sets (headings, rules, page breaks), excerpts
/// to an `ExcerptLayouter`, and page headers and footers to a `PageFurnisher`; the keeps, the
/// notes at a page's foot and the contents' measuring trial still extend it. Lives for one
/// document on one thread.
package final class LayoutSession: TextSlicing {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches
    /// Where layout reports what it finds; a trial's session has a child sink.
    package let sink: LayoutSink

    package init(environment: LayoutEnvironment, caches: LayoutCaches, sink: LayoutSink) {
        self.environment = environment
        self.caches = caches
        self.sink = sink
    }

    /// - Parameters:
    ///   - language: the document's `lang` (nil: the style's).
    ///   - cjk: the regional forms of CJK text (`CJKRegion`); nil: fontconfig's choice.
    ///   - codeCensus: the document's code lines, for its one code frame (nil: none known).
    ///   - graphviz: what diagrams are laid out with (`Engine.graphviz`).
    package convenience init(style: Style, typesetter: Typesetter, graphviz: Graphviz, anchors: AnchorTable, resources: ImageResources = ImageResources(),
         highlights: CodeHighlights = .none, language: String? = nil, cjk: CJKRegion? = nil,
         codeCensus: CodeCensus? = nil, linkResolver: LinkResolver? = nil) {
        let environment = LayoutEnvironment(style: style, typesetter: typesetter, graphviz: graphviz, anchors: anchors, resources: resources,
                                            language: language, cjk: cjk, codeCensus: codeCensus, linkResolver: linkResolver)
        self.init(environment: environment, caches: LayoutCaches(environment, highlights: highlights), sink: LayoutSink())
    }

    package var highlights: CodeHighlights {
        get { caches.highlights }
        set { caches.highlights = newValue }
    }

    /// This document's text set `scale` times as large (the page's width and margins kept),
    /// reporting to this session's sink.
    package func scaled(_ scale: Double) -> LayoutSession {
        let smaller = environment.scaled(scale)
        return LayoutSession(environment: smaller, caches: caches.derived(for: smaller), sink: sink)
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

    /// Runs `body` as a trial: it is given a session over a child sink, returned with its value
    /// for the caller to keep (`sink.keep`) or drop; with `picturesAsLines`, pictures are set
    /// as lines inside it (an excerpt's trial). `body` must lay out through the session it is
    /// given, never through this one.
    package func trial<Value>(picturesAsLines: Bool = false, _ body: (LayoutSession) -> Value) -> (value: Value, sink: LayoutSink) {
        let child = sink.child(picturesAsLines: picturesAsLines)
        return (body(LayoutSession(environment: environment, caches: caches, sink: child)), child)
    }
}

/// Where a link to another document leads, as the code that knows the other documents says
/// (`LayoutEnvironment.linkResolver`); it is called with the link as written, on the layout thread.
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
