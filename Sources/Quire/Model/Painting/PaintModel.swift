/// The painted page: what the renderer draws, with text already turned into positioned glyphs.
///
/// Made from a `Page` by `paintPage` on the thread that laid it out; it holds no Pango object
/// (only values), so another thread may draw it while layout goes on. Coordinates are PDF
/// points from the page's top-left corner, y growing downwards, as in `Page`.
package struct PaintedPage: Sendable {
    package var size: PageSize
    /// In layout's order, which is reading order (see `paintPage`).
    package var items: [PaintItem]
    package var links: [LinkArea]
    package var destinations: [Destination]
    /// What each item is in the document's structure (`items[i]` is `tags[i]`); empty when
    /// nothing is known (every text line then stands alone).
    package var tags: [ContentTag] = []
    /// The text a text item stands for where it is not what it shows (`TextLine.actualText`),
    /// by item index; a writer says it for readers that extract text.
    package var actualTexts: [Int: String] = [:]
    /// The furniture drawn over the page at the end (`Page.deferredFurniture`), by number.
    package var deferredFurniture: Int?
    /// What the page breaks of the standards a PDF may claim (a character shown as a .notdef
    /// box, a figure without an alternate description): layout's findings, returned with the
    /// page for the plan's `StandardsVerdict`. A writer does not read them.
    package var findings: [StandardsFinding] = []

    /// True when an item is drawn by a library that may shape text with Pango itself (an SVG
    /// image, through librsvg): such a page is drawn while layout waits. O(items).
    package var drawsWithPango: Bool {
        items.contains { if case .image(_, let image) = $0 { return image.format == .svg } else { return false } }
    }

    package init(size: PageSize, items: [PaintItem], links: [LinkArea], destinations: [Destination], tags: [ContentTag] = [], actualTexts: [Int: String] = [:], deferredFurniture: Int? = nil) {
        self.size = size
        self.items = items
        self.links = links
        self.destinations = destinations
        self.tags = tags
        self.actualTexts = actualTexts
        self.deferredFurniture = deferredFurniture
    }
}

package enum PaintItem: Sendable {
    /// One line of text, as glyph runs and the rectangles Pango draws with them.
    case text([TextPaint])
    case fill(Rect, Color)
    case line(from: Point, to: Point, width: Double, color: Color)
    case marker(Marker)
    case image(Rect, any PaintedImage)
    case frame(Rect, width: Double, color: Color)
    /// A vector path (a diagram's shapes and edges).
    case path(PathPaint)
}

/// One drawing operation of a line of text, in the order Pango gives them.
package enum TextPaint: Sendable {
    /// Glyphs of one font in one colour.
    case glyphs(GlyphRun)
    /// A filled rectangle: a background, an underline, a strikethrough.
    case fill(Rect, Color)
    /// Glyphs of a colour font (emoji), with the text they show; glyph positions are relative
    /// to `box`'s top-left, the box the glyphs' bitmaps fill.
    case colorGlyphs(GlyphRun, box: Rect)
}

/// Glyphs of one font, with the text they show (so the PDF's text can be copied and searched).
package struct GlyphRun: Sendable {
    package var font: FontRef
    package var color: Color
    /// Glyph ids and their origins in page coordinates (for `colorGlyphs`, relative to the box).
    package var glyphs: [PaintedGlyph]
    /// The UTF-8 text the glyphs show, and the clusters mapping bytes to glyphs: pairs of
    /// (bytes, glyphs) in the text's order, each taking the next glyphs from the start, or
    /// from the end in right-to-left text (`backward`), where glyphs are in visual order.
    package var text: [UInt8]
    package var clusters: [Int32]
    package var backward: Bool
    /// Where `text` starts in its paragraph (UTF-8 bytes): a line's runs are in visual order,
    /// and in reading order by this.
    package var textOffset = 0

    package init(font: FontRef, color: Color, glyphs: [PaintedGlyph], text: [UInt8], clusters: [Int32], backward: Bool,
                 textOffset: Int = 0) {
        self.textOffset = textOffset
        self.font = font
        self.color = color
        self.glyphs = glyphs
        self.text = text
        self.clusters = clusters
        self.backward = backward
    }
}

package struct PaintedGlyph: Sendable, Equatable {
    package var index: UInt32
    package var x: Double
    package var y: Double

    package init(index: UInt32, x: Double, y: Double) {
        self.index = index
        self.x = x
        self.y = y
    }
}

/// A font as the renderer opens it: a face of a font file, scaled by `matrix` (the font size
/// in points, and a slant when the italic is synthesized), emboldened when the bold is.
package struct FontRef: Sendable, Hashable {
    package var file: String
    /// The face in the file (with a named instance of a variable font in its upper 16 bits).
    package var index: Int32
    /// The font matrix xx, yx, xy, yy, in points (Cairo's convention).
    package var matrix: [Double]
    package var embolden: Bool
    /// Font variation settings ("wght=700"); empty for none.
    package var variations: String
    /// A colour font (emoji): glyphs are bitmaps or layers, loaded in colour.
    package var isColor: Bool

    package init(file: String, index: Int32, matrix: [Double], embolden: Bool, variations: String, isColor: Bool) {
        self.file = file
        self.index = index
        self.matrix = matrix
        self.embolden = embolden
        self.variations = variations
        self.isColor = isColor
    }
}
