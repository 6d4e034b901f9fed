import QuireModel

/// How every kind of text and drawn element looks, resolved once from a `Style`: the named
/// text roles (body, headings 1–6, code, caption, header and footer, the title block, table
/// cells, the digest's cover and contents) and the measures of rules, bars, markers and
/// frames, all in points. Layout reads these and keeps no size, spacing or colour of its own.
///
/// What a template may change is a `Style` field (and a template key); the proportions below
/// that are not are design constants, named here so that they are found in one place. A field
/// that is a setting as it is (a colour, the smallest code size) reads the style's rather
/// than holding a copy.
package struct Typography: Sendable, Equatable {
    /// A kind of text as set on the page.
    package struct TextRole: Sendable, Equatable {
        package var family: String
        package var size: Double
        package var bold = false
        package var italic = false
        package var color: Color
        /// Smallest distance between baselines.
        package var lineHeight: Double
        /// Family and size of `monospace` runs inside it.
        package var monospaceFamily: String
        package var monospaceSize: Double

        /// The role set `scale` times as large, its line height and code runs too (the same
        /// role at 1).
        package func scaled(_ scale: Double) -> TextRole {
            guard scale != 1 else { return self }
            var role = self
            role.size *= scale
            role.lineHeight *= scale
            role.monospaceSize *= scale
            return role
        }

        package init(family: String, size: Double, bold: Bool = false, italic: Bool = false, color: Color, lineHeight: Double,
                     monospaceFamily: String, monospaceSize: Double) {
            self.family = family
            self.size = size
            self.bold = bold
            self.italic = italic
            self.color = color
            self.lineHeight = lineHeight
            self.monospaceFamily = monospaceFamily
            self.monospaceSize = monospaceSize
        }
    }

    /// A heading level: its text, the space around it and the rule under it.
    package struct Heading: Sendable, Equatable {
        package var text: TextRole
        package var spaceBefore: Double
        package var spaceAfter: Double
        /// The rule's width (0: none), its distance below the last line's box, and the space
        /// kept under it.
        package var ruleWidth: Double
        package var ruleOffset: Double
        package var ruleClearance: Double
    }

    /// A block of text set apart from the body by size and spacing (a caption, a line of the
    /// title block, a digest's path line or cover line).
    package struct Set: Sendable, Equatable {
        package var text: TextRole
        package var spaceBefore: Double
        package var spaceAfter: Double
    }

    /// A straight rule: its width and colour.
    package struct Rule: Sendable, Equatable {
        package var width: Double
        package var color: Color

        package init(width: Double, color: Color) {
            self.width = width
            self.color = color
        }
    }

    /// The style resolved: the settings the fields below that merely read one return, so that
    /// no setting is held twice.
    private let style: Style

    // Measures of the body.
    package let body: TextRole
    /// Indent of each list level's body from the list's edge.
    package let listIndent: Double
    /// Narrowest column that nesting may leave for text; deeper levels stop indenting (the
    /// style's, read through: a setting is declared once, in `Style`).
    package var minimumColumnWidth: Double { style.minimumColumnWidth }
    /// Space between ordinary blocks.
    package let blockSpacing: Double
    /// Space around a block inside a tight list item.
    package let tightSpacing: Double
    /// The tallest image that sits in a line of body text.
    package let inlineImageHeight: Double
    /// Behind `<mark>` text (`Style.highlightColor`).
    package var highlight: Color { style.highlightColor }
    /// Secondary text (captions, furniture, placeholders, frames): `Style.mutedColor`.
    package var muted: Color { style.mutedColor }

    package let headings: PerHeadingLevel<Heading>

    // Code blocks.
    package let code: TextRole
    /// Padding inside the shading, indent of a wrapped line's continuation, shading colour.
    package let codePadding: Double
    package let codeWrapIndent: Double
    package var codeBackground: Color { style.codeBackground }
    /// The smallest size a code block wider than its column steps down to (`Style`'s), and
    /// the step (half a point: a document shows few code sizes, each a font Pango loads).
    package var codeMinimumSize: Double { style.codeMinimumSize }
    package static let codeSizeStep = 0.5
    /// The mark before a wrapped code line's continuation (drawn, not text): its stroke's
    /// width as a fraction of the code size, and its colour.
    package let codeContinuationStroke = 0.07
    package var codeContinuationColor: Color { style.mutedColor }
    /// The colour a formula that cannot be typeset is shown in, as its source (GitHub's red).
    package let mathErrorColor = Color(hex: "#cf222e")!

    // Quotes and thematic breaks.
    package let quoteIndent: Double
    /// The bar's distance from the quote's edge.
    package let quoteBarOffset: Double
    package let quoteBar: Rule
    package let thematicBreakHeight: Double
    package let thematicBreak: Rule

    // Alerts and details.
    /// An alert's title line (bold; its colour is the alert's), its bar's width, and its icon:
    /// the size of the square it is drawn in, its strokes' width as a fraction of that, and
    /// the gap between icon and title.
    package let alertTitle: TextRole
    package let alertBarWidth: Double
    package let alertIconSize: Double
    package let alertIconStroke = 0.11
    package let alertIconGap: Double
    /// The space between an alert's title and its text.
    package let alertTitleSpace: Double
    /// The thin rule beside what `<details>` folds.
    package let detailsRule: Rule

    // Lists and footnotes.
    /// Gap between a marker and the item's text; space between items of a tight list.
    package let listMarkerGap: Double
    package let tightItemSpacing: Double
    /// Marker sizes as fractions of the body's x-height: disc and circle, square, task box;
    /// and how far a shape marker sits from the gap.
    package let discScale = 0.72
    package let squareScale = 0.62
    package let taskBoxScale = 1.45
    package let markerInset: Double
    /// Where the first baseline sits in a line box with no text (an empty item), as a fraction.
    package let emptyLineBaseline = 0.75
    /// Space above each footnote; the rule above the first: its length (the column's width
    /// divided by `footnoteRuleParts`), its width, and the space above it.
    package let footnoteSpacing: Double
    package let footnoteRuleParts: Double = 3
    package let footnoteRule: Rule
    package let footnoteRuleSpace: Double
    /// Height of a footnote number's back link, from its baseline up by the body size.
    package let footnoteLinkHeight: Double
    /// Footnotes at a page's foot: their size relative to the body's; the space between the
    /// text and the rule above them, and between the rule and the first note.
    package static let footnoteScale = 0.85
    package let footnoteAreaGap: Double
    package let footnoteRuleGap: Double

    // Tables.
    package let tableSize: Double
    /// The smallest a too-wide table's type may get, relative to `tableSize` (`table.min-size`),
    /// and the smallest it goes below that, with a warning, before words break in its cells.
    package let tableMinimumScale: Double
    package let tableLeastScale: Double
    /// Line height and cell padding, in multiples of the table's (final) size.
    package let tableLineHeight = 1.3
    package let tablePadding = 0.45
    package let tableHeaderRule = 0.9
    package let tableRowRule = 0.4
    /// How large an image in a cell may be: a share of a column's width, and body lines tall.
    package let tableImageWidthShare = 0.9
    package let tableImageLines: Double = 8
    /// Width given to text measured without wrapping (list numbers, footnote numbers).
    package static let unwrapped = 10_000.0

    // Images.
    /// A caption's lines (set italic in the muted colour), and the room kept for it under its picture.
    package let caption: Set
    package let captionRoom: Double
    package let placeholder: TextRole
    package let placeholderPadding: Double
    package let placeholderFrame: Rule
    /// The tallest a placeholder may be declared, as a fraction of the text block's height.
    package let placeholderMaximumHeight = 0.9
    /// A key cap's frame: from `keycapTop` × the text size above the baseline, `keycapHeight` × it tall.
    package let keycapTop = 0.92
    package let keycapHeight = 1.2
    package let keycapFrame: Rule
    /// The gap kept between a frame (a key cap, a placeholder) and the text beside it: the
    /// frame is drawn this far inside the spaces that pad it, at most half of them.
    package let frameGap: Double

    // The running header and footer, and the title block.
    package let header: TextRole
    package let footer: TextRole
    /// Baselines as fractions of the top margin (header) and of the bottom margin (footer, from the page's foot).
    package let headerBaseline = 0.5
    package let footerBaseline = 0.45
    package let title: Set
    package let subtitle: Set
    package let author: Set
    package let date: Set
    /// The rule under the title block: its slice's height and spacing, and how far down the
    /// slice it is drawn.
    package let titleRule: Rule
    package let titleRuleDrop: Double
    package let titleRuleHeight: Double
    package let titleRuleSpaceBefore: Double
    package let titleRuleSpaceAfter: Double

    // Excerpts.
    /// The rule in the margin of a full text beside the line where its excerpt stopped, and
    /// its distance from the text block's edge.
    package let excerptMark: Rule
    package let excerptMarkGap: Double

    // The digest.
    package let pathLine: Set
    package let coverTitle: Set
    package let coverDetails: Set
    /// Where the cover's title starts, as a fraction of the text block's height.
    package let coverTitleDrop = 0.28
    package let contentsLineHeight: Double
    /// A contents line's baseline as a fraction of its height; the page number's column width
    /// and the gap before it.
    package let contentsBaseline = 0.72
    package let contentsNumberWidth: Double
    package let contentsGap: Double
    /// Dot leaders in a table of contents: the distance between dots, the space kept before
    /// and after them, a dot's diameter and its height above the baseline.
    package let leaderStep: Double
    package let leaderGap: Double
    package let leaderDot: Double
    package let leaderRise: Double

    /// Superscript and subscript: the text's size, and the rise or drop of its baseline, as
    /// fractions of the surrounding text's size. (Read where Pango sets them.)
    package static let scriptScale = 0.68
    package static let superscriptRise = 0.35
    package static let subscriptDrop = 0.2
    /// The front matter's title is at least this many times the largest heading's size.
    package static let titleOverHeading = 1.15

    /// Resolves every role and measure of `style`; with `cjk`, each role's families end with
    /// that region's Noto CJK family of their kind (`CJKRegion.fallback`). The text roles come
    /// from `TextRoles`; the measures below are multiples of the body size. O(1).
    package init(_ style: Style, cjk: CJKRegion? = nil) {
        self.style = style
        let roles = TextRoles(style, cjk: cjk)
        let size = style.bodySize
        body = roles.body
        listIndent = style.listIndent * size
        blockSpacing = style.paragraphSpacing * size
        tightSpacing = size * 0.3
        inlineImageHeight = size * style.bodyLineHeight * 1.5
        headings = PerHeadingLevel(roles.heading(1), roles.heading(2), roles.heading(3),
                                   roles.heading(4), roles.heading(5), roles.heading(6))

        code = roles.code
        codePadding = roles.code.size * style.codePadding
        codeWrapIndent = roles.code.size * 2.4

        quoteIndent = size * style.quoteIndent
        quoteBarOffset = size * 0.25
        quoteBar = Rule(width: style.quoteRuleWidth, color: style.quoteRuleColor)
        thematicBreakHeight = size * 1.2
        thematicBreak = Rule(width: style.ruleWidth, color: style.ruleColor)

        alertTitle = roles.alertTitle
        alertBarWidth = style.quoteRuleWidth * 1.25
        alertIconSize = size * 1.1
        alertIconGap = size * 0.45
        alertTitleSpace = size * 0.3
        detailsRule = Rule(width: 0.75, color: style.ruleColor)

        listMarkerGap = size * 0.5
        tightItemSpacing = size * 0.2
        markerInset = size * 0.15
        footnoteSpacing = size * 0.3
        footnoteRule = Rule(width: 0.6, color: style.ruleColor)
        footnoteRuleSpace = blockSpacing * 2
        footnoteLinkHeight = size * 1.3
        footnoteAreaGap = size
        footnoteRuleGap = size * 0.5

        tableSize = size * style.tableScale
        tableMinimumScale = min(1, style.tableMinimumSize / tableSize)
        tableLeastScale = tableMinimumScale * 0.6

        caption = Set(text: roles.captionText, spaceBefore: size * 0.35, spaceAfter: blockSpacing)
        captionRoom = size * 3
        placeholder = roles.captionText
        placeholderPadding = size * 0.6
        placeholderFrame = Rule(width: 0.6, color: style.ruleColor)
        keycapFrame = Rule(width: 0.5, color: style.mutedColor)
        frameGap = size * 0.15

        header = roles.header
        footer = roles.footer
        title = roles.title
        subtitle = roles.subtitle
        author = roles.author
        date = roles.date
        titleRule = Rule(width: 1.2, color: style.ruleColor)
        titleRuleHeight = size * 1.2
        titleRuleSpaceBefore = size * 0.6
        titleRuleDrop = size * 0.6
        titleRuleSpaceAfter = size

        excerptMark = Rule(width: 1.5, color: style.linkColor)
        excerptMarkGap = size * 0.8

        pathLine = roles.pathLine
        coverTitle = roles.coverTitle
        coverDetails = roles.coverDetails
        contentsLineHeight = size * 1.75
        contentsNumberWidth = size * 3
        contentsGap = size
        leaderStep = size * 0.5
        leaderGap = size * 0.4
        leaderDot = size * 0.12
        leaderRise = size * 0.1
    }

    /// The heading role of `level` (clamped to 1...6).
    package func heading(_ level: Int) -> Heading { headings[level] }
}
