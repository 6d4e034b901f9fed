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

        package init(shape: Shape, paint: Paint) {
            self.shape = shape
            self.paint = paint
        }
    }

    package var color: Color
    /// The marker itself: a disc, a ring, a square, a dash, a task's box.
    package var body: Part
    /// A checked task box's tick, drawn after (over) its box.
    package var tick: Part?

    package init(color: Color, body: Part, tick: Part? = nil) {
        self.color = color
        self.body = body
        self.tick = tick
    }
}

/// How a stroke ends (the values are PDF's line cap styles).
package enum LineCap: Int, Equatable {
    case butt = 0, round = 1
}

/// How a stroke turns a corner (the values are PDF's line join styles).
package enum LineJoin: Int, Equatable {
    case miter = 0, round = 1
}
