import QuireModel

/// How each kind of text is set, made from a `Style`: the families (with the document's CJK
/// fallback), sizes, weights, colours and line heights of Typography's text roles, one method
/// per role. Typography.init reads them; nothing else does.
package struct TextRoles {
    package let style: Style
    package let cjk: CJKRegion?
    /// The body's size, which every other size is a multiple of.
    package let size: Double
    /// The code family, with the CJK fallback: code inside any role is set in it.
    package let codeFamily: String

    package init(_ style: Style, cjk: CJKRegion?) {
        self.style = style
        self.cjk = cjk
        size = style.bodySize
        codeFamily = cjk.map { $0.fallback(for: style.codeFont) } ?? style.codeFont
    }

    /// A role in `family` at `roleSize`, whose code runs are set as in the body unless
    /// `monospaceSize` says otherwise; in the text colour unless `color` says otherwise.
    package func role(_ family: String, _ roleSize: Double, lineHeight: Double, bold: Bool = false, italic: Bool = false,
              color: Color? = nil, monospaceSize: Double? = nil) -> Typography.TextRole {
        Typography.TextRole(family: family == style.codeFont ? codeFamily : cjk.map { $0.fallback(for: family) } ?? family,
                            size: roleSize, bold: bold, italic: italic, color: color ?? style.textColor,
                            lineHeight: lineHeight, monospaceFamily: codeFamily,
                            monospaceSize: monospaceSize ?? size * style.codeScale)
    }

    package var body: Typography.TextRole { role(style.bodyFont, size, lineHeight: size * style.bodyLineHeight) }

    /// An alert's title: the body, bold (its colour is the alert's, set where it is drawn).
    package var alertTitle: Typography.TextRole { role(style.bodyFont, size, lineHeight: size * style.bodyLineHeight, bold: true) }

    /// Heading `level` (1 to 6): bold, level 6 italic, and the space and rule around it.
    package func heading(_ level: Int) -> Typography.Heading {
        let headingSize = size * style.headingScale[level]
        return Typography.Heading(text: role(style.headingFont, headingSize, lineHeight: headingSize * style.headingLineHeight,
                                             bold: level <= 5, italic: level == 6, monospaceSize: headingSize * style.codeScale),
                                  spaceBefore: size * style.headingSpaceBefore[level], spaceAfter: size * style.headingSpaceAfter,
                                  ruleWidth: style.headingRules[level], ruleOffset: headingSize * 0.18, ruleClearance: 1)
    }

    package var code: Typography.TextRole {
        let codeSize = size * style.codeScale
        return role(style.codeFont, codeSize, lineHeight: codeSize * style.codeLineHeight, monospaceSize: codeSize)
    }

    /// Captions and placeholders' text, in the caption size.
    package var captionText: Typography.TextRole {
        let captionSize = size * style.captionScale
        return role(style.bodyFont, captionSize, lineHeight: captionSize * 1.35)
    }

    /// The running header and footer, muted, one line each.
    package var header: Typography.TextRole { furniture(style.headerScale) }
    package var footer: Typography.TextRole { furniture(style.footerScale) }

    private func furniture(_ scale: Double) -> Typography.TextRole {
        let lineSize = size * scale
        return role(style.bodyFont, lineSize, lineHeight: lineSize, color: style.mutedColor)
    }

    /// The title block's lines. The title outranks the headings, whatever sizes a template
    /// gives them (`titleOverHeading`).
    package var title: Typography.Set {
        titleLine(max(style.titleScale, (style.headingScale.all.max() ?? 1) * Typography.titleOverHeading), bold: true,
                  muted: false, space: 0)
    }
    package var subtitle: Typography.Set { titleLine(style.subtitleScale, italic: true, space: size * 0.4) }
    package var author: Typography.Set { titleLine(1.05, space: size * 0.9) }
    package var date: Typography.Set { titleLine(1.0, space: size * 0.2) }

    private func titleLine(_ scale: Double, bold: Bool = false, italic: Bool = false, muted: Bool = true, space: Double) -> Typography.Set {
        let lineSize = size * scale
        return Typography.Set(text: role(bold ? style.headingFont : style.bodyFont, lineSize, lineHeight: lineSize * 1.25, bold: bold,
                                         italic: italic, color: muted ? style.mutedColor : style.textColor),
                              spaceBefore: space, spaceAfter: 0)
    }

    /// A digest entry's path line, in the code family, muted.
    package var pathLine: Typography.Set {
        let pathSize = size * 0.82
        return Typography.Set(text: role(style.codeFont, pathSize, lineHeight: pathSize * 1.3, color: style.mutedColor),
                              spaceBefore: 0, spaceAfter: size * 0.3)
    }

    /// A digest's cover: its title, and the lines under it (date, number of documents).
    package var coverTitle: Typography.Set {
        let coverSize = size * 2.8
        return Typography.Set(text: role(style.headingFont, coverSize, lineHeight: coverSize * 1.2, bold: true),
                              spaceBefore: 0, spaceAfter: size)
    }
    package var coverDetails: Typography.Set {
        let detailSize = size * 1.2
        return Typography.Set(text: role(style.bodyFont, detailSize, lineHeight: size * style.bodyLineHeight, color: style.mutedColor),
                              spaceBefore: size * 0.4, spaceAfter: 0)
    }
}
