// The Pango boundary of the paragraph engine: FontTable.swift, Itemizer.swift, WordCache.swift
// and WordShaper.swift import CPango; the engine's other files work on Swift values.
import CPango
import QuireModel
import QuireStyle

/// A stretch of a paragraph in one font, script, language and bidi level, as Pango's itemizer
/// cuts it (a fallback font for the characters the first font lacks, script runs, embedding
/// levels): what the shaper is given.
package struct TextItem {
    /// Bytes of the paragraph's text.
    package var range: Range<Int>
    /// Pango's analysis of the stretch (font, level, script, language), handed to the shaper.
    package var analysis: PangoAnalysis
    /// Whether the paragraph (the text between two hard line breaks) it is in is right to left.
    package var paragraphIsRightToLeft: Bool

    package var font: UnsafeMutablePointer<PangoFont> { analysis.font }
    package var level: UInt8 { analysis.level }
    package var isRightToLeft: Bool { analysis.level & 1 == 1 }
}

/// A paragraph's text as Pango analyses it, once: its items and each character's break
/// properties (Unicode's line breaking, UAX #14, with Pango's tailoring: kinsoku in CJK,
/// dictionary breaks in Thai).
package struct TextAnalysis {
    package var items: [TextItem]
    /// One per character, and one past the last (`pango_get_log_attrs`'s).
    package var flags: [CharacterFlags]
    /// Whether the text's first paragraph is right to left.
    package var isRightToLeft: Bool
}

