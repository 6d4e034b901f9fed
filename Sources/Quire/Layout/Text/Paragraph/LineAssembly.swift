import QuireStyle
import QuireModel

/// A run of one line: glyphs of one item (one font, one direction) in visual order, or an
/// inline object's box (an image, a formula's piece).
package struct LineRun {
    /// Its item in `TextAnalysis.items`.
    package var item: Int32
    /// Its bytes in the paragraph's text.
    package var start: Int32
    package var end: Int32
    /// In visual order (right to left: from the end of the text); clusters are byte offsets in
    /// the paragraph's text.
    package var glyphs: [ShapedGlyph]
    package var width: Int32
    /// From the line's left edge, once the line's runs are in visual order (Pango units).
    package var x: Int32 = 0
    /// Its bidi embedding level (odd: right to left).
    package var level: UInt8
    /// The object it is the box of (in `MeasuredText.objects`), or -1.
    package var object: Int32 = -1
    /// The text it shows when that is not the paragraph's (an ellipsis cutting the line).
    package var shownText: [UInt8]?
    /// Points its glyphs are raised by (a superscript's rise; negative: a subscript's drop).
    package var rise: Double = 0

    package var isBackward: Bool { level & 1 == 1 }
}

/// A line made: its runs in visual order and its box (Pango units, from its left edge).
package struct AssembledLine {
    package var start: Int
    package var length: Int
    package var runs: [LineRun]
    package var width: Int32
    package var ascent: Int32
    package var descent: Int32
    /// Where the line sits on its paragraph's baseline grid, when a font taller than the
    /// paragraph's set part of it (`LineAssembler.grid`); nil: its box is sized by its logical
    /// extents, as a line of the paragraph's fonts.
    package var grid: LineGrid?
    /// Ends where a word was broken at a soft hyphen: the line shows a hyphen.
    package var hyphenated: Bool
}

