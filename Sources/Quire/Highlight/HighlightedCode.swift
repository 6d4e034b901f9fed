/// What highlighting gives for one code block, as values that cross from the highlight
/// thread to layout.
struct HighlightedCode: Sendable, Equatable {
    /// Styled byte ranges of the code, in order, not overlapping; text outside them is set in
    /// the block's own colour.
    var spans: [CodeSpan] = []
    /// The theme's colours for the block.
    var look = CodeLook()
    /// What went wrong; the code is then plain where it could not be highlighted.
    var warnings: [HighlightWarning] = []
}

/// A byte range of code and how it is set.
struct CodeSpan: Sendable, Equatable {
    var range: Range<Int>
    var style: CodeStyle
}

/// What a style scheme gives a piece of code: its colour (nil: the block's), weight and slant.
struct CodeStyle: Sendable, Hashable {
    var color: Color?
    var bold = false
    var italic = false

    var isPlain: Bool { self == CodeStyle() }
}

/// A theme's colours for a whole code block, each nil where the template's stand: a scheme
/// whose text background is not white (the dark ones, Solarized Light) sets its background and
/// its text colour on the block; a white one (github, kate, classic, tango) keeps `code.background`.
struct CodeLook: Sendable, Equatable {
    var background: Color?
    var foreground: Color?
}

/// A problem met while highlighting, and how widely it applies: to the whole document (the
/// library is missing, the theme is unknown), to every block of a language (its definition
/// failed to load: reported once, at its first block), or to one block.
struct HighlightWarning: Sendable, Hashable {
    enum Scope: Sendable, Hashable { case document, language, block }
    var scope: Scope
    var message: String
}
