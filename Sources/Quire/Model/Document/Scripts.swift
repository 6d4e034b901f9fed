/// The writing system a text is mostly in, and the language it most likely stands for: what a
/// PDF's /Lang says when the document names no language, and what marks a paragraph in
/// another script (a Hebrew quotation in an English text) for a screen reader's voice.
///
/// A guess from letters alone: a script names its most common language (Latin "en", Cyrillic
/// "ru", Han "zh"), refined only where letters tell (kana: Japanese; Arabic with Persian or
/// Urdu letters). Digits, punctuation and symbols do not count.
package struct ScriptGuess: Sendable, Equatable {
    /// The script, by name ("Latin", "Hebrew", "Japanese": kana with or without kanji).
    package var script: String
    /// A BCP 47 language tag for it.
    package var language: String
    /// How many of the text's letters are in it (the guess's weight).
    package var letters: Int

    /// The dominant script of `text` and its language; nil for a text without letters.
    /// O(n) in the text's scalars.
    package static func of(_ text: String) -> ScriptGuess? {
        var tally = Tally()
        tally.add(text)
        return tally.guess
    }

    /// Letters counted by script over one text or many (`add`), and the guess they make.
    package struct Tally {
        private var counts = [Int](repeating: 0, count: ScriptGuess.table.count)
        private var kana = 0, persian = 0, urdu = 0

        /// Counts the letters of `text`. Reads its UTF-8 bytes: ASCII (most text) costs a
        /// comparison a byte; other scalars are decoded and looked up. O(n).
        package mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                var i = 0
                while i < bytes.count {
                    let byte = bytes[i]
                    if byte < 0x80 {
                        if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { counts[0] += 1 }
                        i += 1
                        continue
                    }
                    // A lead byte (the text is valid UTF-8): the scalar's length and first bits.
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    var value = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
                    for k in 1..<length { value = value << 6 | (UInt32(bytes[i + k]) & 0x3F) }
                    count(value)
                    i += length
                }
            }
        }

        private mutating func count(_ v: UInt32) {
            if (0x3040...0x30FF).contains(v) || (0x31F0...0x31FF).contains(v) { kana += 1 }
            if ScriptGuess.persianLetters.contains(v) { persian += 1 }
            if ScriptGuess.urduLetters.contains(v) { urdu += 1 }
            if let k = ScriptGuess.table.firstIndex(where: { $0.ranges.contains { $0.contains(v) } }) { counts[k] += 1 }
        }

        /// The dominant script of the text counted and its language; nil when it had no letters.
        package var guess: ScriptGuess? {
            let table = ScriptGuess.table
            guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 0 else { return nil }
            let entry = table[best]
            if kana > 0, entry.script == "Han" || entry.script == "Kana" {
                let han = counts[table.count - 1]
                return ScriptGuess(script: "Japanese", language: "ja", letters: han + kana)
            }
            if entry.script == "Arabic", urdu > 0 || persian > 0 {
                return ScriptGuess(script: "Arabic", language: urdu > persian ? "ur" : "fa", letters: counts[best])
            }
            return ScriptGuess(script: entry.script, language: entry.language, letters: counts[best])
        }

        package init() {}
    }

    /// Letters of Persian and of Urdu that plain Arabic has not.
    private static let persianLetters: [UInt32] = [0x067E, 0x0686, 0x0698, 0x06AF, 0x06A9, 0x06CC]
    private static let urduLetters: [UInt32] = [0x0679, 0x0688, 0x0691, 0x06BA, 0x06BE, 0x06C1, 0x06D2]

    /// Scripts, the ranges of their letters, and the language each names by default.
    private static let table: [(script: String, language: String, ranges: [ClosedRange<UInt32>])] = [
        ("Latin", "en", [0x00C0...0x024F, 0x1E00...0x1EFF]),  // and ASCII letters, counted first
        ("Greek", "el", [0x0370...0x03FF, 0x1F00...0x1FFF]),
        ("Cyrillic", "ru", [0x0400...0x052F]),
        ("Armenian", "hy", [0x0530...0x058F]),
        ("Hebrew", "he", [0x0590...0x05FF, 0xFB1D...0xFB4F]),
        ("Arabic", "ar", [0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF]),
        ("Devanagari", "hi", [0x0900...0x097F]),
        ("Bengali", "bn", [0x0980...0x09FF]),
        ("Gurmukhi", "pa", [0x0A00...0x0A7F]),
        ("Gujarati", "gu", [0x0A80...0x0AFF]),
        ("Oriya", "or", [0x0B00...0x0B7F]),
        ("Tamil", "ta", [0x0B80...0x0BFF]),
        ("Telugu", "te", [0x0C00...0x0C7F]),
        ("Kannada", "kn", [0x0C80...0x0CFF]),
        ("Malayalam", "ml", [0x0D00...0x0D7F]),
        ("Sinhala", "si", [0x0D80...0x0DFF]),
        ("Thai", "th", [0x0E00...0x0E7F]),
        ("Lao", "lo", [0x0E80...0x0EFF]),
        ("Tibetan", "bo", [0x0F00...0x0FFF]),
        ("Myanmar", "my", [0x1000...0x109F]),
        ("Georgian", "ka", [0x10A0...0x10FF]),
        ("Hangul", "ko", [0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF]),
        ("Ethiopic", "am", [0x1200...0x137F]),
        ("Khmer", "km", [0x1780...0x17FF]),
        ("Kana", "ja", [0x3040...0x30FF, 0x31F0...0x31FF]),
        ("Han", "zh", [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF]),
    ]
}

extension ScriptGuess {
    /// The script most of `blocks`' text is in (paragraphs, headings, table cells, through
    /// lists, quotes and footnotes; not code, raw HTML or link targets), and its language.
    /// O(n) in the text.
    package static func of(blocks: [Block]) -> ScriptGuess? {
        var tally = Tally()
        tally.add(blocks: blocks)
        return tally.guess
    }
}

extension ScriptGuess.Tally {
    /// Counts the letters of `blocks`' text (as `ScriptGuess.of(blocks:)` reads it). O(n).
    package mutating func add(blocks: [Block]) {
        var stack = [blocks[...]]
        while let next = stack.popLast() {
            for block in next {
                for inlines in block.inlineContent { add(inlines.plainText) }
                stack += block.childBlocks.map { $0[...] }
            }
        }
    }
}
