/// The page model: what layout produces and the renderer draws.
///
/// Coordinates are PDF points with the origin at the page's top-left corner and y growing
/// downwards (Cairo's user space). Text is kept as shaped lines (`ShapedText` + line index)
/// so the painter records exactly what layout measured, without shaping twice. A page holds
/// Pango objects, so it stays on the thread that laid it out: what crosses to the drawing
/// thread is its painted form (`PaintedPage`), values only.
public struct LaidOutDocument {
    public var pages: [Page]
    /// Headings in document order, for the PDF outline.
    public var outline: [OutlineEntry]
    /// Document title for the metadata (front matter, first heading, else the file name).
    public var title: String
    /// Author from the front matter ("" when none).
    public var author: String = ""
    /// Problems found while laying out (broken anchors, ...); the document is still complete.
    public var warnings: [Warning]
    /// In excerpt mode, each section as it was shown (empty otherwise).
    public var excerpts: [ExcerptSummary] = []
}

public struct Page {
    public var size: PageSize
    /// What flows in the text block.
    public var items: [PageItem]
    /// Running header and footer (page numbers), drawn in the margins.
    public var furniture: [PageItem] = []
    /// Clickable areas (external URIs and internal destinations).
    public var links: [LinkArea]
    /// Named destinations defined on this page.
    public var destinations: [Destination]
}

public struct Point: Sendable, Equatable {
    public var x, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

public struct Rect: Sendable, Equatable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    func offsetBy(dx: Double = 0, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

public enum PageItem {
    /// One typeset line of text.
    case text(TextLine)
    /// A filled rectangle (code shading, table header).
    case fill(Rect, Color)
    /// A straight stroke (rules, quote bars, table borders).
    case line(from: Point, to: Point, width: Double, color: Color)
    /// A drawn list marker or task box.
    case marker(Marker)
    /// An image scaled into the rectangle (aspect ratio kept by layout).
    case image(Rect, LoadedImage)
    /// A stroked rectangle outline: an image's placeholder, a key cap.
    case frame(Rect, width: Double, color: Color)

    func offsetBy(dx: Double = 0, dy: Double) -> PageItem {
        switch self {
        case .text(var t): t.x += dx; t.baseline += dy; t.top += dy; return .text(t)
        case .fill(let r, let c): return .fill(r.offsetBy(dx: dx, dy: dy), c)
        case .line(let a, let b, let w, let c):
            return .line(from: Point(x: a.x + dx, y: a.y + dy), to: Point(x: b.x + dx, y: b.y + dy), width: w, color: c)
        case .marker(var m): m.center.x += dx; m.center.y += dy; return .marker(m)
        case .image(let r, let image): return .image(r.offsetBy(dx: dx, dy: dy), image)
        case .frame(let r, let w, let c): return .frame(r.offsetBy(dx: dx, dy: dy), width: w, color: c)
        }
    }
}

/// A shaped line placed on the page.
public struct TextLine {
    /// The paragraph it belongs to, and which of its lines this is.
    public var shaped: ShapedText
    public var lineIndex: Int
    /// Left edge of the line's logical extents, and the baseline, in page coordinates.
    public var x: Double
    public var baseline: Double
    /// Top of the line box (baseline minus ascent and half-leading) and its width.
    public var top: Double
    public var width: Double
    /// The characters the line shows (for tests and text checks).
    public var text: String { shaped.lineText(lineIndex) }
}

public struct Marker: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case shape(MarkerShape)
        case taskBox(checked: Bool)
    }
    public var kind: Kind
    public var center: Point
    /// Width and height of the drawn shape, in points.
    public var size: Double
    public var color: Color
}

public struct LinkArea: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case uri(String)
        /// A named destination in the same PDF.
        case destination(String)
    }
    public var rect: Rect
    public var target: Target
}

public struct Destination: Sendable, Equatable {
    public var name: String
    /// The point the viewer scrolls to (top of the heading).
    public var y: Double
}

public struct OutlineEntry: Sendable, Equatable {
    public var level: Int
    public var title: String
    public var destination: String
}

/// A non-fatal problem, with the 1-based source line when known (0 otherwise).
public struct Warning: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) { self.line = line; self.message = message }
    public var description: String { line > 0 ? "\(line): \(message)" : message }
}
