@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import Foundation

/// Checks every cut excerpt of a laid-out document from its pages alone (text lines, links,
/// destinations, rules), as a reader of the PDF would, without asking the excerpt code:
///
/// - every full text has exactly one label link to it in the main flow ("no silent cut");
/// - the label ends its line, wholly: one link rectangle, exactly as wide as the label, inside
///   the line and the column;
/// - the excerpt shows exactly N lines (a table row and a code line count one each, a heading
///   line too; the section's own heading, a digest entry's path and a preamble's leading
///   badges and logos are not counted), or fewer only when what follows could not be cut
///   (a table, a heading, a picture);
/// - a heading is never the last thing before the label (a line N showing text may follow one);
/// - the label stands alone on line N only when not even the first character of its line fits;
/// - the label's destination is the full text's heading, a link from the full text ("↩")
///   leads back to the excerpt's start, and one mark in the full text's margin stands beside
///   the line where the excerpt stopped (the shown part of line N begins it).
struct ExcerptAudit {
    enum Mode { case render, digest }

    let document: LaidOutDocument
    let style: Style
    let lines: Int
    let mode: Mode
    private let typography: Typography

    init(_ document: LaidOutDocument, style: Style, lines: Int, mode: Mode = .render) {
        self.document = document
        self.style = style
        self.lines = lines
        self.mode = mode
        typography = Typography(style)
    }

    /// A line's position in the document: page, then top.
    private struct Placed {
        var page: Int
        var line: TextLine
        var top: Double { line.top }
        var bottom: Double {
            let box = line.shaped.lines[line.lineIndex]
            // A line on the grid (a taller fallback font's) takes its place there, not its font's extents.
            let (ascent, descent) = box.grid.map { ($0.above, $0.below) } ?? (box.ascent, box.descent)
            return max(line.top + ascent + descent, line.baseline + descent)
        }
    }

    /// Problems found, one sentence each; empty when every excerpt passes.
    func problems() -> [String] {
        var problems: [String] = []
        let pages = document.pages
        var destinationPage: [String: (page: Int, y: Double)] = [:]
        for (p, page) in pages.enumerated() {
            for d in page.destinations where destinationPage[d.name] == nil { destinationPage[d.name] = (p, d.y) }
        }
        let fullTargets = destinationPage.keys.filter(isFullTextTarget).sorted {
            destinationPage[$0]!.page < destinationPage[$1]!.page
                || (destinationPage[$0]!.page == destinationPage[$1]!.page && destinationPage[$0]!.y < destinationPage[$1]!.y)
        }
        guard let firstFull = fullTargets.first.map({ destinationPage[$0]!.page }) else { return [] }
        let mainFlow = 0..<firstFull
        for (index, target) in fullTargets.enumerated() {
            let labels = mainFlow.flatMap { p in pages[p].links.filter { $0.target == .destination(target) }.map { (p, $0) } }
            guard labels.count == 1 else {
                problems.append("\(target): \(labels.count) label links in the main flow (a full text without its label is a silent cut)")
                continue
            }
            let (labelPage, link) = labels[0]
            let end = index + 1 < fullTargets.count ? destinationPage[fullTargets[index + 1]]! : (pages.count, 0)
            problems += check(target: target, labelPage: labelPage, link: link, full: destinationPage[target]!,
                              fullEnd: end, destinations: destinationPage).map { "\(target): \($0)" }
        }
        return problems
    }

    private func isFullTextTarget(_ name: String) -> Bool {
        switch mode {
        case .render: return name.hasPrefix("full") && Int(name.dropFirst(4)) != nil
        case .digest: return name.hasPrefix("d") && name.hasSuffix("-full") && Int(name.dropFirst().dropLast(5)) != nil
        }
    }

