import Foundation
import Quire
import XCTest

/// Issue 35 end to end: formulas through the built binary, read back by qpdf, poppler, MuPDF
/// and Ghostscript.
final class MathCLITests: BinaryTestCase {
    override class var folderPrefix: String { "math" }

    private func write(_ name: String, _ markdown: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try Data(markdown.utf8).write(to: url)
        return url
    }

    private func render(_ input: URL, _ extra: [String] = []) throws -> (pdf: PDFInspector, run: RunResult, url: URL) {
        let output = folder.url.appendingPathComponent(input.deletingPathExtension().lastPathComponent + ".pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path] + extra)
        XCTAssertEqual(run.status, 0, run.stderrText)
        let pdf = PDFInspector(pdf: output)
        let check = try pdf.check()
        XCTAssertTrue(check.passed, check.output)
        return (pdf, run, output)
    }

    func testMathSampleIsReadByEveryReaderWithEachFormulaTaggedWithItsTeX() throws {
        let (pdf, run, url) = try render(Paths.packageRoot.appendingPathComponent("Samples/math.md"))
        XCTAssertEqual(run.stderrText, "", "the sample typesets without a warning")
        XCTAssertEqual(try pdf.readerProblems(), [])
        let tagged = try TaggedPDF.check(url)
        XCTAssertEqual(tagged.problems.prefix(10), [])
        XCTAssertGreaterThanOrEqual(tagged.roles["Formula"] ?? 0, 150)
        XCTAssertTrue(tagged.formulaAlts.contains(#"e^{i\pi} + 1 = 0"#), "Alt is the TeX source")
        // The text layer holds the formulas' characters (math italic letters), in both readers.
        for text in [try pdf.text(), try pdf.mupdfText()] {
            XCTAssertTrue(text.contains("𝑒𝑖𝜋"), "Euler's identity")
            XCTAssertTrue(text.contains("∑"))
            XCTAssertFalse(text.contains(#"\frac"#), "no TeX in the text layer")
            XCTAssertTrue(text.contains("$5 and $10"), "dollars that are not math stay text")
        }
        // The math font is embedded as a subset, as text fonts are.
        let fonts = try Run.run(try Run.tool("pdffonts"), [url.path]).stdoutText
        let math = try XCTUnwrap(fonts.split(separator: "\n").first { $0.contains("PagellaMath") }, fonts)
        XCTAssertTrue(math.contains("+TeXGyrePagellaMath"), "a subset's tag: \(math)")
    }

    func testBadMathWarnsWithFileLineAndCommandAndShowsItsSourceInRed() throws {
        let input = try write("bad.md", "# Bad\n\nFine $x^2$ here.\n\nBroken $\\frac{a}{b} + \\foo{c}$ and $\\left( x$ but the rest stays.\n\n$$\n{a\n$$\n\nEnd.\n")
        let (pdf, run, _) = try render(input)
        XCTAssertTrue(run.stderrText.contains("bad.md:5: math not typeset (unknown command \\foo)"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("bad.md:5: math not typeset (\\left without \\right)"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("bad.md:8: math not typeset (unbalanced {: no } closes it)"), run.stderrText)
        let text = try pdf.text()
        XCTAssertTrue(text.contains(#"$\frac{a}{b} + \foo{c}$"#), text)
        XCTAssertTrue(text.contains("but the rest stays") && text.contains("End."), text)
        XCTAssertTrue(text.contains("𝑥"), "the good formula is typeset")
    }

    func testDisplayMathStaysWithItsIntroducingParagraph() throws {
        // The paragraph's last line would end page 1, the formula start page 2: both move.
        let filler = (1...29).map { "Line \($0) of filler text." }.joined(separator: "\n\n")
        let input = try write("keep.md", filler + "\n\nThe identity is\n$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$\n")
        let (pdf, _, _) = try render(input)
        let words = try pdf.words()
        let identity = try XCTUnwrap(words.first { $0.text == "identity" })
        let sum = try XCTUnwrap(words.first { $0.text.contains("∑") })
        XCTAssertEqual(identity.page, sum.page, "never split from its paragraph's last line")
    }

    func testExcerptsCountDisplayMathAndNeverCutInsideIt() throws {
        let input = try write("excerpt.md", "# Section\n\nFirst line of text.\n\n$$\nE = mc^2\n$$\n\nAfter the formula.\n\nMore.\n")
        func excerpt(_ lines: Int) throws -> String {
            try render(input, ["--excerpt-lines", "\(lines)"]).pdf.text().components(separatedBy: "Continue reading")[0]
        }
        // Line 2 is the formula: an excerpt of 2 lines does not show it (nor a piece of it).
        XCTAssertFalse(try excerpt(2).contains("𝐸"))
        XCTAssertTrue(try excerpt(2).contains("First line"))
        // It counts as a line: 3 lines show it, and the label ends the line after it.
        let three = try excerpt(3)
        XCTAssertTrue(three.contains("𝐸") && three.contains("After the"), three)
    }

    func testDigestAndPreviewShowFormulas() throws {
        let input = try write("note.md", "# Note\n\nThe mean is $\\bar x = \\frac{1}{n}\\sum_i x_i$.\n")
        let digest = folder.url.appendingPathComponent("digest.pdf")
        let run = try Run.run(quire, ["digest", input.path, "-o", digest.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(try PDFInspector(pdf: digest).text().contains("𝑥"))
        let terminal = try Run.run(quire, ["preview", input.path, "--excerpt-lines", "3"])
        XCTAssertTrue(terminal.stdoutText.contains("𝑥̄=1𝑛∑𝑖𝑥𝑖"), "the formula's characters, not U+FFFC: \(terminal.stdoutText)")
        let png = folder.url.appendingPathComponent("preview.png")
        let preview = try Run.run(quire, ["preview", input.path, "--png", png.path])
        XCTAssertEqual(preview.status, 0, preview.stderrText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png.path))
    }
}
