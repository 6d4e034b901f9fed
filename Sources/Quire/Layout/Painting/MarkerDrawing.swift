/// The shapes a list marker is drawn as, in page points (origin at the top left, y down):
/// worked out once, here, from the marker's kind, centre and size, and drawn alike by the PDF
/// writer (`PageContent.swift`) and the PNG preview (`Render/PageDrawing.swift`), so that the
/// two cannot disagree on a bullet's proportions.
package struct MarkerDrawing: Equatable {
    package enum Shape: Equatable {
        /// A point: stroked with round caps, a disc as wide as the stroke (a few numbers in a
        /// PDF where a filled circle takes four curves: lists have thousands of items).
        case dot(Point)
        case circle(center: Point, radius: Double)
        case rectangle(Rect)
        /// Two strokes meeting at `corner`: from `start` to `corner`, then to `end`.
        case tick(start: Point, corner: Point, end: Point)
    }

    package enum Paint: Equatable {
        case fill
        /// Stroked `width` points wide, with the caps and joins the shape needs; nil where it
        /// has no ends (a closed shape) or no corners (a circle, a point), so any will do.
        case stroke(width: Double, cap: LineCap?, join: LineJoin?)
    }

    /// One shape and how it is painted.
    package struct Part: Equatable {
        package var shape: Shape
        package var paint: Paint
    }

    package var color: Color
    /// The marker itself: a disc, a ring, a square, a dash, a task's box.
    package var body: Part
    /// A checked task box's tick, drawn after (over) its box.
    package var tick: Part?
}

/// How a stroke ends (the values are PDF's line cap styles).
package enum LineCap: Int, Equatable {
    case butt = 0, round = 1
}

/// How a stroke turns a corner (the values are PDF's line join styles).
package enum LineJoin: Int, Equatable {
    case miter = 0, round = 1
}

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
