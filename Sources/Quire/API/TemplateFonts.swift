import QuireStyle
import QuireLayout

/// Settings resolved against the fonts fontconfig lists (`InstalledFonts`): the entry points
/// of `Templates` that callers use, which hand the style layer its `FontCatalog`.
extension Templates {
    /// The style from a template (a built-in name, or a path to a .json file; nil: default)
    /// and `KEY=VALUE` overrides.
    /// - Throws: `TemplateError` for an unknown template, an unreadable or invalid file, an
    ///   unknown key or a value the key does not allow.
    /// Margins not given by the template or a `--set` follow the page and the body size
    /// (`Style.automaticMargins`).
    public static func style(template: String?, sets: [String]) throws(TemplateError) -> Style {
        try style(template: template, settings: sets.map { ($0, "--set") })
    }

    /// `style(template:sets:)` with each override's source (the option the user typed).
    package static func style(template: String?, settings: [(text: String, source: String)]) throws(TemplateError) -> Style {
        try style(template: template, settings: settings, fonts: InstalledFonts.catalog)
    }

    /// `style(template:settings:)` with what did not stop it (a font that is not installed).
    package static func resolve(template: String?, settings: [(text: String, source: String)]) throws(TemplateError)
        -> (style: Style, warnings: [String]) {
        try resolve(template: template, settings: settings, fonts: InstalledFonts.catalog)
    }
}
