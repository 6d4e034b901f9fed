import Foundation
import QuireModel

/// Every key a template or `--set` may give, with its type, what it accepts, how it changes
/// the `Style` and how it reads the style's value back. `Templates/README.md` documents the
/// same keys (a test keeps them in step).
///
/// A setting is declared once: its default is its `Style` field's (one declaration), and its
/// entry here names that field (a key path, for most keys through a helper of KeyKinds.swift),
/// so that the setter, the listed default and the value read back cannot name different
/// fields. The listing (`templates --keys`), validation (`Templates.apply`) and the settings
/// digest (`Style`'s fields, each set by a key: `SettingKeyTableTests`) derive from this table.
package struct TemplateKey: Sendable {
    package let name: String
    /// The JSON type, for documentation ("number", "string", "text", ...).
    package let type: String
    /// What the key accepts, as error messages list it.
    package let allowed: String
    package let meaning: String
    /// A valid value, as JSON text (documentation and tests).
    package let example: String
    /// The key's value in a style, as a template writes it, which `apply` reads back to the
    /// same style: for `Style()`, the default `templates --keys` lists.
    package let value: @Sendable (Style) -> JSONValue
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
                    meaning: "Turns the page whatever its size.", example: "\"landscape\"",
                    value: { $0.pageOrientation.map { .string($0.rawValue) } ?? .null }) { style, v in
            if case .null = v { style.pageOrientation = nil; return true }
            guard case .string(let s) = v, let turn = PageOrientation(rawValue: s.lowercased()) else { return false }
            style.pageOrientation = turn
            return true
        },
        TemplateKey(name: "page.margin", type: "length or string",
                    allowed: "one, two or four lengths (top right bottom left) in pt, mm, cm or in, each 0 to 300 pt; or \"auto\"",
                    meaning: "Margins around the text block; auto: lines of about 70 characters of body text, margins in proportion on smaller pages.",
                    example: "\"20mm 18mm\"", value: { TemplateValues.margins($0.givenMargins) }) { style, v in
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
        numberKey("body.size", "Body text size.", "a number of points", 4...72, "11", \.bodySize),
        numberKey("body.line-height", "Distance between baselines.", "a multiple of the body size", 0.8...4, "1.5", \.bodyLineHeight),
        choiceKey("body.align", "Alignment of paragraphs and list items (list markers stay at the list's edge).",
                  "\"justify\"", \.bodyAlign),
        fieldKey("body.hyphenate", type: "boolean or string", allowed: "auto, true or false",
                 meaning: "Hyphenate body text with the patterns of the document's language (auto: where it is justified). Never code, URLs, headings or words in capitals.",
                 example: "true", \.hyphenation, read: { v in
            switch v {
            case .bool(let b): return b ? .on : .off
            case .string(let s) where s.lowercased() == "auto": return .auto
            case .string(let s) where ["true", "false"].contains(s.lowercased()): return s.lowercased() == "true" ? .on : .off
            default: return nil
            }
        }, write: { $0 == .auto ? .string("auto") : .bool($0 == .on) }),
        fieldKey("text.lang", type: "string", allowed: "a BCP 47 language tag such as en-US, de, fr-CH, ja, zh-Hant",
                 meaning: "The language of documents whose front matter gives no lang: hyphenation patterns, CJK glyph forms.",
                 example: "\"en-GB\"", \.language, read: { v in
            guard case .string(let s) = v, Self.isLanguageTag(s) else { return nil }
            return s
        }, write: { .string($0) }),
        boolKey("text.smart-punctuation",
                "Curly quotes, en and em dashes for -- and ---, an ellipsis for ... (never in code); false keeps what was typed, as GitHub does.",
                \.smartPunctuation),
        colorKey("body.color", "Text colour.", "\"#202020\"", \.textColor),
        numberKey("paragraph.spacing", "Space between paragraphs and other blocks.", "a multiple of the body size", 0...5, "0.5", \.paragraphSpacing),
        fontKey("heading.font", "Heading family.", "\"Noto Serif\"", \.headingFont),
        sixNumbersKey("heading.sizes", "Heading sizes.", "six multiples of the body size, for levels 1 to 6, each",
                      0.5...6, "[1.8, 1.5, 1.25, 1.1, 1, 0.9]", \.headingScale),
        numberKey("heading.line-height", "Distance between a heading's baselines.", "a multiple of the heading's size",
                  0.8...4, "1.2", \.headingLineHeight),
        sixNumbersKey("heading.space-before", "Space above headings of levels 1 to 6.",
                      "six multiples of the body size, each", 0...10, "[2, 2, 1.5, 1.5, 1.2, 1.2]", \.headingSpaceBefore),
        numberKey("heading.space-after", "Space below a heading.", "a multiple of the body size",
                  0...5, "0.6", \.headingSpaceAfter),
        sixNumbersKey("heading.rules", "Width of the rule under headings of levels 1 to 6 (0: none).",
                      "six widths in points, each", 0...10, "[0, 0, 0, 0, 0, 0]", \.headingRules),
        fontKey("code.font", "Monospace family for code.", "\"Noto Sans Mono\"", \.codeFont),
        numberKey("code.size", "Code size.", "a multiple of the body size", 0.5...2, "0.9", \.codeScale),
        numberKey("code.line-height", "Distance between a code block's baselines.", "a multiple of the code size",
                  0.8...4, "1.3", \.codeLineHeight),
        numberKey("code.padding", "Space inside a code block's shading.", "a multiple of the code size",
                  0...5, "1", \.codePadding),
        colorKey("code.background", "Shading behind code.", "\"#f4f4f4\"", \.codeBackground),
        fieldKey("math.font", type: "string", allowed: "an OpenType math font family (fallbacks after commas)",
                 meaning: "Font of formulas ($…$, $$…$$, math blocks).", example: "\"DejaVu Math TeX Gyre\"", \.mathFont,
                 read: nonEmptyString, write: { .string($0) }),
        fieldKey("code.theme", type: "string",
                 allowed: "a GtkSourceView style scheme: github and github-dark (GitHub's colours, built in), classic, cobalt, kate, oblivion, solarized-dark, solarized-light, tango, or one of your own in ~/.local/share/gtksourceview-4/styles ('quire templates --keys' lists those installed)",
                 meaning: "Colours, bold and italic of code blocks with a language; a scheme with a dark (not white) background sets it, and its text colour, on the block.",
                 example: "\"solarized-dark\"", \.codeTheme, read: { v in
            guard case .string(let s) = v, !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else { return nil }
            return s
        }, write: { .string($0) }),
        codeMaxWidth,
        codeMinimumSize,
        colorKey("link.color", "Colour of links and of the excerpt label.", "\"#aa3300\"", \.linkColor),
        fieldKey("links.schemes", type: "array of strings or string",
                 allowed: "URI scheme names (letters, digits, +, -, .), as an array or a comma-separated string",
                 meaning: "Schemes a link may have besides http, https and mailto; a link of another scheme (javascript:, file:, data:) is plain text, with a warning.",
                 example: "[\"ftp\", \"doi\"]", \.linkSchemes, read: { v in
            guard let names = names(v, droppingEmpty: true), names.allSatisfy(LinkSchemes.isSchemeName) else { return nil }
            return names.map { $0.lowercased() }
        }, write: TemplateValues.names),
        colorKey("rule.color", "Colour of rules under headings, thematic breaks and table lines.", "\"#999999\"", \.ruleColor),
        numberKey("rule.width", "Width of a thematic break's rule, in points.", "a width in points",
                  0.1...10, "1", \.ruleWidth),
        colorKey("muted.color", "Colour of secondary text: captions, running header and footer, placeholders.",
                 "\"#808080\"", \.mutedColor),
        colorKey("highlight.color", "Background of <mark> text.", "\"#fff3a0\"", \.highlightColor),
        numberKey("quote.indent", "Indent of a block quote.", "a multiple of the body size",
                  0...10, "1.5", \.quoteIndent),
        numberKey("quote.rule-width", "Width of a block quote's bar, in points.", "a width in points",
                  0...10, "3", \.quoteRuleWidth),
        colorKey("quote.rule-color", "Colour of a block quote's bar.", "\"#cccccc\"", \.quoteRuleColor),
    ] + AlertKind.allCases.flatMap { kind in [
        colorKey("alert.\(kind.rawValue).color", "Colour of a \(kind.rawValue) alert's bar, icon and title ([!\(kind.rawValue.uppercased())]).",
                 "\"#336699\"", \.alerts[kind].color),
        textKey("alert.\(kind.rawValue).title", "Title of a \(kind.rawValue) alert.", "\"\(kind.rawValue.uppercased())\"",
                \.alerts[kind].title),
    ] } + [
        numberKey("caption.size", "Size of an image's caption.", "a multiple of the body size",
                  0.5...2, "0.85", \.captionScale),
        numberKey("table.size", "Size of a table's text (smaller still when the table is too wide).",
                  "a multiple of the body size", 0.5...2, "0.85", \.tableScale),
        tableMaxWidth,
        tableMinimumSize,
        tableRotation,
        numberKey("title.size", "Size of the front matter's title (never below 1.15 times the largest heading's).", "a multiple of the body size",
                  0.5...6, "3", \.titleScale),
        numberKey("subtitle.size", "Size of the front matter's subtitle.", "a multiple of the body size",
                  0.5...6, "1.5", \.subtitleScale),
        fieldKey("list.markers", type: "array of strings or string",
                 allowed: "marker names by depth, from disc, circle, square, dash (an array or a comma-separated string)",
                 meaning: "List markers by nesting depth, repeating.", example: "[\"dash\", \"disc\"]", \.listMarkers, read: { v in
            guard let names = names(v, droppingEmpty: false) else { return nil }
            let shapes = names.compactMap(MarkerShape.init(rawValue:))
            guard !shapes.isEmpty, shapes.count == names.count else { return nil }
            return shapes
        }, write: { TemplateValues.names($0.map(\.rawValue)) }),
        numberKey("list.indent", "Indent of each list level.", "a multiple of the body size", 0.5...10, "2", \.listIndent),
        choiceKey("footnote.placement", "Footnotes at the foot of the page that refers to each (a note too long continues on the next page's foot), or all at the end.",
                  "\"end\"", \.footnotePlacement),
        boolKey("toc",
                "A table of contents after the title: headings with dot leaders and page numbers, linked (front matter toc: true and --toc ask for one too).",
                \.tableOfContents),
        fieldKey("toc.depth", type: "integer", allowed: "a heading level from 1 to 6",
                 meaning: "The deepest heading level the table of contents lists.", example: "2", \.tocDepth,
                 read: { wholeNumber($0, 1...6) }, write: { .number(Double($0)) }),
        textKey("toc.title", "The table of contents' heading.", "\"Table of contents\"", \.tocTitle),
        fieldKey("excerpt.lines", type: "integer or null",
                 allowed: "a whole number of lines from 1 to 1000; 0 for no excerpts at all (a digest then shows whole documents); null: not set (a digest cuts to 6)",
                 meaning: "Cut every section longer than this to an excerpt.", example: "6", \.excerptLines, read: { v in
            if case .null = v { return .some(nil) }
            return wholeNumber(v, 0...1000).map { .some($0) }
        }, write: { $0.map { .number(Double($0)) } ?? .null }),
        textKey("excerpt.label", "The link ending a cut excerpt.", "{\"1\": \"…\", \"10\": \"More\", \"24\": \"Read on\"}", \.excerptLabel),
        textKey("excerpt.full-text-title", "Heading of the part holding full texts.", "\"Complete sections\"", \.fullTextTitle),
        textKey("excerpt.back-label", "The link from a full text back to its excerpt.", "\"Back\"", \.backLabel),
        textKey("details.summary", "The bold line of a <details> element that has no <summary>.", "\"More\"", \.detailsSummary),
        textKey("mermaid.caption", "Caption under a Mermaid diagram, which is set as code.", "\"Diagram (Mermaid source)\"", \.mermaidCaption),
        colorKey("diagram.node-fill", "Fill of a diagram's nodes.", "\"#e7f5ff\"", \.diagram.nodeFill),
        colorKey("diagram.node-border", "Border of a diagram's nodes.", "\"#1c7ed6\"", \.diagram.nodeBorder),
        colorKey("diagram.edge-color", "Colour of a diagram's edges and arrowheads.", "\"#495057\"", \.diagram.edge),
        colorKey("diagram.cluster-fill", "Fill of a diagram's subgraphs.", "\"#f8f9fa\"", \.diagram.clusterFill),
        colorKey("diagram.cluster-border", "Border of a diagram's subgraphs.", "\"#adb5bd\"", \.diagram.clusterBorder),
        colorKey("diagram.text-color", "Colour of a diagram's labels.", "\"#000000\"", \.diagram.text),
        colorKey("diagram.label-background", "Ground of a diagram's edge labels.", "\"#ffffff\"", \.diagram.labelBackground),
        furnitureKey("header.left", "Running header, left.", "\"{author}\"", \.header.left),
        furnitureKey("header.center", "Running header, centre.", "\"{title} · {date}\"", \.header.center),
        furnitureKey("header.right", "Running header, right.", "\"{date}\"", \.header.right),
        numberKey("header.size", "Size of the running header.", "a multiple of the body size",
                  0.5...2, "0.9", \.headerScale),
        boolKey("header.first-page", "Whether the running header appears on page 1.", \.headerOnFirstPage),
        furnitureKey("footer.left", "Footer, left.", "\"{title}\"", \.footer.left),
        furnitureKey("footer.center", "Footer, centre.", "\"{page} / {pages}\"", \.footer.center),
        furnitureKey("footer.right", "Footer, right.", "\"{page}\"", \.footer.right),
        numberKey("footer.size", "Size of the footer.", "a multiple of the body size",
                  0.5...2, "0.9", \.footerScale),
        pdfStandardKey,
    ] + imageKeys

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
