import QuireModel

/// Everything layout needs to know about how a document should look, resolved once.
///
/// Lengths are in PDF points (1/72 in). Fonts are fontconfig family names; fontconfig supplies
/// fallback fonts for scripts and emoji the family lacks. Issue 5's templates resolve into this.
///
/// Each stored field is a setting, its type and default declared here once; its entry of the
/// key table (`TemplateKey.all`) names it by key path and gives the rest (name, what it takes,
/// doc line), and `templates --keys` lists this default. A field no key sets fails
/// `SettingKeyTableTests` (but `minimumColumnWidth`, which only the library's callers set).
/// The settings digest reads these fields in this order: adding one changes every digest
/// (an optional one only where it is not nil, as `images`).
public struct Style: Sendable, Equatable, Encodable {
    /// Page width and height.
    public var pageSize: PageSize = .a4
    /// Turns the page to portrait or landscape whatever `pageSize` gives; nil: as it gives.
    public var pageOrientation: PageOrientation?
    /// Margins around the text block: top, right (outer), bottom, left. Unless given (a
    /// template's `page.margin`, `--set`, or this property set), they follow the page and the
    /// body size: `automaticMargins`.
    public var margins: Insets {
        get { givenMargins ?? automaticMargins }
        set { givenMargins = newValue }
    }
    /// The margins a template or caller gave; nil: `automaticMargins`.
    public var givenMargins: Insets?

    /// Body text family. A family may list fallbacks: Arabic and Hebrew name Noto Sans faces,
    /// which fontconfig would otherwise replace by DejaVu Sans (whose text pdftotext and
    /// copy-paste split inside words).
    public var bodyFont: String = "Noto Serif, Noto Sans Arabic, Noto Sans Hebrew"
    /// Body text size in points: every other size is a multiple of it.
    public var bodySize: Double = 10.5
    /// Distance between body baselines, in multiples of `bodySize`.
    public var bodyLineHeight: Double = 1.45
    /// How paragraphs and list items are aligned inside their column.
    public var bodyAlign: TextAlignment = .left
    /// Whether body text is hyphenated (with the patterns of the document's language):
    /// `auto` where it is justified.
    public var hyphenation: Hyphenation = .auto
    /// The language of a document whose front matter gives no `lang` (a BCP 47 tag): picks
    /// hyphenation patterns and the forms of CJK characters.
    public var language = "en-US"
    /// Curly quotes and dashes for straight quotes, "--" and "---" (and "..." an ellipsis).
    /// Off: text keeps the quotes typed, as GitHub shows them.
    public var smartPunctuation = false
    /// Space between paragraphs and other blocks, in multiples of the body size.
    public var paragraphSpacing: Double = 0.75
    /// The standards the PDF meets and claims, unless the front matter or the command line
    /// says otherwise (`pdf.standard`).
    public var pdfStandards = PDFStandards.default

    /// Heading family (fallbacks after commas, as for the body).
    public var headingFont: String = "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew"
    /// Heading sizes of levels 1 to 6, in multiples of the body size.
    public var headingScale = PerHeadingLevel<Double>(2.0, 1.6, 1.3, 1.12, 1.0, 0.92)
    /// Distance between a heading's baselines, in multiples of its size.
    public var headingLineHeight: Double = 1.25
    /// Space above headings of levels 1 to 6, in multiples of the body size.
    public var headingSpaceBefore = PerHeadingLevel<Double>(1.9, 1.9, 1.4, 1.4, 1.4, 1.4)
    /// Space below every heading, in multiples of the body size.
    public var headingSpaceAfter: Double = 0.45
    /// Width in points of the rule under headings of levels 1 to 6 (0: no rule).
    public var headingRules = PerHeadingLevel<Double>(1.0, 0.5, 0, 0, 0, 0)

