import QuireModel

/// A typeset piece of a formula: its size and what it draws, in points from the left end of
/// its baseline, y growing upwards (as in TeX; the painter turns it over). Values only.
package struct MathBox: Sendable, Equatable {
    package var width = 0.0
    package var height = 0.0
    package var depth = 0.0
    package var glyphs: [MathGlyph] = []
    package var rules: [MathRule] = []
    /// The italic correction of a box that is one glyph: how far its ink leans past `width`.
    package var italic = 0.0
    /// The glyph this box is, when it is one (for math kerning and accent attachment).
    package var single: SingleGlyph?

    package struct SingleGlyph: Sendable, Equatable {
        package var glyph: UInt32
        package var size: Double
    }

    /// `other` drawn with its origin at (`x`, `y`) of this box; sizes are the caller's.
    package mutating func place(_ other: MathBox, x: Double, y: Double) {
        glyphs += other.glyphs.map { var g = $0; g.x += x; g.y += y; return g }
        rules += other.rules.map { var r = $0; r.x += x; r.y += y; return r }
    }

    /// `other` set after this box on the same baseline, raised by `shift`: the width grows,
    /// height and depth cover it.
    package mutating func append(_ other: MathBox, shift: Double = 0) {
        place(other, x: width, y: shift)
        width += other.width
        height = max(height, other.height + shift)
        depth = max(depth, other.depth - shift)
        single = nil
        italic = other.italic
    }

    /// The box with every item not already coloured in `color`.
    package func colored(_ color: Color?) -> MathBox {
        guard let color else { return self }
        var out = self
        out.glyphs = glyphs.map { var g = $0; if g.color == nil { g.color = color }; return g }
        out.rules = rules.map { var r = $0; if r.color == nil { r.color = color }; return r }
        return out
    }
}

/// One glyph of the math font at `size` points, with the characters it shows (empty for the
/// pieces of an assembled delimiter after the first).
package struct MathGlyph: Sendable, Equatable {
    package var glyph: UInt32
    package var x: Double
    package var y: Double
    package var size: Double
    package var text: String
    /// nil: the colour of the text around the formula.
    package var color: Color?
}

/// A filled rectangle (a fraction bar, a radical's overbar): `y` is its bottom edge.
package struct MathRule: Sendable, Equatable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    package var color: Color?
}