    private func check(target: String, labelPage: Int, link: LinkArea, full: (page: Int, y: Double), fullEnd: (page: Int, y: Double),
                       destinations: [String: (page: Int, y: Double)]) -> [String] {
        var problems: [String] = []
        let pages = document.pages
        // The label's line: the label ends it, the link covers exactly the label.
        let onLine = pages[labelPage].bodyLines.filter {
            abs($0.top - link.rect.y) < 0.5 && link.rect.x >= $0.x - 0.5 && link.rect.maxX <= $0.x + $0.width + 0.5
        }
        guard onLine.count == 1, let labelLine = onLine.first else { return ["the label's link is on \(onLine.count) lines"] }
        let text = labelLine.text
        guard text.hasSuffix("\u{2069}"), let open = text.lastIndex(of: "\u{2068}") else {
            return ["line N does not end with the label: \(text)"]
        }
        let label = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        var labelText = StyledText()
        labelText.append(label)
        let labelWidth = Typesetter().shape(labelText, ParagraphFormat(text: labelLine.shaped.format.text, width: 10_000)).lines[0].width
        if abs(link.rect.width - labelWidth) > 0.5 { problems.append("link \(link.rect.width) wide, label \(labelWidth): \(text)") }
        // Inside the line's own column (the text column's, or a code block's widened into the
        // margins) and inside the page's safe area.
        let column = labelLine.x - labelLine.shaped.lines[labelLine.lineIndex].x
        let lineLeft = max(style.safeMargin, column)
        let lineRight = min(style.pageSize.width - style.safeMargin, column + labelLine.shaped.format.width)
        if link.rect.x < lineLeft - 0.5 || link.rect.maxX > lineRight + 0.5 { problems.append("label outside the column: \(link.rect)") }
        let left = style.margins.left, right = style.margins.left + style.contentWidth
        if !text.contains("…") { problems.append("no ellipsis before the label: \(text)") }

        // The full text: its heading at the destination, the link back, the mark.
        if !pages[full.page].bodyLines.contains(where: { abs($0.top - full.y) < 1 && isHeading($0) }) {
            problems.append("the label's destination is not on the full text's heading")
        }
        /// Whether `y` on page `p` lies in this full text (up to the next one).
        func inFullText(_ p: Int, _ y: Double) -> Bool { (p, y) >= (full.page, full.y - 0.5) && (p, y) < (fullEnd.page, fullEnd.y - 0.5) }
        let fullRange = full.page..<min(pages.count, fullEnd.page + 1)
        let backLinks = fullRange.flatMap { p in
            pages[p].links.compactMap { l -> String? in
                guard case .destination(let name) = l.target, inFullText(p, l.rect.y),
                      pages[p].bodyLines.contains(where: { abs($0.top - l.rect.y) < 0.5 && $0.text.hasPrefix("↩") }) else { return nil }
                return name
            }
        }
        guard backLinks.count == 1, let back = destinations[backLinks[0]] else {
            return problems + ["\(backLinks.count) links back from the full text"]
        }
        guard (back.page, back.y) <= (labelPage, labelLine.baseline) else {
            return problems + ["the link back lands after the excerpt"]
        }

        // The excerpt's lines, from the back link's destination to the label's line.
        var region: [Placed] = []
        for p in back.page...labelPage {
            for line in pages[p].bodyLines.sorted(by: { $0.top < $1.top }) {
                if p == back.page && line.baseline < back.y { continue }
                if p == labelPage && line.baseline > labelLine.baseline + 0.5 { continue }
                region.append(Placed(page: p, line: line))
            }
        }
        var start = 0
        while start < region.count, isHeading(region[start].line) { start += 1 }  // the section's heading
        let preamble = mode == .digest || backLinks[0].hasPrefix("excerpt")
        if mode == .digest { while start < region.count, isPathLine(region[start].line) { start += 1 } }
        if preamble { while start < region.count, isDecoration(region[start].line) { start += 1 } }
        var counted = units(Array(region[start...]))
        // A table's header row repeated at the top of a page is not read twice.
        var seenRows: [[String]] = []
        counted = counted.enumerated().filter { k, unit in
            guard unit.allSatisfy({ isTableCell($0.line) }) else { return true }
            let texts = unit.map(\.line.text)
            defer { seenRows.append(texts) }
            let opensPage = k > 0 && counted[k - 1][0].page != unit[0].page
            return !(opensPage && seenRows.contains(texts))
        }.map(\.element)
        // A display formula counts the lines of body text its height displaces.
        let formulaLines = displayFormulaLines(from: (back.page, back.y), to: (labelPage, labelLine.baseline))
        let shownLines = counted.count + formulaLines
        if shownLines > lines {
            problems.append("\(shownLines) lines shown (\(formulaLines) of display math), more than \(lines): \(counted.map { $0.map(\.line.text) })")
        }
        // What line N shows of its text (a picture shows none), to find in the full text.
        // Pictures and formulas (the pieces in their isolate, and the spaces between them) read
        // as nothing: a formula the cut left open reads as nothing to the line's end.
        func readable(_ text: String) -> String {
            var out = String.UnicodeScalarView()
            var formulas = 0
            for scalar in text.unicodeScalars {
                if scalar == "\u{2066}" { formulas += 1; continue }
                if scalar == "\u{2069}", formulas > 0 { formulas -= 1; continue }
                if formulas == 0, scalar != "\u{FFFC}" { out.append(scalar) }
            }
            return String(out).trimmingCharacters(in: .whitespaces)
        }
        let shown = readable(visibleText(text))
        let beforeEllipsis = text.range(of: "…", options: .backwards).map { String(text[..<$0.lowerBound]) } ?? text
        let showsContent = !beforeEllipsis.trimmingCharacters(in: .whitespaces).isEmpty  // text or a picture
        if !showsContent, counted.count >= 2, counted[counted.count - 2].allSatisfy({ isHeading($0.line) }) {
            problems.append("a heading is the last thing before the label")
        }
        if counted.last?.contains(where: { isHeading($0.line) }) == true { problems.append("the label is on a heading's line") }

        // The mark beside the line where reading resumes.
        let marks = fullRange.flatMap { p in
            pages[p].items.compactMap { item -> (Int, Double, Double)? in
                guard case .line(let a, let b, _, let color) = item, a.x == b.x, color == style.linkColor,
                      a.x < left - 1 || a.x > right + 1, inFullText(p, a.y) else { return nil }
                return (p, min(a.y, b.y), max(a.y, b.y))
            }
        }
        guard marks.count == 1, let mark = marks.first else { return problems + ["\(marks.count) marks in the full text's margin"] }
        let beside = pages[mark.0].bodyLines.filter { $0.top < mark.2 - 0.5 && Placed(page: mark.0, line: $0).bottom > mark.1 + 0.5 }
        if !shown.isEmpty {
            if !beside.contains(where: { readable($0.text).hasPrefix(shown) }) {
                problems.append("the mark is not beside the cut line (shown \"\(shown)\", beside \(beside.map(\.text)))")
            }
        }
        // A line of spaces only (a code block's blank line) shows nothing to keep beside the label.
        if !showsContent, let resume = beside.first(where: { !isHeading($0) && !isTableCell($0) && !$0.text.allSatisfy(\.isWhitespace) }),
           resume.text.first != "\u{FFFC}" {  // a picture's width is not its character's
            // The label alone on a line of text only when not even its first character fits beside it.
            var first = StyledText()
            first.append(String(resume.text.first!) + "… " + label)
            let width = Typesetter().shape(first, ParagraphFormat(text: resume.shaped.format.text, width: 10_000)).lines[0].width
            let own = resume.x - resume.shaped.lines[resume.lineIndex].x  // its column's left (a code block's may be wider)
            let room = resume.shaped.isRightToLeft ? resume.x + resume.width - own : own + resume.shaped.format.width - resume.x
            if width < room - 1 { problems.append("the label stands alone though \"\(resume.text.first!)…\" fits beside it") }
        }
        if shownLines < lines {
            // Fewer lines only when the excerpt stopped before what could not be cut.
            let uncuttable = beside.isEmpty || beside.contains { isHeading($0) || isTableCell($0) }
            if !uncuttable { problems.append("\(shownLines) lines shown, fewer than \(lines), before \(beside.map(\.text))") }
        }
        return problems
    }

