/// BCP 47 language tags (RFC 5646), checked for well-formedness: the syntax of section 2.1,
/// not the registry (a well-formed tag may name no language, as `qaa` does by design). A tag
/// that is not well-formed ("xx-INVALID-tag-123", "en_US") must not reach the PDF's `/Lang`,
/// where a screen reader would take it for a language.
package enum LanguageTag {
    /// Whether `tag` is a well-formed language tag, compared without regard to case:
    /// `language["-"script]["-"region]*("-"variant)*("-"extension)["-"privateuse]`, a private
    /// use tag (`x-…`), or one of the grandfathered tags. O(n).
    package static func isWellFormed(_ tag: String) -> Bool {
        let lower = tag.lowercased()
        if grandfathered.contains(lower) { return true }
        let subtags = lower.split(separator: "-", omittingEmptySubsequences: false)
        guard subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(isAlphanumeric) }) else { return false }
        var rest = subtags[...]
        if rest.first == "x" { return privateUse(rest) }
        guard let language = rest.popFirst(), isAlpha(language), (2...8).contains(language.count) else { return false }
        if language.count <= 3 {
            // Up to three extended language subtags.
            var extlangs = 0
            while extlangs < 3, let next = rest.first, next.count == 3, isAlpha(next) { rest.removeFirst(); extlangs += 1 }
        }
        if let script = rest.first, script.count == 4, isAlpha(script) { rest.removeFirst() }
        if let region = rest.first, region.count == 2 && isAlpha(region) || region.count == 3 && region.allSatisfy(\.isASCIIDigit) {
            rest.removeFirst()
        }
        while let variant = rest.first, variant.count >= 5 || variant.count == 4 && variant.first!.isASCIIDigit {
            rest.removeFirst()
        }
        while let singleton = rest.first, singleton.count == 1, singleton != "x" {
            rest.removeFirst()
            var parts = 0
            while let part = rest.first, (2...8).contains(part.count) { rest.removeFirst(); parts += 1 }
            guard parts > 0 else { return false }
        }
        return rest.isEmpty || privateUse(rest)
    }

    /// "x" and one or more subtags of 1 to 8 characters.
    private static func privateUse(_ subtags: ArraySlice<Substring>) -> Bool {
        subtags.first == "x" && subtags.count > 1
    }

    private static func isAlpha(_ s: Substring) -> Bool { s.allSatisfy { $0.isASCII && $0.isLetter } }
    private static func isAlphanumeric(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }

    /// RFC 5646's grandfathered tags, irregular and regular, lower-cased.
    private static let grandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo", "i-navajo",
        "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de", "art-lojban", "cel-gaulish", "no-bok",
        "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
    ]
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
