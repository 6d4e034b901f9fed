/// The text GtkSourceView is given for one code block, and the way back to the block's bytes.
///
/// The text given is made of pieces of the code, one per line: every line of the code; in a
/// terminal session only the commands after each prompt (`$ `, `% `, `# `, `user@host:~$ `) and
/// the lines continuing them (after a trailing `\`), the output being set plain. Each piece is
/// cut to `longestLine` bytes: GtkSourceView's time grows with the square of a line's length
/// (measured: a 10 KB line of JavaScript 1.3 s, of Swift 0.3 s; after 2 s on one line it stops
/// highlighting the buffer), so the rest of a longer line stays plain. A NUL byte is given as
/// a space (GTK refuses text with NUL; a space is one character too, so offsets agree).
///
/// Spans found in the text given are mapped back piece by piece (`codeRanges`): nothing
/// between two pieces (a session's output, a long line's tail) is ever coloured.
package struct HighlightSource {
    package struct Piece: Equatable {
        /// Where the piece starts in the code and in the text given, and its length in bytes.
        package var code: Int
        package var given: Int
        package var length: Int
    }

    /// The text given: the pieces, each followed by a newline.
    package private(set) var bytes: [UInt8] = []
    package private(set) var pieces: [Piece] = []
    /// The first line (0-based) cut to `longestLine` bytes, and its length, for the warning.
    package private(set) var longLine: (index: Int, length: Int)?

    /// The longest piece given, in bytes.
    package static let longestLine = 1000

    /// - Complexity: O(n) in the code's length.
    package init(code: String, isSession: Bool) {
        var code = code
        code.withUTF8 { b in
            bytes.reserveCapacity(b.count + 1)
            var start = 0
            var index = 0
            var continuing = false
            while start <= b.count {
                var end = start
                while end < b.count, b[end] != 0x0A { end += 1 }
                var from = start
                if isSession {
                    let command = continuing ? start : Self.commandStart(b, start, end)
                    continuing = false
                    if let command {
                        from = command
                        var last = end
                        while last > command, b[last - 1] == 0x20 || b[last - 1] == 0x09 || b[last - 1] == 0x0D { last -= 1 }
                        continuing = last > command && b[last - 1] == UInt8(ascii: "\\")
                    } else {
                        from = end + 1  // output: no piece
                    }
                }
                if from <= end { add(b, from, end, line: index) }
                start = end + 1
                index += 1
            }
        }
    }

    private mutating func add(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int, line: Int) {
        var cut = end
        if end - from > Self.longestLine {
            cut = from + Self.longestLine
            while cut > from, b[cut] & 0xC0 == 0x80 { cut -= 1 }
            if longLine == nil { longLine = (line, end - from) }
        }
        pieces.append(Piece(code: from, given: bytes.count, length: cut - from))
        for i in from..<cut { bytes.append(b[i] == 0 ? 0x20 : b[i]) }
        bytes.append(0x0A)
    }

    /// Where the command starts on the session line `b[start..<end]`, after its prompt; nil
    /// for a line of output.
    private static func commandStart(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var i = start
        while i < end, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        guard i < end else { return nil }
        func isPrompt(_ c: UInt8) -> Bool { c == UInt8(ascii: "$") || c == UInt8(ascii: "%") || c == UInt8(ascii: "#") }
        if isPrompt(b[i]) {
            if i + 1 == end { return end }
            return b[i + 1] == 0x20 ? i + 2 : nil
        }
        // "user@host:~/dir$ make": a first word with an "@" or ":" that ends in the prompt.
        var j = i
        var qualified = false
        while j < end, b[j] != 0x20 {
            qualified = qualified || b[j] == UInt8(ascii: "@") || b[j] == UInt8(ascii: ":")
            j += 1
        }
        guard qualified, j > i + 1, isPrompt(b[j - 1]) || b[j - 1] == UInt8(ascii: ">") else { return nil }
        return min(j + 1, end)
    }

    /// The code's byte ranges that the text given's bytes `given` stand for: one per piece they
    /// overlap, clipped to it, except that ranges on consecutive whole lines of the code are
    /// one range, newline included. `cursor` (start at 0) remembers the piece reached: with
    /// ranges asked in increasing order, all of them cost O(pieces + ranges).
    package func codeRanges(_ given: Range<Int>, cursor: inout Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        while cursor < pieces.count - 1, pieces[cursor].given + pieces[cursor].length <= given.lowerBound { cursor += 1 }
        var k = cursor
        while k < pieces.count, pieces[k].given < given.upperBound {
            let piece = pieces[k]
            let lo = max(given.lowerBound, piece.given), hi = min(given.upperBound, piece.given + piece.length)
            let range = (piece.code + lo - piece.given)..<(piece.code + hi - piece.given)
            if let last = result.last, last.upperBound + 1 == range.lowerBound, lo == piece.given,
               k > 0, pieces[k - 1].code + pieces[k - 1].length == last.upperBound, Self.follows(pieces[k - 1], piece) {
                result[result.count - 1] = last.lowerBound..<range.upperBound
            } else if lo < hi {
                result.append(range)
            }
            k += 1
        }
        return result
    }

    /// Whether `next` is the code's line right after `piece`, given whole: the newline between
    /// them in the text given is the code's own.
    private static func follows(_ piece: Piece, _ next: Piece) -> Bool {
        next.code == piece.code + piece.length + 1 && next.given == piece.given + piece.length + 1
    }
}
