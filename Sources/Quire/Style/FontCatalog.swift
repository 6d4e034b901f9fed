/// What settings need to know of the installed fonts: whether a family is there, asked when a
/// template or `--set` changes a font key (before any layout). Text's `InstalledFonts` answers
/// from fontconfig; settings sit below the text layer, so they are handed the answer.
package protocol FontCatalog: Sendable {
    /// Whether a font of any of `families` (a comma-separated list) is installed.
    func containsAny(_ families: String) -> Bool
}
