/// How every kind of text and drawn element looks, resolved once from a `Style`: the named
/// text roles (body, headings 1–6, code, caption, header and footer, the title block, table
/// cells, the digest's cover and contents) and the measures of rules, bars, markers and
/// frames, all in points. Layout reads these and keeps no size, spacing or colour of its own.
///
/// What a template may change is a `Style` field (and a template key); the proportions below
/// that are not are design constants, named here so that they are found in one place.
struct Typography: Sendable, Equatable {
    /// A kind of text as set on the page.
    struct TextRole: Sendable, Equatable {
        var family: String
        var size: Double
        var bold = false
        var italic = false
        var color: Color
        /// Smallest distance between baselines.
        var lineHeight: Double
        /// Family and size of `monospace` runs inside it.
        var monospaceFamily: String
        var monospaceSize: Double

        /// The role set `scale` times as large, its line height and code runs too (the same
        /// role at 1).
        func scaled(_ scale: Double) -> TextRole {
            guard scale != 1 else { return self }
            var role = self
            role.size *= scale
            role.lineHeight *= scale
            role.monospaceSize *= scale
            return role
        }
    }

    /// A heading level: its text, the space around it and the rule under it.
    struct Heading: Sendable, Equatable {
        var text: TextRole
        var spaceBefore: Double
        var spaceAfter: Double
        /// The rule's width (0: none), its distance below the last line's box, and the space
        /// kept under it.
        var ruleWidth: Double
        var ruleOffset: Double
        var ruleClearance: Double
    }

    /// A block of text set apart from the body by size and spacing (a caption, a line of the
    /// title block, a digest's path line or cover line).
    struct Set: Sendable, Equatable {
        var text: TextRole
        var spaceBefore: Double
        var spaceAfter: Double
    }

    /// A straight rule: its width and colour.
    struct Rule: Sendable, Equatable {
        var width: Double
        var color: Color
    }

    // Measures of the body.
    let body: TextRole
    /// Indent of each list level's body from the list's edge.
    let listIndent: Double
    /// Narrowest column that nesting may leave for text; deeper levels stop indenting.
    let minimumColumnWidth: Double
    /// Space between ordinary blocks.
    let blockSpacing: Double
    /// Space around a block inside a tight list item.
    let tightSpacing: Double
    /// The tallest image that sits in a line of body text.
    let inlineImageHeight: Double
    /// Behind `<mark>` text.
    let highlight: Color
    /// Secondary text (captions, furniture, placeholders, frames).
    let muted: Color

    let headings: [Heading]

    // Code blocks.
    let code: TextRole
    /// Padding inside the shading, indent of a wrapped line's continuation, shading colour.
    let codePadding: Double
    let codeWrapIndent: Double
    let codeBackground: Color
    /// The smallest size a code block wider than its column steps down to, and the step (half a
    /// point: a document shows few code sizes, each a font Pango loads).
    let codeMinimumSize: Double
    static let codeSizeStep = 0.5
    /// The mark before a wrapped code line's continuation (drawn, not text): its stroke's
    /// width as a fraction of the code size, and its colour.
    let codeContinuationStroke: Double
    let codeContinuationColor: Color

    // Quotes and thematic breaks.
    let quoteIndent: Double
    /// The bar's distance from the quote's edge.
    let quoteBarOffset: Double
    let quoteBar: Rule
    let thematicBreakHeight: Double
    let thematicBreak: Rule

    // Alerts and details.
    /// An alert's title line (bold; its colour is the alert's), its bar's width, and its icon:
    /// the size of the square it is drawn in, its strokes' width as a fraction of that, and
    /// the gap between icon and title.
    let alertTitle: TextRole
    let alertBarWidth: Double
    let alertIconSize: Double
    let alertIconStroke: Double
    let alertIconGap: Double
    /// The space between an alert's title and its text.
    let alertTitleSpace: Double
    /// The thin rule beside what `<details>` folds.
    let detailsRule: Rule

