import QuireModel
import QuireParse
import QuireStyle

/// The parts of a digest that are not its documents' text: the path under each title, the
/// cover and the table of contents, set as any `TextSlicing` sets text.
extension TextSlicing {
    /// A document's source path, small and muted, under its title.
    package func pathLine(_ path: String, _ context: BlockContext) -> [Slice] {
        let look = typography.pathLine
        var slices = paragraphSlices(plainText(path), format(look.text, width: context.column.width, alignment: .left),
                                     x: context.column.x, spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                     tag: .element(element(.paragraph, in: context, text: path)))
        for i in slices.indices { slices[i].keepWithNext = true; slices[i].excerptRole = .none }
        return slices
    }

    /// The cover: the digest's title, date and number of documents.
    package func digestCover(title: String, date: String, documents: Int, failures: Int) -> [Slice] {
        let column = Column(x: style.margins.left, width: style.contentWidth)
        let cover = typography.coverTitle
        var slices = paragraphSlices(plainText(title), format(cover.text, width: column.width, alignment: .left), x: column.x,
                                     spaceBefore: cover.spaceBefore, spaceAfter: cover.spaceAfter,
                                     tag: .element(StructureElement(.heading1, parent: nil, text: title)))
        slices[0].pushDown(style.contentHeight * typography.coverTitleDrop)
        var details = "\(documents) document" + (documents == 1 ? "" : "s")
        if failures > 0 { details += ", \(failures) not included" }
        let look = typography.coverDetails
        for line in [date, details] {
            slices += paragraphSlices(plainText(line), format(look.text, width: column.width, alignment: .left), x: column.x,
                                      spaceBefore: look.spaceBefore, spaceAfter: look.spaceAfter,
                                      tag: .element(StructureElement(.paragraph, parent: nil, text: line)))
        }
        for i in slices.indices { slices[i].excerptRole = .none }
        return slices
    }

    /// The table of contents: one line per document (title, dot leaders, page number, linked
    /// to its entry), then the documents that could not be included, with their reasons.
    package func contents(_ entries: [(title: String, destination: String)], failures: [DigestFailure],
                  pages: [String: Int], _ context: BlockContext) -> [Slice] {
        var slices = headingSlices(level: 1, plainText("Contents"), destination: "toc", context)
        slices[0].pageBreakBefore = true
        for entry in entries {
            slices.append(contentsLine(entry.title, page: pages.isEmpty ? nil : pages[entry.destination], destination: entry.destination,
                                       indent: 0, lineHeight: typography.contentsLineHeight, context))
        }
        if !failures.isEmpty {
            slices += headingSlices(level: 3, plainText("Not included"), destination: "not-included", context)
            for failure in failures {
                var text = StyledText()
                text.append(failure.path, StyledText.Attributes(monospace: true))
                text.append(": " + failure.reason, StyledText.Attributes(color: typography.muted))
                slices += paragraph(text, context)
            }
        }
        for i in slices.indices { slices[i].excerptRole = .none }
        return slices
    }
}
