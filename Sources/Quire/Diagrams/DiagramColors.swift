import QuireModel

/// Colours as Mermaid's `style` and `classDef` write them: CSS hex and `rgb()` (`Color(css:)`)
/// and the CSS named colours people use in diagrams.
package enum DiagramColors {
    /// The colour `value` names, or nil. O(1).
    package static func color(_ value: String) -> Color? {
        if let c = Color(css: value) { return c }
        let name = value.lowercased()
        if name == "none" || name == "transparent" { return nil }
        return named[name].flatMap { Color(hex: $0) }
    }

    private static let named: [String: String] = [
        "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff", "yellow": "#ffff00",
        "orange": "#ffa500", "purple": "#800080", "pink": "#ffc0cb", "gray": "#808080", "grey": "#808080", "silver": "#c0c0c0",
        "lightgray": "#d3d3d3", "lightgrey": "#d3d3d3", "darkgray": "#a9a9a9", "darkgrey": "#a9a9a9", "lightblue": "#add8e6",
        "lightgreen": "#90ee90", "lightyellow": "#ffffe0", "lightpink": "#ffb6c1", "darkblue": "#00008b", "darkgreen": "#006400",
        "darkred": "#8b0000", "navy": "#000080", "teal": "#008080", "maroon": "#800000", "olive": "#808000", "lime": "#00ff00",
        "aqua": "#00ffff", "cyan": "#00ffff", "magenta": "#ff00ff", "fuchsia": "#ff00ff", "gold": "#ffd700", "coral": "#ff7f50",
        "salmon": "#fa8072", "tomato": "#ff6347", "violet": "#ee82ee", "indigo": "#4b0082", "brown": "#a52a2a", "beige": "#f5f5dc",
        "khaki": "#f0e68c", "lavender": "#e6e6fa", "orchid": "#da70d6", "plum": "#dda0dd", "skyblue": "#87ceeb",
        "steelblue": "#4682b4", "tan": "#d2b48c", "turquoise": "#40e0d0", "wheat": "#f5deb3", "crimson": "#dc143c",
        "darkorange": "#ff8c00", "lightcoral": "#f08080", "mediumpurple": "#9370db", "lightsalmon": "#ffa07a",
        "palegreen": "#98fb98", "lightcyan": "#e0ffff", "honeydew": "#f0fff0", "mintcream": "#f5fffa", "ivory": "#fffff0",
        "whitesmoke": "#f5f5f5", "gainsboro": "#dcdcdc", "dimgray": "#696969", "slategray": "#708090", "royalblue": "#4169e1",
        "dodgerblue": "#1e90ff", "firebrick": "#b22222", "forestgreen": "#228b22", "seagreen": "#2e8b57", "chocolate": "#d2691e",
    ]
}
