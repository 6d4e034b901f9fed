import QuireModel
import QuireImages

/// What a document's source lacks for PDF/UA-1 (ISO 14289-1), found before layout so that
/// each warning names its line: an image without alt text (7.3: every figure needs an
/// alternate description), which leaves PDF/UA-1 unclaimed; a heading that skips a level
/// (7.4.2), which the PDF's structure mends (the writer nests headings by their order:
/// `StructureTree`), so it only warns, saying what is written instead.
package struct AccessibilityCheck {
    /// The problems found so far, in document order.
    private var found: [Warning] = []
    /// The lines of the images without alt text.
    package private(set) var imagesWithoutAlt: [Int] = []
    /// What the images without alt text break (PDF/UA-1 7.3), in document order, as the
    /// plan's `StandardsVerdict` takes them: `findings(file:)` names the file.
    private var missingDescriptions: [(reason: String, line: Int)] = []
    private var previous: (level: Int, line: Int)?

    /// Whether PDF/UA-1 can be claimed for what the source holds.
    package var holds: Bool { imagesWithoutAlt.isEmpty }

    /// The problems, in document order, then the claim's withdrawal when one was found.
    package var warnings: [Warning] {
        guard !imagesWithoutAlt.isEmpty else { return found }
        let lines = imagesWithoutAlt.count == 1 ? "line \(imagesWithoutAlt[0])" : "lines " + imagesWithoutAlt.map(String.init).joined(separator: ", ")
        return found + [Warning(line: 0, message: "PDF/UA-1 not claimed: the image\(imagesWithoutAlt.count == 1 ? "" : "s") at \(lines) \(imagesWithoutAlt.count == 1 ? "has" : "have") no alt text")]
    }

    /// The source check's findings against the standards, its file named `file`: one per
    /// image without alt text, with its line.
    package func findings(file: String) -> [StandardsFinding] {
        missingDescriptions.map { StandardsFinding(.alternateDescription, reason: $0.reason, file: file, line: $0.line) }
    }

    /// Checks `document`. O(blocks + inlines).
    package init(_ document: Document) {
        add(document.blocks)
    }

    /// A check of nothing yet, given a document's blocks a part at a time (`add`).
    package init() {}

    /// Checks the document's next `blocks` (a section of a long one). O(blocks + inlines).
    package mutating func add(_ blocks: [Block]) { visit(blocks) }

    private mutating func visit(_ blocks: [Block]) {
        for block in blocks {
            if case .heading(let level, _) = block.kind { heading(level, line: block.line) }
            for content in block.inlineContent { visit(content, line: block.line) }
            if case .html(let html) = block.kind { visit(html.blocks) }
            for group in block.childBlocks { visit(group) }
        }
    }

    /// Visits inlines placed on `line`: an image is named by the line the parser gives it
    /// (`Inline.located`, around a link or image that starts on a later line of its block), as
    /// layout's warnings name it.
    private mutating func visit(_ inlines: [Inline], line: Int) {
        for inline in inlines {
            switch inline {
            case .image(let source, _, let alt):
                if alt.plainText.trimmingWhitespaceAndNewlines().isEmpty { missingAlt(source, line: line) }
            case .htmlImage(let image):
                if image.alt.trimmingWhitespaceAndNewlines().isEmpty { missingAlt(image.source, line: line) }
            case .located(let located, let children):
                visit(children, line: located)
                continue
            default: break
            }
            visit(inline.children, line: line)
        }
    }

    private mutating func missingAlt(_ source: String, line: Int) {
        // A static badge says what it shows, as shields.io's own SVG does: "label: message".
        guard StaticBadge(url: source.trimmingWhitespaceAndNewlines()) == nil else { return }
        imagesWithoutAlt.append(line)
        let name = source.hasPrefix("data:") ? "a data: image" : source
        missingDescriptions.append(("image without alt text (\(name))", line))
        found.append(Warning(line: line, message: "image without alt text (\(name)): screen readers cannot say what it shows; give it ![what it shows](…) or alt=\"…\""))
    }

    /// Warns when a heading skips levels after the heading before it. The writer nests each
    /// heading one level below the last heading of a lower source level (`StructureTree`):
    /// a skipping heading is tagged one level below the one before it.
    private mutating func heading(_ level: Int, line: Int) {
        if let previous, level > previous.level + 1 {
            found.append(Warning(line: line, message: "heading level \(level) follows level \(previous.level) (line \(previous.line)), skipping a level; tagged one level below it in the PDF's structure (PDF/UA-1), shown as written"))
        }
        previous = (level, line)
    }
}