/// Makes lines of a measured paragraph: each line's glyphs, from the words shaped once (a
/// word cut by the line's end, at a hyphen or inside a token, is shaped again in its two
/// pieces: what the cut changes is only there), spaces at its end taking no room, tabs to
/// their stops, justified when asked (its stretchable spaces, or its gaps between CJK
/// characters, share what it lacks or has too much, in proportion), its runs reordered for
/// display (UAX #9, rule L2). O(glyphs on the line).
package struct LineAssembler {
    package let typesetter: Typesetter
    package let bytes: UnsafeBufferPointer<UInt8>
    package let text: StyledText
    package let analysis: TextAnalysis
    package let measured: MeasuredText
    package let breaks: [BreakPoint]
    package let format: ParagraphFormat

    /// The line from break `i` to break `j`, justified to `width` when `justifyTo` is set
    /// (Pango units; with `shrinkOnly`, only when it is wider: a paragraph's last line, whose
    /// spaces the line breaker may have shrunk); `origin` is where the line starts from the
    /// paragraph's left edge, for its tabs.
    package func line(from i: Int, to j: Int, justifyTo width: Int64?, shrinkOnly: Bool = false, origin: Int64) -> AssembledLine {
        let a = Int(breaks[i].offset), b = Int(breaks[j].offset)
        let contentEnd = Int(breaks[j].end)
        let lineEnd = breaks[j].kind == .hard ? Self.beforeHardBreak(bytes, b) : b
        let hyphenated = breaks[j].kind == .hyphen
        var runs = logicalRuns(a, lineEnd, contentEnd: contentEnd, hyphenAt: hyphenated ? b : nil, origin: origin)
        if let width, !shrinkOnly || runs.reduce(Int64(0), { $0 + Int64($1.width) }) > width {
            justify(&runs, to: width, between: i, and: j, contentEnd: contentEnd)
        }
        return finished(runs, start: a, length: lineEnd - a, hyphenated: hyphenated)
    }

    /// `line` cut where what it keeps and an ellipsis fit `width`, at a grapheme boundary, the
    /// ellipsis in the font of the last character kept (as Pango ellipsizes at the end); its
    /// byte range stays the whole line's.
    package func ellipsized(_ line: AssembledLine, to width: Int64) -> AssembledLine {
        let a = line.start, end = line.start + line.length
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
        let chars = CharacterOffsets(bytes)
        var cut = a
        var c = chars.offsets.partitionPoint { Int($0) > a }
        var run: LineRun?
        while c <= chars.characters, chars[c] <= end {
            let p = chars[c]
            if analysis.flags[c].contains(.cursor) || p == end {
                let k = analysis.items.partitionPoint { $0.range.upperBound >= p }
                let item = analysis.items[min(k, analysis.items.count - 1)]
                let entry = ellipsis.withUnsafeBufferPointer { typesetter.shapeWord($0.baseAddress!, 0..<3, item) }
                let e = typesetter.words.entries[entry]
                guard measured.x[p] - measured.x[a] + Int64(e.width) <= width else { break }
                cut = p
                var glyphs = Array(typesetter.words.glyphs[Int(e.glyphs.lowerBound)..<Int(e.glyphs.upperBound)])
                for g in glyphs.indices { glyphs[g].cluster = Int32(p) }
                run = LineRun(item: Int32(min(k, analysis.items.count - 1)), start: Int32(p), end: Int32(p), glyphs: glyphs,
                              width: e.width, level: item.level, shownText: ellipsis)
            }
            c += 1
        }
        var runs = logicalRuns(a, cut, contentEnd: cut, hyphenAt: nil, origin: 0)
        if let run { runs.append(run) }
        return finished(runs, start: a, length: line.length, hyphenated: false)
    }

    /// The line of `runs` (in the text's order): reordered for display, placed, measured.
    private func finished(_ runs: [LineRun], start: Int, length: Int, hyphenated: Bool) -> AssembledLine {
        var runs = runs
        Self.reorder(&runs)
        var x: Int32 = 0
        for k in runs.indices {
            runs[k].x = x
            x += runs[k].width
        }
        let (ascent, descent) = extents(runs, at: start)
        return AssembledLine(start: start, length: length, runs: runs, width: x, ascent: ascent, descent: descent,
                             grid: grid(runs), hyphenated: hyphenated)
    }

    /// Where the line before a hard break ending at `offset` ends: before the break's
    /// characters ("\r\n", "\n", "\r", U+0085, U+2028, U+2029); `offset` at the text's end.
    package static func beforeHardBreak(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        let b = offset
        if b >= 2, bytes[b - 2] == 0x0D, bytes[b - 1] == 0x0A { return b - 2 }
        if b >= 1, bytes[b - 1] == 0x0A || bytes[b - 1] == 0x0D { return b - 1 }
        if b >= 2, bytes[b - 2] == 0xC2, bytes[b - 1] == 0x85 { return b - 2 }
        if b >= 3, bytes[b - 3] == 0xE2, bytes[b - 2] == 0x80, bytes[b - 1] == 0xA8 || bytes[b - 1] == 0xA9 { return b - 3 }
        return b
    }

    // MARK: Runs in logical order

    /// The glyphs of `a..<lineEnd` in runs of one item each, in the text's order; glyphs of
    /// clusters from `contentEnd` on (spaces the line ends with) set to show nothing and
    /// take no room; a hyphen shown at `hyphenAt`.
    private func logicalRuns(_ a: Int, _ lineEnd: Int, contentEnd: Int, hyphenAt: Int?, origin: Int64) -> [LineRun] {
        var runs: [LineRun] = []
        var glyphs: [ShapedGlyph] = []  // the current run's, piece after piece in the text's order
        var pieces: [Int] = []  // where each piece starts in `glyphs` (a right-to-left run's are put back to front)
        var logicalX: Int64 = 0
        let segments = measured.segments
        var s = segments.partitionPoint { Int($0.end) > a }
        func finish() {
            guard !runs.isEmpty, !glyphs.isEmpty else { return }
            let last = runs.count - 1
            if runs[last].isBackward, pieces.count > 1 {
                var visual: [ShapedGlyph] = []
                visual.reserveCapacity(glyphs.count)
                var end = glyphs.count
                for start in pieces.reversed() {
                    visual.append(contentsOf: glyphs[start..<end])
                    end = start
                }
                glyphs = visual
            }
            runs[last].glyphs = glyphs
            glyphs = []
            pieces.removeAll(keepingCapacity: true)
        }
        while s < segments.count, Int(segments[s].start) < lineEnd {
            let segment = segments[s]
            s += 1
            let lo = max(a, Int(segment.start)), hi = min(lineEnd, Int(segment.end))
            guard lo < hi, segment.kind != .hardBreak else { continue }
            let item = analysis.items[Int(segment.item)]
            if segment.kind == .object {
                finish()
                let advance = measured.objects[Int(segment.object)].width
                runs.append(LineRun(item: segment.item, start: Int32(lo), end: Int32(hi),
                                    glyphs: [ShapedGlyph(id: ShapedGlyph.empty, advance: advance, xOffset: 0, yOffset: 0, cluster: Int32(lo))],
                                    width: advance, level: item.level, object: segment.object))
                logicalX += Int64(advance)
                continue
            }
            if !(runs.last.map { $0.item == segment.item && $0.object < 0 && $0.end == Int32(lo) } ?? false) {
                finish()
                runs.append(LineRun(item: segment.item, start: Int32(lo), end: Int32(lo), glyphs: [], width: 0,
                                    level: item.level, rise: rise(at: lo)))
                // About a glyph per byte: the run's glyphs in one allocation, not one per doubling.
                glyphs.reserveCapacity(min(lineEnd, item.range.upperBound) - lo + 1)
            }
            // Only a right-to-left run's pieces are put back to front (`finish`).
            if item.level & 1 == 1 { pieces.append(glyphs.count) }
            var width: Int32
            if segment.kind == .tab {
                width = lo < contentEnd ? Typesetter.tabAdvance(from: Int32(clamping: origin + logicalX), tabWidth: measured.tabWidth) : 0
                glyphs.append(ShapedGlyph(id: ShapedGlyph.empty, advance: width, xOffset: 0, yOffset: 0, cluster: Int32(lo)))
            } else {
                let needsHyphen = hi == hyphenAt
                let whole = lo == Int(segment.start) && hi == Int(segment.end) && !needsHyphen
                let entry = whole ? Int(segment.entry) : typesetter.shapeWord(bytes.baseAddress!, lo..<hi, item, hyphen: needsHyphen)
                let first = glyphs.count
                width = appendGlyphs(of: entry, at: lo, contentEnd: contentEnd, to: &glyphs)
                if segment.advance >= 0, first < glyphs.count {
                    // A formula's space: its own width on its first glyph (none at a line's end).
                    for g in first..<glyphs.count { glyphs[g].advance = 0 }
                    glyphs[first].advance = lo < contentEnd ? segment.advance : 0
                    width = glyphs[first].advance
                }
            }
            logicalX += Int64(width)
            runs[runs.count - 1].end = Int32(hi)
            runs[runs.count - 1].width += width
        }
        finish()
        return runs
    }

    /// Appends the glyphs of word-cache entry `entry`, shaped from byte `offset`, to `glyphs`,
    /// their clusters made offsets in the paragraph, and those from `contentEnd` on (the spaces
    /// a line ends with) taking no room, as Pango sets a wrapped line's final spaces (they
    /// stay, for the text they stand for); returns their width.
    private func appendGlyphs(of entry: Int, at offset: Int, contentEnd: Int, to glyphs: inout [ShapedGlyph]) -> Int32 {
        let e = typesetter.words.entries[entry]
        let shift = Int32(offset), end = Int32(contentEnd)
        var width: Int32 = 0
        typesetter.words.glyphs.withUnsafeBufferPointer { cached in
            for k in Int(e.glyphs.lowerBound)..<Int(e.glyphs.upperBound) {
                var glyph = cached[k]
                glyph.cluster += shift
                if glyph.cluster >= end {
                    glyph.advance = 0
                    glyph.xOffset = 0
                }
                width += glyph.advance
                glyphs.append(glyph)
            }
        }
        return width
    }

    /// The rise of the text at `offset`: a superscript's or a subscript's, in points.
    private func rise(at offset: Int) -> Double {
        let runs = text.runs
        let k = runs.partitionPoint { $0.range.upperBound > offset }
        guard k < runs.count, runs[k].range.contains(offset) else { return 0 }
        let a = runs[k].attributes
        if a.superscript { return format.text.size * Typography.superscriptRise }
        if a.subscript { return -format.text.size * Typography.subscriptDrop }
        return 0
    }

    // MARK: Justification

    /// Spreads `width` less the runs' width over the line's stretchable spaces (outside code;
    /// in proportion to their widths; shrinking them too when the line is over), over its gaps
    /// between CJK characters (a fixed share each), as Pango's `justify_words` spreads it, and
    /// over its letters (`LetterSpacing`: with the spaces up to a ratio of 1 or -1, as
    /// `LineBreaker.ratio` counts them); Pango units rounded so that the line is exactly
    /// `width`. A line with neither spaces nor gaps is left as it is.
    private func justify(_ runs: inout [LineRun], to width: Int64, between i: Int, and j: Int, contentEnd: Int) {
        let natural = runs.reduce(Int64(0)) { $0 + Int64($1.width) }
        let delta = width - natural
        guard delta != 0 else { return }
        let weights = justificationWeights(runs, between: i, and: j, contentEnd: contentEnd, stretching: delta > 0)
        guard weights.spaces > 0 else { return }
        let letterShare = weights.letters > 0
            ? max(-weights.letters, min(Double(delta) * weights.letters / (weights.spaces + weights.letters), weights.letters)) : 0
        let spaceShare = Double(delta) - letterShare
        var sum = 0.0
        var added: Int64 = 0
        var w = 0
        for r in runs.indices {
            var runAdded: Int32 = 0
            for g in runs[r].glyphs.indices {
                let (space, letter) = weights.each[w]
                w += 1
                guard space > 0 || letter > 0 else { continue }
                sum += space > 0 ? spaceShare * space / weights.spaces : letterShare * letter / weights.letters
                let target = Int64(sum.rounded())
                let adjustment = Int32(target - added)
                added = target
                runAdded += adjustment
                runs[r].glyphs[g].advance += adjustment
                // A CJK gap: before the character (a letter's and a space's room come after it).
                if space > 0, !isSpaceCluster(runs[r].glyphs[g]) { runs[r].glyphs[g].xOffset += adjustment }
            }
            runs[r].width += runAdded
        }
    }

    /// Each glyph's share of a line's justification (in the runs' order): a stretchable
    /// space's or a CJK gap's, and a letter's (on the last glyph of a cluster
    /// `MeasuredText.letters` counts, when `stretching`), with their totals.
    private func justificationWeights(_ runs: [LineRun], between i: Int, and j: Int, contentEnd: Int,
                                      stretching: Bool) -> (each: [(Double, Double)], spaces: Double, letters: Double) {
        var gapOffsets = Set<Int32>()
        if stretching { for k in (i + 1)..<j where breaks[k].isCJKGap { gapOffsets.insert(breaks[k].offset) } }
        let gapWeight = Double(PangoLength(points: format.text.size).pango) * LineBreaker.cjkGapStretch
        let letters = measured.letters
        var each: [(Double, Double)] = []
        each.reserveCapacity(runs.reduce(0) { $0 + $1.glyphs.count })
        var spaces = 0.0, spaced = 0.0
        for run in runs {
            let glyphs = run.glyphs
            for g in glyphs.indices {
                let glyph = glyphs[g]
                let c = Int(glyph.cluster)
                var space = 0.0, letter = 0.0
                if c < contentEnd {
                    if glyph.advance > 0, isSpaceCluster(glyph), !isCode(c) {
                        space = Double(glyph.advance) * (stretching ? LineBreaker.stretchFraction : LineBreaker.shrinkFraction)
                    } else if (g == 0 || glyphs[g - 1].cluster != glyph.cluster) && gapOffsets.contains(glyph.cluster) {
                        space = gapWeight
                    } else if !letters.isEmpty, run.object < 0, !run.isBackward, g + 1 == glyphs.count || glyphs[g + 1].cluster != glyph.cluster {
                        let next = g + 1 < glyphs.count ? Int(glyphs[g + 1].cluster) : min(Int(run.end), contentEnd)
                        if next > c { letter = Double(letters[next] - letters[c]) * (stretching ? LineBreaker.letterStretch : LineBreaker.letterShrink) }
                    }
                }
                each.append((space, letter))
                spaces += space
                spaced += letter
            }
        }
        return (each, spaces, spaced)
    }

    /// Whether byte `offset` is in a code span, whose spaces keep their width. O(log runs).
    private func isCode(_ offset: Int) -> Bool {
        var k = text.runs.partitionPoint { $0.range.upperBound > offset }
        return text.isMonospace(at: offset, from: &k)
    }

    private func isSpaceCluster(_ glyph: ShapedGlyph) -> Bool {
        let c = Int(glyph.cluster)
        return bytes[c] == 0x20 || (bytes[c] == 0xC2 && c + 1 < bytes.count && bytes[c + 1] == 0xA0)
    }

    // MARK: Display order and extents

    /// Reverses, from the highest level down to the lowest odd one, every sequence of runs at
    /// that level or higher (UAX #9, rule L2); the lowest odd level of a line without one is
    /// the one above its lowest (left-to-right words alone on a line of a right-to-left
    /// paragraph, all at level 2, keep their order). O(runs × levels).
    package static func reorder(_ runs: inout [LineRun]) {
        guard let highest = runs.map(\.level).max(), let lowest = runs.map(\.level).min(), highest > 0 else { return }
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd {
            var k = 0
            while k < runs.count {
                guard runs[k].level >= level else { k += 1; continue }
                var end = k
                while end < runs.count, runs[end].level >= level { end += 1 }
                runs[k..<end].reverse()
                k = end
            }
            level -= 1
        }
    }

    /// A line's ascent and descent: the highest and lowest of its runs' fonts (raised or
    /// lowered with them) and objects; those of the paragraph's font at `offset` when it has
    /// no run.
    private func extents(_ runs: [LineRun], at offset: Int) -> (Int32, Int32) {
        var ascent: Int32 = 0, descent: Int32 = 0
        for run in runs {
            if run.object >= 0 {
                let object = measured.objects[Int(run.object)]
                ascent = max(ascent, object.ascent)
                descent = max(descent, object.descent)
                continue
            }
            let info = typesetter.fontTable.info(analysis.items[Int(run.item)].font)
            let rise = PangoLength(points: run.rise).pango
            ascent = max(ascent, info.ascent + rise)
            descent = max(descent, info.descent - rise)
        }
        if runs.isEmpty {
            let k = analysis.items.partitionPoint { $0.range.upperBound > offset }
            let info = typesetter.emptyLineFont(format, item: k < analysis.items.count ? analysis.items[k] : analysis.items.last)
            return (info.ascent, info.descent)
        }
        return (ascent, descent)
    }
}
