import QuireModel

/// Line N of an excerpt re-set so that it ends with "… label".
extension ExcerptLayouter {
    /// Re-sets the text line in `slice` so that it ends with "… label"; `showsText` is false
    /// when no text of the line fits beside the label (the label stands alone on the line);
    /// nil for a slice without a line of text.
    ///
    /// The most text that fits is found by binary search over the line's word boundaries
    /// (line-break opportunities, in CJK between characters); when not even the line's first
    /// word fits (one long token, a DocC symbol), over the places inside that word where a long
    /// token breaks well (after its punctuation, at a case hump), then over its grapheme
    /// boundaries, the ellipsis then marking the shortened token. Each trial sets the paragraph up to the
    /// cut with a forced line break (U+2028) where line N starts and the lines before it starting
    /// where they did, so they keep their text and the cut line keeps its direction, indent and
    /// alignment: O(log n) trial layouts of the paragraph up to that line. A column too narrow
    /// for the label keeps at least the ellipsis as the link. Everything else in the slice
    /// (markers, quote bars, shading, destinations) is kept; the line's images and frames are
    /// those of the new line.
    package func cutLine(_ slice: Slice, target: String) -> (slice: Slice, showsText: Bool)? {
        // The line's text, not a list item's number before it.
        guard let textIndex = slice.items.firstIndex(where: {
                  if case .text(let line) = $0 { return line.tag.element?.role != .label } else { return false }
              }),
              case .text(let old) = slice.items[textIndex] else { return nil }
        let shaped = old.shaped
        let k = old.lineIndex
        let lineStart = shaped.lines[k].start
        // The lines before line N, ended by a forced break unless a newline ends them already;
        // the spaces before the break go (at a line's end they hang in the margin, before the
        // break they would count, and could push a word down).
        var head = shaped.text.prefix(lineStart)
        if k > 0, head.string.utf8.last != 0x0A {
            var end = lineStart
            for scalar in head.string.unicodeScalars.reversed() {
                guard end > shaped.lines[k - 1].start, scalar.properties.isWhitespace, scalar != "\n" else { break }
                end -= UTF8.width(scalar)
            }
            head = head.prefix(end)
            head.append("\u{2028}")
        }
        // Lines are chosen over the whole paragraph: the lines before line N start where
        // they started, whatever the shorter text would make of them.
        let keptStarts = shaped.lines[1..<max(1, k)].map(\.start)
        let label = wording(style.excerptLabel, width: shaped.format.width)
        /// Line N cut at `p` with `label`, when it holds on one line: the shaped text and
        /// whether any of the line's text is shown.
        func trial(_ p: Int, label: String) -> (shaped: ShapedText, showsText: Bool)? {
            var text = head
            let piece = shaped.text.slice(lineStart..<p)
            let cut = labelled(piece, label: label, target: target, closing: Self.openIsolates(head.string + piece.string))
            text.append(cut.text)
            let candidate = typesetter.shape(text, shaped.format, lineStarts: keptStarts)
            return candidate.lines.count == k + 1 ? (candidate, cut.showsText) : nil
        }
        /// The trial at the last of `positions` that fits with text shown: a later position
        /// fits less often, and shows text more often (spaces alone show none).
        func longest(_ positions: ArraySlice<Int>) -> ShapedText? {
            var best: ShapedText?
            var lo = positions.startIndex, hi = positions.endIndex - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                if let fits = trial(positions[mid], label: label) {
                    if fits.showsText { best = fits.shaped }
                    lo = mid + 1
                } else {
                    hi = mid - 1
                }
            }
            return best
        }
        let positions = shaped.cutPositions(line: k)
        var showsText = true
        var result = longest(positions.breaks.dropFirst()) ?? longest(positions.tokens.dropFirst())
            ?? longest(positions.graphemes.dropFirst())
        if result == nil {
            showsText = false
            result = trial(lineStart, label: label)?.shaped ?? trial(lineStart, label: "")?.shaped
        }
        // Should the lines before not break again as they did, the label alone still shows.
        let line = result.map { ($0, k) } ?? (typesetter.shape(labelled(StyledText(), label: label, target: target).text, shaped.format), 0)
        let columnX = old.x - shaped.lines[k].x
        var replacement = textSlices(line.0, x: columnX, spaceBefore: 0, spaceAfter: 0, tag: old.tag)[line.1]
        guard case .text(let unaligned) = replacement.items[0] else { return nil }
        replacement.pushDown(old.baseline - unaligned.baseline)
        var cut = slice
        // The old line's pictures, frames and formula pieces go with its text (the pieces after
        // the cut were drawn over the label); the new line brings its own.
        cut.items = slice.items.enumerated().compactMap { index, item in
            if index == textIndex { return replacement.items[0] }
            switch item {
            case .image, .frame, .formula: return nil
            default: return item
            }
        } + replacement.items.dropFirst().filter {
            switch $0 {
            case .image, .frame, .formula: return true
            default: return false
            }
        }
        cut.links = slice.links.filter { !isOnLine($0, old) } + replacement.links
        cut.footnotes = replacement.footnotes
        cut.keepWithNext = false
        return (cut, showsText)
    }

    private func isOnLine(_ link: LinkArea, _ line: TextLine) -> Bool {
        link.rect.x >= line.x - 0.5 && link.rect.maxX <= line.x + line.width + 0.5
    }

    /// `piece` (the kept text of the cut line) less trailing spaces and dangling punctuation
    /// (unless that punctuation is all it shows), then "… " and the label as a link, isolated
    /// (FSI…PDI) so that it keeps its own direction without reordering the text around it;
    /// with an empty label, the ellipsis alone is the link. `closing`: how many isolates the
    /// text leaves open (a formula's, cut after one of its pieces), closed before the label.
    /// `showsText`: whether anything of `piece` is left. O(piece).
    package func labelled(_ piece: StyledText, label: String, target: String, closing: Int = 0) -> (text: StyledText, showsText: Bool) {
        // Trailing spaces go, then dangling punctuation unless it is all the line shows ("---").
        var end = piece.count, spaceless = piece.count
        for scalar in piece.string.unicodeScalars.reversed() {
            let space = scalar.properties.isWhitespace
            guard space || Self.danglingPunctuation.contains(scalar) else { break }
            end -= UTF8.width(scalar)
            if space, spaceless == end + UTF8.width(scalar) { spaceless = end }
        }
        var out = piece.prefix(end > 0 ? end : spaceless)
        let showsText = out.count > 0
        if closing > 0 { out.append(String(repeating: "\u{2069}", count: closing)) }
        if label.isEmpty {
            let start = out.count
            out.append("…", StyledText.Attributes(color: style.linkColor))
            out.links.append(StyledText.Link(range: start..<out.count, target: .destination(target)))
            return (out, showsText)
        }
        // After a full stop the ellipsis stands apart: "done. … Continue reading".
        let last = out.string.unicodeScalars.last
        out.append(last.map { Self.sentenceEnd.contains($0) } == true ? " … \u{2068}" : "… \u{2068}")
        let start = out.count
        out.append(label, StyledText.Attributes(color: style.linkColor))
        out.links.append(StyledText.Link(range: start..<out.count, target: .destination(target)))
        out.append("\u{2069}")
        return (out, showsText)
    }

    /// How many directional isolates (LRI, RLI, FSI) `text` opens and leaves open. O(n).
    package static func openIsolates(_ text: String) -> Int {
        var open = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{2066}", "\u{2067}", "\u{2068}": open += 1
            case "\u{2069}": open = max(0, open - 1)
            case "\n", "\u{2029}": open = 0   // a paragraph's end closes them all
            default: break
            }
        }
        return open
    }

    package static let sentenceEnd: Set<Unicode.Scalar> = Set(".!?。！？".unicodeScalars)
    package static let danglingPunctuation: Set<Unicode.Scalar> = Set(",;:-–—([{«„“‘/·、，：；（「『【".unicodeScalars)
}