extension Typesetter {
    /// Itemizes `text` in `format`'s fonts (the base font, and bold, italic, code and script
    /// sizes where its runs ask) and finds its break properties. A paragraph's direction is
    /// `format.direction`, else its first strong character's (each stretch between hard line
    /// breaks its own, as Pango's layouts do). O(n).
    ///
    /// Text of printable ASCII (most paragraphs) is analysed without Pango when every character
    /// is in the font its attributes choose (`asciiItems`, `ASCIIBreaks`): what Pango would
    /// give, from an item Pango made once per font; `pango` forces Pango's own analysis.
    package func analyse(_ text: StyledText, _ format: ParagraphFormat, pango: Bool = false) -> TextAnalysis {
        var string = text.string
        return string.withUTF8 { bytes in
            if !pango, format.direction != .rightToLeft, ASCIIBreaks.covers(bytes), let items = asciiItems(bytes, text, format) {
                return TextAnalysis(items: items, flags: ASCIIBreaks.flags(bytes), isRightToLeft: false)
            }
            let chars = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            var logAttributes = [PangoLogAttr](repeating: PangoLogAttr(), count: chars + 1)
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return TextAnalysis(items: [], flags: [[.lineBreak, .mandatoryBreak, .cursor]],
                                    isRightToLeft: format.direction == .rightToLeft)
            }
            let chars8 = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            let language = pango_context_get_language(pangoContext(for: format))
            logAttributes.withUnsafeMutableBufferPointer { attrs in
                pango_get_log_attrs(chars8, Int32(bytes.count), -1, language, attrs.baseAddress, Int32(chars + 1))
            }
            let flags = logAttributes.map { a -> CharacterFlags in
                var f: CharacterFlags = []
                if a.is_line_break != 0 { f.insert(.lineBreak) }
                if a.is_mandatory_break != 0 { f.insert(.mandatoryBreak) }
                if a.is_white != 0 { f.insert(.white) }
                if a.is_cursor_position != 0 { f.insert(.cursor) }
                return f
            }
            let list = fontAttributes(text, format)
            defer { pango_attr_list_unref(list) }
            let paragraphs = directedParagraphs(bytes, format)
            let items = itemize(paragraphs, of: bytes, list, format)
            return TextAnalysis(items: items, flags: flags, isRightToLeft: paragraphs.first?.1 ?? false)
        }
    }

    /// Pango's items of each of `paragraphs` of `bytes`, in its direction. The itemizer reads
    /// a copy without the explicit bidi controls that UAX #9 ignores, one paragraph separator
    /// per call, when the text holds such controls (`BidiControls`: Debian's fribidi crashes on
    /// deep or unbalanced runs of them); the copy has the same byte offsets.
    private func itemize(_ paragraphs: [(Range<Int>, Bool)], of bytes: UnsafeBufferPointer<UInt8>, _ list: OpaquePointer,
                         _ format: ParagraphFormat) -> [TextItem] {
        func items(_ text: UnsafeBufferPointer<UInt8>, _ paragraphs: [(Range<Int>, Bool)]) -> [TextItem] {
            let chars = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
            return paragraphs.flatMap { range, rightToLeft in itemize(chars, range, list, format, rightToLeft: rightToLeft) }
        }
        guard let filtered = BidiControls.filtered(bytes, paragraphs: paragraphs) else { return items(bytes, paragraphs) }
        return filtered.text.withUnsafeBufferPointer { items($0, filtered.paragraphs) }
    }

    /// Pango's items of `text[range]` under `list`, in a paragraph of the direction given.
    private func itemize(_ text: UnsafePointer<CChar>, _ range: Range<Int>, _ list: OpaquePointer, _ format: ParagraphFormat,
                         rightToLeft: Bool) -> [TextItem] {
        var items: [TextItem] = []
        var node = pango_itemize_with_base_dir(pangoContext(for: format), rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR,
                                               text, Int32(range.lowerBound), Int32(range.count), list, nil)
        let head = node
        while let n = node {
            let item = n.pointee.data.assumingMemoryBound(to: PangoItem.self)
            let offset = Int(item.pointee.offset)
            var analysis = item.pointee.analysis
            analysis.extra_attrs = nil  // only font attributes were given: nothing is kept past the item
            _ = fontTable.info(analysis.font)  // keeps the font (the shaping cache's key) alive
            items.append(TextItem(range: offset..<(offset + Int(item.pointee.length)), analysis: analysis,
                                  paragraphIsRightToLeft: rightToLeft))
            pango_item_free(item)
            node = n.pointee.next
        }
        g_list_free(head)
        return items
    }

    /// The items of ASCII `bytes` (left to right): one per stretch of one font choice, each
    /// a copy of the item Pango makes of a sample in that choice (its font, script, language),
    /// as Pango's itemizer would make them: one script for the paragraph (Latin when it holds
    /// a letter, else Common: ASCII's other characters take the script around them), no
    /// fallback font. Nil when a character is not in its choice's font (Pango would fall back).
    private func asciiItems(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StyledText, _ format: ParagraphFormat) -> [TextItem]? {
        let hasLetter = bytes.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        var items: [TextItem] = []
        var failed = false
        forEachFontChoice(text) { range, choice in
            guard !failed, let template = itemTemplate(format, choice, letter: hasLetter) else { failed = true; return }
            for b in bytes[range] where b > 0x20 && b < 0x7F && !template.covers(b) { failed = true; return }
            if let last = items.last, last.font == template.analysis.font, last.range.upperBound == range.lowerBound {
                items[items.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                items.append(TextItem(range: range, analysis: template.analysis, paragraphIsRightToLeft: false))
            }
        }
        return failed ? nil : items
    }

    /// The item Pango makes of "a" (or "1" for text without a letter) in `choice` of
    /// `format`'s fonts, and which printable ASCII characters its font holds. Made once per
    /// font choice and language.
    private func itemTemplate(_ format: ParagraphFormat, _ choice: FontChoice, letter: Bool) -> ItemTemplate? {
        let key = ItemTemplateKey(family: format.text.family, size: format.text.size, bold: format.text.bold,
                                  italic: format.text.italic, monospaceFamily: format.text.monospaceFamily,
                                  monospaceSize: format.text.monospaceSize, choice: choice, letter: letter,
                                  direction: format.direction, language: pango_context_get_language(pangoContext(for: format)))
        // The last format's templates first: hashing the key's family lists cost more than
        // the rest of an ASCII paragraph's analysis (22 M instructions on
        // free-programming-books-langs), and one format's paragraphs come one after another.
        var context = key
        context.choice = FontChoice()
        context.letter = false
        let index = choice.index * 2 + (letter ? 1 : 0)
        if let recent = recentTemplates, recent.context == context, let known = recent.templates[index] { return known }
        if recentTemplates?.context != context { recentTemplates = (context, Array(repeating: nil, count: 64)) }
        if let known = itemTemplates[key] {
            recentTemplates?.templates[index] = .some(known)
            return known
        }
        var sample = StyledText()
        sample.append(letter ? "a" : "1", StyledText.Attributes(bold: choice.bold, italic: choice.italic, monospace: choice.monospace,
                                                                 superscript: choice.superscript, subscript: choice.subscript))
        let list = fontAttributes(sample, format)
        defer { pango_attr_list_unref(list) }
        let items = (letter ? "a" : "1").withCString { itemize($0, 0..<1, list, format, rightToLeft: false) }
        var template: ItemTemplate?
        if items.count == 1 {
            var covered = [Bool](repeating: false, count: 128)
            for b in 0x21..<0x7F { covered[b] = pango_font_has_char(items[0].font, gunichar(b)) != 0 }
            template = ItemTemplate(analysis: items[0].analysis, covered: covered)
        }
        itemTemplates[key] = .some(template)
        recentTemplates?.templates[index] = .some(template)
        return template
    }

    /// The stretches of `bytes` to itemize, each with its direction: one for the whole text
    /// when `format` sets the direction or the text holds no right-to-left letter; else the
    /// text between paragraph separators, each set by its first strong character (a neutral one
    /// by the one before, as Pango's layouts do), neighbours of one direction merged. O(n).
    private func directedParagraphs(_ bytes: UnsafeBufferPointer<UInt8>, _ format: ParagraphFormat) -> [(Range<Int>, Bool)] {
        if let direction = format.direction { return [(0..<bytes.count, direction == .rightToLeft)] }
        // Hebrew, Arabic and the scripts after them start at U+0590 (0xD6 0x90 in UTF-8); the
        // presentation forms and the supplementary planes' right-to-left scripts are 3 or 4 bytes.
        guard bytes.contains(where: { $0 >= 0xD6 }) else { return [(0..<bytes.count, false)] }
        var result: [(Range<Int>, Bool)] = []
        var start = 0
        var previous = false
        let chars8 = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        func add(_ end: Int) {
            let found = pango_find_base_dir(chars8 + start, Int32(end - start))
            let rightToLeft = found == PANGO_DIRECTION_RTL ? true : found == PANGO_DIRECTION_LTR ? false : previous
            if let last = result.last, last.1 == rightToLeft {
                result[result.count - 1].0 = last.0.lowerBound..<end
            } else {
                result.append((start..<end, rightToLeft))
            }
            previous = rightToLeft
            start = end
        }
        var i = 0
        while i < bytes.count {
            let length = hardBreakLength(bytes, at: i)
            if length > 0, endsParagraph(bytes, before: i + length) { add(i + length) }
            i += max(length, 1)
        }
        if start < bytes.count || result.isEmpty { add(bytes.count) }
        return result
    }

    /// The attributes that choose fonts: the base font over the text, then each stretch's
    /// weight, slant, code family and size, and script size (`forEachFontChoice`).
    private func fontAttributes(_ text: StyledText, _ format: ParagraphFormat) -> OpaquePointer {
        let list = pango_attr_list_new()!
        func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>) {
            guard let a = attribute else { return }
            a.pointee.start_index = UInt32(range.lowerBound)
            a.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(list, a)
        }
        add(pango_attr_font_desc_new(font(format)), 0..<text.count)
        forEachFontChoice(text) { range, choice in
            if choice.bold { add(pango_attr_weight_new(PANGO_WEIGHT_BOLD), range) }
            if choice.italic { add(pango_attr_style_new(PANGO_STYLE_ITALIC), range) }
            if choice.monospace {
                add(pango_attr_family_new(format.text.monospaceFamily), range)
                add(pango_attr_size_new(PangoLength(points: format.text.monospaceSize).pango), range)
            }
            if choice.superscript || choice.subscript {
                add(pango_attr_size_new(PangoLength(points: format.text.size * Typography.scriptScale).pango), range)
            }
        }
        return list
    }
}

