// Layout/Text is the Pango boundary: Typesetter.swift, ShapedText.swift, LinePainter.swift,
// MetricsPatterns.swift and InstalledFonts.swift are the only files of Layout that import CPangoCairo.
import CPangoCairo
import Foundation

/// One paragraph shaped and broken into lines by Pango, immutable once made.
///
/// Holds the `PangoLayout`; `LinePainter` records its lines as glyph runs, so nothing is shaped
/// twice. It stays on the thread that shaped it (pages reach the drawing thread as
/// `PaintedPage` values), so it is not `Sendable`.
final class ShapedText {
    struct Line: Sendable, Equatable {
        /// Byte range of the line in the text.
        var start: Int
        var length: Int
        /// Left edge of the line's logical extents and its width, relative to the layout's left.
        var x: Double
        var width: Double
        /// Distance from the baseline up to the top, and down to the bottom, of the logical extents.
        var ascent: Double
        var descent: Double
    }

    let layout: OpaquePointer
    /// Pointers to Pango's lines, in order (valid as long as `layout` lives, which is as long as self).
    let pangoLines: [UnsafeMutablePointer<PangoLayoutLine>]
    let lines: [Line]
    let text: StyledText
    let format: ParagraphFormat
    /// Glyphs no installed font has (drawn as boxes); 0 when every character found a font.
    let unknownGlyphs: Int
    /// True when Pango resolved the paragraph as right-to-left.
    let isRightToLeft: Bool
    /// Whether a word of the text may be wider than a line (`mayBreakInsideWord`).
    let mayBreakInsideWords: Bool
    /// Whether the text holds break hints (soft hyphens, zero-width spaces), which the text a
    /// line shows and the PDF's text leave out.
    let hasBreakHints: Bool

