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
