
/// The shapes of a list marker (`MarkerDrawing`, in the model) worked out from its kind,
/// centre and size.
extension Marker {
    /// The shapes this marker is drawn as, in proportion to its `size` (the width of the
    /// shape): a disc fills it; a circle's ring is 0.16 of it thick, inside it; a square fills
    /// it; a dash is 1.5 of it long and 0.24 high; a task box's frame is 0.09 thick, inside
    /// it, and a checked box's tick 0.14 thick, round at its ends and corner.
    package var drawing: MarkerDrawing {
        let c = center, s = size
        switch kind {
        case .shape(.disc):
            return MarkerDrawing(color: color, body: .init(shape: .dot(c), paint: .stroke(width: s, cap: .round, join: nil)))
        case .shape(.circle):
            let w = s * 0.16
            return MarkerDrawing(color: color, body: .init(shape: .circle(center: c, radius: (s - w) / 2),
                                                           paint: .stroke(width: w, cap: nil, join: nil)))
        case .shape(.square):
            return MarkerDrawing(color: color, body: .init(shape: .rectangle(Rect(x: c.x - s / 2, y: c.y - s / 2, width: s, height: s)),
                                                           paint: .fill))
        case .shape(.dash):
            let dash = Rect(x: c.x - s * 0.75, y: c.y - s * 0.12, width: s * 1.5, height: s * 0.24)
            return MarkerDrawing(color: color, body: .init(shape: .rectangle(dash), paint: .fill))
        case .taskBox(let checked):
            let w = s * 0.09
            let box = Rect(x: c.x - s / 2 + w / 2, y: c.y - s / 2 + w / 2, width: s - w, height: s - w)
            var drawing = MarkerDrawing(color: color, body: .init(shape: .rectangle(box), paint: .stroke(width: w, cap: nil, join: .miter)))
            if checked {
                let tick = MarkerDrawing.Shape.tick(start: Point(x: c.x - s * 0.28, y: c.y + s * 0.02),
                                                    corner: Point(x: c.x - s * 0.06, y: c.y + s * 0.24),
                                                    end: Point(x: c.x + s * 0.30, y: c.y - s * 0.26))
                drawing.tick = .init(shape: tick, paint: .stroke(width: s * 0.14, cap: .round, join: .round))
            }
            return drawing
        }
    }
}

extension Marker {
    /// Same kind, size and colour: such markers are drawn as one path.
    package func looksLike(_ other: Marker) -> Bool { kind == other.kind && size == other.size && color == other.color }
}
