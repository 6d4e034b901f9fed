import QuireModel

/// One paragraph set by Quire's paragraph engine (`Typesetter.setParagraph`, Layout/Text/
/// Paragraph): its lines chosen and made, immutable once made.
///
/// Holds each line's runs of shaped glyphs (`AssembledLine`), which `LinePainter` records as
/// glyph runs, so nothing is shaped twice. Its runs name Pango's fonts, which live on the
/// thread that set it (pages reach the drawing thread as `PaintedPage` values), so it is not
/// `Sendable`.
package final class ShapedText {
    package struct Line: Sendable, Equatable {
        /// Byte range of the line in the text (without the hard break that ends it).
        package var start: Int
        package var length: Int
        /// Left edge of the line's logical extents and its width, relative to the paragraph's left.
        package var x: Double
        package var width: Double
        /// Distance from the baseline up to the top, and down to the bottom, of the logical extents.
        package var ascent: Double
        package var descent: Double
        /// Where it sits on the paragraph's baseline grid, in points, when a font taller than
        /// the paragraph's set part of it (`AssembledLine.grid`); nil: its box is sized by its
        /// logical extents.
        package var grid: LineGrid?
    }

    package let text: StyledText
    package let format: ParagraphFormat
    package let lines: [Line]
    /// The engine's result: the text's items and break properties, and each line's runs.
    package let paragraph: SetParagraph
    /// The text's UTF-8 bytes (what runs' clusters index).
    package let bytes: [UInt8]
    /// True when the text's first paragraph is right to left.
    package let isRightToLeft: Bool
    /// Whether the text holds break hints (soft hyphens, zero-width spaces), which the text a
    /// line shows and the PDF's text leave out.
    package let hasBreakHints: Bool
    /// Whether some of the text has a background, an underline or a strikethrough (else
    /// painting looks for none).
    package let isDecorated: Bool
    /// `minimumContentWidth()`'s.
    private let widestPiece: Double
    /// The fonts the runs name, kept alive as long as the lines are (the typesetter that set
    /// them may go first).
    private let fonts: FontTable

    /// Made by `Typesetter.shape`.
    package init(text: StyledText, format: ParagraphFormat, paragraph: SetParagraph, minimumContentWidth: Double, fonts: FontTable) {
        self.fonts = fonts
        self.text = text
        self.format = format
        self.paragraph = paragraph
        widestPiece = minimumContentWidth
        bytes = Array(text.string.utf8)
        hasBreakHints = BreakHint.occurs(in: bytes)
        isDecorated = text.runs.contains { $0.attributes.background != nil || $0.attributes.underline || $0.attributes.strikethrough }
        isRightToLeft = paragraph.analysis.isRightToLeft
        lines = zip(paragraph.lines, paragraph.lineX).map { line, x in
            Line(start: line.start, length: line.length, x: PangoLength(units: x).points, width: PangoLength(line.width).points,
                 ascent: PangoLength(line.ascent).points, descent: PangoLength(line.descent).points,
                 grid: line.grid?.inPoints)
        }
    }

    /// The widest piece of the text that cannot be broken across lines (a word; a CJK
    /// character; an inline object) at one of Unicode's line-break opportunities, without
    /// trailing spaces, in points: the narrowest width the text can be set in without breaking
    /// inside a word. O(1) (measured when the text was set).
    package func minimumContentWidth() -> Double { widestPiece }

    /// Glyphs no installed font has (drawn as boxes); 0 when every character found a font.
    /// O(glyphs).
    package var unknownGlyphs: Int {
        paragraph.lines.reduce(0) { count, line in
            line.runs.reduce(count) { $0 + $1.glyphs.filter { $0.missingCharacter != nil }.count }
        }
    }

    /// Whether a glyph stands for a character no font has (lazily: painting asks per line).
    package private(set) lazy var hasMissingGlyphs = unknownGlyphs > 0

    /// The characters line `index` shows: its text without break hints, and a hyphen when
    /// it ends at a soft hyphen.
    package func lineText(_ index: Int) -> String {
        let line = lines[index]
        let shown = bytes[line.start..<(line.start + line.length)]
        guard hasBreakHints else { return String(decoding: shown, as: UTF8.self) }
        var visible = String(String(decoding: shown, as: UTF8.self).unicodeScalars.filter { $0 != "\u{AD}" && $0 != "\u{200B}" })
        if endsHyphenated(index) { visible += "-" }
        return visible
    }

    /// Whether line `index` ends where a word was broken at a soft hyphen (and so shows a hyphen).
    package func endsHyphenated(_ index: Int) -> Bool {
        paragraph.lines[index].hyphenated
    }

    /// Horizontal extents (relative to the paragraph's left, in points) of the bytes `range`
    /// on line `index`: one for each stretch of touching runs that shows some of them (several
    /// when bidirectional text splits them). Empty when the range is not on the line.
    /// O(glyphs on the line).
    package func xRanges(line index: Int, bytes range: Range<Int>) -> [ClosedRange<Double>] {
        let line = lines[index]
        let lo = max(range.lowerBound, line.start), hi = min(range.upperBound, line.start + line.length)
        guard lo < hi else { return [] }
        let origin = paragraph.lineX[index]
        var ranges: [ClosedRange<Double>] = []
        for run in paragraph.lines[index].runs where Int(run.end) > lo && Int(run.start) < hi {
            var x = Int64(run.x), left = Int64.max, right = Int64.min
            for glyph in run.glyphs {
                if Int(glyph.cluster) >= lo && Int(glyph.cluster) < hi {
                    left = min(left, x)
                    right = max(right, x + Int64(glyph.advance))
                }
                x += Int64(glyph.advance)
            }
            guard left <= right else { continue }
            let piece = PangoLength(units: origin + left).points...PangoLength(units: origin + right).points
            if let last = ranges.last, abs(last.upperBound - piece.lowerBound) < 0.001 {
                ranges[ranges.count - 1] = last.lowerBound...piece.upperBound
            } else {
                ranges.append(piece)
            }
        }
        return ranges
    }

    /// Byte offsets on line `index` where the text may be cut: `breaks`, each line-break
    /// opportunity (word boundaries; between CJK characters) from the line's start to its end,
    /// and where the line ends inside a token too wide for a line (a DocC symbol, a long
    /// path), the places inside it where such a token breaks well (after its punctuation, at a
    /// case hump); inside the line's first unbreakable piece, for when not even that fits,
    /// `tokens`, those places, and `graphemes`, every grapheme boundary: a cut there never
    /// splits a cluster (emoji sequences, flags, combining marks). Each starts with the line's
    /// start and is ascending. O(characters on the line + log characters).
    package func cutPositions(line index: Int) -> (breaks: [Int], tokens: [Int], graphemes: [Int]) {
        let line = lines[index]
        let end = line.start + line.length
        let flags = paragraph.analysis.flags, characters = paragraph.characters
        var breaks: [Int] = [line.start]
        var graphemes: [Int] = [line.start]
        var tokens: [Int] = [line.start]
        var inLastPiece: [Int] = []
        var char = characters.offsets.partitionPoint { Int($0) > line.start }
        bytes.withUnsafeBufferPointer { bytes in
            while char <= characters.characters, characters[char] <= end {
                let offset = characters[char]
                // Not after a break hint: a cut there would end inside a word ("hy… Continue reading").
                if flags[char].contains(.lineBreak), !endsWithBreakHint(before: offset) {
                    breaks.append(offset)
                    inLastPiece = []
                } else if offset < end, let kind = paragraph.analysis.emergencyBreak(before: char, bytes, characters), kind != .grapheme {
                    if breaks.count == 1 { tokens.append(offset) }
                    inLastPiece.append(offset)
                }
                if flags[char].contains(.cursor), breaks.count == 1 { graphemes.append(offset) }
                char += 1
            }
        }
        if breaks.last != end {
            // The line ends inside a token, where the line breaker cut it.
            breaks += inLastPiece
            breaks.append(end)
        } else if breaks.count == 1 {
            breaks.append(end)  // an empty line
        }
        if graphemes.last != breaks[1] { graphemes.append(breaks[1]) }
        tokens = tokens.filter { $0 < breaks[1] }
        return (breaks, tokens, graphemes)
    }

    /// Whether the bytes before `offset` end with a soft hyphen or a zero-width space.
    private func endsWithBreakHint(before offset: Int) -> Bool {
        if offset >= 2, bytes[offset - 2] == 0xC2, bytes[offset - 1] == 0xAD { return true }
        return offset >= 3 && bytes[offset - 3] == 0xE2 && bytes[offset - 2] == 0x80 && bytes[offset - 1] == 0x8B
    }
}
