/// Excerpts: a section's body cut to exactly N typeset lines, line N ending with
/// "… Continue reading" linked to the section's full text.
extension LayoutSession {
    struct Excerpt {
        var slices: [Slice]
        var isCut: Bool
    }

    /// Lays out `body` and, when it takes more than `lines` lines, cuts it to `lines`.
    ///
    /// Stages: take a bounded prefix of the blocks (so a 1 MB paragraph costs what a 10 KB
    /// one does), lay it out as a trial, count lines (text lines count one each; a table
    /// counts its rows and is kept whole or left out), then re-set line N with the label
    /// (`cutLine`). When the body is cut, the trial's sink is dropped (the full text reports
    /// what the section holds: its warnings, its outline entries) and only the destinations on
    /// the lines kept are placed here; when it is not, the trial's sink is kept.
    func excerpt(_ body: [Block], lines n: Int, target: String, _ context: BlockContext) -> Excerpt {
        let charsPerLine = Int(context.column.width / (style.bodySize * Self.narrowestCharacter)) + 1
        var bytes = (n + 2) * charsPerLine * 4
        var blockLines = n
        while true {
            let (blocks, shortened) = body.prefix(lines: blockLines, bytes: bytes)
            let trial = trial { () -> (slices: [Slice], cut: [Slice]?) in
                let slices = layoutBlocks(blocks, context)
                return (slices, cutSlices(slices, lines: n, target: target, column: context.column))
            }
            if let cut = trial.value.cut {
                for name in cut.flatMap({ $0.destinations.map(\.name) }) { _ = claimDestination(name) }
                return Excerpt(slices: cut, isCut: true)
            }
            if !shortened {
                sink.keep(trial.sink)
                return Excerpt(slices: trial.value.slices, isCut: false)
            }
            // The prefix gave too few lines (text of zero-width characters, blocks of no line
            // such as anchors): take a longer one; it ends up as the whole body.
            bytes = min(bytes, 1 << 50) * 4
            blockLines = min(blockLines, 1 << 40) * 2
        }
    }

    /// The slices cut after line `n` with the label on the last line kept, or nil when they
    /// hold `n` lines or fewer.
    private func cutSlices(_ slices: [Slice], lines n: Int, target: String, column: Column) -> [Slice]? {
        var count = 0
        var lastLine: Int?
        var i = 0
        while i < slices.count {
            switch slices[i].excerptRole {
            case .none:
                i += 1
            case .line:
                count += 1
                lastLine = i
                if count == n {
                    let more = slices[(i + 1)...].contains { $0.excerptRole != .none }
                    guard more else { return nil }
                    return Array(slices[..<i]) + [cutLine(slices[i], target: target)]
                }
                i += 1
            case .atomic(let group):
                var end = i
                while end < slices.count, slices[end].excerptRole == .atomic(group) { end += 1 }
                // It fits when it leaves a line for the label, or when nothing follows it.
                let rest = slices[end...].contains { $0.excerptRole != .none }
                if count + (end - i) < n || (count + (end - i) == n && !rest) {
                    count += end - i
                    i = end
                    continue
                }
                // The block does not fit the lines left: the cut falls before it.
                if let last = lastLine {
                    return Array(slices[..<last]) + [cutLine(slices[last], target: target)]
                }
                return Array(slices[..<i]) + [labelOnlyLine(target: target, column: column)]
            }
        }
        return nil
    }

