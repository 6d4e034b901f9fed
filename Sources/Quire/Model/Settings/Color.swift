/// An RGB colour with components in 0...1.
public struct Color: Sendable, Equatable, Hashable, Encodable {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// A colour of components in 0...1.
    public init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red; self.green = green; self.blue = blue
    }
}
