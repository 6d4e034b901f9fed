import QuireModel

/// A paragraph set: its lines made, with what the queries on it need (`ShapedText`).
package struct SetParagraph {
    package var analysis: TextAnalysis
    package var characters: CharacterOffsets
    package var lines: [AssembledLine]
    /// Each line's left edge from the paragraph's (Pango units): its alignment and indent.
    package var lineX: [Int64]
}

/// A paragraph measured and its break points found, before its lines are chosen.
package struct PreparedParagraph {
    package var analysis: TextAnalysis
    package var characters: CharacterOffsets
    package var measured: MeasuredText
    package var breaks: [BreakPoint]
    /// Whether lines wrap at the width (else they end only at hard breaks).
    package var wraps: Bool
    /// The first line's width, the other lines' width, and their indent (Pango units).
    package var width: Int64
    package var otherWidth: Int64
    package var hanging: Int64
}

extension Typesetter {
    /// Shapes `text` in `format` and breaks it into lines (`setParagraph`).
    package func shape(_ text: StyledText, _ format: ParagraphFormat, lineStarts: [Int] = []) -> ShapedText {
        words.trim()
        var string = text.string
        return string.withUTF8 { bytes in
            let prepared = prepare(bytes, text, format, lineStarts: lineStarts)
            let set = setParagraph(bytes, text, format, prepared)
            return ShapedText(text: text, format: format, paragraph: set,
                              minimumContentWidth: Self.widestPiece(prepared).points, fonts: fontTable)
        }
    }

    /// Itemizes, shapes (a word at a time) and measures `text`, and finds its break points:
    /// Unicode's, and inside tokens too wide for a line (`addingEmergencyBreaks`); with
    /// `lineStarts`, lines must start at those offsets (`forcing`). O(n), plus the shaping of
    /// words not seen before.
    package func prepare(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StyledText, _ format: ParagraphFormat,
                 lineStarts: [Int] = []) -> PreparedParagraph {
        let analysis = analyse(text, format)
        let chars = CharacterOffsets(bytes)
        let protected = format.isCode ? [] : text.protectedTokens(bytes)
        var breaks = analysis.breakOpportunities(bytes, chars, protected: protected)
        var measured = measure(bytes, analysis, text)
        let wraps = format.width.isFinite && !format.singleLine
        if wraps, format.alignment == .justify, !format.isCode { measured.letters = letterSpacing(bytes, analysis, text, measured) }
        let width = wraps || format.singleLine ? PangoLength(points: min(max(1, format.width), 1_000_000), rounding: .up).units : Int64.max / 4
        let hanging = min(PangoLength(points: max(0, format.hangingIndent)).units, width - 1)
        let otherWidth = max(1, width - hanging)
        if wraps {
            breaks = analysis.addingEmergencyBreaks(breaks, bytes, chars, x: measured.x, width: min(width, otherWidth),
                                                    protected: protected)
        }
        if wraps, !text.frames.isEmpty { breaks = Self.keepingWhole(text.frames, breaks, bytes, x: measured.x, width: min(width, otherWidth)) }
        if !lineStarts.isEmpty { breaks = Self.forcing(breaks, at: lineStarts) }
        Self.measureBreaks(&breaks, measured, analysis, fonts: fontTable)
        return PreparedParagraph(analysis: analysis, characters: chars, measured: measured, breaks: breaks, wraps: wraps,
                                 width: width, otherWidth: otherWidth, hanging: hanging)
    }

