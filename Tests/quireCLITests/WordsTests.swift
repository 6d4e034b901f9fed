import Quire
import XCTest

/// The word counting the corpus coverage check relies on.
final class WordsTests: XCTestCase {
    func testLettersDigitsAndCJK() {
        XCTAssertEqual(Words.tokens("Hello, WORLD 42 fo\u{FB01}ne"), ["hello", "world", "42", "fofine"])
        XCTAssertEqual(Words.tokens("中文\n字"), ["中", "文", "字"])
        XCTAssertEqual(Words.tokens("コマンドline"), ["コ", "マ", "ン", "ド", "line"])
    }

    func testHyphensBidiAndLamAlef() {
        XCTAssertEqual(Words.tokens("free-programming - books"), ["freeprogramming", "books"])
        XCTAssertEqual(Words.tokens("ב-GitHub לFree"), ["ב", "github", "ל", "free"])
        XCTAssertEqual(Words.tokens("لازلو"), Words.tokens("الزلو"))
        XCTAssertEqual(Words.tokens("إلى على"), Words.tokens("إىل عىل"), "lam-alef-maksura as pdftotext gives it")
        XCTAssertEqual(Words.tokens("عَرَبِيّ ـعربي"), ["عربي", "عربي"])
    }

    func testVisibleTextOfDocument() {
        let document = parseMarkdown("""
            # Head *one*

            Text with `code` and ![alt words](x.png) and <b>bold</b>.

            | a | b |
            |---|---|
            | cell | two |

            <div>html &amp; block</div>

            ```
            let x = 1
            ```
            """)
        XCTAssertEqual(Words.tokens(VisibleText.of(document.blocks)),
                       ["head", "one", "text", "with", "code", "and", "alt", "words", "and", "bold",
                        "a", "b", "cell", "two", "html", "block", "let", "x", "1"])
    }

    func testHeadingCountIncludesHTMLHeadings() {
        let document = parseMarkdown("# One\n\n<h1 align=\"center\">Two</h1>\n\n<!-- <h2>not</h2> -->\n\n> ## Three\n")
        XCTAssertEqual(VisibleText.headingCount(document.blocks), 3)
    }
}
