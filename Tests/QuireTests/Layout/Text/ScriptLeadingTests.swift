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


/// Issue 46, point 7: every script keeps the body's baseline grid. A fallback font's nominal
/// ascent and descent (Naskh's are about twice an em) no longer size the line box; only ink
/// that would touch the next line grows it.
final class ScriptLeadingTests: XCTestCase {
    let style = Style()

    /// Arabic (from Tests/Corpus/free-programming-books-ar.md), in a paragraph and a two-line
    /// list item, Hebrew and Chinese paragraphs beside a Latin one: each paragraph's lines are
    /// one body line height apart, as the Latin paragraph's (Arabic lines were 21.6 pt apart
    /// against 17 pt, a list item of two lines looking double-spaced).
    func testArabicHebrewAndChineseLinesAreSetOnTheBodyLeading() {
        let arabic = "احترف الأردوينو، اردوينو ببساطة: من تشغيل دايود ضوئي إلى أنظمة الوقت الحقيقي، مدخل إلى الذكاء"
            + " الاصطناعي وتعلم الآلة، تصميم قواعد البيانات، نحو فهم أعمق لتقنيات الويب، مختصر دليل لغات البرمجة،"
            + " أساسيات إطار العمل، أوبنتو ببساطة، دفتر مدير دبيان، سطر أوامر لينكس، أنظمة التشغيل للمبرمجين."
        let hebrew = "אנחנו מברכים תורמים חדשים; אפילו את אלו שעושים את ה Pull Request הראשון שלהם. אם את/ה כאלו,"
            + " הנה כמה מקורות שיכולים לעזור. אל תהססו לשאול שאלות; כל תורם קוד מתחיל עם ה-PR הראשון שלו."
        let chinese = "熟练使用命令行是一种常常被忽视，或被认为难以掌握的技能，但实际上，它会提高你作为工程师的灵活性以及生产力。"
            + "本文是一份我在 Linux 上工作时，发现的一些命令行使用技巧的摘要。有些技巧非常基础，而另一些则相当复杂。"
        let markdown = [prose(60), arabic, "- " + arabic, hebrew, chinese].joined(separator: "\n\n")
        let doc = layout(markdown)
        let leading = Typography(style).body.lineHeight
        let paragraphs = Self.paragraphs(doc.pages[0].bodyLines)
        XCTAssertEqual(paragraphs.count, 5)
        for lines in paragraphs {
            XCTAssertGreaterThanOrEqual(lines.count, 2, lines.first?.text ?? "")
            for (a, b) in zip(lines, lines.dropFirst()) {
                XCTAssertEqual(b.baseline - a.baseline, leading, accuracy: 0.01, "\(a.text) / \(b.text)")
            }
        }
    }

    /// The grid holds only where the glyphs fit it: a line holding an inline element taller
    /// than the line (a stacked fraction) still grows, so nothing overlaps the line above.
    func testALineWithATallInlineElementStillGrows() {
        let arabic = "احترف الأردوينو، اردوينو ببساطة: من تشغيل دايود ضوئي إلى أنظمة الوقت الحقيقي، مدخل إلى الذكاء"
            + " الاصطناعي وتعلم الآلة، تصميم قواعد البيانات، نحو فهم أعمق لتقنيات الويب، مختصر دليل لغات البرمجة"
        let doc = layout(arabic + " $\\dfrac{\\dfrac{a}{b}}{\\dfrac{c}{d}}$ " + arabic)
        let lines = Self.paragraphs(doc.pages[0].bodyLines).first ?? []
        let leading = Typography(style).body.lineHeight
        let gaps = zip(lines, lines.dropFirst()).map { $1.baseline - $0.baseline }
        XCTAssertTrue(gaps.contains { $0 > leading + 5 }, "the image's line grows: \(gaps)")
        XCTAssertTrue(gaps.contains { abs($0 - leading) < 0.01 }, "the others keep the grid: \(gaps)")
    }

    /// Lines of one paragraph (one shaped text) in the order drawn, each paragraph once.
    static func paragraphs(_ lines: [TextLine]) -> [[TextLine]] {
        var out: [[TextLine]] = []
        for line in lines {
            if let last = out.last?.last, last.shaped === line.shaped { out[out.count - 1].append(line) } else { out.append([line]) }
        }
        return out
    }
}
