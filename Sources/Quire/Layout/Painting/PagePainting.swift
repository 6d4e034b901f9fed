import QuireModel

/// Pages as layout makes them, turned into pages as the renderer draws them: items in
/// layout's order, text lines as glyph runs (`LinePainter`), each with its structure tag.

/// The painted form of `page`: its items, then its furniture, in layout's order, each text
/// line recorded by `painter`. Call it on the thread that laid the page out. O(items + glyphs).
///
/// Layout's order is reading order (what a tagged PDF's content and structure follow) and
/// paints right: layout never puts a background over text (a code block's shading comes
/// before its line), a key cap's frame comes after its line (over the shading Pango draws
/// behind the key's text), a list's marker before its item's text.
package func paintPage(_ page: Page, with painter: LinePainter) -> PaintedPage {
    var items: [PaintItem] = [], tags: [ContentTag] = []
    var actualTexts: [Int: String] = [:]
    items.reserveCapacity(page.items.count + page.furniture.count)
    tags.reserveCapacity(page.items.count + page.furniture.count)
    for (list, isFurniture) in [(page.items, false), (page.furniture, true)] {
        for item in list {
            switch item {
            case .text(let line):
                if let actual = line.actualText { actualTexts[items.count] = actual }
                items.append(.text(painter.paint(line)))
                tags.append(isFurniture ? .artifact : line.tag)
            case .fill(let r, let c):
                items.append(.fill(r, c))
                tags.append(.artifact)
            case .line(let a, let b, let w, let c):
                items.append(.line(from: a, to: b, width: w, color: c))
                tags.append(.artifact)
            case .marker(let m):
                items.append(.marker(m))
                tags.append(isFurniture ? .artifact : m.tag)
            case .image(let r, let image, let tag):
                items.append(.image(r, image))
                tags.append(isFurniture ? .artifact : tag)
            case .frame(let r, let w, let c):
                items.append(.frame(r, width: w, color: c))
                tags.append(.artifact)
            case .path(let path, let tag):
                items.append(.path(path))
                tags.append(isFurniture ? .artifact : tag)
            case .formula(let formula):
                items.append(.text(formula.painted))
                tags.append(isFurniture ? .artifact : formula.tag)
            }
        }
    }
    var painted = PaintedPage(size: page.size, items: items, links: page.links, destinations: page.destinations)
    painted.tags = tags
    painted.actualTexts = actualTexts
    painted.deferredFurniture = page.deferredFurniture
    painted.findings = standardsFindings(of: page)
    return painted
}
