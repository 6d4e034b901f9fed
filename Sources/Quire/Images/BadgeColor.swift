/// A colour as a shields.io badge URL writes it: one of shields.io's names (`brightgreen`,
/// `blue`, `critical`, ...), three or six hexadecimal digits without `#`, or a common CSS
/// colour name. Pure string work.
package struct BadgeColor: Sendable, Equatable {
    /// Red, green and blue, 0...255.
    package var red: Int, green: Int, blue: Int

    /// `#rrggbb`, as SVG takes it.
    package var hex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Perceived brightness, 0...1, rounded to hundredths as shields.io rounds it (YIQ's
    /// weights): above 0.69, a badge's text is dark.
    package var brightness: Double {
        (Double(red * 299 + green * 587 + blue * 114) / 255_000 * 100).rounded() / 100
    }

    /// The text and its shadow on this background: white on dark, dark grey on light.
    package var textColor: BadgeColor { brightness <= 0.69 ? BadgeColor(0xFFFFFF) : BadgeColor(0x333333) }

    package init(_ rgb: Int) {
        red = rgb >> 16 & 0xFF
        green = rgb >> 8 & 0xFF
        blue = rgb & 0xFF
    }

    /// The colour `text` names; nil for anything else (shields.io then uses its default).
    package init?(_ text: String) {
        let name = text.lowercased()
        if let rgb = Self.shieldsNames[Self.aliases[name] ?? name] ?? Self.cssNames[name] {
            self.init(rgb)
            return
        }
        let digits = name.hasPrefix("#") ? String(name.dropFirst()) : name
        guard [3, 6].contains(digits.count), let value = Int(digits, radix: 16), !digits.hasPrefix("+"), !digits.hasPrefix("-") else {
            return nil
        }
        if digits.count == 3 {
            let (r, g, b) = (value >> 8 & 0xF, value >> 4 & 0xF, value & 0xF)
            self.init(r * 0x110000 + g * 0x1100 + b * 0x11)
        } else {
            self.init(value)
        }
    }

    /// shields.io's own names (badge-maker's `namedColors`).
    package static let shieldsNames: [String: Int] = [
        "brightgreen": 0x44CC11, "green": 0x97CA00, "yellow": 0xDFB317, "yellowgreen": 0xA4A61D, "orange": 0xFE7D37,
        "red": 0xE05D44, "blue": 0x007EC6, "grey": 0x555555, "lightgrey": 0x9F9F9F,
    ]

    /// Other names shields.io takes for its own.
    package static let aliases: [String: String] = [
        "gray": "grey", "lightgray": "lightgrey", "critical": "red", "important": "orange", "success": "brightgreen",
        "informational": "blue", "inactive": "lightgrey",
    ]

    /// CSS colour names badges use (shields.io takes any CSS colour; its own names come first).
    package static let cssNames: [String: Int] = [
        "black": 0x000000, "white": 0xFFFFFF, "silver": 0xC0C0C0, "maroon": 0x800000, "purple": 0x800080,
        "fuchsia": 0xFF00FF, "magenta": 0xFF00FF, "lime": 0x00FF00, "olive": 0x808000, "navy": 0x000080,
        "teal": 0x008080, "aqua": 0x00FFFF, "cyan": 0x00FFFF, "pink": 0xFFC0CB, "hotpink": 0xFF69B4,
        "deeppink": 0xFF1493, "gold": 0xFFD700, "violet": 0xEE82EE, "indigo": 0x4B0082, "brown": 0xA52A2A,
        "crimson": 0xDC143C, "darkgreen": 0x006400, "darkblue": 0x00008B, "darkred": 0x8B0000, "orangered": 0xFF4500,
        "tomato": 0xFF6347, "coral": 0xFF7F50, "salmon": 0xFA8072, "khaki": 0xF0E68C, "tan": 0xD2B48C,
        "beige": 0xF5F5DC, "ivory": 0xFFFFF0, "lavender": 0xE6E6FA, "plum": 0xDDA0DD, "orchid": 0xDA70D6,
        "turquoise": 0x40E0D0, "skyblue": 0x87CEEB, "steelblue": 0x4682B4, "royalblue": 0x4169E1,
        "dodgerblue": 0x1E90FF, "deepskyblue": 0x00BFFF, "slategray": 0x708090, "slategrey": 0x708090,
        "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "dimgray": 0x696969, "dimgrey": 0x696969, "lightblue": 0xADD8E6,
        "limegreen": 0x32CD32, "forestgreen": 0x228B22, "seagreen": 0x2E8B57, "darkorange": 0xFF8C00,
        "chocolate": 0xD2691E, "sienna": 0xA0522D, "firebrick": 0xB22222, "mediumpurple": 0x9370DB,
        "blueviolet": 0x8A2BE2, "darkviolet": 0x9400D3, "rebeccapurple": 0x663399, "midnightblue": 0x191970,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F,
    ]
}
