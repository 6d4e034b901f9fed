import QuireModel
import QuireFonts

/// A formula typeset for layout: its lines (display) or its pieces between break
/// opportunities (inline), its `\tag`, and the font file the glyphs are drawn from.
package struct TypesetFormula: Sendable, Equatable {
    /// Display: one box per line, more than one when the formula was broken to fit. Inline:
    /// one box per piece, each ending after a top-level relation or binary operator (where a
    /// line may break), set side by side with `spacesAfter` between them.
    package var boxes: [MathBox]
    /// Inline: the space after each piece but the last (the one after its operator, or the
    /// one before it), which the line sets between the pieces as interword glue, stretching
    /// and shrinking with the line's spaces, and drops where it breaks, as TeX discards the
    /// glue after a broken operator. Empty for display math.
    package var spacesAfter: [Double] = []
    /// Inline: whether a line may break after each piece but the last: after its operator,
    /// not before it (the space before an operator is glue a line cannot break at).
    package var breaksAfter: [Bool] = []
    /// Display: where each line starts from the left of the display (0 for the first; a
    /// continuation line at the right-hand side of the first relation, or indented), the
    /// display being as wide as `displayWidth` and set centred. Empty for inline math.
    package var lineOffsets: [Double] = []
    /// The equation number, `\tag{…}`'s text with its parentheses, set upright.
    package var tag: MathBox?
    package var fontFile: String
    package var fontIndex: Int32
    /// Characters the font has no glyph for (drawn as its missing-glyph box).
    package var missing: [String] = []

    package var width: Double { boxes.reduce(0) { $0 + $1.width } + spacesAfter.reduce(0, +) }

    /// Display: the width its lines take, each at its offset.
    package var displayWidth: Double {
        zip(boxes, lineOffsets + Array(repeating: 0, count: max(0, boxes.count - lineOffsets.count)))
            .map { $1 + $0.width }.max() ?? 0
    }
}

