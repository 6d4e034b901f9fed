import Foundation

/// Markdown sections made at random from a seed (the same seed, the same text): mixes of
/// paragraphs with inline styles and links, lists (bullets, numbers, tasks, nested), code,
/// tables, quotes, pictures and badges, long unbreakable tokens, CJK, Arabic and emoji, with
/// headings (Markdown and HTML) and thematic breaks between, to test excerpts at every edge.
struct SectionGenerator {
    /// SplitMix64: small, fast and the same on every platform.
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    private mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    static let words = ["layout", "line", "page", "glyph", "excerpt", "reader", "section", "table", "quire", "width",
                        "the", "a", "of", "and", "to", "in", "is", "typeset", "margin", "column", "cut", "label",
                        "continue", "reading", "font", "shape", "break", "paragraph", "list", "code"]
    static let tokens = ["``ConfigReader/watchRequiredString(forKey:as:isSecret:fileID:line:updatesHandler:)-581rg``",
                         "`https://example.com/a/very/long/path/that/never/breaks/at/a/space/index.html?query=1`",
                         String(repeating: "supercalifragilistic", count: 12),
                         "`SomeModule.SomeType.someVeryLongMethodName(withFirstArgument:andSecondArgument:)`"]
    static let cjk = ["我能吞下玻璃而不伤身体。", "日本語の文章を組版します。", "한국어 문장을 조판합니다. "]
    static let arabic = ["هذه فقرة باللغة العربية تختبر الاتجاه من اليمين إلى اليسار. ", "نص عربي مع كلمات كثيرة. "]
    static let emoji = ["👩‍👩‍👧", "🇫🇷", "👍🏽", "🎉", "🇯🇵"]

    /// Prose of about `words` words, with styles, links, code, emoji and now and then a long token.
    mutating func prose(_ words: Int) -> String {
        var out: [String] = []
        for _ in 0..<words {
            var word = pick(Self.words)
            switch int(1...40) {
            case 1: word = "**\(word)**"
            case 2: word = "*\(word)*"
            case 3: word = "`\(word)()`"
            case 4: word = "[\(word)](https://example.com/\(word))"
            case 5: word = pick(Self.emoji)
            case 6 where chance(30): word = pick(Self.tokens)
            default: break
            }
            out.append(word)
        }
        return out.joined(separator: " ") + "."
    }

    /// One block of Markdown.
    mutating func block() -> String {
        switch int(1...20) {
        case 1...5: return prose(int(5...90))
        case 6: return String(repeating: pick(Self.cjk), count: int(2...12))
        case 7: return String(repeating: pick(Self.arabic), count: int(1...6))
        case 8, 9:
            let ordered = chance(40), task = !ordered && chance(30)
            return (1...int(1...6)).map { i in
                let marker = ordered ? "\(i)." : task ? "- [\(chance(50) ? "x" : " ")]" : "-"
                var item = "\(marker) \(chance(20) ? pick(Self.tokens) : prose(int(2...30)))"
                if chance(20) { item += "\n  - \(prose(int(2...15)))" }
                return item
            }.joined(separator: "\n")
        case 10, 11:
            let lines = (0..<int(1...8)).map { _ in
                chance(20) ? "let value = " + String(repeating: "someLongIdentifier.", count: int(3...8)) + "done()"
                    : "print(\"\(pick(Self.words)) \(pick(Self.words))\")"
            }
            return "```swift\n" + lines.joined(separator: "\n") + "\n```"
        case 12, 13:
            let columns = int(2...4)
            var rows = ["|" + (1...columns).map { " Head \($0) " }.joined(separator: "|") + "|",
                        "|" + Array(repeating: "---", count: columns).joined(separator: "|") + "|"]
            for _ in 0..<int(1...6) {
                rows.append("|" + (1...columns).map { _ in " " + (chance(15) ? prose(int(8...20)) : pick(Self.words)) + " " }
                    .joined(separator: "|") + "|")
            }
            return rows.joined(separator: "\n")
        case 14: return "> " + prose(int(5...50))
        case 15:
            // Local pictures and badges (Samples/images), badges of remote images (framed alt
            // texts in a line), a remote picture (a framed placeholder).
            switch int(1...4) {
            case 1: return "![A diagram](\(pick(["diagram.png", "landscape.jpg", "logo.svg"])))"
            case 2: return (1...int(1...6)).map { _ in "[![badge](badge.png)](https://example.com)" }.joined(separator: " ") + " " + prose(int(0...20))
            case 3: return "Before the picture \(prose(int(1...20))) ![inline](landscape.jpg) after it \(prose(int(1...20)))"
            default: break
            }
            if chance(50) {
                return (1...int(1...8)).map { "[![badge \($0)](https://img.shields.io/b\($0).svg)](https://example.com/\($0))" }
                    .joined(separator: "\n")
            }
            return "![A picture](https://example.com/picture.png)"
        case 16: return "### " + prose(int(1...12)).dropLast()
        case 17: return "<h3 align=\"center\">\(prose(int(1...6)).dropLast())</h3>"
        case 18: return "---"
        case 19: return pick(Self.tokens) + " " + prose(int(1...20))
        default: return prose(int(1...20)) + " " + pick(Self.emoji) + pick(Self.emoji)
        }
    }

    /// A document of `sections` sections, each a heading (now and then an HTML one) and
    /// 1 to 6 blocks; a preamble first, now and then.
    mutating func document(sections: Int) -> String {
        var parts: [String] = []
        if chance(50) { parts.append("# Generated \(int(1...1000))") }
        if chance(50) { parts += (0..<int(1...3)).map { _ in block() } }
        for k in 1...sections {
            parts.append(chance(15) ? "<h2 align=\"center\">Section \(k)</h2>" : "## Section \(k)")
            parts += (0..<int(1...6)).map { _ in block() }
        }
        return parts.joined(separator: "\n\n") + "\n"
    }
}
