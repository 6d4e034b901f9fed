/// A formula as the document writes it: TeX source between GitHub's math delimiters (`$…$`,
/// a dollar-and-backtick pair, `$$…$$`) or in a fenced block of language `math`.
///
/// The source is kept exactly as written (no Markdown escapes or entities applied: TeX reads
/// it), so the model stays a value that layout typesets and the PDF's `Alt` repeats.
public struct MathFormula: Sendable, Equatable, Hashable {
    /// The TeX between the delimiters, as written.
    public var tex: String
    /// Display style (`$$…$$`, a math block): set on its own line, centred; else inline.
    public var display: Bool
    /// The 1-based source line the formula starts on (0 when unknown), for warnings.
    public var line: Int

    /// A formula of `tex` as written, in display style when `display`, starting on source
    /// line `line` (1-based; 0 when unknown).
    public init(tex: String, display: Bool, line: Int = 0) {
        self.tex = tex
        self.display = display
        self.line = line
    }
}
