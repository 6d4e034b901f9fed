import QuireModel

/// A piece of a paragraph inside one item, of one kind: a word (text between spaces, at most
/// `longestWord` bytes), a run of spaces, a tab, a hard line break, an inline object (an image
/// or a formula's piece). Words and spaces are shaped, once per distinct text (`WordCache`).
package struct Segment {
    package enum Kind: UInt8 { case word, space, tab, hardBreak, object }
    package var start: Int32
    package var end: Int32
    /// Its item, in `TextAnalysis.items`.
    package var item: Int32
    package var kind: Kind
    /// The shaped word (words and spaces), in the typesetter's `WordCache`.
    package var entry: Int32 = -1
    /// The object (objects), in `MeasuredText.objects`.
    package var object: Int32 = -1
    /// The space's advance when it is not its glyph's (the space a formula sets between two
    /// of its pieces), else -1.
    package var advance: Int32 = -1

    /// Longest piece of a word shaped at once: HarfBuzz, under Pango, shapes a run of a few
    /// hundred kilobytes partly or not at all, and a word that long (a minified file, a
    /// base64 blob) is set across many lines anyway. Pieces end at a grapheme boundary.
    package static let longestWord = 1024
}

/// A box the text holds at an object replacement character (U+FFFC): an inline image or a
/// piece of a formula, drawn by the page, not by the line. Pango units.
package struct InlineObject {
    package var offset: Int
    package var width: Int32
    /// Above and below the baseline.
    package var ascent: Int32
    package var descent: Int32
    /// The advance of the text space after it: a formula's space between two of its pieces
    /// (`StyledText.InlineFormula.spaceAfter`), 0 for none.
    package var spaceAfter: Int32 = 0

    /// The text's images and formula pieces, in order. O(objects log objects).
    package static func of(_ text: StyledText) -> [InlineObject] {
        var objects = text.images.map {
            InlineObject(offset: $0.offset, width: PangoLength(points: $0.width).pango,
                         ascent: PangoLength(points: $0.height - $0.descent).pango, descent: PangoLength(points: $0.descent).pango)
        }
        objects += text.formulas.map {
            InlineObject(offset: $0.offset, width: PangoLength(points: $0.box.width).pango,
                         ascent: PangoLength(points: $0.box.height).pango, descent: PangoLength(points: $0.box.depth).pango,
                         spaceAfter: PangoLength(points: $0.spaceAfter).pango)
        }
        if !text.images.isEmpty && !text.formulas.isEmpty { objects.sort { $0.offset < $1.offset } }
        return objects
    }
}

/// A paragraph shaped and measured in logical order, before it is broken into lines.
package struct MeasuredText {
    package var segments: [Segment]
    /// The natural width (Pango units) of the text before each byte, and at the end: a
    /// line's width is a difference of two of these.
    package var x: [Int64]
    /// The width of the stretchable spaces (U+0020, U+00A0 outside code: a code span keeps
    /// its spaces as typed) before each byte.
    package var spaces: [Int64]
    /// The width of the letters justification may space apart (`letterSpacing`) before each
    /// byte; empty when the paragraph is not justified.
    package var letters: [Int64] = []
    /// The advance of a tab stop: eight spaces of the paragraph's font, as Pango's.
    package var tabWidth: Int32
    /// The text's inline objects, in order.
    package var objects: [InlineObject]
}