    // Lists and footnotes.
    /// Gap between a marker and the item's text; space between items of a tight list.
    let listMarkerGap: Double
    let tightItemSpacing: Double
    /// Marker sizes as fractions of the body's x-height: disc and circle, square, task box;
    /// and how far a shape marker sits from the gap.
    let discScale: Double
    let squareScale: Double
    let taskBoxScale: Double
    let markerInset: Double
    /// Where the first baseline sits in a line box with no text (an empty item), as a fraction.
    let emptyLineBaseline: Double
    /// Space above each footnote; the rule above the first: its length (the column's width
    /// divided by `footnoteRuleParts`), its width, and the space above it.
    let footnoteSpacing: Double
    let footnoteRuleParts: Double
    let footnoteRule: Rule
    let footnoteRuleSpace: Double
    /// Height of a footnote number's back link, from its baseline up by the body size.
    let footnoteLinkHeight: Double
    /// Footnotes at a page's foot: their size relative to the body's; the space between the
    /// text and the rule above them, and between the rule and the first note.
    static let footnoteScale = 0.85
    let footnoteAreaGap: Double
    let footnoteRuleGap: Double

    // Tables.
    let tableSize: Double
    /// The smallest a too-wide table's type may get, relative to `tableSize` (`table.min-size`),
    /// and the smallest it goes below that, with a warning, before words break in its cells.
    let tableMinimumScale: Double
    let tableLeastScale: Double
    /// Line height and cell padding, in multiples of the table's (final) size.
    let tableLineHeight: Double
    let tablePadding: Double
    let tableHeaderRule: Double
    let tableRowRule: Double
    /// How large an image in a cell may be: a share of a column's width, and body lines tall.
    let tableImageWidthShare: Double
    let tableImageLines: Double
    /// Width given to text measured without wrapping (list numbers, footnote numbers).
    static let unwrapped = 10_000.0

    // Images.
    /// A caption's lines (set italic in the muted colour), and the room kept for it under its picture.
    let caption: Set
    let captionRoom: Double
    let placeholder: TextRole
    let placeholderPadding: Double
    let placeholderFrame: Rule
    /// The tallest a placeholder may be declared, as a fraction of the text block's height.
    let placeholderMaximumHeight: Double
    /// A key cap's frame: from `keycapTop` × the text size above the baseline, `keycapHeight` × it tall.
    let keycapTop: Double
    let keycapHeight: Double
    let keycapFrame: Rule
    /// The gap kept between a frame (a key cap, a placeholder) and the text beside it: the
    /// frame is drawn this far inside the spaces that pad it, at most half of them.
    let frameGap: Double

    // The running header and footer, and the title block.
    let header: TextRole
    let footer: TextRole
    /// Baselines as fractions of the top margin (header) and of the bottom margin (footer, from the page's foot).
    let headerBaseline: Double
    let footerBaseline: Double
    let title: Set
    let subtitle: Set
    let author: Set
    let date: Set
    /// The rule under the title block: its slice's height and spacing, and how far down the
    /// slice it is drawn.
    let titleRule: Rule
    let titleRuleDrop: Double
    let titleRuleHeight: Double
    let titleRuleSpaceBefore: Double
    let titleRuleSpaceAfter: Double

    // Excerpts.
    /// The rule in the margin of a full text beside the line where its excerpt stopped, and
    /// its distance from the text block's edge.
    let excerptMark: Rule
    let excerptMarkGap: Double

    // The digest.
    let pathLine: Set
    let coverTitle: Set
    let coverDetails: Set
    /// Where the cover's title starts, as a fraction of the text block's height.
    let coverTitleDrop: Double
    let contentsLineHeight: Double
    /// A contents line's baseline as a fraction of its height; the page number's column width
    /// and the gap before it.
    let contentsBaseline: Double
    let contentsNumberWidth: Double
    let contentsGap: Double
    /// Dot leaders in a table of contents: the distance between dots, the space kept before
    /// and after them, a dot's diameter and its height above the baseline.
    let leaderStep: Double
    let leaderGap: Double
    let leaderDot: Double
    let leaderRise: Double

