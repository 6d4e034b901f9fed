import QuireModel
import QuireImages
import QuireMath

/// Text with inline styling, links and anchors, in pure Swift.
///
/// Offsets are UTF-8 byte offsets into `string`, as Pango counts them. Built by appending
/// pieces (`append`), so a paragraph costs O(n) in its length. Layout turns it into a
/// `ShapedText`; excerpts (issue 4) cut it by byte range without reparsing.
package struct StyledText: Sendable, Equatable {
    package struct Attributes: Sendable, Hashable {
        package var bold = false
        package var italic = false
        package var monospace = false
        package var strikethrough = false
        package var superscript = false
        package var `subscript` = false
        package var underline = false
        package var color: Color?
        package var background: Color?
    }

    package struct Run: Sendable, Equatable {
        package var range: Range<Int>
        package var attributes: Attributes
    }

    package struct Link: Sendable, Equatable {
        package var range: Range<Int>
        package var target: LinkArea.Target
    }

    package struct Anchor: Sendable, Equatable {
        package var offset: Int
        package var name: String
    }

    /// A footnote's number in the text: pagination sets the note at the foot of the page
    /// that shows the line it is on.
    package struct NoteReference: Sendable, Equatable {
        package var offset: Int
        package var number: Int
    }

    /// An image set in the line: a box of its size at an object replacement character.
    package struct InlineImage: Sendable, Equatable {
        /// Byte offset of its U+FFFC.
        package var offset: Int
        /// Size in points; the box reaches `descent` below the baseline.
        package var width: Double
        package var height: Double
        package var descent: Double
        package var image: LoadedImage
        /// Its alternate text (the figure's description in a tagged PDF).
        package var alt = ""

        package static func == (a: Self, b: Self) -> Bool {
            a.offset == b.offset && a.width == b.width && a.height == b.height && a.descent == b.descent && a.image === b.image
                && a.alt == b.alt
        }
    }

    /// A piece of a typeset formula set in the line: a box of its size at an object
    /// replacement character. A formula is one piece, or several where it may break (after a
    /// top-level relation or binary operator); `formula` numbers the formula in its text.
    package struct InlineFormula: Sendable, Equatable {
        /// Byte offset of its U+FFFC.
        package var offset: Int
        package var box: MathBox
        /// The formula's space between this piece and the next (the one after its operator),
        /// set as a text space right after the piece, whose advance the line is given:
        /// a line breaking there drops it, as TeX drops the glue after a broken operator. 0: a
        /// zero-width space stands there (a break without a space), or nothing (the last piece).
        package var spaceAfter: Double = 0
        package var formula: Int
        /// The TeX source (the structure element's `Alt`), the font and the text's colour.
        package var source: String
        package var font: FontRef
        package var color: Color
    }

    package fileprivate(set) var string = ""
    /// Styled runs in order; unstyled text has no run.
    package fileprivate(set) var runs: [Run] = []
    package var links: [Link] = []
    package var anchors: [Anchor] = []
    /// Footnote references, in order.
    package var noteReferences: [NoteReference] = []
    /// Images in the text, in order.
    package var images: [InlineImage] = []
    /// Pieces of formulas in the text, in order.
    package var formulas: [InlineFormula] = []
    /// Byte ranges drawn with a frame around them (an image's placeholder, a key cap).
    package var frames: [Range<Int>] = []

    /// Length in UTF-8 bytes.
    package var count: Int { string.utf8.count }
    package var isEmpty: Bool { string.isEmpty }

    /// `string` with `attributes` over `range` (a byte range at character boundaries, after
    /// every run so far), merged with the previous run when they match and touch: what
    /// appending the text in pieces would give, without copying it. O(1).
    package mutating func style(_ range: Range<Int>, _ attributes: Attributes) {
        guard !range.isEmpty, attributes != Attributes() else { return }
        if let last = runs.last, last.attributes == attributes, last.range.upperBound == range.lowerBound {
            runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            runs.append(Run(range: range, attributes: attributes))
        }
    }

    /// Appends `text` with `attributes`, merging with the previous run when they match.
    package mutating func append(_ text: String, _ attributes: Attributes = Attributes()) {
        guard !text.isEmpty else { return }
        let start = count
        string += text
        style(start..<count, attributes)
    }

    /// The byte length of the character standing for an inline image (U+FFFC).
    package static let objectLength = 3

    /// Appends an image box (`width` × `height` points, `descent` below the baseline).
    package mutating func append(image: LoadedImage, width: Double, height: Double, descent: Double, alt: String = "",
                         _ attributes: Attributes = Attributes()) {
        images.append(InlineImage(offset: count, width: width, height: height, descent: descent, image: image, alt: alt))
        append("\u{FFFC}", attributes)
    }

    /// Appends a typeset formula's pieces, each followed by its space: a break opportunity
    /// after an operator (a space, else a zero-width space), a no-break space before one
    /// (`breaksAfter` false), both stretching with the line's spaces; the whole formula
    /// numbered `formula` and isolated left to right (LRI…PDI): its pieces keep their order in
    /// a right-to-left line.
    package mutating func append(formula pieces: [MathBox], spacesAfter: [Double], breaksAfter: [Bool] = [], number: Int,
                         source: String, font: FontRef, color: Color, _ attributes: Attributes = Attributes()) {
        append("\u{2066}", attributes)
        for (i, piece) in pieces.enumerated() {
            let space = i < spacesAfter.count && i + 1 < pieces.count ? spacesAfter[i] : 0
            let breaks = i >= breaksAfter.count || breaksAfter[i]
            formulas.append(InlineFormula(offset: count, box: piece, spaceAfter: max(0, space), formula: number, source: source,
                                          font: font, color: color))
            append("\u{FFFC}", attributes)
            if i + 1 < pieces.count { append(!breaks && space > 0 ? "\u{00A0}" : space > 0 ? " " : "\u{200B}", attributes) }
        }
        append("\u{2069}", attributes)
    }
}