extension Typesetter {
    /// Cuts `analysis`'s items into segments, shapes each word and run of spaces (through the
    /// word cache), and sums the widths. A tab reaches the next tab stop from the start of its
    /// paragraph (as on a paragraph's first line; lines are measured again when made). O(n),
    /// plus the shaping of words not seen before.
    package func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ analysis: TextAnalysis, _ text: StyledText) -> MeasuredText {
        let n = bytes.count
        var segments: [Segment] = []
        segments.reserveCapacity(n / 4 + 4)
        var x = [Int64](repeating: 0, count: n + 1)
        var spaces = [Int64](repeating: 0, count: n + 1)
        var tabWidth: Int32 = 0
        let objects = InlineObject.of(text)
        guard let base = bytes.baseAddress else { return MeasuredText(segments: [], x: x, spaces: spaces, tabWidth: 0, objects: objects) }
        var objectCursor = 0
        var codeCursor = 0
        var char = 0
        var width: Int64 = 0, spaceWidth: Int64 = 0
        var paragraphStart: Int64 = 0
        x.withUnsafeMutableBufferPointer { x in
            spaces.withUnsafeMutableBufferPointer { spacesBefore in
                for (itemIndex, item) in analysis.items.enumerated() {
                    let first = segments.count
                    cut(item, itemIndex, bytes, analysis, objects, &objectCursor, &char, into: &segments)
                    segments.withUnsafeMutableBufferPointer {
                        words.shape(base, UnsafeMutableBufferPointer(rebasing: $0[first...]), item.analysis)
                    }
                    for s in first..<segments.count {
                        let segment = segments[s]
                        let (p, end) = (Int(segment.start), Int(segment.end))
                        switch segment.kind {
                        case .word, .space:
                            let stretches = segment.kind == .space && !text.isMonospace(at: p, from: &codeCursor)
                            if segment.kind == .space, end == p + 1 || Self.isNoBreakSpace(bytes, p, end), s > 0,
                               segments[s - 1].kind == .object,
                               Int(segments[s - 1].end) == p, objects[Int(segments[s - 1].object)].spaceAfter > 0 {
                                // A formula's own space between two of its pieces: its width.
                                segments[s].advance = objects[Int(segments[s - 1].object)].spaceAfter
                                fill(x, spacesBefore, p..<end, width, spaceWidth)
                                width += Int64(segments[s].advance)
                                if stretches { spaceWidth += Int64(segments[s].advance) }
                            } else {
                                addWidths(words.entries[Int(segment.entry)], words.glyphs, from: p, to: end, bytes, isSpace: stretches,
                                          x: x, spaces: spacesBefore, width: &width, spaceWidth: &spaceWidth)
                            }
                        case .tab:
                            if tabWidth == 0 { tabWidth = eightSpaces(item) }
                            fill(x, spacesBefore, p..<end, width, spaceWidth)
                            width += Int64(Self.tabAdvance(from: Int32(clamping: width - paragraphStart), tabWidth: tabWidth))
                        case .hardBreak:
                            fill(x, spacesBefore, p..<end, width, spaceWidth)
                            paragraphStart = width
                        case .object:
                            fill(x, spacesBefore, p..<end, width, spaceWidth)
                            width += Int64(objects[Int(segment.object)].width)
                        }
                    }
                }
                x[n] = width
                spacesBefore[n] = spaceWidth
            }
        }
        return MeasuredText(segments: segments, x: x, spaces: spaces, tabWidth: tabWidth, objects: objects)
    }

    /// Whether `p..<end` is one no-break space (U+00A0: a formula's space before an operator).
    private static func isNoBreakSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ p: Int, _ end: Int) -> Bool {
        end == p + 2 && bytes[p] == 0xC2 && bytes[p + 1] == 0xA0
    }

    /// Cuts `item` into segments (`char` counting characters on), appended to `segments`: each
    /// the characters from its start of its kind, a word or run of spaces at most
    /// `Segment.longestWord` bytes long, ended at a grapheme boundary.
    private func cut(_ item: TextItem, _ itemIndex: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ analysis: TextAnalysis,
                     _ objects: [InlineObject], _ objectCursor: inout Int, _ char: inout Int, into segments: inout [Segment]) {
        var p = item.range.lowerBound
        while p < item.range.upperBound {
            let kind = segmentKind(bytes, p, char, analysis, objects, &objectCursor)
            var end = p
            repeat {
                end += utf8Length(bytes[end])
                char += 1
            } while end < item.range.upperBound && (kind == .word || kind == .space)
                && !(end - p >= Segment.longestWord && analysis.flags[char].contains(.cursor))
                && segmentKind(bytes, end, char, analysis, objects, &objectCursor) == kind
            var segment = Segment(start: Int32(p), end: Int32(end), item: Int32(itemIndex), kind: kind)
            if kind == .object { segment.object = Int32(objectCursor) }
            segments.append(segment)
            p = end
        }
    }

    /// What the character at byte `p` (character `char`) is: a hard break, a tab, an object
    /// character standing for an image or a formula (`objectCursor` left on its object: it only
    /// moves past objects before `p`), a space, or part of a word.
    private func segmentKind(_ bytes: UnsafeBufferPointer<UInt8>, _ p: Int, _ char: Int, _ analysis: TextAnalysis,
                             _ objects: [InlineObject], _ objectCursor: inout Int) -> Segment.Kind {
        let byte = bytes[p]
        if byte == 0x09 { return .tab }
        if hardBreakLength(bytes, at: p) > 0 { return .hardBreak }
        if byte == 0xEF, objectCursor < objects.count {
            while objectCursor < objects.count, objects[objectCursor].offset < p { objectCursor += 1 }
            if objectCursor < objects.count, objects[objectCursor].offset == p { return .object }
        }
        return analysis.flags[char].contains(.white) ? .space : .word
    }

    /// Writes the widths before each byte of a shaped word at `from..<to` (a cluster's bytes
    /// share the width before it), adding its advances to `width` (and those of its
    /// stretchable spaces to `spaceWidth`). Clusters are visited in the text's order (a
    /// right-to-left word's glyphs are listed from its end).
    private func addWidths(_ entry: WordCache.Entry, _ glyphs: [ShapedGlyph], from: Int, to: Int,
                           _ bytes: UnsafeBufferPointer<UInt8>, isSpace: Bool,
                           x: UnsafeMutableBufferPointer<Int64>, spaces: UnsafeMutableBufferPointer<Int64>,
                           width: inout Int64, spaceWidth: inout Int64) {
        let lo = Int(entry.glyphs.lowerBound), hi = Int(entry.glyphs.upperBound)
        guard lo < hi else { return fill(x, spaces, from..<to, width, spaceWidth) }
        let backward = glyphs[lo].cluster > glyphs[hi - 1].cluster
        var next = from  // the next byte to write
        var lastCluster: Int32 = -1
        var stretchable = false
        glyphs.withUnsafeBufferPointer { g in
            var i = backward ? hi - 1 : lo
            while backward ? i >= lo : i < hi {
                let glyph = g[i]
                if glyph.cluster != lastCluster {
                    let start = from + Int(glyph.cluster)
                    while next <= start && next < to {
                        x[next] = width
                        spaces[next] = spaceWidth
                        next += 1
                    }
                    lastCluster = glyph.cluster
                    stretchable = isSpace && (bytes[start] == 0x20 || (bytes[start] == 0xC2 && start + 1 < to && bytes[start + 1] == 0xA0))
                }
                width += Int64(glyph.advance)
                if stretchable { spaceWidth += Int64(glyph.advance) }
                i += backward ? -1 : 1
            }
        }
        while next < to {
            x[next] = width
            spaces[next] = spaceWidth
            next += 1
        }
    }

    private func fill(_ x: UnsafeMutableBufferPointer<Int64>, _ spaces: UnsafeMutableBufferPointer<Int64>, _ range: Range<Int>,
                      _ width: Int64, _ spaceWidth: Int64) {
        for i in range {
            x[i] = width
            spaces[i] = spaceWidth
        }
    }

    /// The advance of eight spaces in `item`'s font: Pango's distance between default tab stops.
    private func eightSpaces(_ item: TextItem) -> Int32 {
        let spaces: [UInt8] = Array(repeating: 0x20, count: 8)
        let entry = spaces.withUnsafeBufferPointer { shapeWord($0.baseAddress!, 0..<8, item) }
        let width = words.entries[entry].width
        return width > 0 ? width : PangoLength(points: 50).pango
    }

    /// A tab's advance from `position` (from its paragraph's start, Pango units): to the next
    /// tab stop at least a space (an eighth of a stop) away, as Pango's default tabs.
    package static func tabAdvance(from position: Int32, tabWidth: Int32) -> Int32 {
        let minimum = max(1, tabWidth / 8)
        let stop = ((max(0, position) + minimum + tabWidth - 1) / tabWidth) * tabWidth
        return stop - position
    }
}

/// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
package func utf8Length(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}

extension StyledText {
    /// Whether byte `offset` is in a monospace (code) run; `cursor`, an index in `runs`, only
    /// moves forward, for offsets asked in ascending order. O(runs passed).
    package func isMonospace(at offset: Int, from cursor: inout Int) -> Bool {
        while cursor < runs.count, runs[cursor].range.upperBound <= offset { cursor += 1 }
        return cursor < runs.count && runs[cursor].range.contains(offset) && runs[cursor].attributes.monospace
    }
}
