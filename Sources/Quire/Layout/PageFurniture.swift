import Foundation

/// Running header, footer and the title block: what frames the text rather than flows in it.
extension LayoutSession {
    /// Header and footer items for page `number` of `count`. The header is left off page 1
    /// unless the style asks for it. Each slot's text chooses its width variant, then its
    /// placeholders are filled ({title} choosing by the slot's width too). `count` may be nil
    /// only when no slot uses {pages} (`Furniture.usesPageCount`).
    func furniture(page number: Int, of count: Int?, info: DocumentInfo, title: TextValue) -> [PageItem] {
        var items: [PageItem] = []
        let size = style.bodySize * 0.82
        if number > 1 || style.headerOnFirstPage {
            items += band(style.header, baselineFromTop: style.margins.top * 0.5, size: size,
                          page: number, of: count, info: info, title: title)
        }
        items += band(style.footer, baselineFromTop: style.pageSize.height - style.margins.bottom * 0.45, size: size,
                      page: number, of: count, info: info, title: title)
        return items
    }

    /// The most characters a header or footer slot keeps.
    static let furnitureCharacters = 200

    /// A shaped header or footer text, by slot alignment, size and text.
    struct FurnitureKey: Hashable {
        var alignment: TextAlignment
        var size: Double
        var text: String
    }

    private func band(_ furniture: Furniture, baselineFromTop: Double, size: Double, page: Int, of count: Int?,
                      info: DocumentInfo, title: TextValue) -> [PageItem] {
        guard !furniture.isEmpty else { return [] }
        let slots: [(TextValue, TextAlignment)] = [(furniture.left, .left), (furniture.center, .center), (furniture.right, .right)]
        let used = slots.filter { $0.0 != .plain("") }.count
        let width = used > 1 ? style.contentWidth / 3 : style.contentWidth
        var items: [PageItem] = []
        for (value, alignment) in slots where value != .plain("") {
            let template = wording(value, width: width)
            var text = template
            if template.utf8.contains(UInt8(ascii: "{")) {
                text = filledPlaceholders(template) { name in
                    switch name {
                    case "title": return wording(title, width: width)
                    case "subtitle": return info.subtitle.map { wording($0, width: width) } ?? ""
                    case "author": return info.author.map { wording($0, width: width) } ?? ""
                    case "date": return info.date.map { wording($0, width: width) } ?? ""
                    case "pages": return count.map(String.init) ?? "?"
                    case "page": return String(page)
                    default: return nil
                    }
                }
            }
            guard !text.isEmpty else { continue }
            // One line in a margin: a runaway title (a 100 KB heading) is cut, not shaped whole on every page.
            if text.utf8.count > Self.furnitureCharacters, text.count > Self.furnitureCharacters {
                text = String(text.prefix(Self.furnitureCharacters)) + "…"
            }
            let key = FurnitureKey(alignment: alignment, size: size, text: text)
            let shaped: ShapedText
            if let known = furnitureShapes[key] {
                shaped = known
            } else {
                var format = bodyFormat(width: style.contentWidth, alignment: alignment)
                format.size = size
                format.color = style.mutedColor
                format.lineHeight = size
                shaped = typesetter.shape(plainText(text), format)
                // A text with the page number is not seen again: not kept.
                if !template.contains("{page}") { furnitureShapes[key] = shaped }
            }
            guard let line = shaped.lines.first else { continue }
            items.append(.text(TextLine(shaped: shaped, lineIndex: 0, x: style.margins.left + line.x,
                                        baseline: baselineFromTop, top: baselineFromTop - line.ascent, width: line.width)))
        }
        return items
    }

    /// The document's title, subtitle, author and date from its front matter, set at the top
    /// of page 1 (the title in its widest wording). Empty without front matter.
    func titleBlock(_ info: DocumentInfo) -> [Slice] {
        guard !info.isEmpty else { return [] }
        let column = Column(x: style.margins.left, width: style.contentWidth)
        var slices: [Slice] = []
        func add(_ value: TextValue?, scale: Double, bold: Bool = false, italic: Bool = false, muted: Bool = false, space: Double) {
            guard let value else { return }
            var text = StyledText()
            text.append(value.widest)
            var format = bodyFormat(width: column.width, alignment: .left)
            format.family = bold ? style.headingFont : style.bodyFont
            format.size = style.bodySize * scale
            format.bold = bold
            format.italic = italic
            format.lineHeight = format.size * 1.25
            if muted { format.color = style.mutedColor }
            var lines = paragraphSlices(text, format, x: column.x, spaceBefore: space, spaceAfter: 0)
            for i in lines.indices { lines[i].keepWithNext = true; lines[i].excerptRole = .none }
            slices += lines
        }
        add(info.title, scale: 2.4, bold: true, space: 0)
        add(info.subtitle, scale: 1.35, italic: true, muted: true, space: style.bodySize * 0.4)
        add(info.author, scale: 1.05, muted: true, space: style.bodySize * 0.9)
        add(info.date, scale: 1.0, muted: true, space: style.bodySize * 0.2)
        guard !slices.isEmpty else { return [] }
        var rule = Slice(height: style.bodySize * 1.2, spaceBefore: style.bodySize * 0.6, spaceAfter: style.bodySize)
        rule.items.append(.line(from: Point(x: column.x, y: style.bodySize * 0.6), to: Point(x: column.maxX, y: style.bodySize * 0.6),
                                width: 1.2, color: style.ruleColor))
        slices.append(rule)
        return slices
    }
}

/// `template` with each `{name}` that `fill` knows replaced, in one pass; other braces stay
/// (in "{{page}" the first brace is text).
/// - Complexity: O(n) in the template's length plus the fills'.
func filledPlaceholders(_ template: String, _ fill: (Substring) -> String?) -> String {
    var out = ""
    var rest = template[...]
    while let close = rest.firstIndex(of: "}") {
        guard let open = rest[..<close].lastIndex(of: "{") else {
            out += rest[...close]
            rest = rest[rest.index(after: close)...]
            continue
        }
        out += rest[..<open]
        if let value = fill(rest[rest.index(after: open)..<close]) {
            out += value
        } else {
            out += rest[open...close]
        }
        rest = rest[rest.index(after: close)...]
    }
    out += rest
    return out
}
