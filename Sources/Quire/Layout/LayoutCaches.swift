import QuireModel
import QuireStyle
import QuireHighlight
import QuireMath

/// What layout works out once per document and keeps: the code highlighted ahead of it, the
/// hyphenation of its language, the code's advance and frame, the math typesetter, the page
/// furniture shaped so far. Owned by the session of one document; a session set smaller
/// (`LayoutSession.scaled`, footnotes at a page's foot) shares the highlights and the math
/// typesetter and keeps its own measures. One thread.
package final class LayoutCaches {
    private let environment: LayoutEnvironment

    /// The document's code blocks, queued for highlighting ahead of layout (those of the
    /// section being set, for a document laid out a section at a time).
    package var highlights: CodeHighlights {
        get { sharedHighlights.value }
        set { sharedHighlights.value = newValue }
    }
    private let sharedHighlights: SharedHighlights
    private final class SharedHighlights {
        var value: CodeHighlights
        init(_ value: CodeHighlights) { self.value = value }
    }

    /// The hyphenation of the document's language's words, its patterns loaded the first time
    /// a paragraph is hyphenated; nil when none are installed.
    package private(set) lazy var hyphenation: WordHyphenation? =
        environment.typesetter.hyphenators.forLanguage(environment.language).map(WordHyphenation.init)
    /// The advance of a character of code at the code size, measured the first time a code
    /// block might be wider than its column (`codeFit`).
    package private(set) lazy var codeAdvance: Double = environment.measureCodeAdvance()
    /// The frame every code block of the document is set in, decided the first time a code
    /// block is set (`codeFrame(for:)`); nil without a census.
    package private(set) lazy var documentCodeFrame: CodeFrame? =
        environment.codeCensus.map { environment.codeFrame(for: $0, advance: codeAdvance) }

    /// The document's formulas typeset (with the macros they define), in the style's math
    /// font; made when the first formula is met, shared with the caches of sessions derived.
    package var math: MathTypesetter {
        if let made = sharedMath.value { return made }
        let made = MathTypesetter(families: environment.style.mathFont, fonts: environment.typesetter.mathFonts)
        sharedMath.value = made
        return made
    }
    private let sharedMath: SharedMath
    private final class SharedMath { var value: MathTypesetter? }

    /// Running header and footer texts shaped so far, by slot alignment, size and text: a title
    /// repeated on every page is shaped once. Texts with the page number are not kept.
    package var furnitureShapes: [PageFurnisher.FurnitureKey: ShapedText] = [:]

    package init(_ environment: LayoutEnvironment, highlights: CodeHighlights = .none) {
        self.environment = environment
        sharedHighlights = SharedHighlights(highlights)
        sharedMath = SharedMath()
    }

    private init(_ environment: LayoutEnvironment, sharing parent: LayoutCaches) {
        self.environment = environment
        sharedHighlights = parent.sharedHighlights
        sharedMath = parent.sharedMath
    }

    /// The caches of the same document set in `environment` (`LayoutEnvironment.scaled`): the
    /// highlights and math typesetter shared, the measures its own.
    package func derived(for environment: LayoutEnvironment) -> LayoutCaches {
        LayoutCaches(environment, sharing: self)
    }
}