/// What of a run's attributes chooses its font.
package struct FontChoice: Hashable {
    package var bold = false, italic = false, monospace = false, superscript = false, `subscript` = false

    /// A number for each choice, 0 to 31.
    package var index: Int {
        (bold ? 1 : 0) | (italic ? 2 : 0) | (monospace ? 4 : 0) | (superscript ? 8 : 0) | (`subscript` ? 16 : 0)
    }
}

/// Calls `body` with each stretch of `text` and its font choice, in order, covering the text
/// (plain stretches too); neighbouring runs that choose the same font (highlighted code:
/// colours change, fonts do not) make one stretch. O(runs).
package func forEachFontChoice(_ text: StyledText, _ body: (Range<Int>, FontChoice) -> Void) {
    var start = 0, end = 0
    var current = FontChoice()
    func add(_ range: Range<Int>, _ choice: FontChoice) {
        guard !range.isEmpty else { return }
        if choice == current, range.lowerBound == end {
            end = range.upperBound
            return
        }
        if end > start { body(start..<end, current) }
        (start, end, current) = (range.lowerBound, range.upperBound, choice)
    }
    var covered = 0
    for run in text.runs {
        let a = run.attributes
        add(covered..<run.range.lowerBound, FontChoice())
        add(run.range, FontChoice(bold: a.bold, italic: a.italic, monospace: a.monospace, superscript: a.superscript,
                                  subscript: a.subscript))
        covered = run.range.upperBound
    }
    add(covered..<text.count, FontChoice())
    if end > start { body(start..<end, current) }
}

/// The item Pango makes in one font choice, for ASCII text set in it.
package struct ItemTemplate {
    package var analysis: PangoAnalysis
    /// Which ASCII characters its font holds.
    package var covered: [Bool]
    package func covers(_ byte: UInt8) -> Bool { covered[Int(byte)] }
}

package struct ItemTemplateKey: Hashable {
    package var family: String
    package var size: Double
    package var bold: Bool
    package var italic: Bool
    package var monospaceFamily: String
    package var monospaceSize: Double
    package var choice: FontChoice
    package var letter: Bool
    package var direction: WritingDirection?
    package var language: OpaquePointer?
}

/// The length of the hard line break at `i` ("\n", "\r\n", "\r", U+0085, U+2028, U+2029), 0
/// when there is none: a line ends there whatever the width.
package func hardBreakLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    switch bytes[i] {
    case 0x0A: return 1
    case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
    case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
    case 0xE2: return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
    default: return 0
    }
}
