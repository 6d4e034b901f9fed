/// Geometry and navigation values of a page: PDF points, origin at the page's top-left corner,
/// y growing downwards (Cairo's user space).

package struct Point: Sendable, Equatable {
    package var x, y: Double
    package init(x: Double, y: Double) { self.x = x; self.y = y }
}

package struct Rect: Sendable, Equatable {
    package var x, y, width, height: Double
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package func offsetBy(dx: Double = 0, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

package struct LinkArea: Sendable, Equatable {
    package enum Target: Sendable, Equatable {
        case uri(String)
        /// A named destination in the same PDF.
        case destination(String)
    }
    package var rect: Rect
    package var target: Target

    package init(rect: Rect, target: Target) {
        self.rect = rect
        self.target = target
    }
}

package struct Destination: Sendable, Equatable {
    package var name: String
    /// The point the viewer scrolls to (top of the heading).
    package var y: Double

    package init(name: String, y: Double) {
        self.name = name
        self.y = y
    }
}

package struct OutlineEntry: Sendable, Equatable {
    package var level: Int
    package var title: String
    package var destination: String

    package init(level: Int, title: String, destination: String) {
        self.level = level
        self.title = title
        self.destination = destination
    }
}

package struct Marker: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case shape(MarkerShape)
        case taskBox(checked: Bool)
    }
    package var kind: Kind
    package var center: Point
    /// Width and height of the drawn shape, in points.
    package var size: Double
    package var color: Color
    /// The list item's label element the marker is.
    package var tag: ContentTag = .none

    package init(kind: Kind, center: Point, size: Double, color: Color, tag: ContentTag = .none) {
        self.kind = kind
        self.center = center
        self.size = size
        self.color = color
        self.tag = tag
    }
}

/// A vector path, filled, stroked or both: a diagram's node outlines, edges and arrowheads.
/// Drawn alike by the PDF writer and the PNG preview.
package struct PathPaint: Sendable, Equatable {
    package enum Segment: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    package var segments: [Segment]
    package var fill: Color?
    package var stroke: Color?
    package var lineWidth = 1.0
    /// Dash and gap lengths in points; empty for a solid line.
    package var dash: [Double] = []

    package func offsetBy(dx: Double, dy: Double) -> PathPaint {
        func move(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        var copy = self
        copy.segments = segments.map { segment in
            switch segment {
            case .move(let p): return .move(move(p))
            case .line(let p): return .line(move(p))
            case .curve(let a, let b, let c): return .curve(move(a), move(b), move(c))
            case .close: return .close
            }
        }
        return copy
    }

    /// The smallest rectangle holding every point (control points included). O(segments).
    package var bounds: Rect {
        var xs: [Double] = [], ys: [Double] = []
        for segment in segments {
            switch segment {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .curve(let a, let b, let c): xs += [a.x, b.x, c.x]; ys += [a.y, b.y, c.y]
            case .close: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    package init(segments: [Segment], fill: Color? = nil, stroke: Color? = nil, lineWidth: Double = 1.0, dash: [Double] = []) {
        self.segments = segments
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
        self.dash = dash
    }
}