    /// Shapes `text`; `font`: the base font description (Pango copies it); `spaceWidth`: the
    /// advance of its space (for the spaces between formula pieces). Made by `Typesetter.shape`.
    init(text: StyledText, format: ParagraphFormat, font: OpaquePointer, context: OpaquePointer, spaceWidth: Double = 0) {
        self.text = text
        self.format = format
        let layout = pango_layout_new(context)!
        self.layout = layout
        pango_layout_set_font_description(layout, font)
        if format.width.isFinite {
            // Rounded up to Pango units: a word measured to fit exactly must still fit.
            pango_layout_set_width(layout, Int32((min(max(1, format.width), 1_000_000) * Double(PANGO_SCALE)).rounded(.up)))
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        // Without a direction of its own, the text's first strong character decides, and Pango
        // swaps left and right for a right-to-left paragraph; with one (the context's), the
        // swap is made here, so that left is the start either way.
        pango_layout_set_auto_dir(layout, format.direction == nil ? 1 : 0)
        let mirrored = format.direction == .rightToLeft
        switch format.alignment {
        case .left: pango_layout_set_alignment(layout, mirrored ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .right: pango_layout_set_alignment(layout, mirrored ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .justify:
            pango_layout_set_alignment(layout, mirrored ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        if format.singleLine { pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END) }
        if format.hangingIndent > 0 {
            pango_layout_set_indent(layout, Int32(-format.hangingIndent * Double(PANGO_SCALE)))
        }
        var string = text.string
        string.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
            }
        }
        mayBreakInsideWords = mayBreakInsideWord(text, format)
        hasBreakHints = BreakHint.occurs(in: text.string.utf8)
        let attributes = Self.attributeList(text, format, mayBreakInsideWords: mayBreakInsideWords, spaceWidth: spaceWidth)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)

        var pointers: [UnsafeMutablePointer<PangoLayoutLine>] = []
        var node = pango_layout_get_lines_readonly(layout)
        while let n = node {
            if let line = n.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) { pointers.append(line) }
            node = n.pointee.next
        }
        pangoLines = pointers
        var lines: [Line] = []
        lines.reserveCapacity(pointers.count)
        let scale = Double(PANGO_SCALE)
        if let iter = pango_layout_get_iter(layout) {
            repeat {
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iter, nil, &logical)
                let baseline = Double(pango_layout_iter_get_baseline(iter))
                let line = pango_layout_iter_get_line_readonly(iter)!.pointee
                lines.append(Line(
                    start: Int(line.start_index), length: Int(line.length),
                    x: Double(logical.x) / scale, width: Double(logical.width) / scale,
                    ascent: (baseline - Double(logical.y)) / scale,
                    descent: (Double(logical.y + logical.height) - baseline) / scale))
            } while pango_layout_iter_next_line(iter) != 0
            pango_layout_iter_free(iter)
        }
        self.lines = lines
        unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
        isRightToLeft = pointers.first.map { ($0.pointee.resolved_dir & 1) == 1 } ?? false
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The characters line `index` shows: its text without break hints, and a hyphen when
    /// it ends at a soft hyphen.
    func lineText(_ index: Int) -> String {
        let line = lines[index]
        let utf8 = text.string.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: line.start)
        let end = utf8.index(start, offsetBy: line.length)
        let shown = String(text.string[start..<end])
        guard hasBreakHints else { return shown }
        var visible = String(shown.unicodeScalars.filter { $0 != "\u{AD}" && $0 != "\u{200B}" })
        if endsHyphenated(index) { visible += "-" }
        return visible
    }

    /// Horizontal extents (relative to the layout's left) of the bytes `range` on line `index`;
    /// several pieces when bidirectional text splits them. Empty when the range is not on the line.
    func xRanges(line index: Int, bytes range: Range<Int>) -> [ClosedRange<Double>] {
        let line = lines[index]
        let lo = max(range.lowerBound, line.start), hi = min(range.upperBound, line.start + line.length)
        guard lo < hi else { return [] }
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(pangoLines[index], Int32(lo), Int32(hi), &ranges, &count)
        defer { g_free(ranges) }
        guard let r = ranges else { return [] }
        let scale = Double(PANGO_SCALE)
        return (0..<Int(count)).map { Double(r[2 * $0]) / scale...Double(r[2 * $0 + 1]) / scale }
    }

    /// Byte offsets on line `index` where the text may be cut: `breaks`, each line-break
    /// opportunity (word boundaries; between CJK characters) from the line's start to its end;
    /// `graphemes`, the grapheme boundaries inside the line's first unbreakable piece (a long
    /// word, a DocC symbol), for when not even that piece fits: a cut there never splits a
    /// cluster (emoji sequences, flags, combining marks). Both start with the line's start and
    /// are ascending. O(bytes up to the line's end).
    func cutPositions(line index: Int) -> (breaks: [Int], graphemes: [Int]) {
        let line = lines[index]
        let end = line.start + line.length
        var count: Int32 = 0
        guard let attrs = pango_layout_get_log_attrs_readonly(layout, &count) else { return ([line.start, end], [line.start, end]) }
        var breaks: [Int] = [line.start]
        var graphemes: [Int] = [line.start]
        var offset = 0
        var char = 0
        var previous: Unicode.Scalar = " "
        for scalar in text.string.unicodeScalars {
            if offset > end { break }
            if offset > line.start, char < Int(count) {
                // Not after a break hint: a cut there would end inside a word ("hy… Continue reading").
                if attrs[char].is_line_break != 0, previous != "\u{AD}", previous != "\u{200B}" { breaks.append(offset) }
                if attrs[char].is_cursor_position != 0, breaks.count == 1 { graphemes.append(offset) }
            }
            offset += UTF8.width(scalar)
            char += 1
            previous = scalar
        }
        if breaks.count == 1 || breaks.last != end { breaks.append(end) }
        if graphemes.last != breaks[1] { graphemes.append(breaks[1]) }
        return (breaks, graphemes)
    }

    /// The widest piece of the text that cannot be broken across lines (a word; a CJK
    /// character; an inline image), without trailing spaces: the narrowest width the text can
    /// be set in without breaking inside a word. Measured on the lines as shaped, so no second
    /// layout; exact for a text shaped unwrapped (width `.infinity`), where no piece is cut by
    /// a line end. O(characters + pieces × runs).
    func minimumContentWidth() -> Double {
        var count: Int32 = 0
        guard let attrs = pango_layout_get_log_attrs_readonly(layout, &count) else { return lines.map(\.width).max() ?? 0 }
        var widest = 0.0
        var lineIndex = 0
        var pieceStart = 0
        var contentEnd = 0   // end of the piece's last non-white character
        var offset = 0
        var char = 0
        func measure(_ end: Int) {
            guard contentEnd > pieceStart else { return }
            while lineIndex < lines.count - 1, lines[lineIndex].start + lines[lineIndex].length <= pieceStart { lineIndex += 1 }
            let width = xRanges(line: lineIndex, bytes: pieceStart..<min(contentEnd, end))
                .reduce(0) { $0 + $1.upperBound - $1.lowerBound }
            widest = max(widest, width)
        }
        for scalar in text.string.unicodeScalars {
            if char < Int(count), offset > pieceStart, attrs[char].is_line_break != 0 || attrs[char].is_mandatory_break != 0 {
                measure(offset)
                pieceStart = offset
                contentEnd = offset
            }
            offset += UTF8.width(scalar)
            if char >= Int(count) || attrs[char].is_white == 0 { contentEnd = offset }
            char += 1
        }
        measure(offset)
        return widest
    }

    /// The tokens (byte ranges between ASCII whitespace) that Pango cut between two of their
    /// characters because they were wider than a line: a line starts inside each where the
    /// text offered no break. Empty without a look when no word could be that wide
    /// (`mayBreakInsideWord`). O(n).
    func forcedBreakTokens() -> [Range<Int>] {
        guard mayBreakInsideWords, lines.count > 1 else { return [] }
        var count: Int32 = 0
        guard let attrs = pango_layout_get_log_attrs_readonly(layout, &count) else { return [] }
        let starts = Set(lines.dropFirst().map(\.start))
        let utf8 = Array(text.string.utf8)
        var tokens: [Range<Int>] = []
        var offset = 0, char = 0
        for scalar in text.string.unicodeScalars {
            if starts.contains(offset), char < Int(count), attrs[char].is_line_break == 0, offset > 0,
               !isSpace(utf8[offset - 1]), tokens.last.map({ !$0.contains(offset) }) ?? true {
                var lo = offset, hi = offset
                while lo > 0, !isSpace(utf8[lo - 1]) { lo -= 1 }
                while hi < utf8.count, !isSpace(utf8[hi]) { hi += 1 }
                tokens.append(lo..<hi)
            }
            offset += UTF8.width(scalar)
            char += 1
        }
        return tokens
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }

    /// Whether line `index` ends where Pango broke at a soft hyphen (and so shows a hyphen).
    func endsHyphenated(_ index: Int) -> Bool {
        guard index < lines.count - 1 else { return false }
        let end = lines[index].start + lines[index].length
        guard end >= 2 else { return false }
        let utf8 = text.string.utf8
        let last = utf8.index(utf8.startIndex, offsetBy: end - 2)
        return utf8[last] == 0xC2 && utf8[utf8.index(after: last)] == 0xAD
    }

    /// The word broken at the end of the first line that is hyphenated after `limit`
    /// hyphenated lines in a row, as a byte range; nil when no run is that long. O(lines).
    func hyphenatedWordBeyond(_ limit: Int) -> Range<Int>? {
        var run = 0
        for index in lines.indices {
            run = endsHyphenated(index) ? run + 1 : 0
            guard run > limit else { continue }
            let utf8 = Array(text.string.utf8)
            let end = lines[index].start + lines[index].length
            var lo = end, hi = end
            while lo > 0, !isSpace(utf8[lo - 1]) { lo -= 1 }
            while hi < utf8.count, !isSpace(utf8[hi]) { hi += 1 }
            return lo..<hi
        }
        return nil
    }

    /// Ink height of the whole layout in points (used to measure x-height).
    var inkHeight: Double {
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        return Double(ink.height) / Double(PANGO_SCALE)
    }

    private static func attributeList(_ text: StyledText, _ format: ParagraphFormat, mayBreakInsideWords: Bool,
                                      spaceWidth: Double) -> OpaquePointer {
        let list = pango_attr_list_new()!
        func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>) {
            guard let a = attribute else { return }
            a.pointee.start_index = UInt32(range.lowerBound)
            a.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(list, a)
        }
        if mayBreakInsideWords {
            // No hyphen Pango would add when it cuts a word (it is not in the text), but those
            // of soft hyphens (the hyphenation points) stay: the words that hold one are left out.
            for word in wordsWithoutSoftHyphens(text) { add(pango_attr_insert_hyphens_new(0), word) }
        }
        // No break after the dashes that open an option ("-DCMAKE_BUILD_TYPE", "--force"), as
        // Unicode's line breaking now says (UAX #14, LB20.1) and Pango 1.50 does not yet.
        for option in optionDashes(text) { add(pango_attr_allow_breaks_new(0), option) }
        // The base colour is the renderer's source colour, not an attribute: Pango would
        // otherwise set it again for every glyph run.
        for run in text.runs {
            let a = run.attributes
            if a.bold { add(pango_attr_weight_new(PANGO_WEIGHT_BOLD), run.range) }
            if a.italic { add(pango_attr_style_new(PANGO_STYLE_ITALIC), run.range) }
            if a.strikethrough { add(pango_attr_strikethrough_new(1), run.range) }
            if a.monospace {
                add(pango_attr_family_new(format.text.monospaceFamily), run.range)
                add(pango_attr_size_new(Typesetter.pangoUnits(format.text.monospaceSize)), run.range)
            }
            if a.superscript {
                add(pango_attr_rise_new(Typesetter.pangoUnits(format.text.size * Typography.superscriptRise)), run.range)
                add(pango_attr_size_new(Typesetter.pangoUnits(format.text.size * Typography.scriptScale)), run.range)
            }
            // A run with a line drawn in its colour keeps the attribute (Pango colours the line).
            if let c = a.color, !format.colorsWhenPainted || a.underline || a.strikethrough {
                add(pango_attr_foreground_new(color16(c.red), color16(c.green), color16(c.blue)), run.range)
            }
            if let c = a.background {
                add(pango_attr_background_new(color16(c.red), color16(c.green), color16(c.blue)), run.range)
            }
            if a.subscript {
                add(pango_attr_rise_new(Typesetter.pangoUnits(-format.text.size * Typography.subscriptDrop)), run.range)
                add(pango_attr_size_new(Typesetter.pangoUnits(format.text.size * Typography.scriptScale)), run.range)
            }
            if a.underline { add(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), run.range) }
        }
        let scale = Double(PANGO_SCALE)
        for image in text.images {
            // Pango reserves the box in the line; the renderer draws the image there.
            var box = PangoRectangle(x: 0, y: Int32(-(image.height - image.descent) * scale),
                                     width: Int32(image.width * scale), height: Int32(image.height * scale))
            add(pango_attr_shape_new(&box, &box), image.offset..<(image.offset + StyledText.objectLength))
        }
        let utf8 = text.string.utf8
        for formula in text.formulas {
            // A formula's piece likewise: its box on the baseline, drawn by the painter.
            let b = formula.box
            var box = PangoRectangle(x: 0, y: Int32(-b.height * scale), width: Int32(b.width * scale), height: Int32((b.height + b.depth) * scale))
            add(pango_attr_shape_new(&box, &box), formula.offset..<(formula.offset + StyledText.objectLength))
            // The text space after it, made as wide as the formula's own by letter spacing:
            // Pango drops both where the line breaks (a shaped space would stay in the line's
            // extents, which place a right-aligned or centred line). Not when a cut of the
            // text (an excerpt's line) left the piece without its space.
            let start = formula.offset + StyledText.objectLength
            if formula.spaceAfter > 0, start < utf8.count, utf8[utf8.index(utf8.startIndex, offsetBy: start)] == 0x20 {
                add(pango_attr_letter_spacing_new(Int32(((formula.spaceAfter - spaceWidth) * scale).rounded())), start..<(start + 1))
            }
        }
        return list
    }
}


