import Foundation
import QuireModel

/// A document in excerpt mode: every section longer than N lines is shown cut, and its full
/// text follows in a "Full text" part after the main flow, each full text linking back.
extension ExcerptLayouter {
    /// Lays out `document` in excerpt mode, handing the slices to `add` a section at a time:
    /// the opening heading, each section cut to `n` lines (its summary recorded for
    /// `quire preview`), the footnotes, then, when `includeFullText`, the "Full text" part
    /// with every cut section's full text (marked where its excerpt stopped) and a link back
    /// to its excerpt. The part before the first heading is titled `title`
    /// (`SectionedDocument.preambleTitle`).
    package func layoutWithExcerpts(_ document: Document, lines n: Int, includeFullText: Bool, title documentTitle: String,
                            _ context: BlockContext, add: ([Slice]) throws -> Void) rethrows {
        let divided = SectionedDocument(document.blocks)
        var fullTexts: [(title: String, level: Int, body: [Block], excerpt: Excerpt, target: String, back: String)] = []
        if let title = divided.title { try add(layoutBlock(title, context)) }
        for (k, section) in divided.sections.enumerated() {
            let target = "\(anchors.namespace)full\(k + 1)"
            var back = "\(anchors.namespace)excerpt\(k + 1)"
            var title = documentTitle
            var level = 2
            var headingSlices: [Slice] = []
            if let heading = section.heading, let named = heading.sectionHeading {
                headingSlices = layoutBlock(heading, context)
                // The back link lands on the heading: its own destination, else one of its own.
                if let name = headingSlices.first?.destinations.first?.name {
                    back = name
                } else if !headingSlices.isEmpty, claimDestination(back) {
                    headingSlices[0].destinations.append(Destination(name: back, y: 0))
                }
                title = named.text
                level = named.level
            }
            let excerpt = self.excerpt(section.body, lines: n, target: target, decorationFirst: section.heading == nil, context)
            var body = excerpt.slices
            Self.keepTogether(&body)
            if section.heading == nil, !body.isEmpty, claimDestination(back) {
                body[0].destinations.append(Destination(name: back, y: 0))
            }
            try add(headingSlices + body)
            sink.addExcerpt(ExcerptSummary(title: title, lines: body.compactMap(previewLine), isCut: excerpt.isCut))
            if excerpt.isCut { fullTexts.append((title, level, section.body, excerpt, target, back)) }
        }
        try add(layoutBlocks(divided.footnotes, context))
        guard includeFullText, !fullTexts.isEmpty else { return }

        let partTitle = wording(style.fullTextTitle, width: context.column.width)
        var part = headingSlices(level: 1, plainText(partTitle), destination: "fulltext", context)
        part[0].pageBreakBefore = true
        sink.addTrailingOutline(OutlineEntry(level: 1, title: partTitle, destination: "fulltext"))
        try add(part)
        for full in fullTexts {
            var slices = headingSlices(level: max(2, min(full.level, 6)), plainText(full.title), destination: full.target, context)
            sink.addTrailingOutline(OutlineEntry(level: 2, title: full.title, destination: full.target))
            slices += fullText(full.body, of: full.excerpt, context) + backLink(style.backLabel, to: full.back, context)
            try add(slices)
        }
    }

    /// The full text of a body cut as `excerpt`, with a thin rule in the margin beside the
    /// line where the excerpt stopped (the one it cut, or the first it did not show), so the
    /// reader who followed "Continue reading" finds their place. O(body).
    package func fullText(_ body: [Block], of excerpt: Excerpt, _ context: BlockContext) -> [Slice] {
        let decoration = layoutBlocks(Array(body.prefix(excerpt.decorationBlocks)), context)
        var slices = layoutBlocks(Array(body.dropFirst(excerpt.decorationBlocks)), context)
        if let resume = excerpt.resume {
            let units = slices.excerptUnits(first: resume + 1)
            if resume < units.count { markResume(&slices[units[resume].slices.lowerBound]) }
        }
        return decoration + slices
    }