    /// Superscript and subscript: the text's size, and the rise or drop of its baseline, as
    /// fractions of the surrounding text's size. (Read where Pango sets them.)
    static let scriptScale = 0.68
    static let superscriptRise = 0.35
    static let subscriptDrop = 0.2
    /// The front matter's title is at least this many times the largest heading's size.
    static let titleOverHeading = 1.15

    /// Resolves every role and measure of `style`; with `cjk`, each role's families end with
    /// that region's Noto CJK family of their kind (`CJKRegion.fallback`). O(1).
    init(_ style: Style, cjk: CJKRegion? = nil) {
        let size = style.bodySize
        let codeFamily = cjk.map { $0.fallback(for: style.codeFont) } ?? style.codeFont
        /// A role whose code runs are set as in the body, unless `monospaceSize` says otherwise.
        func role(_ family: String, _ roleSize: Double, lineHeight: Double, bold: Bool = false, italic: Bool = false,
                  color: Color? = nil, monospaceSize: Double? = nil) -> TextRole {
            TextRole(family: family == style.codeFont ? codeFamily : cjk.map { $0.fallback(for: family) } ?? family,
                     size: roleSize, bold: bold, italic: italic, color: color ?? style.textColor,
                     lineHeight: lineHeight, monospaceFamily: codeFamily,
                     monospaceSize: monospaceSize ?? size * style.codeScale)
        }
        body = role(style.bodyFont, size, lineHeight: size * style.bodyLineHeight)
        listIndent = style.listIndent * size
        minimumColumnWidth = style.minimumColumnWidth
        blockSpacing = style.paragraphSpacing * size
        tightSpacing = size * 0.3
        inlineImageHeight = size * style.bodyLineHeight * 1.5
        highlight = style.highlightColor
        muted = style.mutedColor

        headings = (1...6).map { level in
            let headingSize = size * style.headingScale[level - 1]
            return Heading(text: role(style.headingFont, headingSize, lineHeight: headingSize * style.headingLineHeight,
                                      bold: level <= 5, italic: level == 6, monospaceSize: headingSize * style.codeScale),
                           spaceBefore: size * style.headingSpaceBefore[level - 1], spaceAfter: size * style.headingSpaceAfter,
                           ruleWidth: style.headingRules[level - 1], ruleOffset: headingSize * 0.18, ruleClearance: 1)
        }

        let codeSize = size * style.codeScale
        code = role(style.codeFont, codeSize, lineHeight: codeSize * style.codeLineHeight, monospaceSize: codeSize)
        codePadding = codeSize * style.codePadding
        codeWrapIndent = codeSize * 2.4
        codeBackground = style.codeBackground
        codeMinimumSize = style.codeMinimumSize
        codeContinuationStroke = 0.07
        codeContinuationColor = style.mutedColor

        quoteIndent = size * style.quoteIndent
        quoteBarOffset = size * 0.25
        quoteBar = Rule(width: style.quoteRuleWidth, color: style.quoteRuleColor)
        thematicBreakHeight = size * 1.2
        thematicBreak = Rule(width: style.ruleWidth, color: style.ruleColor)

        alertTitle = role(style.bodyFont, size, lineHeight: size * style.bodyLineHeight, bold: true)
        alertBarWidth = style.quoteRuleWidth * 1.25
        alertIconSize = size * 1.1
        alertIconStroke = 0.11
        alertIconGap = size * 0.45
        alertTitleSpace = size * 0.3
        detailsRule = Rule(width: 0.75, color: style.ruleColor)

        listMarkerGap = size * 0.5
        tightItemSpacing = size * 0.2
        discScale = 0.72
        squareScale = 0.62
        taskBoxScale = 1.45
        markerInset = size * 0.15
        emptyLineBaseline = 0.75
        footnoteSpacing = size * 0.3
        footnoteRuleParts = 3
        footnoteRule = Rule(width: 0.6, color: style.ruleColor)
        footnoteRuleSpace = blockSpacing * 2
        footnoteLinkHeight = size * 1.3
        footnoteAreaGap = size
        footnoteRuleGap = size * 0.5

        tableSize = size * style.tableScale
        tableMinimumScale = min(1, style.tableMinimumSize / tableSize)
        tableLeastScale = tableMinimumScale * 0.6
        tableLineHeight = 1.3
        tablePadding = 0.45
        tableHeaderRule = 0.9
        tableRowRule = 0.4
        tableImageWidthShare = 0.9
        tableImageLines = 8

        let captionSize = size * style.captionScale
        caption = Set(text: role(style.bodyFont, captionSize, lineHeight: captionSize * 1.35),
                      spaceBefore: size * 0.35, spaceAfter: blockSpacing)
        captionRoom = size * 3
        placeholder = role(style.bodyFont, captionSize, lineHeight: captionSize * 1.35)
        placeholderPadding = size * 0.6
        placeholderFrame = Rule(width: 0.6, color: style.ruleColor)
        placeholderMaximumHeight = 0.9
        keycapTop = 0.92
        keycapHeight = 1.2
        keycapFrame = Rule(width: 0.5, color: style.mutedColor)
        frameGap = size * 0.15

        let headerSize = size * style.headerScale, footerSize = size * style.footerScale
        header = role(style.bodyFont, headerSize, lineHeight: headerSize, color: style.mutedColor)
        footer = role(style.bodyFont, footerSize, lineHeight: footerSize, color: style.mutedColor)
        headerBaseline = 0.5
        footerBaseline = 0.45
        func titleLine(_ scale: Double, bold: Bool = false, italic: Bool = false, muted: Bool = true, space: Double) -> Set {
            let lineSize = size * scale
            return Set(text: role(bold ? style.headingFont : style.bodyFont, lineSize, lineHeight: lineSize * 1.25, bold: bold,
                                  italic: italic, color: muted ? style.mutedColor : style.textColor),
                       spaceBefore: space, spaceAfter: 0)
        }
        // The document's title outranks its headings, whatever sizes a template gives them.
        title = titleLine(max(style.titleScale, (style.headingScale.max() ?? 1) * Self.titleOverHeading), bold: true,
                          muted: false, space: 0)
        subtitle = titleLine(style.subtitleScale, italic: true, space: size * 0.4)
        author = titleLine(1.05, space: size * 0.9)
        date = titleLine(1.0, space: size * 0.2)
        titleRule = Rule(width: 1.2, color: style.ruleColor)
        titleRuleHeight = size * 1.2
        titleRuleSpaceBefore = size * 0.6
        titleRuleDrop = size * 0.6
        titleRuleSpaceAfter = size

        excerptMark = Rule(width: 1.5, color: style.linkColor)
        excerptMarkGap = size * 0.8

        let pathSize = size * 0.82
        pathLine = Set(text: role(style.codeFont, pathSize, lineHeight: pathSize * 1.3, color: style.mutedColor),
                       spaceBefore: 0, spaceAfter: size * 0.3)
        let coverSize = size * 2.8
        coverTitle = Set(text: role(style.headingFont, coverSize, lineHeight: coverSize * 1.2, bold: true),
                         spaceBefore: 0, spaceAfter: size)
        let detailSize = size * 1.2
        coverDetails = Set(text: role(style.bodyFont, detailSize, lineHeight: size * style.bodyLineHeight, color: style.mutedColor),
                           spaceBefore: size * 0.4, spaceAfter: 0)
        coverTitleDrop = 0.28
        contentsLineHeight = size * 1.75
        contentsBaseline = 0.72
        contentsNumberWidth = size * 3
        contentsGap = size
        leaderStep = size * 0.5
        leaderGap = size * 0.4
        leaderDot = size * 0.12
        leaderRise = size * 0.1
    }

    /// The heading role of `level` (clamped to 1...6).
    func heading(_ level: Int) -> Heading { headings[min(max(level, 1), 6) - 1] }
}