/// Whether Pango might break a line of `text` inside a word, where it would add a hyphen that
/// is not in the text (Quire turns that off: copied text must be the source's): beside an
/// inline image, or in a word that may be wider than the line (in code, a source line that
/// may be: `isCode`). A word's width is bounded from its characters: an em and a half for
/// printable ASCII (the widest, such as a bold W, take about one), six ems for any other (the
/// widest ligatures and emoji sequences take four).
///
/// Pango costs about 10,000 instructions per paragraph for an attribute spanning the text,
/// so paragraphs that cannot break inside a word go without it.
/// - Complexity: O(n) in the text's UTF-8 length.
func mayBreakInsideWord(_ text: StyledText, _ format: ParagraphFormat) -> Bool {
    guard format.width.isFinite else { return false }
    guard text.images.isEmpty && text.formulas.isEmpty else { return true }
    let em = max(format.text.size, format.text.monospaceSize)
    let limit = (format.width - max(0, format.hangingIndent)) / em
    var string = text.string
    return string.withUTF8 { bytes in
        var ems = 0.0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                ems = 0
            case 0x20, 0x09:
                ems = format.isCode ? ems + 1.5 : 0
            case 0x21...0x7E:
                ems += 1.5
            case 0x80...0xBF:
                break  // continuation byte: its character is counted at its lead byte
            default:
                ems += 6
            }
            if ems > limit { return true }
            index += 1
        }
        return false
    }
}

