import QuireModel

/// What highlighting gives for one code block, as values that cross from the highlight
/// thread to layout.
package struct HighlightedCode: Sendable, Equatable {
    /// Styled byte ranges of the code, in order, not overlapping; text outside them is set in
    /// the block's own colour.
    package var spans: [CodeSpan] = []
    /// The theme's colours for the block.
    package var look = CodeLook()
    /// What went wrong; the code is then plain where it could not be highlighted.
    package var warnings: [HighlightWarning] = []
}

/// A byte range of code and how it is set.
package struct CodeSpan: Sendable, Equatable {
    package var range: Range<Int>
    package var style: CodeStyle
}

/// What a style scheme gives a piece of code: its colour (nil: the block's), weight and slant.
package struct CodeStyle: Sendable, Hashable {
    package var color: Color?
    package var bold = false
    package var italic = false

    package var isPlain: Bool { self == CodeStyle() }
}

/// A theme's colours for a whole code block, each nil where the template's stand: a scheme
/// whose text background is not white (the dark ones, Solarized Light) sets its background and
/// its text colour on the block; a white one (github, kate, classic, tango) keeps `code.background`.
package struct CodeLook: Sendable, Equatable {
    package var background: Color?
    package var foreground: Color?
}

/// A problem met while highlighting, and how widely it applies: to the whole document (the
/// library is missing, the theme is unknown), to every block of a language (its definition
/// failed to load: reported once, at its first block), or to one block.
package struct HighlightWarning: Sendable, Hashable {
    package enum Scope: Sendable, Hashable { case document, language, block }
    package var scope: Scope
    package var message: String
}
