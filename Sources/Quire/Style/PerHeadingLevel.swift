/// One value for each heading level, 1 to 6: always six, so that no level can be missing.
///
/// `Style` keeps heading sizes, the space above headings and the rules under them this way: a
/// caller cannot give three values where six are read (an array of three crashed layout when it
/// asked for level 4). Read and write by level (`scale[1]` is level 1's); a level outside 1...6
/// means the nearest one, as the document model has no other (Markdown and HTML have six).
public struct PerHeadingLevel<Value> {
    /// Levels 1 to 6, in order: always six.
    private var values: [Value]

    /// The values of levels 1 to 6.
    public init(_ level1: Value, _ level2: Value, _ level3: Value, _ level4: Value, _ level5: Value, _ level6: Value) {
        values = [level1, level2, level3, level4, level5, level6]
    }

    /// The same value for every level.
    public init(repeating value: Value) {
        values = Array(repeating: value, count: 6)
    }

    /// The values of levels 1 to 6 in order; nil unless `values` holds exactly six.
    public init?(_ values: [Value]) {
        guard values.count == 6 else { return nil }
        self.values = values
    }

    /// The value of heading level `level` (1 to 6; below 1 reads and writes level 1, above 6
    /// level 6).
    public subscript(level: Int) -> Value {
        get { values[Self.index(level)] }
        set { values[Self.index(level)] = newValue }
    }

    /// The six values, level 1's first.
    public var all: [Value] { values }

    private static func index(_ level: Int) -> Int { min(max(level, 1), 6) - 1 }
}

extension PerHeadingLevel: Sendable where Value: Sendable {}
extension PerHeadingLevel: Equatable where Value: Equatable {}
extension PerHeadingLevel: Hashable where Value: Hashable {}

extension PerHeadingLevel: Encodable where Value: Encodable {
    /// Encoded as the array of its six values (so a style's settings digest reads the same as
    /// when these were arrays).
    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }
}
