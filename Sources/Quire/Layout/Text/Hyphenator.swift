// The libhyphen boundary: the only file that calls CHyphen.
import CHyphen
import Foundation
import QuireModel

/// Hyphenation points of words, from the TeX-derived patterns LibreOffice uses (libhyphen, with
/// Debian's `hyphen-*` dictionaries: `hyphen-en-us` installed by default, 48 languages).
///
/// A dictionary is loaded the first time a document in its language asks for hyphenation
/// (about 100 KB of patterns, a millisecond or two) and kept for the process. libhyphen only
/// reads a dictionary once loaded (`hnj_hyphen_hyphenate2` writes to buffers of its own), so
/// one is shared by every thread.
package final class Hyphenator: @unchecked Sendable {  // the dictionary is read-only once loaded
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// The dictionary's file, for messages and tests.
    package let file: String

    private init?(file: String) {
        guard let dictionary = hnj_hyphen_load(file) else { return nil }
        self.dictionary = dictionary
        self.file = file
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// Where Debian's `hyphen-*` packages put their dictionaries.
    package static let folder = "/usr/share/hyphen"

    /// The hyphenator for `language` (see `Hyphenators.forLanguage`), loaded now, or nil.
    fileprivate static func load(_ language: String, into cache: Hyphenators) -> Hyphenator? {
        let parts = language.split { $0 == "-" || $0 == "_" }.map(String.init)
        guard let first = parts.first, !first.isEmpty, first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let code = first.lowercased()
        // The region: the first two-letter or three-digit subtag after the language (scripts are four letters).
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?.uppercased()
        let key = region.map { "\(code)_\($0)" } ?? code
        return cache.monitor.locked {
            if let known = cache.loaded[key] { return known }
            let loaded = candidates(code: code, region: region).lazy.compactMap { Hyphenator(file: $0) }.first
            cache.loaded[key] = .some(loaded)
            return loaded
        }
    }

    /// Dictionary files to try for a language, best first.
    private static func candidates(code: String, region: String?) -> [String] {
        var names = region.map { ["hyph_\(code)_\($0).dic"] } ?? []
        names.append("hyph_\(code).dic")
        let installed = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        names += installed.filter { $0.hasPrefix("hyph_\(code)_") && $0.hasSuffix(".dic") }.sorted()
        return names.map { folder + "/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
    }


    /// The positions in `word` (lowercase letters) after which it may be hyphenated, as
    /// counts of Unicode scalars from its start, ascending; the dictionary's minimum lengths
    /// at either end are kept. Points where the pattern would change the spelling
    /// (non-standard hyphenation, German "Schiffahrt") are left out: a soft hyphen cannot
    /// show them. A word that is not ASCII gets none from a dictionary in an 8-bit character
    /// set. O(word length × pattern depth).
    package func points(_ word: String) -> [Int] {
        var bytes = Array(word.utf8)
        let count = bytes.count
        guard count > 0, count < 1000 else { return [] }
        // A dictionary in an 8-bit character set (older ones) reads only ASCII words as written.
        guard dictionary.pointee.utf8 != 0 || word.utf8.allSatisfy({ $0 < 0x80 }) else { return [] }
        bytes.append(0)  // libhyphen looks for its "no hyphen" strings with strstr
        var hyphens = [CChar](repeating: 0, count: count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let failed = bytes.withUnsafeBufferPointer { word in
            word.withMemoryRebound(to: CChar.self) { chars in
                hnj_hyphen_hyphenate2(dictionary, chars.baseAddress, Int32(count), &hyphens, nil,
                                      &replacements, &positions, &cuts)
            }
        } != 0
        defer {
            if let replacements {
                for i in 0..<count { free(replacements[i]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard !failed else { return [] }
        let scalars = word.unicodeScalars.count
        var result: [Int] = []
        for i in 0..<(scalars - 1) where hyphens[i] & 1 == 1 {
            if let replacements, replacements[i] != nil { continue }
            result.append(i + 1)
        }
        return result
    }
}

/// The hyphenation dictionaries loaded so far, by language and region: a typesetter's
/// (`Typesetter.hyphenators`), each dictionary loaded once for as long as it lives.
package final class Hyphenators: @unchecked Sendable {  // `loaded` is used only under `monitor`
    fileprivate let monitor = Monitor()
    fileprivate var loaded: [String: Hyphenator?] = [:]

    package init() {}

    /// The hyphenator for `language` (a BCP 47 tag: "en", "en-GB", "de-CH", "pt_BR"), or nil
    /// when no dictionary of that language is installed. The dictionary file is
    /// hyph_LL_RR.dic for the tag's language and region, else hyph_LL.dic, else the first
    /// hyph_LL_*.dic (so "de" finds hyph_de_DE.dic). Loaded once per cache.
    package func forLanguage(_ language: String) -> Hyphenator? {
        Hyphenator.load(language, into: self)
    }
}
