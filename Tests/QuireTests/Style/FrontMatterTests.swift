@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import XCTest

final class FrontMatterTests: XCTestCase {
    func testKnownKeysQuotesAndVariantMaps() {
        let (info, body, warnings) = FrontMatter.split("""
        ---
        title: {"8": "Quire", "30": "Quire: the guide"}
        subtitle: 'Markdown to PDF'
        author: Ada
        date: "2026-11-21"
        lang: ja
        tags:
          - a
        ---
        # Body
        """)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(info.title, TextValue(variants: [(8, "Quire"), (30, "Quire: the guide")]))
        XCTAssertEqual(info.subtitle, .plain("Markdown to PDF"))
        XCTAssertEqual(info.author, .plain("Ada"))
        XCTAssertEqual(info.date, .plain("2026-11-21"))
        XCTAssertEqual(info.lang, "ja")
        XCTAssertEqual(body.split(separator: "\n", omittingEmptySubsequences: false).count, 10, "line numbers kept")
        XCTAssertTrue(body.hasSuffix("# Body"))
        XCTAssertEqual(FrontMatter.split("---\ntitle: {8: Short, 30: Longer one}\n---\n").info.title?.widest, "Longer one")
    }

    /// Front matter saved with Windows line ends was ignored: Swift reads "\r\n" as one
    /// character, so splitting on "\n" found no lines.
    func testRegressionFrontMatterWithCRLFLineEnds() {
        let (info, body, warnings) = FrontMatter.split("---\r\ntitle: Windows\r\nlang: fr\r\n---\r\n\r\n# Body\r\n")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(info.title?.widest, "Windows")
        XCTAssertEqual(info.lang, "fr")
        XCTAssertEqual(body, "\n\n\n\n\r\n# Body\r\n", "four lines blanked, the rest as it was")
    }

    /// Only the front matter is scanned; a long body is passed on as it is.
    func testLongBodyAfterFrontMatterIsKeptWhole() {
        let text = (1...20_000).map { "line \($0) with some words" }.joined(separator: "\n")
        let (info, body, _) = FrontMatter.split("---\ntitle: T\n...\n" + text)
        XCTAssertEqual(info.title?.widest, "T")
        XCTAssertEqual(body, "\n\n\n" + text)
    }

    func testMalformedBlockWarns() {
        let unclosed = FrontMatter.split("---\ntitle: x\n\nText")
        XCTAssertEqual(unclosed.warnings.map(\.line), [1])
        XCTAssertEqual(unclosed.markdown, "---\ntitle: x\n\nText")
        let badLine = FrontMatter.split("---\ntitle: x\nthis is not a key value line\n---\n")
        XCTAssertEqual(badLine.warnings.map(\.line), [3])
        XCTAssertNil(badLine.info.title)
        XCTAssertEqual(FrontMatter.split("No front matter").markdown, "No front matter")
        // A thematic break, a line of text and a setext underline: Markdown, not front matter.
        let markdown = "---\nSome text\n---\n\nMore.\n"
        let notKeys = FrontMatter.split(markdown)
        XCTAssertEqual(notKeys.markdown, markdown)
        XCTAssertEqual(notKeys.warnings.map(\.line), [2])
    }

    /// Issue 37: the hand-written reader took `title: [unclosed` as the title "[unclosed",
    /// kept an unterminated quote, and said nothing of bad indentation. libyaml reads it; each
    /// problem warns with its line and column (in the file: the YAML starts on line 2) and the key.
    func testRegressionYAMLErrorsWarnWithLineColumnAndKey() {
        let cases: [(String, Warning)] = [
            ("title: [unclosed", Warning(line: 2, column: 8, message: "front matter is not valid YAML at 'title': did not find expected ',' or ']' (while parsing a flow sequence); its keys are ignored")),
            ("title: \"unterminated", Warning(line: 2, column: 8, message: "front matter is not valid YAML at 'title': found unexpected end of stream (while scanning a quoted scalar); its keys are ignored")),
            ("title: x\n  bad: indent", Warning(line: 3, column: 6, message: "front matter is not valid YAML at 'title': mapping values are not allowed in this context; its keys are ignored")),
        ]
        for (yaml, warning) in cases {
            let (info, body, warnings) = FrontMatter.split("---\n\(yaml)\n---\n# Body\n")
            XCTAssertEqual(warnings, [warning], yaml)
            XCTAssertNil(info.title, yaml)
            XCTAssertTrue(body.hasSuffix("\n# Body\n") && !body.contains("title"), "still front matter: \(yaml)")
        }
    }