    /// `breaks` without those inside a frame (an image's placeholder, a key cap) no wider than
    /// `width` (Pango units; `x` the natural width before each byte): a framed text is one box,
    /// never cut across lines ("Swift macOS / build", each part framed). A break in the padding
    /// that opens a frame (after its thin space: Unicode gives none between two frames' thin
    /// spaces) moves to the frame's start, so a row of frames written without spaces still
    /// wraps between them. A wider frame breaks as its text would. `frames` ascending.
    /// O(breaks + frames).
    package static func keepingWhole(_ frames: [Range<Int>], _ breaks: [BreakPoint], _ bytes: UnsafeBufferPointer<UInt8>,
                             x: [Int64], width: Int64) -> [BreakPoint] {
        let whole = frames.filter { $0.upperBound < x.count && x[$0.upperBound] - x[$0.lowerBound] <= width }
        guard !whole.isEmpty else { return breaks }
        var result: [BreakPoint] = []
        result.reserveCapacity(breaks.count)
        var f = 0
        for var point in breaks {
            let offset = Int(point.offset)
            while f < whole.count, whole[f].upperBound <= offset { f += 1 }
            if point.kind != .hard, f < whole.count, offset > whole[f].lowerBound {
                guard isFramePadding(bytes, whole[f].lowerBound..<offset) else { continue }
                point.offset = Int32(whole[f].lowerBound)
                point.end = min(point.end, point.offset)
                if result.last?.offset == point.offset { continue }
            }
            result.append(point)
        }
        return result
    }

