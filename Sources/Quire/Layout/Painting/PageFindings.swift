import QuireModel

/// What a laid-out page breaks of the standards a PDF may claim, found from its values (not
/// gathered on the side while painting): the characters no installed font has, shown as
/// .notdef boxes (PDF/UA-1 7.21.8, PDF/A 6.2.11.8), in the text block and the furniture;
/// and the figures and formulas of its content without an alternate description
/// (PDF/UA-1 7.3). `paintPage` hands them on with the painted page, and the pipeline adds
/// them to the plan's `StandardsVerdict`. O(items + glyphs).
package func standardsFindings(of page: Page) -> [StandardsFinding] {
    var missing: Set<UInt32> = []
    var undescribed: [StructureElement] = []
    for (list, isFurniture) in [(page.items, false), (page.furniture, true)] {
        for item in list {
            if case .text(let line) = item { missing.formUnion(line.missingCharacters) }
            // Furniture is an artifact: it holds no figure of the document's.
            guard !isFurniture, let element = item.tag?.element else { continue }
            for figure in element.undescribedFigures where !undescribed.contains(where: { $0 === figure }) {
                undescribed.append(figure)
            }
        }
    }
    let glyphs = missing.sorted().map { character in
        StandardsFinding(.notdefGlyph(character: character),
                         reason: "no installed font has U+" + String(character, radix: 16, uppercase: true))
    }
    let figures = undescribed.map { element in
        StandardsFinding(.alternateDescription,
                         reason: "a \(element.role == .formula ? "formula" : "figure") without an alternate description on a page")
    }
    return figures + glyphs
}

extension TextLine {
    /// The characters no installed font has that the line shows, as .notdef boxes.
    /// O(glyphs on the line).
    package var missingCharacters: Set<UInt32> {
        guard shaped.hasMissingGlyphs else { return [] }
        var found: Set<UInt32> = []
        for run in shaped.paragraph.lines[lineIndex].runs where run.object < 0 {
            for glyph in run.glyphs { if let character = glyph.missingCharacter { found.insert(character) } }
        }
        return found
    }
}

extension StructureElement {
    /// This element and those around it that are figures or formulas without an alternate
    /// description (a writer tags them so, with nothing for a reader to say). O(depth).
    fileprivate var undescribedFigures: [StructureElement] {
        var found: [StructureElement] = []
        var element: StructureElement? = self
        while let current = element {
            if current.role == .figure || current.role == .formula, (current.alt ?? "").isEmpty { found.append(current) }
            element = current.parent
        }
        return found
    }
}

extension PageItem {
    /// The structure tag of an item that has one (text, markers, images, paths, formulas).
    fileprivate var tag: ContentTag? {
        switch self {
        case .text(let line): line.tag
        case .marker(let marker): marker.tag
        case .image(_, _, let tag), .path(_, let tag): tag
        case .formula(let formula): formula.tag
        case .fill, .line, .frame: nil
        }
    }
}
