/// A length in Pango units: 1/1024 of a point (`PANGO_SCALE`), the unit Pango measures text in
/// and the paragraph engine keeps its widths, advances and extents in (integers, so that a
/// line's width is the exact sum of its glyphs' advances).
///
/// Points (`Double`, as geometry holds them) and Pango units are both numbers; this type is
/// where one becomes the other, so a value's unit is in its type at each boundary and the
/// scale is written once. `points` is exact (a power of two: the same bits as dividing by 1024);
/// from points, the rounding is stated. A plain struct of one integer: its operations compile
/// to the integer's (inlinable across the targets that use it), so typed lengths cost nothing
/// in the engine's loops.
@frozen
package struct PangoLength: Hashable, Comparable, Sendable {
    /// Pango units in a point (`PANGO_SCALE`).
    package static let perPoint = 1024

    /// The length in Pango units.
    package var units: Int64

    @inlinable
    package init(units: Int64) { self.units = units }

    /// A length Pango gives (its `int`: a glyph's advance, a rectangle's side, a metric).
    @inlinable
    package init(_ units: Int32) { self.units = Int64(units) }

    /// `points` in Pango units, rounded by `rule` (to the nearest, halves away from zero, unless
    /// told: every font size and rise Quire gives Pango is rounded so, since one size reached
    /// by two roundings was two fonts to Pango, and two fontconfig patterns).
    @inlinable
    package init(points: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        units = Int64((points * Double(Self.perPoint)).rounded(rule))
    }

    /// The length in points. Exact for any length Pango can hold.
    @inlinable
    package var points: Double { Double(units) / Double(Self.perPoint) }

    /// The length as Pango's `int` (traps when it does not fit: a length past 2 million points).
    @inlinable
    package var pango: Int32 { Int32(units) }

    /// `points` in Pango units without rounding, for Pango's functions that take a `double`
    /// of them (`pango_font_description_set_absolute_size`).
    @inlinable
    package static func fractionalUnits(points: Double) -> Double { points * Double(perPoint) }

    package static let zero = PangoLength(units: 0)

    @inlinable
    package static func < (a: PangoLength, b: PangoLength) -> Bool { a.units < b.units }
    @inlinable
    package static func + (a: PangoLength, b: PangoLength) -> PangoLength { PangoLength(units: a.units + b.units) }
    @inlinable
    package static func - (a: PangoLength, b: PangoLength) -> PangoLength { PangoLength(units: a.units - b.units) }
    @inlinable
    package static prefix func - (a: PangoLength) -> PangoLength { PangoLength(units: -a.units) }
}