    /// Whether `bytes[range]` holds only the spaces padding a frame (thin, narrow no-break).
    private static func isFramePadding(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count % 3 == 0 else { return false }
        return stride(from: range.lowerBound, to: range.upperBound, by: 3).allSatisfy { i in
            bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0x89 || bytes[i + 2] == 0xAF)
        }
    }

    /// Sets a prepared paragraph: its lines chosen among its break points (`LineBreaker`: total
    /// fit for justified and ragged text, first fit for code and past `totalFitLimit` breaks,
    /// balance for headings; only hard breaks when the width is infinite or the text is set on
    /// one line) and made (`LineAssembler`), then placed by their alignment and the hanging
    /// indent. O(n) plus the glyphs of the lines.
    package func setParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StyledText, _ format: ParagraphFormat,
                      _ prepared: PreparedParagraph) -> SetParagraph {
        let (analysis, measured, breaks) = (prepared.analysis, prepared.measured, prepared.breaks)
        let (wraps, width, otherWidth, hanging) = (prepared.wraps, prepared.width, prepared.otherWidth, prepared.hanging)
        let ends: [Int]
        if wraps {
            ends = LineBreaker(breaks: breaks, firstWidth: width, otherWidth: otherWidth,
                               em: PangoLength(points: format.text.size).units).lines(Self.breakingMode(format, breaks: breaks.count))
        } else {
            ends = breaks.indices.filter { $0 > 0 && (breaks[$0].kind == .hard || breaks[$0].forced) }
        }
        let assembler = LineAssembler(typesetter: self, bytes: bytes, text: text, analysis: analysis, measured: measured,
                                      breaks: breaks, format: format)
        var lines: [AssembledLine] = []
        lines.reserveCapacity(ends.count)
        var start = 0
        for end in ends {
            let startsParagraph = breaks[start].startsParagraph
            let justify = wraps && format.alignment == .justify
            lines.append(assembler.line(from: start, to: end, justifyTo: justify ? (startsParagraph ? width : otherWidth) : nil,
                                        shrinkOnly: breaks[end].kind == .hard, origin: startsParagraph ? 0 : hanging))
            start = end
        }
        if format.singleLine, lines.count == 1, Int64(lines[0].width) > width {
            lines[0] = assembler.ellipsized(lines[0], to: width)
        }
        let widest = lines.map { Int64($0.width) }.max() ?? 0
        var lineX: [Int64] = []
        lineX.reserveCapacity(lines.count)
        start = 0
        for (k, end) in ends.enumerated() {
            let startsParagraph = breaks[start].startsParagraph
            let box = wraps || format.singleLine ? (startsParagraph ? width : otherWidth) : widest
            let item = analysis.items.partitionPoint { $0.range.upperBound > lines[k].start }
            let rightToLeft = format.direction.map { $0 == .rightToLeft }
                ?? (item < analysis.items.count ? analysis.items[item].paragraphIsRightToLeft : analysis.isRightToLeft)
            let indent = startsParagraph ? 0 : hanging
            lineX.append(Self.placed(Int64(lines[k].width), in: box, indent: indent, format.alignment, rightToLeft: rightToLeft))
            start = end
        }
        return SetParagraph(analysis: analysis, characters: prepared.characters, lines: lines, lineX: lineX)
    }

    /// Beyond this many break points a paragraph's lines are chosen by first fit: total fit's
    /// work grows with the breaks a line may start from, and a paragraph this long (a
    /// megabyte of text, a long token broken between every two graphemes) is no paragraph a
    /// reader reads as one.
    package static let totalFitLimit = 100_000

    /// How lines of `format` are chosen: first fit for code (as an editor wraps) and for very
    /// long paragraphs, balance for headings, else total fit.
    package static func breakingMode(_ format: ParagraphFormat, breaks: Int) -> LineBreaker.Mode {
        if format.isCode || breaks > totalFitLimit { return .firstFit }
        if format.balanced { return .balanced }
        return format.alignment == .justify ? .justified : .ragged
    }

    /// The widest piece between two of Unicode's line-break opportunities (or hard breaks),
    /// without the spaces it ends with: the narrowest measure the text fits without a break
    /// inside a word. O(characters).
    package static func widestPiece(_ prepared: PreparedParagraph) -> PangoLength {
        let flags = prepared.analysis.flags, chars = prepared.characters, x = prepared.measured.x
        var widest: Int64 = 0
        var start = 0, contentEnd = 0
        for c in 0...chars.characters {
            let a = flags[c]
            if c > 0, a.contains(.lineBreak) || a.contains(.mandatoryBreak) || c == chars.characters {
                if contentEnd > start { widest = max(widest, x[contentEnd] - x[start]) }
                start = chars[c]
                contentEnd = start
            }
            if c < chars.characters, !a.contains(.white) { contentEnd = chars[c + 1] }
        }
        return PangoLength(units: widest)
    }

    /// The left edge of a line `width` wide in a box `box` wide (after `indent` on the start
    /// side), aligned by `alignment` relative to the paragraph's direction (left is the start).
    package static func placed(_ width: Int64, in box: Int64, indent: Int64, _ alignment: TextAlignment, rightToLeft: Bool) -> Int64 {
        let room = max(0, box - width)
        let left = rightToLeft ? 0 : indent
        switch alignment {
        case .center: return left + room / 2
        case .left, .justify: return left + (rightToLeft ? room : 0)
        case .right: return left + (rightToLeft ? 0 : room)
        }
    }

    /// `breaks` where lines must start at `starts` (offsets, ascending): those breaks marked
    /// forced (added where missing), the others before the last start dropped.
    package static func forcing(_ breaks: [BreakPoint], at starts: [Int]) -> [BreakPoint] {
        guard let last = starts.last else { return breaks }
        var result: [BreakPoint] = []
        var s = 0
        for point in breaks {
            // Starts no break offers (a token cut between graphemes in the lines kept).
            while s < starts.count, starts[s] < Int(point.offset) {
                result.append(BreakPoint(offset: Int32(starts[s]), end: Int32(starts[s]), kind: .grapheme, forced: true))
                s += 1
            }
            var kept = point
            if s < starts.count, starts[s] == Int(point.offset) {
                if point.kind != .hard { kept.forced = true }
                s += 1
            } else if Int(point.offset) < last, point.kind != .hard {
                continue
            }
            result.append(kept)
        }
        return result
    }

    /// Fills each break's sums (widths, stretchable spaces, CJK gaps before it) and the
    /// hyphen it would show. O(breaks).
    package static func measureBreaks(_ breaks: inout [BreakPoint], _ measured: MeasuredText, _ analysis: TextAnalysis, fonts: FontTable) {
        var gaps: Int32 = 0
        var item = 0
        for k in breaks.indices {
            let offset = Int(breaks[k].offset), end = Int(breaks[k].end)
            breaks[k].x = measured.x[offset]
            breaks[k].xEnd = measured.x[end]
            breaks[k].spaces = measured.spaces[offset]
            breaks[k].spacesEnd = measured.spaces[end]
            if !measured.letters.isEmpty {
                breaks[k].letters = measured.letters[offset]
                breaks[k].lettersEnd = measured.letters[end]
            }
            breaks[k].gaps = gaps
            if breaks[k].isCJKGap { gaps += 1 }
            if breaks[k].kind == .hyphen, offset > 0 {
                while item < analysis.items.count - 1, analysis.items[item].range.upperBound < offset { item += 1 }
                breaks[k].hyphenWidth = fonts.info(analysis.items[item].font).hyphenWidth
            }
        }
    }
}

