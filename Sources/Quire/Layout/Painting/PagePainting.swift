/// Pages as layout makes them, turned into pages as the renderer draws them: items in drawing
/// order, text lines as glyph runs (`LinePainter`).

/// The painted form of `page`: its items and furniture in `drawingOrder`, each text line
/// recorded by `painter`. Call it on the thread that laid the page out. O(items + glyphs).
func paintPage(_ page: Page, with painter: LinePainter) -> PaintedPage {
    let items = drawingOrder(page).map { item -> PaintItem in
        switch item {
        case .text(let line): return .text(painter.paint(line))
        case .fill(let r, let c): return .fill(r, c)
        case .line(let a, let b, let w, let c): return .line(from: a, to: b, width: w, color: c)
        case .marker(let m): return .marker(m)
        case .image(let r, let image): return .image(r, image)
        case .frame(let r, let w, let c): return .frame(r, width: w, color: c)
        }
    }
    return PaintedPage(size: page.size, items: items, links: page.links, destinations: page.destinations)
}

/// The page's items and furniture in the order they are painted: backgrounds; images; list
/// markers, those of one look together; text; then rules and frames. Otherwise layout's order.
///
/// The result looks the same as layout's order: layout never puts a background over text,
/// nor an image or marker under or over a line of text; and rules and frames go last because
/// a key cap's frame sits on the shading Pango draws behind the key's text. It is cheaper to
/// write: Cairo ends a PDF text object and restates the colour and text matrix for every text
/// run drawn after a shape, and a path per marker is a PDF operation per marker.
/// - Complexity: O(n · k) for n items and k distinct marker looks (shape, size, colour).
func drawingOrder(_ page: Page) -> [PageItem] {
    var backgrounds: [PageItem] = [], images: [PageItem] = [], text: [PageItem] = [], strokes: [PageItem] = []
    var markerGroups: [(look: Marker, items: [PageItem])] = []
    for item in page.items + page.furniture {
        switch item {
        case .fill: backgrounds.append(item)
        case .image: images.append(item)
        case .marker(let m):
            if let g = markerGroups.firstIndex(where: { $0.look.looksLike(m) }) {
                markerGroups[g].items.append(item)
            } else {
                markerGroups.append((m, [item]))
            }
        case .text: text.append(item)
        case .line, .frame: strokes.append(item)
        }
    }
    return backgrounds + images + markerGroups.flatMap(\.items) + text + strokes
}

extension Marker {
    /// Same kind, size and colour: such markers are drawn as one path.
    func looksLike(_ other: Marker) -> Bool { kind == other.kind && size == other.size && color == other.color }
}