    /// Issue 37: `author: [A, B]` was the text "[A, B]"; a list-valued title was dropped
    /// silently, and `toc: maybe` ignored.
    func testRegressionListsOfAuthorsAndKeywordsAndWrongTypes() {
        let (info, _, warnings) = FrontMatter.split("""
        ---
        title: [Not, a, title]
        author:
          - Ada Lovelace
          - name: Charles Babbage
            affiliation: Cambridge
        keywords: [typesetting, "PDF"]
        toc: maybe
        ---
        """)
        XCTAssertEqual(info.author, .plain("Ada Lovelace, Charles Babbage"))
        XCTAssertEqual(info.keywords, ["typesetting", "PDF"])
        XCTAssertNil(info.title)
        XCTAssertNil(info.toc)
        XCTAssertEqual(warnings, [
            Warning(line: 2, column: 8, message: "'title' must be a text, not a list; ignored"),
            Warning(line: 8, column: 6, message: "'toc' must be true or false, not 'maybe'; ignored"),
        ])
        XCTAssertEqual(FrontMatter.split("---\nauthor: [A, B]\nkeywords: one, two\ntoc: yes\n---\n").info.author, .plain("A, B"))
        XCTAssertEqual(FrontMatter.split("---\nkeywords: one, two\n---\n").info.keywords, ["one", "two"])
        XCTAssertEqual(FrontMatter.split("---\ntoc: yes\ntitle: ~\n---\n").info.toc, true)
    }

    /// Issue 37: `lang: xx-INVALID-tag-123` went into the PDF's /Lang.
    func testRegressionAnInvalidLanguageTagWarnsAndFallsBack() {
        let (info, _, warnings) = FrontMatter.split("---\nlang: xx-INVALID-tag-123\n---\n")
        XCTAssertNil(info.lang)
        XCTAssertEqual(warnings, [Warning(line: 2, column: 7, message: "lang 'xx-INVALID-tag-123' is not a BCP 47 language tag; the template's language is used")])
        XCTAssertEqual(FrontMatter.split("---\nlang: en_US\n---\n").warnings.first?.message,
                       "lang 'en_US' is not a BCP 47 language tag (write en-US); the template's language is used")
        XCTAssertEqual(FrontMatter.split("---\nlang: zh-Hant-TW\n---\n").info.lang, "zh-Hant-TW")
    }

    func testLanguageTagWellFormedness() {
        for tag in ["en", "en-US", "fr-CA", "zh-Hant", "zh-Hant-TW", "sr-Latn-RS", "de-CH-1901", "sl-rozaj-biske", "es-419",
                    "zh-yue-HK", "en-US-u-ca-gregory", "x-whatever", "en-x-private", "i-klingon", "qaa", "EN-us"] {
            XCTAssertTrue(LanguageTag.isWellFormed(tag), tag)
        }
        for tag in ["", "e", "xx-INVALID-tag-123", "en_US", "en-", "-en", "en--US", "123", "en-US-u", "en-a-b", "x",
                    "toolongtag", "en-US-US", "de-1901-x"] {
            XCTAssertFalse(LanguageTag.isWellFormed(tag), tag)
        }
    }

    func testRenderUsesFrontMatterForTitleBlockMetadataAndHeader() throws {
        let markdown = "---\ntitle: {\"5\": \"Short\", \"60\": \"The longer cover title\"}\nauthor: Ada\n---\n\n" + prose(1500)
        let doc = layout(markdown)
        XCTAssertEqual(doc.title, "The longer cover title", "metadata and cover: the widest")
        XCTAssertTrue(doc.pages[0].bodyLines.contains { $0.text == "The longer cover title" })
        XCTAssertTrue(doc.pages[0].furnitureLines.allSatisfy { $0.text == "1" }, "no header on page 1")
        let header = doc.pages[1].furnitureLines.filter { $0.baseline < Style().margins.top }
        XCTAssertEqual(header.map(\.text), ["Short"], "a 44 em header: the 60 em wording does not fit")
    }
}
