/// How wide and how large a code block is set: in the document's frame (`CodeFrame`: one
/// width and one size for every block of a document), its lines that are still wider than
/// the frame wrapping.
package struct CodeFit {
    /// The block's column: its shading's left edge and width.
    package var column: Column
    /// The code's size relative to the code role's (1, or less for a block set smaller).
    package var scale: Double
    /// The source lines (byte ranges of the text, without their newline) that may still be
    /// wider than the block at its size: each is set alone, continuing under itself.
    package var wrapping: [Range<Int>]
}

extension CodeLayouter {
    /// How `text` (a code block's, its source lines `lines`) is set in `context`: in the
    /// document's frame (`documentCodeFrame`; without a census of the document, the frame
    /// its own lines would give it). Each line's width is bounded from its characters
    /// (`codeColumns` × `codeAdvance`); only lines whose bound exceeds the block's width are
    /// shaped, unwrapped, to learn their width, so a block that fits costs one pass over its
    /// bytes. O(n) plus the shaping of its long lines.
    package func codeFit(_ text: StyledText, lines: [Range<Int>], _ context: BlockContext) -> CodeFit {
        let base = typography.code, pad = typography.codePadding
        let frame = documentCodeFrame ?? codeFrame(for: CodeCensus(code: text.string))
        let column = context.inTableCell ? context.column : codeColumn(frame, context)
        let scale = frame.scale
        let width = column.width - 2 * pad * scale
        var wrapping: [Range<Int>] = []
        var string = text.string
        string.withUTF8 { bytes in
            for line in lines {
                let trimmed = Self.trimmedLine(line, bytes)
                guard Double(Self.codeColumns(bytes[trimmed])) * codeAdvance * scale > width - Self.codeSlack else { continue }
                let shaped = typesetter.shape(text.slice(trimmed), ParagraphFormat(text: base, width: .infinity))
                // A line within the slack of the width is set alone too: should it wrap after
                // all, it continues under itself; should it not, nothing changes.
                if (shaped.lines.map(\.width).max() ?? 0) * scale > width - Self.codeSlack { wrapping.append(line) }
            }
        }
        return CodeFit(column: column, scale: scale, wrapping: wrapping)
    }

    /// How much room a line is given past its measured width (twice, in a frame's width) and
    /// how close to the width a line is set alone: widths measured at one size and set at
    /// another differ by Pango's rounding of each advance (1/1024 pt), a tenth of a point over
    /// a long line.
    package static let codeSlack = 0.5

    /// The byte ranges of `text`'s source lines, without their newlines (a text ending in a
    /// newline ends with an empty line, as Pango sets it). O(n).
    package static func sourceLines(_ text: String) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (i, byte) in text.utf8.enumerated() where byte == 0x0A {
            lines.append(start..<i)
            start = i + 1
        }
        lines.append(start..<text.utf8.count)
        return lines
    }

    /// `line` without the spaces and tabs at its end, which hang past a line's end. O(line).
    package static func trimmedLine(_ line: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var end = line.upperBound
        while end > line.lowerBound, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return line.lowerBound..<end
    }

    /// The most columns `bytes` (one source line) can take: a tab to the next multiple of 8,
    /// any other ASCII character one, a character beyond ASCII three (the widest, an emoji or
    /// a CJK character from a fallback font, take about two). O(bytes).
    package static func codeColumns(_ bytes: some Collection<UInt8>) -> Int {
        var columns = 0
        for byte in bytes {
            switch byte {
            case 0x09: columns += 8 - columns % 8
            case 0x80...0xBF: break
            case 0xC0...: columns += 3
            default: columns += 1
            }
        }
        return columns
    }

    /// The columns of `bytes`' indentation (its leading spaces and tabs). O(indentation).
    package static func indentColumns(_ bytes: some Collection<UInt8>) -> Int {
        var columns = 0
        for byte in bytes {
            switch byte {
            case 0x20: columns += 1
            case 0x09: columns += 8 - columns % 8
            default: return columns
            }
        }
        return columns
    }

}
