import QuireStyle

/// How wide and how large a code block is set: at the measure when its lines fit; else wider,
/// into the margins (`WideRoom`, up to `code.max-width`); else also smaller, in steps of a
/// half point down to `code.min-size`; and only then do its longest lines wrap.
package struct CodeFit {
    /// The block's column: its shading's left edge and width.
    package var column: Column
    /// The code's size relative to the code role's (1, or less for a block set smaller).
    package var scale: Double
    /// The source lines (byte ranges of the text, without their newline) that may still be
    /// wider than the block at its size: each is set alone, continuing under itself.
    package var wrapping: [Range<Int>]
}

extension LayoutSession {
    /// How `text` (a code block's, its source lines `lines`) is set in `context`. Each line's
    /// width is bounded from its characters (`codeColumns` × `codeAdvance`); only lines whose
    /// bound exceeds the measure are shaped, unwrapped, to learn their width, so a block that
    /// fits costs one pass over its bytes. O(n) plus the shaping of its long lines.
    package func codeFit(_ text: StyledText, lines: [Range<Int>], _ context: BlockContext) -> CodeFit {
        let base = typography.code, pad = typography.codePadding
        let measure = CodeFit(column: context.column, scale: 1, wrapping: [])
        let available = context.column.width - 2 * pad
        var natural: [(line: Range<Int>, width: Double)] = []
        var string = text.string
        string.withUTF8 { bytes in
            for line in lines {
                let trimmed = Self.trimmedLine(line, bytes)
                guard Double(Self.codeColumns(bytes[trimmed])) * codeAdvance > available else { continue }
                let shaped = typesetter.shape(text.slice(trimmed), ParagraphFormat(text: base, width: .infinity))
                natural.append((line, shaped.lines.map(\.width).max() ?? 0))
            }
        }
        let widest = natural.map(\.width).max() ?? 0
        guard widest > available else { return measure }
        let room = wideRoom(context, limit: style.codeMaxWidth)
        let needed = widest + 2 * pad + Self.codeSlack
        if needed <= room.maximumWidth {
            return CodeFit(column: room.column(width: needed), scale: 1, wrapping: [])
        }
        var size = base.size
        if size > typography.codeMinimumSize {
            let step = Typography.codeSizeStep
            size = max(typography.codeMinimumSize, (base.size * room.maximumWidth / needed / step).rounded(.down) * step)
        }
        let scale = size / base.size
        let column = room.column(width: needed * scale)
        let width = column.width - 2 * pad * scale
        // A line within the slack of the width is set alone too: should it wrap after all, it
        // continues under itself; should it not, nothing changes.
        let wrapping = natural.filter { $0.width * scale > width - Self.codeSlack }.map(\.line)
        return CodeFit(column: column, scale: scale, wrapping: wrapping)
    }

    /// How much wider than its measured longest line a widened block's text is set: widths
    /// measured at one size and set at another differ by Pango's rounding of each advance
    /// (1/1024 pt), a tenth of a point over a long line.
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

    /// The advance of the code font's widest ASCII letter at the code size (every character's,
    /// in a monospace font).
    package func measureCodeAdvance() -> Double {
        let probe = typesetter.shape(plainText("WWWWWWWWWW"), ParagraphFormat(text: typography.code, width: .infinity))
        return (probe.lines.first?.width ?? typography.code.size * 6) / 10
    }
}