    /// Monospace family for code blocks and inline code.
    public var codeFont: String = "DejaVu Sans Mono"
    /// Code size, in multiples of `bodySize`.
    public var codeScale: Double = 0.86
    /// Distance between a code block's baselines, in multiples of the code size.
    public var codeLineHeight: Double = 1.38
    /// Padding inside a code block's shading, in multiples of the code size.
    public var codePadding: Double = 0.7
    /// The GtkSourceView style scheme that colours code blocks with a language: GitHub's light
    /// colours by default (`github`, shipped in `Templates/` with `github-dark`); GtkSourceView's
    /// own schemes stay selectable. A dark scheme also sets its block's background.
    public var codeTheme: String = "github"
    /// Whether and how remote images are fetched (`images.*`); nil: not (the default), and
    /// left out of the settings digest, as it was before these keys.
    public var images: ImageFetching?
    /// The widest a code block may grow to hold its longest line (`code.max-width`).
    public var codeMaxWidth: WidthLimit = .page
    /// The smallest size, in points, a code block wider than its column steps down to before
    /// its lines wrap (`code.min-size`).
    public var codeMinimumSize: Double = 7
    /// OpenType MATH families for formulas (fallbacks after commas): Palatino's shapes sit
    /// well beside Noto Serif; the first installed one with a MATH table is used.
    public var mathFont: String = "TeX Gyre Pagella Math, DejaVu Math TeX Gyre"

    /// The page's safe area: how near the paper's edges content wider than the measure (a
    /// code block, a table) may come, in points, on each side (12 mm).
    public var safeMargin: Double = 12 * 72 / 25.4
    /// Where content wider than the measure grows: on both sides of the text column, or
    /// toward the outer (right) edge first.
    public var wideAlignment: WideAlignment = .center

    /// A block quote's indent, in multiples of `bodySize`.
    public var quoteIndent: Double = 1.2
    /// Width in points of the bar beside a block quote.
    public var quoteRuleWidth: Double = 2.2
    /// Width in points of a thematic break's rule.
    public var ruleWidth: Double = 0.75

    /// Image captions' size, in multiples of `bodySize`.
    public var captionScale: Double = 0.9
    /// The running header's size, in multiples of `bodySize`.
    public var headerScale: Double = 0.82
    /// The running footer's size, in multiples of `bodySize`.
    public var footerScale: Double = 0.82
    /// A table's text size, in multiples of `bodySize` (a table too wide for the page is set
    /// smaller still).
    public var tableScale: Double = 0.92
    /// The widest a table may grow when its columns cannot fit the measure without breaking
    /// a word (`table.max-width`).
    public var tableMaxWidth: WidthLimit = .page
    /// The smallest size, in points, such a table's type may then shrink to (`table.min-size`).
    public var tableMinimumSize: Double = 7
    /// Whether a table still too wide is set on a landscape page of its own (`table.rotate`).
    public var tableRotation: TableRotation = .auto
    /// The front matter's title size, in multiples of `bodySize` (never below 1.15 times the
    /// largest heading's).
    public var titleScale: Double = 2.4
    /// The front matter's subtitle size, in multiples of `bodySize`.
    public var subtitleScale: Double = 1.35

    /// Body text colour.
    public var textColor: Color = Color(hex: "#141419")!
    /// Links' text colour (and the excerpt label's).
    public var linkColor: Color = Color(hex: "#0d54b3")!
    /// URI schemes (lowercase) a link may have besides `http`, `https` and `mailto`; a link
    /// of any other scheme (`javascript:`, `file:`, `data:`) is set as plain text with a
    /// warning, as GitHub drops such links.
    public var linkSchemes: [String] = []
    /// Rules under headings, thematic breaks and table lines.
    public var ruleColor: Color = Color(hex: "#bfbfc7")!
    /// The bar beside a block quote.
    public var quoteRuleColor: Color = Color(hex: "#b3b8cc")!
    /// Shading behind code blocks and inline code.
    public var codeBackground: Color = Color(hex: "#f2f2f5")!
    /// Secondary text: captions, running header and footer, placeholders, key-cap frames.
    public var mutedColor: Color = Color(hex: "#66666f")!
    /// Behind `<mark>` text.
    public var highlightColor: Color = Color(1, 0.93, 0.55)

    /// GitHub alerts (`> [!NOTE]`, ...): each kind's colour (its bar, icon and title) and
    /// title; GitHub's colours and English titles by default.
    public var alerts = AlertStyles()
    /// The caption under a Mermaid diagram, which is set as code (no tool here draws it).
    public var mermaidCaption: TextValue = .plain("Mermaid diagram (not drawn)")
    /// The colours Mermaid diagrams are drawn in (`diagram.*`).
    public var diagram = DiagramTheme()
    /// The bold line standing for a `<details>` element's missing `<summary>`.
    public var detailsSummary: TextValue = .plain("Details")

