import QuireModel
import QuireStyle
import QuireImages
import QuireMath

/// The page model: what layout produces and the renderer draws.
///
/// Coordinates are PDF points with the origin at the page's top-left corner and y growing
/// downwards (Cairo's user space). Text is kept as shaped lines (`ShapedText` + line index)
/// so the painter records exactly what layout measured, without shaping twice. A page holds
/// Pango objects, so it stays on the thread that laid it out: what crosses to the drawing
/// thread is its painted form (`PaintedPage`), values only.
package struct LaidOutDocument {
    package var pages: [Page]
    /// Headings in document order, for the PDF outline.
    package var outline: [OutlineEntry]
    /// Document title for the metadata (front matter, first heading, else the file name).
    package var title: String
    /// Author from the front matter ("" when none).
    package var author: String
    /// Problems found while laying out (broken anchors, ...); the document is still complete.
    package var warnings: [Warning]
    /// In excerpt mode, each section as it was shown (empty otherwise).
    package var excerpts: [ExcerptSummary] = []
    /// The document's language as given (front matter or template); nil: not given.
    package var language: String?
    /// How full pagination left each page (`PageFill`), in order.
    package var pageFills: [PageFill] = []

    package init(pages: [Page], outline: [OutlineEntry], title: String, author: String, warnings: [Warning], excerpts: [ExcerptSummary] = [], language: String? = nil, pageFills: [PageFill] = []) {
        self.pages = pages
        self.outline = outline
        self.title = title
        self.author = author
        self.warnings = warnings
        self.excerpts = excerpts
        self.language = language
        self.pageFills = pageFills
    }
}

package struct Page {
    package var size: PageSize
    /// What flows in the text block.
    package var items: [PageItem]
    /// Running header and footer (page numbers), drawn in the margins.
    package var furniture: [PageItem] = []
    /// Clickable areas (external URIs and internal destinations).
    package var links: [LinkArea]
    /// Named destinations defined on this page.
    package var destinations: [Destination]
    /// The number of the furniture drawn over the page at the end of the document, holding
    /// the header and footer slots whose text was not known when the page was made
    /// (`FurnitureDeferral`); nil when `furniture` is all of it.
    package var deferredFurniture: Int?
}

package enum PageItem {
    /// One typeset line of text.
    case text(TextLine)
    /// A filled rectangle (code shading, table header).
    case fill(Rect, Color)
    /// A straight stroke (rules, quote bars, table borders).
    case line(from: Point, to: Point, width: Double, color: Color)
    /// A drawn list marker or task box.
    case marker(Marker)
    /// An image scaled into the rectangle (aspect ratio kept by layout), and the figure it is.
    case image(Rect, LoadedImage, tag: ContentTag = .none)
    /// A stroked rectangle outline: an image's placeholder, a key cap.
    case frame(Rect, width: Double, color: Color)
    /// A typeset formula (or a piece or line of one), its baseline's left end at `origin`.
    case formula(PlacedFormula)
    /// A vector path (a diagram's shapes, edges and arrowheads), and the figure it is part of.
    case path(PathPaint, tag: ContentTag = .none)

    package func offsetBy(dx: Double = 0, dy: Double) -> PageItem {
        switch self {
        case .text(var t): t.x += dx; t.baseline += dy; t.top += dy; return .text(t)
        case .fill(let r, let c): return .fill(r.offsetBy(dx: dx, dy: dy), c)
        case .line(let a, let b, let w, let c):
            return .line(from: Point(x: a.x + dx, y: a.y + dy), to: Point(x: b.x + dx, y: b.y + dy), width: w, color: c)
        case .marker(var m): m.center.x += dx; m.center.y += dy; return .marker(m)
        case .image(let r, let image, let tag): return .image(r.offsetBy(dx: dx, dy: dy), image, tag: tag)
        case .frame(let r, let w, let c): return .frame(r.offsetBy(dx: dx, dy: dy), width: w, color: c)
        case .formula(var f): f.origin.x += dx; f.origin.y += dy; return .formula(f)
        case .path(let p, let tag): return .path(p.offsetBy(dx: dx, dy: dy), tag: tag)
        }
    }
}

/// A formula's box placed on the page, with its font, the colour of its unstyled glyphs
/// and the structure element it belongs to (a `Formula`, whose `Alt` is its TeX).
package struct PlacedFormula {
    package var box: MathBox
    package var origin: Point
    package var font: FontRef
    package var color: Color
    package var tag: ContentTag = .none

    /// The box's ink and extent on the page.
    package var rect: Rect { Rect(x: origin.x, y: origin.y - box.height, width: box.width, height: box.height + box.depth) }
}

/// A shaped line placed on the page.
package struct TextLine {
    /// The paragraph it belongs to, and which of its lines this is.
    package var shaped: ShapedText
    package var lineIndex: Int
    /// Left edge of the line's logical extents, and the baseline, in page coordinates.
    package var x: Double
    package var baseline: Double
    /// Top of the line box (baseline minus ascent and half-leading) and its width.
    package var top: Double
    package var width: Double
    /// The structure element the line's text belongs to (a paragraph, a heading, a cell...).
    package var tag: ContentTag = .none
    /// The text the line stands for when it is not the characters it shows, for readers
    /// that extract text (the PDF's ActualText): a wrapped code line's first visual line
    /// stands for the whole source line, its continuations for nothing. Nil: what it shows.
    package var actualText: String?
    /// The characters the line shows (for tests and text checks).
    package var text: String { shaped.lineText(lineIndex) }
}