extension StyledText {
    /// The first `bytes` bytes (a character boundary), with runs, links and anchors clipped.
    /// O(bytes + runs + links).
    package func prefix(_ bytes: Int) -> StyledText {
        guard bytes < count else { return self }
        var out = StyledText()
        out.string = String(decoding: string.utf8.prefix(bytes), as: UTF8.self)
        out.runs = runs.compactMap { run in
            run.range.lowerBound < bytes ? Run(range: run.range.lowerBound..<min(run.range.upperBound, bytes), attributes: run.attributes) : nil
        }
        out.links = links.compactMap { link in
            link.range.lowerBound < bytes ? Link(range: link.range.lowerBound..<min(link.range.upperBound, bytes), target: link.target) : nil
        }
        out.anchors = anchors.filter { $0.offset <= bytes }
        out.noteReferences = noteReferences.filter { $0.offset < bytes }
        out.images = images.filter { $0.offset + Self.objectLength <= bytes }
        out.formulas = formulas.filter { $0.offset + Self.objectLength <= bytes }
        out.frames = frames.compactMap { r in r.lowerBound < bytes ? r.lowerBound..<min(r.upperBound, bytes) : nil }
        return out
    }

    /// The UTF-8 length of the character starting at byte `offset` (1 past the end).
    package func characterLength(at offset: Int) -> Int {
        guard offset < count else { return 1 }
        let lead = string.utf8[string.utf8.index(string.utf8.startIndex, offsetBy: offset)]
        return lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Attributes in force at byte `offset` (those of the run covering it, else plain).
    package func attributes(at offset: Int) -> Attributes {
        runs.last { $0.range.contains(offset) }?.attributes ?? Attributes()
    }
}

extension StyledText {
    /// The bytes `range` (character boundaries) as a text of their own, offsets rebased to 0.
    /// O(range + log runs + runs in range + links): highlighted code, cut into many pieces,
    /// has runs on every line.
    package func slice(_ range: Range<Int>) -> StyledText {
        if range == 0..<count { return self }
        var out = StyledText()
        let utf8 = string.utf8
        let lo = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let hi = utf8.index(lo, offsetBy: range.count)
        out.string = String(string[lo..<hi])
        func clip(_ r: Range<Int>) -> Range<Int>? {
            let a = max(r.lowerBound, range.lowerBound), b = min(r.upperBound, range.upperBound)
            return a < b ? (a - range.lowerBound)..<(b - range.lowerBound) : nil
        }
        // Runs are in order and do not overlap: the first that ends inside the range is found
        // by binary search.
        var k = runs.partitionPoint { $0.range.upperBound > range.lowerBound }
        while k < runs.count, runs[k].range.lowerBound < range.upperBound {
            if let clipped = clip(runs[k].range) { out.runs.append(Run(range: clipped, attributes: runs[k].attributes)) }
            k += 1
        }
        out.links = links.compactMap { link in clip(link.range).map { Link(range: $0, target: link.target) } }
        out.anchors = anchors.compactMap { a in
            range.contains(a.offset) ? Anchor(offset: a.offset - range.lowerBound, name: a.name) : nil
        }
        out.noteReferences = noteReferences.compactMap { n in
            range.contains(n.offset) ? NoteReference(offset: n.offset - range.lowerBound, number: n.number) : nil
        }
        out.images = images.compactMap { i in
            var moved = i
            moved.offset -= range.lowerBound
            return range.contains(i.offset) ? moved : nil
        }
        out.formulas = formulas.compactMap { f in
            var moved = f
            moved.offset -= range.lowerBound
            return range.contains(f.offset) ? moved : nil
        }
        out.frames = frames.compactMap(clip)
        return out
    }
}

extension StyledText {
    /// Appends `other` with its runs, links, anchors, footnote references, images and frames
    /// moved to follow this text. O(other's length and records).
    package mutating func append(_ other: StyledText) {
        let shift = count
        string += other.string
        runs += other.runs.map { Run(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), attributes: $0.attributes) }
        links += other.links.map { Link(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), target: $0.target) }
        anchors += other.anchors.map { Anchor(offset: $0.offset + shift, name: $0.name) }
        noteReferences += other.noteReferences.map { NoteReference(offset: $0.offset + shift, number: $0.number) }
        images += other.images.map { var moved = $0; moved.offset += shift; return moved }
        formulas += other.formulas.map { var moved = $0; moved.offset += shift; return moved }
        frames += other.frames.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
    }

    /// The text with `string` inserted before each byte offset of `offsets` (ascending,
    /// character boundaries, at most once each): runs, links and frames that span an offset
    /// grow over the insertion; those starting at it, and anchors, images and references at
    /// or after it, move after it. O(n + runs + links + offsets).
    package func inserting(_ string: String, at offsets: [Int]) -> StyledText {
        guard !offsets.isEmpty else { return self }
        let width = string.utf8.count
        var out = self
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + offsets.count * width)
        var last = 0
        let utf8 = Array(self.string.utf8)
        for offset in offsets {
            bytes += utf8[last..<offset]
            bytes += string.utf8
            last = offset
        }
        bytes += utf8[last...]
        out.string = String(decoding: bytes, as: UTF8.self)
        /// Insertions before `x` (`through`: at `x` too).
        func shift(_ x: Int, through: Bool) -> Int {
            x + offsets.partitionPoint { through ? $0 > x : $0 >= x } * width
        }
        func range(_ r: Range<Int>) -> Range<Int> { shift(r.lowerBound, through: true)..<shift(r.upperBound, through: false) }
        out.runs = runs.map { Run(range: range($0.range), attributes: $0.attributes) }
        out.links = links.map { Link(range: range($0.range), target: $0.target) }
        out.frames = frames.map(range)
        out.anchors = anchors.map { Anchor(offset: shift($0.offset, through: true), name: $0.name) }
        out.noteReferences = noteReferences.map { NoteReference(offset: shift($0.offset, through: true), number: $0.number) }
        out.images = images.map { image in
            var moved = image
            moved.offset = shift(image.offset, through: true)
            return moved
        }
        out.formulas = formulas.map { formula in
            var moved = formula
            moved.offset = shift(formula.offset, through: true)
            return moved
        }
        return out
    }
}

extension StyledText {
    /// Plain `string`, to be styled with `style(_:_:)`.
    package init(plain string: String) {
        self.init()
        self.string = string
    }
}