    /// The lines of body text the display formulas between `start` and `end` (page, y)
    /// displace: each line of a formula (its pieces on one baseline that no text line has) as
    /// many as its height holds, to the nearest, at least one.
    private func displayFormulaLines(from start: (page: Int, y: Double), to end: (page: Int, y: Double)) -> Int {
        var total = 0
        for p in start.page...end.page {
            let page = document.pages[p]
            let baselines = Set(page.bodyLines.map(\.baseline))
            var heights: [Double: Double] = [:]
            for case .formula(let f) in page.items where !baselines.contains(f.origin.y) {
                guard (p, f.origin.y) >= (start.page, start.y), (p, f.origin.y) < (end.page, end.y) else { continue }
                heights[f.origin.y] = max(heights[f.origin.y] ?? 0, f.box.height + f.box.depth)
            }
            total += heights.values.reduce(0) { $0 + max(1, Int(($1 / typography.body.lineHeight).rounded())) }
        }
        return total
    }

    /// The lines grouped as a reader counts them: lines side by side (a list number and its
    /// text) are one; the lines of a table row (between the rules above and below it) are one.
    private func units(_ lines: [Placed]) -> [[Placed]] {
        var units: [[Placed]] = []
        var lastRow: (page: Int, rule: Double)?
        for placed in lines {
            if isTableCell(placed.line) {
                // The row is named by the rule above the cell's line, across the cell.
                let rules = document.pages[placed.page].items.compactMap { item -> Double? in
                    guard case .line(let a, let b, _, _) = item, a.y == b.y, a.y <= placed.top + 0.5,
                          min(a.x, b.x) <= placed.line.x + 0.5,
                          max(a.x, b.x) >= placed.line.x + placed.line.width - 0.5 else { return nil }
                    return a.y
                }
                let row = (page: placed.page, rule: rules.max() ?? placed.top)
                if let last = lastRow, last == row {
                    units[units.count - 1].append(placed)
                } else {
                    units.append([placed])
                }
                lastRow = row
                continue
            }
            lastRow = nil
            if let last = units.last, !last.contains(where: { isTableCell($0.line) }), last[0].page == placed.page,
               placed.top < last.map(\.bottom).max()! - 1 {
                units[units.count - 1].append(placed)
            } else {
                units.append([placed])
            }
        }
        return units
    }