    /// Draws the resume mark beside `slice`: a rule as tall as its first line, in the link
    /// colour, in the margin on the side its text starts from (beyond a code block or a table
    /// widened into that margin).
    private func markResume(_ slice: inout Slice) {
        var rightToLeft = false
        var top = 0.0, bottom = slice.firstLineHeight ?? slice.height
        if let line = slice.items.lazy.compactMap({ if case .text(let t) = $0 { return t } else { return nil } }).first {
            rightToLeft = line.shaped.isRightToLeft
            let box = line.shaped.lines[line.lineIndex]
            // A line on the grid (a taller fallback font's) is as tall as its place in it.
            top = line.baseline - (box.grid?.above ?? box.ascent)
            bottom = line.baseline + (box.grid?.below ?? box.descent)
        }
        var left = style.margins.left, right = style.margins.left + style.contentWidth
        for item in slice.items {
            switch item {
            case .fill(let r, _): (left, right) = (min(left, r.x), max(right, r.maxX))
            case .text(let t): (left, right) = (min(left, t.x), max(right, t.x + t.width))
            default: break
            }
        }
        let gap = typography.excerptMarkGap
        let x = rightToLeft ? right + gap : left - gap
        slice.items.append(.line(from: Point(x: x, y: top), to: Point(x: x, y: bottom),
                                 width: typography.excerptMark.width, color: typography.excerptMark.color))
    }

    /// The width of a terminal's column in em of the body text, to indent previews as the page does.
    package static let terminalColumn = 0.6

    /// The text of an excerpt line as a terminal shows it: marker or number, then the text.
    private func previewLine(_ slice: Slice) -> String? {
        guard slice.excerptRole != .none else { return nil }
        var parts: [(x: Double, text: String)] = []
        var rightToLeft = false
        var right = style.margins.left
        for item in slice.items {
            switch item {
            case .text(let line):
                parts.append((line.x, line.textWithFormulas))
                rightToLeft = rightToLeft || line.shaped.isRightToLeft
                right = max(right, line.x + line.width)
            case .marker(let m):
                let glyph: String
                switch m.kind {
                case .shape(.disc): glyph = "•"
                case .shape(.circle): glyph = "◦"
                case .shape(.square): glyph = "▪"
                case .shape(.dash): glyph = "–"
                case .taskBox(let checked): glyph = checked ? "☑" : "☐"
                }
                parts.append((m.center.x, glyph))
            case .formula(let f) where f.tag != .artifact && !slice.items.contains(where: { if case .text = $0 { true } else { false } }):
                // A display formula's line (an inline one is in its text line's characters).
                parts.append((f.origin.x, f.box.characters))
            default: break
            }
        }
        guard let left = parts.map(\.x).min() else { return nil }
        // Indent by the distance from the line's start edge (the right one for right-to-left).
        let inset = rightToLeft ? style.margins.left + style.contentWidth - right : left - style.margins.left
        let indent = String(repeating: " ", count: max(0, Int((inset / (style.bodySize * Self.terminalColumn)).rounded())))
        return indent + parts.sorted { $0.x < $1.x }.map(\.text).joined(separator: " ")
            .replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")
    }
}

extension TextSlicing {
    /// "↩ Back to …" (the label in the width that fits) linking to `destination`: under a
    /// full text, to its excerpt or digest entry.
    package func backLink(_ label: TextValue, to destination: String, _ context: BlockContext) -> [Slice] {
        var link = StyledText()
        link.append("↩ ")
        let start = link.count
        link.append(wording(label, width: context.column.width), StyledText.Attributes(italic: true, color: style.linkColor))
        link.links.append(StyledText.Link(range: start..<link.count, target: .destination(destination)))
        return paragraph(link, context)
    }
}

/// A section as excerpt mode showed it.
public struct ExcerptSummary: Sendable, Equatable {
    /// The section's heading text (the document title for the part before the first heading).
    public var title: String
    /// Its lines with the PDF's line breaks; a cut one ends with "… Continue reading".
    public var lines: [String]
    /// Whether the section was cut (so its full text follows the main flow).
    public var isCut: Bool
}