extension StyledText {
    /// The stretches of the text inside which no line may break unless they are long (see
    /// `addingEmergencyBreaks`): code spans (each within a token: text between ASCII
    /// whitespace), links that show an address, and tokens written as addresses or paths
    /// ("https://…", "www.…", "a/b", e-mail addresses, "he/him/הוא"), unless they hold CJK
    /// (text without spaces, a sentence long, in which a slash is just a character).
    /// Ascending. O(n + runs + links).
    package func protectedTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var code = runs.filter { $0.attributes.monospace }.map(\.range)
        code += links.compactMap { link in
            if case .uri(let address) = link.target, address.utf8.elementsEqual(bytes[link.range]) { return link.range }
            return Self.isAddress(bytes, link.range, outsideCJK: false) ? link.range : nil
        }
        code.sort { $0.lowerBound < $1.lowerBound }
        var result: [Range<Int>] = []
        var cursor = 0
        var start = 0
        func token(_ end: Int) {
            guard end - start >= 2 else { return }
            while cursor < code.count, code[cursor].upperBound <= start { cursor += 1 }
            if Self.isAddress(bytes, start..<end, outsideCJK: true) {
                result.append(start..<end)
                return
            }
            // Each code span's part of the token on its own: two spans in one token (CJK text
            // runs a sentence without a space) protect nothing between them.
            var k = cursor
            while k < code.count, code[k].lowerBound < end {
                let lo = max(start, code[k].lowerBound), hi = min(end, code[k].upperBound)
                if hi - lo >= 2 {
                    if let last = result.last, last.upperBound >= lo {
                        result[result.count - 1] = last.lowerBound..<max(last.upperBound, hi)
                    } else {
                        result.append(lo..<hi)
                    }
                }
                k += 1
            }
        }
        for i in 0..<bytes.count where bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 {
            token(i)
            start = i + 1
        }
        token(bytes.count)
        return result
    }

    /// Whether `bytes[range]` is written as an address (`looksLikeAddress`: "://" in it,
    /// "www." first, a slash or an "@" in it); with `outsideCJK`, and holding no CJK
    /// character. O(range).
    package static func isAddress(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, outsideCJK: Bool) -> Bool {
        var found = false
        for i in range {
            let b = bytes[i]
            // CJK starts at U+2E80: three-byte sequences from 0xE2 on.
            if outsideCJK, b >= 0xE2, b < 0xF8, isCJK(scalar(bytes, at: i)) { return false }
            if b == UInt8(ascii: "/") || b == UInt8(ascii: "@") { found = true }
        }
        if found { return true }
        return range.count > 4 && bytes[range.lowerBound] == UInt8(ascii: "w") && bytes[range.lowerBound + 1] == UInt8(ascii: "w")
            && bytes[range.lowerBound + 2] == UInt8(ascii: "w") && bytes[range.lowerBound + 3] == UInt8(ascii: ".")
    }
}