    /// List markers by nesting depth (repeating).
    public var listMarkers: [MarkerShape] = [.disc, .circle, .square]
    /// Indent of each list level's body from the list edge, in multiples of the body size.
    public var listIndent: Double = 1.6
    /// Narrowest column, in points, that nesting may leave for text; deeper levels stop indenting.
    public var minimumColumnWidth: Double = 140

    /// Where footnotes are set: at the foot of the page that refers to each (as books do),
    /// or all together at the end of the document.
    public var footnotePlacement: FootnotePlacement = .page

    /// A table of contents after the title (front matter `toc: true` asks for one too): the
    /// headings down to `tocDepth`, with dot leaders and page numbers, linked.
    public var tableOfContents = false
    /// The deepest heading level the table of contents lists.
    public var tocDepth = 3
    /// The contents' heading.
    public var tocTitle: TextValue = .plain("Contents")

    /// Cut every section longer than this many typeset lines to an excerpt. nil: not set (no
    /// excerpts, but a digest cuts to 6 lines); 0: no excerpts at all (a digest shows whole
    /// documents).
    public var excerptLines: Int?

    /// The lines sections are cut to, when they are (`excerptLines` above 0).
    package var excerptCut: Int? { excerptLines.flatMap { $0 > 0 ? $0 : nil } }
    /// The link that ends a cut excerpt and leads to the section's full text; by width, so a
    /// narrow column gets a shorter wording.
    public var excerptLabel: TextValue = .variants([(1, "…"), (8, "More"), (20, "Continue reading")])
    /// Heading of the part that holds the full texts of cut sections.
    public var fullTextTitle: TextValue = .plain("Full text")
    /// The link under each full text that leads back to its excerpt.
    public var backLabel: TextValue = .plain("Back to the excerpt")

    /// Running header: left, centre and right texts with placeholders {title}, {subtitle},
    /// {author}, {date}, {page} and {pages}. It starts on page 2 unless `headerOnFirstPage`.
    public var header = Furniture(center: .plain("{title}"))
    /// Running footer, with the same placeholders; on every page.
    public var footer = Furniture(center: .plain("{page}"))
    /// Whether the running header shows on page 1 too (under the title block).
    public var headerOnFirstPage = false

    /// The default style: the `default` template's, A4, Noto Serif 10.5 pt.
    public init() {}

    /// Margins that give a book's measure: the text column as wide as `measureCharacters`
    /// characters of English body text (at `averageCharacterWidth`), centred, but never less
    /// than `minimumSideMargin` of the page's width on each side (so an A5 or A6 page, too
    /// narrow for that measure, keeps margins in proportion to its width); top and bottom in
    /// proportion to the page's height (68 and 72 pt on A4, where the running header and the
    /// footer sit). A4 at 10.5 pt: 121 pt at the sides, lines of about 70 characters. A
    /// landscape page keeps the margins of the same page upright (its wider column is why
    /// one turns a page). O(1).
    public var automaticMargins: Insets {
        let short = min(pageSize.width, pageSize.height), long = max(pageSize.width, pageSize.height)
        let measure = Self.measureCharacters * Self.averageCharacterWidth * bodySize
        let side = max(short * Self.minimumSideMargin, (short - measure) / 2)
        let height = long / PageSize.a4.height
        return Insets(top: 68 * height, right: side, bottom: 72 * height, left: side)
    }

    /// The characters an average line of body text holds with automatic margins: book
    /// typography asks 60 to 75.
    public static let measureCharacters = 70.0
    /// The average advance of a character of English prose, in em: 0.48 in Noto Serif and
    /// Noto Sans, measured over the 31,000 characters of art-of-command-line's text.
    public static let averageCharacterWidth = 0.48
    /// The least automatic side margin, as a fraction of the page's width (66 pt on A4).
    public static let minimumSideMargin = 0.111

    /// The same page turned to landscape, for a table too wide for it upright
    /// (`table.rotate`): its margins as given, or automatic ones, which keep their sides on a
    /// turned page, so the text block is as much wider as the page is.
    public var turnedForWideTables: Style {
        var turned = self
        turned.pageSize = pageSize.turned(.landscape)
        return turned
    }

    /// The width of the text block.
    public var contentWidth: Double { pageSize.width - margins.left - margins.right }
    /// The height of the text block.
    public var contentHeight: Double { pageSize.height - margins.top - margins.bottom }
}