    /// The text of the label's line before the ellipsis, without trailing spaces or
    /// punctuation: what the full text's line must start with.
    private func visibleText(_ text: String) -> String {
        guard let ellipsis = text.range(of: "…", options: .backwards) else { return text }
        var shown = String(text[..<ellipsis.lowerBound])
        while let last = shown.unicodeScalars.last, last.properties.isWhitespace || ExcerptLayouter.danglingPunctuation.contains(last) {
            shown.unicodeScalars.removeLast()
        }
        return shown
    }

    /// Whether `role` is `expected`, its family lists perhaps ending with the Noto CJK family
    /// a document with CJK text adds (`CJKRegion.fallback`).
    private func isRole(_ role: Typography.TextRole, _ expected: Typography.TextRole) -> Bool {
        var role = role
        if role.family.hasPrefix(expected.family) { role.family = expected.family }
        if role.monospaceFamily.hasPrefix(expected.monospaceFamily) { role.monospaceFamily = expected.monospaceFamily }
        return role == expected
    }

    private func isHeading(_ line: TextLine) -> Bool { typography.headings.all.contains { isRole(line.shaped.format.text, $0.text) } }
    private func isPathLine(_ line: TextLine) -> Bool { isRole(line.shaped.format.text, typography.pathLine.text) }

    private func isTableCell(_ line: TextLine) -> Bool {
        let role = line.shaped.format.text
        return role.size <= typography.tableSize + 0.001 && abs(role.lineHeight - role.size * typography.tableLineHeight) < 0.001
    }

    /// A line of a preamble's leading badges and logos: an image placeholder's text, or a
    /// line of pictures and framed alt texts only.
    private func isDecoration(_ line: TextLine) -> Bool {
        if isRole(line.shaped.format.text, typography.placeholder) { return true }
        let shaped = line.shaped
        var offset = shaped.lines[line.lineIndex].start
        for scalar in line.text.unicodeScalars {
            let inFrame = shaped.text.frames.contains { $0.contains(offset) }
            if !(scalar == "\u{FFFC}" || scalar.properties.isWhitespace || inFrame || "|·•-–—/,".unicodeScalars.contains(scalar)) {
                return false
            }
            offset += UTF8.width(scalar)
        }
        return true
    }
}

extension ExcerptAudit {
    /// The words of `plain` (the document laid out without excerpts) that `excerpted` shows
    /// fewer times, main flow and full texts together: empty when nothing was cut without its
    /// full text following. O(words).
    static func wordsLost(plain: LaidOutDocument, excerpted: LaidOutDocument) -> [String] {
        func counts(_ doc: LaidOutDocument) -> [Substring: Int] {
            var counts: [Substring: Int] = [:]
            // A table's header row repeated on the next page is the same line drawn again.
            struct Drawn: Hashable { var shaped: ObjectIdentifier; var line: Int }
            var seen: Set<Drawn> = []
            for line in doc.allLines where seen.insert(Drawn(shaped: ObjectIdentifier(line.shaped), line: line.lineIndex)).inserted {
                for word in line.text.split(whereSeparator: { $0.isWhitespace }) { counts[word, default: 0] += 1 }
            }
            return counts
        }
        let shown = counts(excerpted)
        return counts(plain).filter { word, count in shown[word, default: 0] < count }.map { String($0.key) }.sorted()
    }
}
