import QuireModel

/// Which regional forms of Chinese, Japanese and Korean characters a document wants, and the
/// Noto CJK family that sets them in the style of each text's own family.
///
/// The same Han character is drawn differently in Japan, mainland China, Taiwan, Hong Kong and
/// Korea, and Noto CJK has a family for each (Debian's fonts-noto-cjk). fontconfig alone picks
/// one by the run's language, which Pango guesses from the script (a kanji run in Japanese text
/// gets Chinese forms), and in its own style (a sans face under a serif body). So every text
/// role's family list ends with the matching Noto CJK family: serif under a serif family, sans
/// under a sans one, mono under code.
package enum CJKRegion: String, Sendable, Equatable {
    case japan = "JP", korea = "KR", simplifiedChinese = "SC", traditionalChinese = "TC", hongKong = "HK"

    /// The region a language tag names: ja, ko, zh (Hans, Hant; CN, SG, TW, HK, MO); nil for
    /// other languages.
    package init?(language: String) {
        let parts = language.lowercased().split { $0 == "-" || $0 == "_" }.map(String.init)
        switch parts.first {
        case "ja": self = .japan
        case "ko": self = .korea
        case "zh", "yue", "cmn":
            let rest = Set(parts.dropFirst())
            if rest.contains("hk") || rest.contains("mo") { self = .hongKong }
            else if rest.contains("hant") || rest.contains("tw") { self = .traditionalChinese }
            else { self = .simplifiedChinese }
        default: return nil
        }
    }

    /// The region a document's text suggests, for a document whose language is not a CJK one:
    /// mostly Hangul, Korean; kana for a tenth of its CJK characters or more, Japanese (a
    /// Japanese README naming "한국어" in its language bar stays Japanese); other Han text,
    /// simplified Chinese (what fontconfig picks for Han by default). Nil with fewer than
    /// `minimumCharacters` CJK characters: a CJK family at the end of every list would then
    /// only take over symbols other fonts draw (arrows, stars) in its full-width forms, and
    /// for a few words (a language bar naming 日本語 and 한국어) loading CJK faces for every
    /// text role costs more (about 100 M instructions) than fontconfig's own fallback. O(text).
    package static func dominant(in document: Document) -> CJKRegion? {
        var counter = Counter()
        counter.walk(document.blocks)
        return counter.dominant
    }

    /// The fewest CJK characters for which a document without a CJK language gets CJK families.
    package static let minimumCharacters = 32

    /// Counts the CJK characters of the document's text, code and raw HTML's text: of a
    /// document met a part at a time too (`walk` each part's blocks).
    package struct Counter: DocumentWalker {
        private var kana = 0, hangul = 0, han = 0

        /// The region the characters walked suggest (see `CJKRegion.dominant(in:)`).
        package var dominant: CJKRegion? {
            let all = kana + hangul + han
            guard all >= CJKRegion.minimumCharacters else { return nil }
            if hangul * 2 > all { return .korea }
            if kana * 10 >= all && kana > 0 { return .japan }
            return .simplifiedChinese
        }

        private mutating func count(_ s: String) {
            for scalar in s.unicodeScalars where scalar.value >= 0x1100 {
                switch scalar.value {
                case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
                case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: hangul += 1
                case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: han += 1
                default: break
                }
            }
        }
        package mutating func visitText(_ s: String) { count(s) }
        package mutating func visitCode(_ s: String) { count(s) }
        package mutating func visitCodeBlock(_ block: Block, text: String, language: String) { count(text) }
        package mutating func visitHTML(_ block: Block, html: HTMLBlock) { walk(html.blocks) }

        package init() {}
    }

    /// `families` (a fontconfig family list) with this region's Noto CJK family of the same
    /// kind added last: "Noto Sans Mono CJK" for a monospace first family (its name says
    /// Mono, Code or Courier), "Noto Sans CJK" for a sans one, else "Noto Serif CJK".
    package func fallback(for families: String) -> String {
        let first = families.split(separator: ",").first.map { $0.lowercased() } ?? ""
        let kind: String
        if ["mono", "code", "courier"].contains(where: first.contains) { kind = "Noto Sans Mono CJK" }
        else if first.contains("sans") { kind = "Noto Sans CJK" }
        else { kind = "Noto Serif CJK" }
        return families + ", \(kind) \(rawValue)"
    }
}
