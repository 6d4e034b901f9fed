import QuireStyle
import QuireFonts

/// Whether a font family is installed, as fontconfig lists its fonts (not as it matches them:
/// matching always finds a nearest font, so a family that is not there would be taken for one
/// that is). Asked when a template or `--set` changes a font key, before any layout.
package enum InstalledFonts {
    /// Whether fontconfig lists a font of any of `families` (a comma-separated list, compared
    /// as fontconfig compares names: case and spaces ignored). The first call loads
    /// fontconfig's default configuration (about 25 M instructions); each is O(installed fonts).
    package static func containsAny(_ families: String) -> Bool {
        names(families).contains { lists($0) }
    }

    /// The catalog settings ask (`FontCatalog`): fontconfig's default configuration.
    package static let catalog: any FontCatalog = Catalog()

    private struct Catalog: FontCatalog {
        func containsAny(_ families: String) -> Bool { InstalledFonts.containsAny(families) }
    }

    private static func names(_ families: String) -> [String] {
        families.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Whether `config` (nil: fontconfig's default one) lists a font of `family` (`FontLookup`).
    package static func lists(_ family: String, config: OpaquePointer? = nil) -> Bool {
        FontLookup.lists(family, config: config)
    }
}