/// The spans of `text` whose words hold no soft hyphen: the whole text when none does, else
/// the stretches between the words that do (which keep the hyphen Pango shows at a soft
/// hyphen). O(n).
func wordsWithoutSoftHyphens(_ text: StyledText) -> [Range<Int>] {
    var string = text.string
    return string.withUTF8 { bytes in
        var spans: [Range<Int>] = []
        var spanStart = 0, wordStart = 0
        var hyphenated = false
        func endWord(_ end: Int) {
            if hyphenated {
                if wordStart > spanStart { spans.append(spanStart..<wordStart) }
                spanStart = end
            }
            hyphenated = false
        }
        for i in 0..<bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A:
                endWord(i)
                wordStart = i + 1
            case 0xAD where i > 0 && bytes[i - 1] == 0xC2:
                hyphenated = true
            default:
                break
            }
        }
        endWord(bytes.count)
        if spanStart < bytes.count { spans.append(spanStart..<bytes.count) }
        return spans
    }
}

/// The dashes opening an option ("-D" of "-DCMAKE", "--f" of "--force": one or two ASCII
/// hyphens after a space or the text's start, then a letter), each with the letter after it:
/// a line may not break inside these ranges. O(n).
func optionDashes(_ text: StyledText) -> [Range<Int>] {
    var string = text.string
    return string.withUTF8 { bytes in
        var ranges: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            defer { i += 1 }
            guard bytes[i] == UInt8(ascii: "-"), i == 0 || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x09 else { continue }
            var end = i + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
            guard end < bytes.count, (bytes[end] | 0x20) >= 0x61, (bytes[end] | 0x20) <= 0x7A else { continue }
            ranges.append(i..<(end + 1))
            i = end
        }
        return ranges
    }
}

/// A colour component in Pango's 16 bits (`PangoColor`).
func color16(_ c: Double) -> UInt16 { UInt16(max(0, min(1, c)) * 65535) }

extension Color {
    /// The colour as Pango gives it back after holding it in 16 bits a component, so that a
    /// colour applied after shaping is the one a Pango attribute would have given.
    var throughPango: Color {
        Color(Double(color16(red)) / 65535, Double(color16(green)) / 65535, Double(color16(blue)) / 65535)
    }
}

/// True for fonts whose glyphs are colour images or layers (emoji fonts).
func isColorFont(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
    guard let hb = pango_font_get_hb_font(font), let face = hb_font_get_face(hb) else { return false }
    return hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
}

