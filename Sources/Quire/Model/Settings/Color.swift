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

extension Color {
    /// "#rrggbb" (or "#rgb"); nil otherwise.
    public init?(hex: String) {
        var s = hex.trimmingWhitespace()
        guard s.hasPrefix("#") else { return nil }
        s.removeFirst()
        if s.count == 3 { s = s.map { "\($0)\($0)" }.joined() }
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        self.init(Double((v >> 16) & 0xFF) / 255, Double((v >> 8) & 0xFF) / 255, Double(v & 0xFF) / 255)
    }

    /// A colour as templates write it: "#rrggbb", "#rgb", or CSS's "rgb(R, G, B)" with
    /// components from 0 to 255 or percentages ("rgb(100%, 93%, 55%)", exact where hex rounds
    /// to 1/255); nil otherwise.
    public init?(css: String) {
        if let hex = Color(hex: css) { self = hex; return }
        let s = css.trimmingWhitespace().lowercased()
        guard s.hasPrefix("rgb("), s.hasSuffix(")") else { return nil }
        let parts = s.dropFirst(4).dropLast().split(separator: ",").map { $0.trimmingWhitespace() }
        guard parts.count == 3 else { return nil }
        var components: [Double] = []
        for part in parts {
            let percent = part.hasSuffix("%")
            guard let n = Double(percent ? String(part.dropLast()) : part), n.isFinite else { return nil }
            let value = percent ? n / 100 : n / 255
            guard (0...1).contains(value) else { return nil }
            components.append(value)
        }
        self.init(components[0], components[1], components[2])
    }
}