/// Typesets a document's formulas: parses each (with the macros of the formulas before it)
/// and lays it out in the math font at the text's size. One per layout session, on its
/// thread; results are cached by source, size and width, so a trial layout (an excerpt, a
/// digest's measuring pass) and the real one share the work.
package final class MathTypesetter {
    package let font: MathFont?
    package let families: String
    private let macros = TeXMacros()
    private struct Key: Hashable { var formula: String; var display: Bool; var size: Double; var width: Double }
    private var cache: [Key: Result<TypesetFormula, MathError>] = [:]

    /// A typesetter in the first MATH font of `families` that `fonts` finds.
    package init(families: String, fonts: MathFonts) {
        self.families = families
        font = fonts.font(families: families)
    }

    /// `formula` at `size` points; a display formula wider than `width` has its medium spaces
    /// shrunk, then is broken after relations and binary operators at its top level (lines
    /// after the first aligned on the right-hand side of its first relation, or indented:
    /// `lines`). Fails with the parse
    /// error, or when no math font is installed. O(n) in the formula, after the first call.
    package func typeset(_ formula: MathFormula, size: Double, width: Double) -> Result<TypesetFormula, MathError> {
        let key = Key(formula: formula.tex, display: formula.display, size: size, width: formula.display ? width : 0)
        if let known = cache[key] { return known }
        let result = Result { try layOut(formula, size: size, width: width) }.mapError { $0 as? MathError ?? MathError(message: "\($0)") }
        cache[key] = result
        return result
    }

    private func layOut(_ formula: MathFormula, size: Double, width: Double) throws -> TypesetFormula {
        guard let font else { throw MathError(message: "no OpenType math font installed (\(families)); install fonts-texgyre-math") }
        var parser = TeXParser(formula.tex, macros: macros)
        parser.display = formula.display
        let list = try parser.parseFormula()
        let layout = MathLayout(font: font, size: size)
        let context = StyleContext(style: formula.display ? .display : .text, cramped: false, color: nil)
        let pieces = layout.pieces(list, context, topLevel: true)
        var boxes: [MathBox], spaces: [Double] = [], breaks: [Bool] = [], offsets: [Double] = []
        if formula.display {
            (boxes, offsets) = Self.lines(pieces, width: width, layout: layout)
        } else {
            (boxes, spaces, breaks) = Self.inlinePieces(pieces, layout: layout)
        }
        let tag = formula.display ? parser.tag.map { layout.textBox($0, context) } : nil
        var missing: [String] = []
        for box in boxes { for g in box.glyphs where g.glyph == 0 { missing.append(g.text) } }
        return TypesetFormula(boxes: boxes, spacesAfter: spaces, breaksAfter: breaks, lineOffsets: offsets, tag: tag, fontFile: font.file,
                              fontIndex: font.index, missing: missing)
    }

    /// A display formula's lines and where each starts: whole when it fits, its spaces shrunk
    /// when that is enough, else broken as TeX breaks a formula, after a relation or a binary
    /// operator at its top level, each line filled up to the last such break that fits (one
    /// after a relation preferred when it leaves the line half full); the lines after the first
    /// start where the right-hand side of its first relation does (`continuationIndent`) and are
    /// filled to the width less that. O(pieces).
    package static func lines(_ pieces: [MathPiece], width: Double, layout: MathLayout) -> (boxes: [MathBox], offsets: [Double]) {
        let natural = layout.pack(pieces)
        guard natural.width > width, width > 0 else { return ([natural], [0]) }
        let shrinkable = pieces.reduce(0) { $0 + $1.shrink }
        if shrinkable > 0, natural.width - shrinkable <= width {
            return ([layout.pack(pieces, shrink: (natural.width - width) / shrinkable)], [0])
        }
        let indent = continuationIndent(pieces, width: width, layout: layout)
        var lines: [MathBox] = [], offsets: [Double] = []
        var start = 0
        while start < pieces.count {
            let room = start == 0 ? width : width - indent
            var end = start + 1, lastBreak: Int?, lastRelation: Int?
            var lineWidth = 0.0
            for i in start..<pieces.count {
                lineWidth += (i == start ? 0 : pieces[i].space - pieces[i].shrink) + pieces[i].box.width
                if lineWidth > room && i > start { break }
                end = i + 1
                if pieces[i].breakAfter && i + 1 < pieces.count {
                    lastBreak = i + 1
                    // TeX's penalties prefer a break after a relation (500) to one after a
                    // binary operator (700): taken when it leaves the line half full.
                    if pieces[i].kind == .rel && lineWidth >= room / 2 { lastRelation = i + 1 }
                }
            }
            if end < pieces.count, let chosen = lastRelation ?? lastBreak, chosen > start { end = chosen }
            lines.append(layout.pack(pieces[start..<end], shrink: 1, dropFirstSpace: true))
            offsets.append(start == 0 ? 0 : indent)
            start = end
        }
        return (lines, offsets)
    }

    /// Where a broken display's continuation lines start: at the right-hand side of its first
    /// top-level relation (after the relation and its space, so that what follows a broken
    /// `=` lines up under what follows the first), when that is within the first half of the
    /// width; else two ems in (the first relation too far right, or none).
    package static func continuationIndent(_ pieces: [MathPiece], width: Double, layout: MathLayout) -> Double {
        let fallback = min(2 * layout.size, width / 4)
        guard let r = pieces.firstIndex(where: { $0.kind == .rel }), r + 1 < pieces.count else { return fallback }
        let rightHandSide = layout.pack(pieces[...r]).width + pieces[r + 1].space - pieces[r + 1].shrink
        return rightHandSide <= width / 2 ? rightHandSide : fallback
    }

    /// An inline formula cut after each top-level relation and binary operator (where a line
    /// may break) and before each that has a space before it (where it may not), with the
    /// space at each cut and whether a line may break there: pieces and spaces side by side are
    /// the whole formula. Cut on both sides, an operator's spaces are both the line's glue, as
    /// TeX's are: in a loose or tight justified line `a = b` stays even, where the space
    /// before the `=` kept its width while the one after it stretched or shrank with the
    /// line's (issue 46, point 6).
    package static func inlinePieces(_ pieces: [MathPiece], layout: MathLayout)
        -> (boxes: [MathBox], spacesAfter: [Double], breaksAfter: [Bool]) {
        var boxes: [MathBox] = []
        var spaces: [Double] = []
        var breaks: [Bool] = []
        var start = 0
        for i in pieces.indices {
            let last = i == pieces.count - 1
            let beforeOperator = !last && pieces[i + 1].breakAfter && pieces[i + 1].space > 0
            guard last || pieces[i].breakAfter || beforeOperator else { continue }
            boxes.append(layout.pack(pieces[start...i], dropFirstSpace: start > 0))
            if !last {
                spaces.append(pieces[i + 1].space)
                breaks.append(pieces[i].breakAfter)
            }
            start = i + 1
        }
        return boxes.isEmpty ? ([MathBox()], [], []) : (boxes, spaces, breaks)
    }
}
