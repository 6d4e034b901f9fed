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

/// Japanese, Chinese and Korean text falls back to Noto CJK in the body's style (serif under a
/// serif body, sans under sans, mono in code) and in the regional forms of the language.
final class CJKFontTests: XCTestCase {
    private let painter = LinePainter()

    /// The font faces (file and index) the glyphs of `line` are drawn with.
    private func faces(_ line: TextLine) -> Set<String> {
        Set(painter.paint(line).compactMap { paint -> String? in
            if case .glyphs(let run) = paint, run.text.contains(where: { $0 >= 0xE3 }) { return "\(run.font.file)#\(run.font.index)" }
            return nil
        })
    }

    /// The face `family` itself sets `text` in.
    private func face(of family: String, _ text: String, bold: Bool = false) -> String {
        let role = Typography.TextRole(family: family, size: 10, bold: bold, color: Color(0, 0, 0), lineHeight: 14,
                                       monospaceFamily: family, monospaceSize: 10)
        var styled = StyledText()
        styled.append(text)
        let shaped = Typesetter().shape(styled, ParagraphFormat(text: role, width: 1000))
        return faces(TextLine(shaped: shaped, lineIndex: 0, x: 0, baseline: 0, top: 0, width: 0)).first ?? "none"
    }

    private func lines(_ markdown: String) -> [TextLine] {
        layout(markdown).allLines
    }

    func testRegionalSerifUnderTheBodySansUnderHeadingsMonoInCode() {
        let text = "直角三角形の斜辺"  // 直 and 角 differ between regions
        for (lang, region) in [("ja", "JP"), ("zh-Hans", "SC"), ("zh-Hant", "TC"), ("ko", "KR"), ("zh-HK", "HK")] {
            let all = lines("---\nlang: \(lang)\n---\n# \(text)\n\n\(text)\n\n`\(text)`\n")
            XCTAssertEqual(faces(all[0]), [face(of: "Noto Sans CJK \(region)", text, bold: true)], "heading, \(lang)")
            XCTAssertEqual(faces(all[1]), [face(of: "Noto Serif CJK \(region)", text)], "body, \(lang)")
            XCTAssertEqual(faces(all[2]), [face(of: "Noto Sans Mono CJK \(region)", text)], "code, \(lang)")
        }
    }

    /// Without a CJK `lang`, the text decides: kana make it Japanese even with a little Hangul
    /// around (a language bar), Hangul Korean, Han alone simplified Chinese; no CJK text, no
    /// CJK family at all.
    func testTheTextDecidesWithoutALanguage() {
        let japanese = String(repeating: "これは日本語の文章です。", count: 4)
        XCTAssertEqual(CJKRegion.dominant(in: parseMarkdown("[한국어](ko.md) " + japanese)), .japan)
        XCTAssertEqual(CJKRegion.dominant(in: parseMarkdown("[日本語](ja.md) [한국어](ko.md) " + String(repeating: "这是中文的文章，没有假名。", count: 4))),
                       .simplifiedChinese)
        XCTAssertEqual(CJKRegion.dominant(in: parseMarkdown(String(repeating: "한국어 문장입니다 漢字 ", count: 5))), .korea)
        XCTAssertNil(CJKRegion.dominant(in: parseMarkdown("Plain English → with arrows ★")))
        XCTAssertNil(CJKRegion.dominant(in: parseMarkdown("English, with a language bar: [日本語](ja.md) [한국어](ko.md) [简体中文](zh.md)")))
        let all = lines(japanese + "直角")
        XCTAssertEqual(faces(all[0]), [face(of: "Noto Serif CJK JP", "直角")])
        XCTAssertEqual(CJKRegion(language: "zh-TW"), .traditionalChinese)
        XCTAssertNil(CJKRegion(language: "en-US"))
        XCTAssertEqual(CJKRegion.japan.fallback(for: "DejaVu Sans Mono"), "DejaVu Sans Mono, Noto Sans Mono CJK JP")
    }
}