/// How a kind of GitHub alert looks: its colour and its title.
public struct AlertStyle: Sendable, Equatable, Encodable {
    /// The colour of its bar, icon and title.
    public var color: Color
    /// Its title, bold beside the icon (a translation goes here).
    public var title: TextValue
    /// An alert's look.
    public init(color: Color, title: TextValue) { self.color = color; self.title = title }
}

/// The five alerts' looks (fields rather than a dictionary, so the settings digest reads
/// them in a fixed order).
public struct AlertStyles: Sendable, Equatable, Encodable {
    /// `[!NOTE]`: blue.
    public var note = AlertStyle(color: Color(hex: "#0969da")!, title: .plain("Note"))
    /// `[!TIP]`: green.
    public var tip = AlertStyle(color: Color(hex: "#1a7f37")!, title: .plain("Tip"))
    /// `[!IMPORTANT]`: purple.
    public var important = AlertStyle(color: Color(hex: "#8250df")!, title: .plain("Important"))
    /// `[!WARNING]`: amber.
    public var warning = AlertStyle(color: Color(hex: "#9a6700")!, title: .plain("Warning"))
    /// `[!CAUTION]`: red.
    public var caution = AlertStyle(color: Color(hex: "#cf222e")!, title: .plain("Caution"))
    /// GitHub's colours and English titles.
    public init() {}

    /// The look of alerts of `kind`.
    public subscript(kind: AlertKind) -> AlertStyle {
        get {
            switch kind {
            case .note: return note
            case .tip: return tip
            case .important: return important
            case .warning: return warning
            case .caution: return caution
            }
        }
        set {
            switch kind {
            case .note: note = newValue
            case .tip: tip = newValue
            case .important: important = newValue
            case .warning: warning = newValue
            case .caution: caution = newValue
            }
        }
    }
}

/// Three texts across the top or bottom margin.
public struct Furniture: Sendable, Equatable, Encodable {
    /// The text at the left margin ("" for none).
    public var left: TextValue = .plain("")
    /// The text centred across the page.
    public var center: TextValue = .plain("")
    /// The text at the right margin.
    public var right: TextValue = .plain("")
    /// Three texts, each empty unless given.
    public init(left: TextValue = .plain(""), center: TextValue = .plain(""), right: TextValue = .plain("")) {
        self.left = left; self.center = center; self.right = right
    }
    package var isEmpty: Bool { [left, center, right].allSatisfy { $0 == .plain("") } }

    /// Whether any slot, in any of its wordings, shows the page count ({pages}).
    package var usesPageCount: Bool {
        [left, center, right].contains { value in
            switch value {
            case .plain(let s): return s.contains("{pages}")
            case .variants(let all): return all.contains { $0.text.contains("{pages}") }
            }
        }
    }
}

/// Distances from a page's four edges, in points.
public struct Insets: Sendable, Equatable, Encodable {
    /// From the top edge.
    public var top: Double
    /// From the right edge.
    public var right: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the left edge.
    public var left: Double
    /// Four distances in points.
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
}



/// Whether body text is hyphenated.
public enum Hyphenation: String, Sendable, Equatable, CaseIterable, Encodable {
    /// Hyphenate justified text only, where even spacing needs it most.
    case auto
    /// Hyphenate body text however it is aligned.
    case on
    /// Never hyphenate.
    case off
}

/// Where footnotes are set.
public enum FootnotePlacement: String, Sendable, Equatable, CaseIterable, Encodable {
    /// At the foot of the page of the first reference, under a short rule; a note too long
    /// for the page continues at the next page's foot.
    case page
    /// After the document's text, under a short rule.
    case end
}




/// How wide content wider than the measure (a code block's longest line, a table's columns)
/// may grow.
public enum WidthLimit: Sendable, Equatable, Encodable {
    /// Up to the page's safe area (`Style.safeMargin` from each edge).
    case page
    /// Never wider than the text column.
    case measure
    /// Up to this many points, and never past the safe area.
    case points(Double)
}

/// Where content wider than the measure grows.
public enum WideAlignment: String, Sendable, Equatable, CaseIterable, Encodable {
    /// As much on each side of the text column, as far as the safe area allows.
    case center
    /// Toward the outer edge (the right one) first, then the other.
    case outer
}

/// Whether a table too wide for its page at its smallest size is turned.
public enum TableRotation: String, Sendable, Equatable, CaseIterable, Encodable {
    /// On a landscape page of its own (the pages around it stay as they are).
    case auto
    /// Never: it is set smaller still, with a warning.
    case never
}
