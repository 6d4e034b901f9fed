import QuireModel

/// A page's content stream being written (ISO 32000-1, 8 and 9): PDF operators in PDF user
/// space (points, origin at the bottom left), with the graphics and text state they set
/// remembered, so that a colour, a line width or a font is stated only when it changes.
///
/// Coordinates come in page coordinates (origin at the top left, y down, as `PaintedPage`
/// holds them) and are turned over here (`y` → `height - y`): no flipping matrix, so text
/// and images stand upright for every reader.
package struct ContentStream: ~Copyable {
    package private(set) var bytes = ByteBuffer(capacity: 16 * 1024)
    /// The page's height in points.
    package let height: Double

    private var fillColor: Color?
    private var strokeColor: Color?
    private var lineWidth: Double?
    private var lineCap: LineCap?
    private var lineJoin: LineJoin?
    package private(set) var inText = false
    /// The font and size last set with Tf (text state outlives text objects).
    private var textFont: (name: [UInt8], size: Double)?
    private var renderMode = 0
    /// Inside a text object: where the current text line starts (PDF user space, as written)
    /// and the text matrix's shape; nil until a line is set.
    package var textLine: (x: Double, y: Double, shape: TextShape)?
    /// Where a reader's pen stands on the text line after what has been shown (user space x).
    package var pen = 0.0
    /// Whether a TJ array is open at the end of `bytes` (its "[" written), and a string in it.
    private var showing = false
    private var stringOpen = false

    package init(height: Double) {
        self.height = height
    }

    // MARK: Graphics state

    package mutating func setFillColor(_ color: Color) {
        guard fillColor != color else { return }
        flushShowing()
        fillColor = color
        appendColor(color)
        bytes.appendLiteral(" rg\n")
    }

    package mutating func setStrokeColor(_ color: Color) {
        guard strokeColor != color else { return }
        flushShowing()
        strokeColor = color
        appendColor(color)
        bytes.appendLiteral(" RG\n")
    }

    private mutating func appendColor(_ c: Color) {
        bytes.appendNumber(c.red, decimals: 3)
        bytes.append(0x20)
        bytes.appendNumber(c.green, decimals: 3)
        bytes.append(0x20)
        bytes.appendNumber(c.blue, decimals: 3)
    }

    package mutating func setLineWidth(_ width: Double) {
        guard lineWidth != width else { return }
        flushShowing()
        lineWidth = width
        bytes.appendNumber(width, decimals: 3)
        bytes.appendLiteral(" w\n")
    }

    package mutating func setLineCap(_ cap: LineCap) {
        guard lineCap != cap else { return }
        lineCap = cap
        bytes.appendInteger(cap.rawValue)
        bytes.appendLiteral(" J\n")
    }

    package mutating func setLineJoin(_ join: LineJoin) {
        guard lineJoin != join else { return }
        lineJoin = join
        bytes.appendInteger(join.rawValue)
        bytes.appendLiteral(" j\n")
    }

    // MARK: Paths

    private mutating func appendPoint(_ x: Double, _ y: Double) {
        bytes.appendNumber(x)
        bytes.append(0x20)
        bytes.appendNumber(height - y)
    }

    package mutating func move(_ x: Double, _ y: Double) {
        appendPoint(x, y)
        bytes.appendLiteral(" m\n")
    }

    package mutating func line(_ x: Double, _ y: Double) {
        appendPoint(x, y)
        bytes.appendLiteral(" l\n")
    }

    package mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        appendPoint(x1, y1)
        bytes.append(0x20)
        appendPoint(x2, y2)
        bytes.append(0x20)
        appendPoint(x3, y3)
        bytes.appendLiteral(" c\n")
    }

    /// A rectangle subpath; `r` in page coordinates.
    package mutating func rectangle(_ r: Rect) {
        appendPoint(r.x, r.maxY)
        bytes.append(0x20)
        bytes.appendNumber(r.width)
        bytes.append(0x20)
        bytes.appendNumber(r.height)
        bytes.appendLiteral(" re\n")
    }

    /// A full circle as four Bézier arcs (the usual 0.5523 control distance: off by 0.03% of
    /// the radius at most).
    package mutating func circle(center c: Point, radius r: Double) {
        let k = 0.552_284_75 * r
        move(c.x + r, c.y)
        curve(c.x + r, c.y + k, c.x + k, c.y + r, c.x, c.y + r)
        curve(c.x - k, c.y + r, c.x - r, c.y + k, c.x - r, c.y)
        curve(c.x - r, c.y - k, c.x - k, c.y - r, c.x, c.y - r)
        curve(c.x + k, c.y - r, c.x + r, c.y - k, c.x + r, c.y)
        bytes.appendLiteral("h\n")
    }

    package mutating func fill() { bytes.appendLiteral("f\n") }
    package mutating func stroke() { bytes.appendLiteral("S\n") }
    package mutating func fillAndStroke() { bytes.appendLiteral("B\n") }
    package mutating func closePath() { bytes.appendLiteral("h\n") }
    /// Ends a path without painting it.
    package mutating func endPath() { bytes.appendLiteral("n\n") }

    /// The dash pattern (`[on off …] 0 d`); empty for solid lines.
    package mutating func setDash(_ lengths: [Double]) {
        bytes.append(0x5B)
        for (i, length) in lengths.enumerated() {
            if i > 0 { bytes.append(0x20) }
            bytes.appendNumber(length)
        }
        bytes.appendLiteral("] 0 d\n")
    }

    // MARK: XObjects

    /// Draws XObject `name` (an image: its unit square) scaled into `r`.
    package mutating func drawXObject(_ name: [UInt8], in r: Rect) {
        bytes.appendLiteral("q\n")
        bytes.appendNumber(r.width, decimals: 4)
        bytes.appendLiteral(" 0 0 ")
        bytes.appendNumber(r.height, decimals: 4)
        bytes.append(0x20)
        appendPoint(r.x, r.maxY)
        bytes.appendLiteral(" cm\n/")
        bytes.append(contentsOf: name)
        bytes.appendLiteral(" Do\nQ\n")
    }

    /// Draws form XObject `name` with `matrix` (a b c d e f, in PDF user space) as its matrix.
    package mutating func drawForm(_ name: [UInt8], matrix: [Double]) {
        bytes.appendLiteral("q\n")
        bytes.appendNumbers(matrix, decimals: 5)
        bytes.appendLiteral("cm\n/")
        bytes.append(contentsOf: name)
        bytes.appendLiteral(" Do\nQ\n")
    }

    // MARK: Marked content

    /// Begins a marked-content sequence `tag` with a property list: `properties` writes its
    /// entries (`/Span << /ActualText <FEFF…> >> BDC`).
    @inline(__always)
    package mutating func beginMarkedContent(_ tag: PDFName, properties: (inout PDFDictionaryWriter) -> Void) {
        flushShowing()
        bytes.appendName(tag)
        bytes.append(0x20)
        bytes.writeDictionary(properties)
        bytes.appendLiteral(" BDC\n")
    }

    /// Begins the marked content numbered `mcid` of a structure element of type `role`
    /// (`/P << /MCID 3 >> BDC`).
    package mutating func beginMarkedContent(role: PDFName, mcid: Int) {
        beginMarkedContent(role) { $0.pair(.mcid, mcid) }
    }

    /// Begins a marked-content sequence `tag` without properties (an artifact).
    package mutating func beginMarkedContent(_ tag: PDFName) {
        flushShowing()
        bytes.appendName(tag)
        bytes.appendLiteral(" BMC\n")
    }

    package mutating func endMarkedContent() {
        flushShowing()
        bytes.appendLiteral("EMC\n")
    }

    // MARK: Text

    package mutating func beginText() {
        guard !inText else { return }
        inText = true
        textLine = nil
        bytes.appendLiteral("BT\n")
    }

    package mutating func endText() {
        guard inText else { return }
        flushShowing()
        inText = false
        bytes.appendLiteral("ET\n")
    }

    /// Ends the TJ array being written, if any.
    package mutating func flushShowing() {
        guard showing else { return }
        if stringOpen { bytes.append(UInt8(ascii: ")")); stringOpen = false }
        bytes.appendLiteral("] TJ\n")
        showing = false
    }

    /// Opens a TJ array if none is: glyphs and pen adjustments go straight into `bytes`.
    @inline(__always)
    private mutating func beginShowing() {
        guard !showing else { return }
        bytes.append(UInt8(ascii: "["))
        showing = true
    }

    /// Appends `glyph`'s code in `font` to the TJ array's string (opening both as needed).
    @inline(__always)
    package mutating func showCode(_ glyph: UInt32, _ font: some ShownFont) {
        beginShowing()
        if !stringOpen { bytes.append(UInt8(ascii: "(")); stringOpen = true }
        font.appendCode(glyph, to: &bytes)
    }

    /// Appends a pen adjustment (thousandths of an em, a TJ number) to the TJ array.
    package mutating func showAdjustment(_ adjustment: Double) {
        beginShowing()
        if stringOpen { bytes.append(UInt8(ascii: ")")); stringOpen = false }
        bytes.appendNumber(adjustment, decimals: 1)
    }

    /// Sets the font (its resource name) and size.
    package mutating func setFont(_ name: [UInt8], size: Double) {
        if let current = textFont, current.size == size, current.name == name { return }
        flushShowing()
        textFont = (name, size)
        bytes.append(UInt8(ascii: "/"))
        bytes.append(contentsOf: name)
        bytes.append(0x20)
        bytes.appendNumber(size, decimals: 4)
        bytes.appendLiteral(" Tf\n")
    }

    /// 0 fill, 2 fill then stroke (synthetic bold), 3 invisible.
    package mutating func setTextRenderMode(_ mode: Int) {
        guard renderMode != mode else { return }
        flushShowing()
        renderMode = mode
        bytes.appendInteger(mode)
        bytes.appendLiteral(" Tr\n")
    }

    /// Sets the text matrix: `m` (a b c d) and the origin (`x`, `y`) in PDF user space,
    /// which should have at most 3 decimals (they are written exactly).
    package mutating func setTextMatrix(_ m: TextShape, x: Double, y: Double) {
        flushShowing()
        if m.isPlain {
            bytes.appendLiteral("1 0 0 1 ")  // what appendNumbers writes for it
        } else {
            bytes.appendNumbers([m.a, m.b, m.c, m.d], decimals: 5)
        }
        bytes.appendNumber(x, decimals: 3)
        bytes.append(0x20)
        bytes.appendNumber(y, decimals: 3)
        bytes.appendLiteral(" Tm\n")
    }

    /// Moves the text line's start by (`dx`, `dy`) in PDF units (y up), for an unscaled matrix.
    package mutating func moveText(dx: Double, dy: Double) {
        flushShowing()
        bytes.appendNumber(dx, decimals: 3)
        bytes.append(0x20)
        bytes.appendNumber(dy, decimals: 3)
        bytes.appendLiteral(" Td\n")
    }
}

/// The linear part of a text matrix (a b c d): the font's shape beyond its size (a slant when
/// the italic is synthesized), in PDF's y-up space.
package struct TextShape: Equatable {
    package var a = 1.0, b = 0.0, c = 0.0, d = 1.0
    package var isPlain: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}