    /// Re-sets the text line in `slice` so that it ends with "… label".
    ///
    /// Binary search over the line's cut positions (word boundaries, or line-break
    /// opportunities in CJK, or grapheme boundaries inside one long word) for the most text
    /// that still fits on the line together with the ellipsis and label: O(log n) trial
    /// layouts of the paragraph up to that line. Everything else in the slice (markers,
    /// quote bars, shading) is kept.
    private func cutLine(_ slice: Slice, target: String) -> Slice {
        guard let textIndex = slice.items.firstIndex(where: { if case .text = $0 { return true } else { return false } }),
              case .text(let old) = slice.items[textIndex] else { return slice }
        let shaped = old.shaped
        let k = old.lineIndex
        let positions = shaped.cutPositions(line: k)
        func trial(_ p: Int, label: String) -> ShapedText? {
            let text = excerptText(shaped.text, cutAt: p, lineStart: shaped.lines[k].start, label: label, target: target)
            let candidate = typesetter.shape(text, shaped.format)
            return candidate.lines.count == k + 1 ? candidate : nil
        }
        var best: ShapedText?
        var lo = 0, hi = positions.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if let fits = trial(positions[mid], label: wording(style.excerptLabel, width: shaped.format.width)) {
                best = fits
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        // A column too narrow for the label keeps at least the ellipsis as the link.
        guard let result = best ?? trial(shaped.lines[k].start, label: "") else { return slice }
        let columnX = old.x - shaped.lines[k].x
        var replacement = textSlices(result, x: columnX, spaceBefore: 0, spaceAfter: 0)[k]
        guard case .text(let unaligned) = replacement.items[0] else { return slice }
        replacement.pushDown(old.baseline - unaligned.baseline)
        guard case .text(let line) = replacement.items[0] else { return slice }
        var cut = slice
        cut.items[textIndex] = .text(line)
        cut.links = slice.links.filter { !isOnLine($0, old) } + replacement.links
        cut.keepWithNext = false
        return cut
    }

    private func isOnLine(_ link: LinkArea, _ line: TextLine) -> Bool {
        link.rect.x >= line.x - 0.5 && link.rect.maxX <= line.x + line.width + 0.5
    }

    /// The paragraph's text up to `p`, less trailing spaces and dangling punctuation on the
    /// cut line, then "… " and the label as a link, isolated (FSI…PDI) so that it keeps its
    /// own direction without reordering the text around it.
    private func excerptText(_ text: StyledText, cutAt p: Int, lineStart: Int, label: String, target: String) -> StyledText {
        var end = p
        let bytes = Array(text.string.utf8.prefix(p))
        while end > lineStart {
            var start = end - 1
            while start > lineStart, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            let scalar = String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.first!
            guard scalar.properties.isWhitespace || Self.danglingPunctuation.contains(scalar) else { break }
            end = start
        }
        var out = text.prefix(end)
        if label.isEmpty {
            let start = out.count
            out.append("…", StyledText.Attributes(color: style.linkColor))
            out.links.append(StyledText.Link(range: start..<out.count, target: .destination(target)))
            return out
        }
        // After a full stop the ellipsis stands apart: "done. … Continue reading".
        let last = out.string.unicodeScalars.last
        out.append(last.map { Self.sentenceEnd.contains($0) } == true ? " … \u{2068}" : "… \u{2068}")
        let start = out.count
        out.append(label, StyledText.Attributes(color: style.linkColor))
        out.links.append(StyledText.Link(range: start..<out.count, target: .destination(target)))
        out.append("\u{2069}")
        return out
    }

    /// The narrowest a character's advance is taken to be, in em: with it a prefix of
    /// (lines + 2) × column / (this × size) characters (× 4 bytes) surely fills the lines.
    static let narrowestCharacter = 0.15

    static let sentenceEnd: Set<Unicode.Scalar> = Set(".!?。！？".unicodeScalars)
    static let danglingPunctuation: Set<Unicode.Scalar> = Set(",;:-–—([{«„“‘/·、，：；（「『【".unicodeScalars)

    /// A line holding only "… label" (a section whose first block is a table too tall to keep).
    private func labelOnlyLine(target: String, column: Column) -> Slice {
        let text = excerptText(StyledText(), cutAt: 0, lineStart: 0,
                               label: wording(style.excerptLabel, width: column.width), target: target)
        let shaped = typesetter.shape(text, bodyFormat(width: column.width))
        return textSlices(shaped, x: column.x, spaceBefore: blockSpacing, spaceAfter: 0)[0]
    }
}
