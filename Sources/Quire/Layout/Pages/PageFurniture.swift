import Foundation
import QuireModel
import QuireParse
import QuireStyle

/// What a header or footer slot may show that is not known when its page is laid out: the
/// running title (learnt from a heading still to come) and the page count ({pages}).
package enum FurniturePlaceholder: String, Sendable, Hashable {
    case title, pages
}

/// Running header and footer: what frames the text rather than flows in it. Reads the
/// environment; keeps the texts it shapes in the caches (`LayoutCaches.furnitureShapes`).
package struct PageFurnisher: EnvironmentReader {
    package let environment: LayoutEnvironment
    package let caches: LayoutCaches

    private var furnitureShapes: [FurnitureKey: ShapedText] {
        get { caches.furnitureShapes }
        nonmutating set { caches.furnitureShapes = newValue }
    }
}

extension LayoutSession {
    /// The furnisher of this document's pages.
    package var furnisher: PageFurnisher { PageFurnisher(environment: environment, caches: caches) }
}

extension PageFurnisher {
    /// Header and footer items for page `number` of `count`, a page of `size` (the style's, or
    /// turned for a wide table: its own margins then). The header is left off page 1 unless the
    /// style asks for it. Each slot's text chooses its width variant, then its placeholders are
    /// filled ({title} choosing by the slot's width too). `count` may be nil only when no slot
    /// uses {pages} (`Furniture.usesPageCount`), or when `slots` leaves out those that do.
    package func furniture(page number: Int, of count: Int?, size: PageSize, info: DocumentInfo, title: TextValue,
                   slots: FurnitureSlots = .all) -> [PageItem] {
        let page = size == style.pageSize ? style : style.turnedForWideTables
        var items: [PageItem] = []
        if number > 1 || style.headerOnFirstPage {
            items += band(style.header, on: page, baselineFromTop: page.margins.top * typography.headerBaseline,
                          role: typography.header, page: number, of: count, info: info, title: title, slots: slots)
        }
        items += band(style.footer, on: page, baselineFromTop: page.pageSize.height - page.margins.bottom * typography.footerBaseline,
                      role: typography.footer, page: number, of: count, info: info, title: title, slots: slots)
        return items
    }

    /// Which header and footer slots to set, when some show what is not known yet: the page
    /// count, or a running title still to come. A page is then drawn with the others, and the
    /// rest later (in a form the PDF draws over the page, `LayoutDeferral`).
    package enum FurnitureSlots: Equatable {
        case all
        /// The slots that show none of `unknown`.
        case known(unknown: Set<FurniturePlaceholder>)
        /// The slots that show one of `unknown`.
        case deferred(unknown: Set<FurniturePlaceholder>)

        /// Whether a slot of `template` (its chosen wording) is set.
        package func includes(_ template: String) -> Bool {
            switch self {
            case .all: return true
            case .known(let unknown): return !Self.shows(template, unknown)
            case .deferred(let unknown): return Self.shows(template, unknown)
            }
        }

        private static func shows(_ template: String, _ names: Set<FurniturePlaceholder>) -> Bool {
            template.utf8.contains(UInt8(ascii: "{")) && names.contains { template.contains("{\($0.rawValue)}") }
        }
    }

    /// Whether some slot of page `number`'s header or footer (a page of `size`) shows one of
    /// `unknown` (as `furniture` would set it).
    package func furnitureShows(_ unknown: Set<FurniturePlaceholder>, page number: Int, size: PageSize) -> Bool {
        let page = size == style.pageSize ? style : style.turnedForWideTables
        var bands = [style.footer]
        if number > 1 || style.headerOnFirstPage { bands.append(style.header) }
        let slots = FurnitureSlots.deferred(unknown: unknown)
        return bands.contains { templates($0, on: page).contains { slots.includes($0.template) } }
    }

    /// The band's slots that show something, each with its wording for the slot's width.
    private func templates(_ furniture: Furniture, on geometry: Style) -> [(template: String, alignment: TextAlignment, width: Double)] {
        let slots: [(TextValue, TextAlignment)] = [(furniture.left, .left), (furniture.center, .center), (furniture.right, .right)]
            .filter { $0.0 != .plain("") }
        let width = slots.count > 1 ? geometry.contentWidth / 3 : geometry.contentWidth
        return slots.map { (wording($0.0, width: width), $0.1, width) }
    }

    /// The most characters a header or footer slot keeps.
    package static let furnitureCharacters = 200

    /// A shaped header or footer text, by slot alignment, size, text and the text block's width.
    package struct FurnitureKey: Hashable {
        package var alignment: TextAlignment
        package var size: Double
        package var text: String
        package var width: Double
    }

    private func band(_ furniture: Furniture, on geometry: Style, baselineFromTop: Double, role: Typography.TextRole, page: Int,
                      of count: Int?, info: DocumentInfo, title: TextValue, slots selected: FurnitureSlots) -> [PageItem] {
        guard !furniture.isEmpty else { return [] }
        var items: [PageItem] = []
        for (template, alignment, width) in templates(furniture, on: geometry) where selected.includes(template) {
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
            let key = FurnitureKey(alignment: alignment, size: role.size, text: text, width: geometry.contentWidth)
            let shaped: ShapedText
            if let known = furnitureShapes[key] {
                shaped = known
            } else {
                shaped = typesetter.shape(plainText(text), format(role, width: geometry.contentWidth, alignment: alignment))
                // A text with the page number is not seen again: not kept.
                if !template.contains("{page}") { furnitureShapes[key] = shaped }
            }
            guard let line = shaped.lines.first else { continue }
            items.append(.text(TextLine(shaped: shaped, lineIndex: 0, x: geometry.margins.left + line.x,
                                        baseline: baselineFromTop, top: baselineFromTop - line.ascent, width: line.width)))
        }
        return items
    }

}

/// The title block, set as any text is.
extension TextSlicing {
    /// The document's title, subtitle, author and date from its front matter, set at the top
    /// of page 1 (the title in its widest wording). Empty without front matter.
    package func titleBlock(_ info: DocumentInfo) -> [Slice] {
        guard !info.isEmpty else { return [] }
        let column = Column(x: style.margins.left, width: style.contentWidth)
        var slices: [Slice] = []
        func add(_ value: TextValue?, _ look: Typography.Set, _ role: StructureElement.Role = .paragraph) {
            guard let value else { return }
            var text = StyledText()
            text.append(value.widest)
            var lines = paragraphSlices(text, format(look.text, width: column.width, alignment: .left), x: column.x,
                                        spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                        tag: .element(StructureElement(role, parent: nil, text: text.string)))
            for i in lines.indices { lines[i].keepWithNext = true; lines[i].excerptRole = .none }
            slices += lines
        }
        add(info.title, typography.title, .heading1)
        add(info.subtitle, typography.subtitle)
        add(info.author, typography.author)
        add(info.date, typography.date)
        guard !slices.isEmpty else { return [] }
        let y = typography.titleRuleDrop
        var rule = Slice(height: typography.titleRuleHeight, spaceBefore: typography.titleRuleSpaceBefore,
                         spaceAfter: typography.titleRuleSpaceAfter)
        rule.items.append(.line(from: Point(x: column.x, y: y), to: Point(x: column.maxX, y: y),
                                width: typography.titleRule.width, color: typography.titleRule.color))
        slices.append(rule)
        return slices
    }
}
