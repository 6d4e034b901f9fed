import Foundation
import QuireModel

/// Every key a template or `--set` may give, with its type, what it accepts and how it
/// changes the `Style`. `Templates/README.md` documents the same keys (a test keeps them in step).
package struct TemplateKey: Sendable {
    package let name: String
    /// The JSON type, for documentation ("number", "string", "text", ...).
    package let type: String
    /// What the key accepts, as error messages list it.
    package let allowed: String
    package let meaning: String
    /// A valid value, as JSON text (documentation and tests).
    package let example: String
    /// Sets the style from a value; false when the value is not allowed (the style is unchanged).
    package let apply: @Sendable (inout Style, JSONValue) -> Bool
    /// What is wrong with a value beyond its type, said better than `allowed` can (an unknown
    /// placeholder); nil when nothing is.
    package var problem: @Sendable (JSONValue) -> String? = { _ in nil }
    /// For a number key, the numbers it takes (each of its numbers, for a list), declared
    /// once: its `allowed` words and its check are made from it; nil for other keys.
    package var range: ClosedRange<Double>?
    /// For a key of one of a few names (`choiceKey`), those names, declared once by their
    /// enum; nil for other keys.
    package var choices: [String]?
    /// For a key naming font families, the families it gives now (which a missing family
    /// keeps: `Templates.apply`); nil for other keys.
    package var fontFamilies: (@Sendable (Style) -> String)?

    package static func named(_ name: String) -> TemplateKey? { all.first { $0.name == name } }

    package static let all: [TemplateKey] = [
        pageSizeKey,
        TemplateKey(name: "page.orientation", type: "string or null", allowed: "portrait, landscape, or null (as page.size gives it)",
                    meaning: "Turns the page whatever its size.", example: "\"landscape\"") { style, v in
            if case .null = v { style.pageOrientation = nil; return true }
            guard case .string(let s) = v, let turn = PageOrientation(rawValue: s.lowercased()) else { return false }
            style.pageOrientation = turn
            return true
        },
        TemplateKey(name: "page.margin", type: "length or string",
                    allowed: "one, two or four lengths (top right bottom left) in pt, mm, cm or in, each 0 to 300 pt; or \"auto\"",
                    meaning: "Margins around the text block; auto: lines of about 70 characters of body text, margins in proportion on smaller pages.",
                    example: "\"20mm 18mm\"") { style, v in
            if case .string(let s) = v, s.trimmingWhitespace().lowercased() == "auto" {
                style.givenMargins = nil
                return true
            }
            guard let m = Lengths.margins(v) else { return false }
            style.margins = m
            return true
        },
        safeMargin,
        wideAlignment,
        fontKey("body.font", "Body text family.", "\"DejaVu Serif\"", \.bodyFont),
        numberKey("body.size", "Body text size.", "a number of points", 4...72, "11") { $0.bodySize = $1 },
        numberKey("body.line-height", "Distance between baselines.", "a multiple of the body size", 0.8...4, "1.5") { $0.bodyLineHeight = $1 },
        choiceKey("body.align", "Alignment of paragraphs and list items (list markers stay at the list's edge).",
                  "\"justify\"") { (style, alignment: TextAlignment) in style.bodyAlign = alignment },
        TemplateKey(name: "body.hyphenate", type: "boolean or string", allowed: "auto, true or false",
                    meaning: "Hyphenate body text with the patterns of the document's language (auto: where it is justified). Never code, URLs, headings or words in capitals.",
                    example: "true") { style, v in
            switch v {
            case .bool(let b): style.hyphenation = b ? .on : .off
            case .string(let s) where s.lowercased() == "auto": style.hyphenation = .auto
            case .string(let s) where ["true", "false"].contains(s.lowercased()): style.hyphenation = s.lowercased() == "true" ? .on : .off
            default: return false
            }
            return true
        },
        TemplateKey(name: "text.lang", type: "string", allowed: "a BCP 47 language tag such as en-US, de, fr-CH, ja, zh-Hant",
                    meaning: "The language of documents whose front matter gives no lang: hyphenation patterns, CJK glyph forms.",
                    example: "\"en-GB\"") { style, v in
            guard case .string(let s) = v, Self.isLanguageTag(s) else { return false }
            style.language = s
            return true
        },
        boolKey("text.smart-punctuation",
                "Curly quotes, en and em dashes for -- and ---, an ellipsis for ... (never in code); false keeps what was typed, as GitHub does.") {
            $0.smartPunctuation = $1
        },
        TemplateKey(name: "body.color", type: "string", allowed: colorAllowed,
                    meaning: "Text colour.", example: "\"#202020\"") { style, v in
            setColor(v) { style.textColor = $0 }
        },
        numberKey("paragraph.spacing", "Space between paragraphs and other blocks.", "a multiple of the body size", 0...5, "0.5") { $0.paragraphSpacing = $1 },
        fontKey("heading.font", "Heading family.", "\"Noto Serif\"", \.headingFont),
        sixNumbersKey("heading.sizes", "Heading sizes.", "six multiples of the body size, for levels 1 to 6, each",
                      0.5...6, "[1.8, 1.5, 1.25, 1.1, 1, 0.9]") { $0.headingScale = $1 },
        numberKey("heading.line-height", "Distance between a heading's baselines.", "a multiple of the heading's size",
                  0.8...4, "1.2") { $0.headingLineHeight = $1 },
        sixNumbersKey("heading.space-before", "Space above headings of levels 1 to 6.",
                      "six multiples of the body size, each", 0...10, "[2, 2, 1.5, 1.5, 1.2, 1.2]") { $0.headingSpaceBefore = $1 },
        numberKey("heading.space-after", "Space below a heading.", "a multiple of the body size",
                  0...5, "0.6") { $0.headingSpaceAfter = $1 },
        sixNumbersKey("heading.rules", "Width of the rule under headings of levels 1 to 6 (0: none).",
                      "six widths in points, each", 0...10, "[0, 0, 0, 0, 0, 0]") { $0.headingRules = $1 },
        fontKey("code.font", "Monospace family for code.", "\"Noto Sans Mono\"", \.codeFont),
        numberKey("code.size", "Code size.", "a multiple of the body size", 0.5...2, "0.9") { $0.codeScale = $1 },
        numberKey("code.line-height", "Distance between a code block's baselines.", "a multiple of the code size",
                  0.8...4, "1.3") { $0.codeLineHeight = $1 },
        numberKey("code.padding", "Space inside a code block's shading.", "a multiple of the code size",
                  0...5, "1") { $0.codePadding = $1 },
        TemplateKey(name: "code.background", type: "string", allowed: colorAllowed,
                    meaning: "Shading behind code.", example: "\"#f4f4f4\"") { style, v in
            setColor(v) { style.codeBackground = $0 }
        },
        TemplateKey(name: "math.font", type: "string", allowed: "an OpenType math font family (fallbacks after commas)",
                    meaning: "Font of formulas ($…$, $$…$$, math blocks).", example: "\"DejaVu Math TeX Gyre\"") { style, v in
            setString(v) { style.mathFont = $0 }
        },
        TemplateKey(name: "code.theme", type: "string",
                    allowed: "a GtkSourceView style scheme: github and github-dark (GitHub's colours, built in), classic, cobalt, kate, oblivion, solarized-dark, solarized-light, tango, or one of your own in ~/.local/share/gtksourceview-4/styles ('quire templates --keys' lists those installed)",
                    meaning: "Colours, bold and italic of code blocks with a language; a scheme with a dark (not white) background sets it, and its text colour, on the block.",
                    example: "\"solarized-dark\"") { style, v in
            guard case .string(let s) = v, !s.isEmpty,
                  s.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) })
            else { return false }
            style.codeTheme = s
            return true
        },
        codeMaxWidth,
        codeMinimumSize,
        TemplateKey(name: "link.color", type: "string", allowed: colorAllowed,
                    meaning: "Colour of links and of the excerpt label.", example: "\"#aa3300\"") { style, v in
            setColor(v) { style.linkColor = $0 }
        },
        TemplateKey(name: "links.schemes", type: "array of strings or string",
                    allowed: "URI scheme names (letters, digits, +, -, .), as an array or a comma-separated string",
                    meaning: "Schemes a link may have besides http, https and mailto; a link of another scheme (javascript:, file:, data:) is plain text, with a warning.",
                    example: "[\"ftp\", \"doi\"]") { style, v in
            let names: [String]
            switch v {
            case .string(let s): names = s.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            case .array(let a): names = a.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
                guard names.count == a.count else { return false }
            default: return false
            }
            guard names.allSatisfy(LinkSchemes.isSchemeName) else { return false }
            style.linkSchemes = names.map { $0.lowercased() }
            return true
        },
        TemplateKey(name: "rule.color", type: "string", allowed: colorAllowed,
                    meaning: "Colour of rules under headings, thematic breaks and table lines.", example: "\"#999999\"") { style, v in
            setColor(v) { style.ruleColor = $0 }
        },
        numberKey("rule.width", "Width of a thematic break's rule, in points.", "a width in points",
                  0.1...10, "1") { $0.ruleWidth = $1 },
        colorKey("muted.color", "Colour of secondary text: captions, running header and footer, placeholders.",
                 "\"#808080\"") { $0.mutedColor = $1 },
        colorKey("highlight.color", "Background of <mark> text.", "\"#fff3a0\"") { $0.highlightColor = $1 },
        numberKey("quote.indent", "Indent of a block quote.", "a multiple of the body size",
                  0...10, "1.5") { $0.quoteIndent = $1 },
        numberKey("quote.rule-width", "Width of a block quote's bar, in points.", "a width in points",
                  0...10, "3") { $0.quoteRuleWidth = $1 },
        colorKey("quote.rule-color", "Colour of a block quote's bar.", "\"#cccccc\"") { $0.quoteRuleColor = $1 },
    ] + AlertKind.allCases.flatMap { kind in [
        colorKey("alert.\(kind.rawValue).color", "Colour of a \(kind.rawValue) alert's bar, icon and title ([!\(kind.rawValue.uppercased())]).",
                 "\"#336699\"") { $0.alerts[kind].color = $1 },
        textKey("alert.\(kind.rawValue).title", "Title of a \(kind.rawValue) alert.", "\"\(kind.rawValue.uppercased())\"") {
            $0.alerts[kind].title = $1
        },
    ] } + [
        numberKey("caption.size", "Size of an image's caption.", "a multiple of the body size",
                  0.5...2, "0.85") { $0.captionScale = $1 },
        numberKey("table.size", "Size of a table's text (smaller still when the table is too wide).",
                  "a multiple of the body size", 0.5...2, "0.85") { $0.tableScale = $1 },
        tableMaxWidth,
        tableMinimumSize,
        tableRotation,
        numberKey("title.size", "Size of the front matter's title (never below 1.15 times the largest heading's).", "a multiple of the body size",
                  0.5...6, "3") { $0.titleScale = $1 },
        numberKey("subtitle.size", "Size of the front matter's subtitle.", "a multiple of the body size",
                  0.5...6, "1.5") { $0.subtitleScale = $1 },
        TemplateKey(name: "list.markers", type: "array of strings or string",
                    allowed: "marker names by depth, from disc, circle, square, dash (an array or a comma-separated string)",
                    meaning: "List markers by nesting depth, repeating.", example: "[\"dash\", \"disc\"]") { style, v in
            let names: [String]
            switch v {
            case .string(let s): names = s.split(separator: ",").map { $0.trimmingWhitespace() }
            case .array(let a): names = a.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
                guard names.count == a.count else { return false }
            default: return false
            }
            let shapes = names.compactMap(MarkerShape.init(rawValue:))
            guard !shapes.isEmpty, shapes.count == names.count else { return false }
            style.listMarkers = shapes
            return true
        },
        numberKey("list.indent", "Indent of each list level.", "a multiple of the body size", 0.5...10, "2") { $0.listIndent = $1 },
        choiceKey("footnote.placement", "Footnotes at the foot of the page that refers to each (a note too long continues on the next page's foot), or all at the end.",
                  "\"end\"") { (style, placement: FootnotePlacement) in style.footnotePlacement = placement },
        boolKey("toc",
                "A table of contents after the title: headings with dot leaders and page numbers, linked (front matter toc: true and --toc ask for one too).") {
            $0.tableOfContents = $1
        },
        TemplateKey(name: "toc.depth", type: "integer", allowed: "a heading level from 1 to 6",
                    meaning: "The deepest heading level the table of contents lists.", example: "2") { style, v in
            guard case .number(let n) = v, n == n.rounded(), (1...6).contains(n) else { return false }
            style.tocDepth = Int(n)
            return true
        },
        textKey("toc.title", "The table of contents' heading.", "\"Table of contents\"") { $0.tocTitle = $1 },
        TemplateKey(name: "excerpt.lines", type: "integer or null",
                    allowed: "a whole number of lines from 1 to 1000; 0 for no excerpts at all (a digest then shows whole documents); null: not set (a digest cuts to 6)",
                    meaning: "Cut every section longer than this to an excerpt.", example: "6") { style, v in
            if case .null = v { style.excerptLines = nil; return true }
            guard case .number(let n) = v, n == n.rounded(), (0...1000).contains(n) else { return false }
            style.excerptLines = Int(n)
            return true
        },
        textKey("excerpt.label", "The link ending a cut excerpt.", "{\"1\": \"…\", \"10\": \"More\", \"24\": \"Read on\"}") { $0.excerptLabel = $1 },
        textKey("excerpt.full-text-title", "Heading of the part holding full texts.", "\"Complete sections\"") { $0.fullTextTitle = $1 },
        textKey("excerpt.back-label", "The link from a full text back to its excerpt.", "\"Back\"") { $0.backLabel = $1 },
        textKey("details.summary", "The bold line of a <details> element that has no <summary>.", "\"More\"") {
            $0.detailsSummary = $1
        },
        textKey("mermaid.caption", "Caption under a Mermaid diagram, which is set as code.", "\"Diagram (Mermaid source)\"") {
            $0.mermaidCaption = $1
        },
        colorKey("diagram.node-fill", "Fill of a diagram's nodes.", "\"#e7f5ff\"") { $0.diagram.nodeFill = $1 },
        colorKey("diagram.node-border", "Border of a diagram's nodes.", "\"#1c7ed6\"") { $0.diagram.nodeBorder = $1 },
        colorKey("diagram.edge-color", "Colour of a diagram's edges and arrowheads.", "\"#495057\"") { $0.diagram.edge = $1 },
        colorKey("diagram.cluster-fill", "Fill of a diagram's subgraphs.", "\"#f8f9fa\"") { $0.diagram.clusterFill = $1 },
        colorKey("diagram.cluster-border", "Border of a diagram's subgraphs.", "\"#adb5bd\"") { $0.diagram.clusterBorder = $1 },
        colorKey("diagram.text-color", "Colour of a diagram's labels.", "\"#000000\"") { $0.diagram.text = $1 },
        colorKey("diagram.label-background", "Ground of a diagram's edge labels.", "\"#ffffff\"") { $0.diagram.labelBackground = $1 },
        furnitureKey("header.left", "Running header, left.", "\"{author}\"") { $0.header.left = $1 },
        furnitureKey("header.center", "Running header, centre.", "\"{title} · {date}\"") { $0.header.center = $1 },
        furnitureKey("header.right", "Running header, right.", "\"{date}\"") { $0.header.right = $1 },
        numberKey("header.size", "Size of the running header.", "a multiple of the body size",
                  0.5...2, "0.9") { $0.headerScale = $1 },
        TemplateKey(name: "header.first-page", type: "boolean", allowed: "true or false",
                    meaning: "Whether the running header appears on page 1.", example: "true") { style, v in
            guard case .bool(let b) = v else { return false }
            style.headerOnFirstPage = b
            return true
        },
        furnitureKey("footer.left", "Footer, left.", "\"{title}\"") { $0.footer.left = $1 },
        furnitureKey("footer.center", "Footer, centre.", "\"{page} / {pages}\"") { $0.footer.center = $1 },
        furnitureKey("footer.right", "Footer, right.", "\"{page}\"") { $0.footer.right = $1 },
        numberKey("footer.size", "Size of the footer.", "a multiple of the body size",
                  0.5...2, "0.9") { $0.footerScale = $1 },
        pdfStandardKey,
    ] + imageKeys

    /// `pdf.standard`: an unknown or unsupported standard says why.
    private static var pdfStandardKey: TemplateKey {
        var key = TemplateKey(name: "pdf.standard", type: "string", allowed: PDFStandards.allowed,
                              meaning: "The standards the PDF meets and claims (front matter pdf-standard and --pdf-standard give it too): PDF/UA-1 (ua-1, the default), PDF/A-2 or -3 at level a, b or u.",
                              example: "\"ua-1,a-2a\"") { style, v in
            guard case .string(let s) = v, let standards = try? PDFStandards.parse(s) else { return false }
            style.pdfStandards = standards
            return true
        }
        key.problem = { value in
            guard case .string(let s) = value else { return nil }
            do throws(PDFStandardsError) { _ = try PDFStandards.parse(s) } catch { return error.description }
            return nil
        }
        return key
    }

    /// A number key: `words` say what the number is ("a multiple of the body size"), `range`
    /// what it may be, declared once: the allowed text, the listing and the check all read it.
    private static func numberKey(_ name: String, _ meaning: String, _ words: String, _ range: ClosedRange<Double>,
                                  _ example: String, _ set: @escaping @Sendable (inout Style, Double) -> Void) -> TemplateKey {
        var key = TemplateKey(name: name, type: "number", allowed: allowed(words, range), meaning: meaning, example: example) { style, v in
            setNumber(v, range) { set(&style, $0) }
        }
        key.range = range
        return key
    }

    /// A key of six numbers, one per heading level, each in `range` (declared once).
    private static func sixNumbersKey(_ name: String, _ meaning: String, _ words: String, _ range: ClosedRange<Double>,
                                      _ example: String, _ set: @escaping @Sendable (inout Style, PerHeadingLevel<Double>) -> Void) -> TemplateKey {
        var key = TemplateKey(name: name, type: "array of 6 numbers", allowed: allowed(words, range), meaning: meaning, example: example) { style, v in
            guard case .array(let a) = v else { return false }
            let values = a.compactMap { x -> Double? in if case .number(let n) = x, range.contains(n) { return n } else { return nil } }
            guard values.count == a.count, let levels = PerHeadingLevel(values) else { return false }
            set(&style, levels)
            return true
        }
        key.range = range
        return key
    }

    /// What a number key allows, in words, from its declared range: "`words` from 0.5 to 6".
    package static func allowed(_ words: String, _ range: ClosedRange<Double>) -> String {
        func number(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n) }
        return "\(words) from \(number(range.lowerBound)) to \(number(range.upperBound))"
    }

    private static func boolKey(_ name: String, _ meaning: String, _ set: @escaping @Sendable (inout Style, Bool) -> Void) -> TemplateKey {
        TemplateKey(name: name, type: "boolean", allowed: "true or false", meaning: meaning, example: "true") { style, v in
            guard case .bool(let b) = v else { return false }
            set(&style, b)
            return true
        }
    }

    private static func colorKey(_ name: String, _ meaning: String, _ example: String,
                                 _ set: @escaping @Sendable (inout Style, Color) -> Void) -> TemplateKey {
        TemplateKey(name: name, type: "string", allowed: colorAllowed, meaning: meaning, example: example) { style, v in
            setColor(v) { set(&style, $0) }
        }
    }

    /// Letters and digits in subtags of 1 to 8, joined by "-" (or "_"): "en", "en-US", "zh-Hant-TW".
    package static func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        return !parts.isEmpty && parts.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && parts[0].allSatisfy(\.isLetter)
    }

    /// How colour values may be written.
    package static let colorAllowed = "a colour as \"#rrggbb\", \"#rgb\" or \"rgb(R%, G%, B%)\" (or 0-255 numbers)"

    /// The placeholders a running header or footer may show.
    package static let placeholders = ["title", "subtitle", "author", "date", "page", "pages"]

    /// A key naming a font family, with fallbacks after commas.
    private static func fontKey(_ name: String, _ meaning: String, _ example: String,
                                _ field: WritableKeyPath<Style, String> & Sendable) -> TemplateKey {
        var key = TemplateKey(name: name, type: "string", allowed: "a font family name (fallbacks after commas)",
                              meaning: meaning + " A family not installed is a warning, and the family before it is kept.",
                              example: example) { style, v in
            setString(v) { style[keyPath: field] = $0 }
        }
        key.fontFamilies = { $0[keyPath: field] }
        return key
    }

    /// `page.size`: a size whose sides are out of range says the rule, not the syntax.
    private static var pageSizeKey: TemplateKey {
        var key = TemplateKey(name: "page.size", type: "string",
                              allowed: "a3, a4, a5, a6, b5, letter, legal, tabloid (any case), or \"W x H\" with pt, mm, cm or in (\"210x297mm\", \"8.5 x 11 in\"), each side from 72 pt (1 in) to 200 in; either may end with landscape or portrait",
                              meaning: "Paper size.", example: "\"a5\"") { style, v in
            guard case .string(let s) = v, let size = Lengths.pageSize(s) else { return false }
            style.pageSize = size
            return true
        }
        key.problem = { value in
            guard case .string(let s) = value else { return nil }
            return Lengths.pageSizeProblem(s)
        }
        return key
    }

    /// A running header's or footer's text: placeholders allowed, and an unknown one (a typo
    /// such as {pagez}, which would print as written) an error naming it.
    private static func furnitureKey(_ name: String, _ meaning: String, _ example: String,
                                     _ set: @escaping @Sendable (inout Style, TextValue) -> Void) -> TemplateKey {
        var key = textKey(name, meaning, example, set)
        key = TemplateKey(name: key.name, type: key.type,
                          allowed: key.allowed + "; placeholders " + placeholders.map { "{\($0)}" }.joined(separator: " "),
                          meaning: key.meaning, example: key.example, apply: key.apply)
        key.problem = { value in
            guard let text = TextValue(json: value) else { return nil }
            let wordings: [String]
            switch text {
            case .plain(let s): wordings = [s]
            case .variants(let all): wordings = all.map(\.text)
            }
            for wording in wordings {
                var unknown: Substring?
                _ = filledPlaceholders(wording) { name in
                    let looksLikeOne = name.first?.isLetter == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                    if looksLikeOne, !placeholders.contains(String(name)), unknown == nil { unknown = name }
                    return nil
                }
                if let unknown {
                    return "unknown placeholder {\(unknown)} in \(name); allowed: " + placeholders.map { "{\($0)}" }.joined(separator: " ")
                }
            }
            return nil
        }
        return key
    }

    private static func textKey(_ name: String, _ meaning: String, _ example: String,
                                _ set: @escaping @Sendable (inout Style, TextValue) -> Void) -> TemplateKey {
        TemplateKey(name: name, type: "text",
                    allowed: "a string, or a map from width in em to string such as {\"8\": \"More\", \"20\": \"Continue reading\"}",
                    meaning: meaning, example: example) { style, v in
            guard let text = TextValue(json: v) else { return false }
            set(&style, text)
            return true
        }
    }

    private static func setString(_ v: JSONValue, _ set: (String) -> Void) -> Bool {
        guard case .string(let s) = v, !s.trimmingWhitespace().isEmpty else { return false }
        set(s)
        return true
    }

    private static func setNumber(_ v: JSONValue, _ range: ClosedRange<Double>, _ set: (Double) -> Void) -> Bool {
        guard case .number(let n) = v, range.contains(n) else { return false }
        set(n)
        return true
    }

    private static func setColor(_ v: JSONValue, _ set: (Color) -> Void) -> Bool {
        guard case .string(let s) = v, let c = Color(css: s) else { return false }
        set(c)
        return true
    }
}

extension TextValue {
    /// A text value from JSON: a string, or an object of width → string (widths ≥ 0).
    package init?(json: JSONValue) {
        switch json {
        case .string(let s): self = .plain(s)
        case .object(let pairs):
            var variants: [(width: Double, text: String)] = []
            for (key, value) in pairs {
                guard let w = Double(key.trimmingWhitespace()), w >= 0, w.isFinite,
                      case .string(let text) = value else { return nil }
                variants.append((w, text))
            }
            guard !variants.isEmpty else { return nil }
            self.init(variants: variants)
        default: return nil
        }
    }
}
