/// A page size in points.
public struct PageSize: Sendable, Equatable, Encodable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// A page `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width; self.height = height
    }

    /// ISO A3, 297 × 420 mm.
    public static let a3 = PageSize(width: 841.890, height: 1190.551)
    /// ISO A4, 210 × 297 mm: the default.
    public static let a4 = PageSize(width: 595.276, height: 841.890)
    /// ISO A5, 148 × 210 mm.
    public static let a5 = PageSize(width: 419.528, height: 595.276)
    /// ISO A6, 105 × 148 mm.
    public static let a6 = PageSize(width: 297.638, height: 419.528)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PageSize(width: 612, height: 792)
    /// US Legal, 8.5 × 14 in.
    public static let legal = PageSize(width: 612, height: 1008)
    /// ISO B5, 176 × 250 mm.
    public static let b5 = PageSize(width: 498.898, height: 708.661)
    /// Tabloid, 11 × 17 in.
    public static let tabloid = PageSize(width: 792, height: 1224)

    /// The named sizes templates and the command line accept.
    public static let named: [(name: String, size: PageSize)] = [
        ("a3", .a3), ("a4", .a4), ("a5", .a5), ("a6", .a6), ("b5", .b5), ("letter", .letter), ("legal", .legal),
        ("tabloid", .tabloid),
    ]

    /// The size called `name` (case-insensitive), or nil.
    public static func named(_ name: String) -> PageSize? {
        named.first { $0.name == name.lowercased() }?.size
    }

    /// The same page turned to `orientation`: landscape puts the longer side across.
    public func turned(_ orientation: PageOrientation) -> PageSize {
        let (short, long) = (min(width, height), max(width, height))
        return orientation == .landscape ? PageSize(width: long, height: short) : PageSize(width: short, height: long)
    }
}

/// Which way a page is turned.
public enum PageOrientation: String, Sendable, Equatable, CaseIterable, Encodable {
    /// The longer side upright.
    case portrait
    /// The longer side across.
    case landscape
}
