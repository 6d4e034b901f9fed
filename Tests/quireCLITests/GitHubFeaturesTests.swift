import Foundation
import Quire
import XCTest

/// Issue 20 end to end: Samples/github.md and small files through the built binary, checked on
/// the PDF with poppler (text order, word positions, colours by pixel).
final class GitHubFeaturesTests: BinaryTestCase {
    override class var folderPrefix: String { "github" }

    /// The default page's column (its margins follow the measure, issue 21) and measures.
    private let style = (left: Style().margins.left, contentWidth: Style().contentWidth, barOffset: 10.5 * 0.25, quoteIndent: 10.5 * 1.2)
    private let alertColours = [("Note", "#0969da"), ("Tip", "#1a7f37"), ("Important", "#8250df"), ("Warning", "#9a6700"), ("Caution", "#cf222e")]

    /// Renders `input` (the sample unless given) with `extra` options; the PDF and the run.
    private func render(_ input: URL? = nil, _ extra: [String] = []) throws -> (pdf: PDFInspector, run: RunResult) {
        let source = input ?? Paths.packageRoot.appendingPathComponent("Samples/github.md")
        let output = folder.url.appendingPathComponent(source.deletingPathExtension().lastPathComponent + ".pdf")
        let run = try Run.run(quire, ["render", source.path, "-o", output.path] + extra)
        XCTAssertEqual(run.status, 0, run.stderrText)
        let pdf = PDFInspector(pdf: output)
        let check = try pdf.check()
        XCTAssertTrue(check.passed, check.output)
        return (pdf, run)
    }

    private func write(_ name: String, _ markdown: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try Data(markdown.utf8).write(to: url)
        return url
    }

    /// The first word `text` on `page` (any page when nil), or a failure.
    private func word(_ text: String, in words: [PDFInspector.Word], page: Int? = nil,
                      file: StaticString = #filePath, line: UInt = #line) throws -> PDFInspector.Word {
        guard let w = words.first(where: { $0.text == text && (page == nil || $0.page == page) }) else {
            throw RunError(description: "no word '\(text)' on page \(page.map(String.init) ?? "any")")
        }
        return w
    }

    /// The words of `phrase` where they follow one another, or a failure.
    private func phrase(_ phrase: String, in words: [PDFInspector.Word]) throws -> [PDFInspector.Word] {
        let parts = phrase.split(separator: " ").map(String.init)
        for i in words.indices where i + parts.count <= words.count {
            if zip(words[i..<(i + parts.count)], parts).allSatisfy({ $0.text == $1 }) { return Array(words[i..<(i + parts.count)]) }
        }
        throw RunError(description: "no phrase '\(phrase)'")
    }

    /// The words on the same line as `w` (baselines of different fonts differ a little).
    private func line(of w: PDFInspector.Word, in words: [PDFInspector.Word]) -> [PDFInspector.Word] {
        words.filter { $0.page == w.page && abs($0.yMax - w.yMax) < 4 }
    }

    func testAlertsShowGitHubsColoursInBarIconAndTitle() throws {
        let (pdf, _) = try render()
        let words = try pdf.words()
        let page = try pdf.raster(page: 1, dpi: 144)
        let barX = style.left + style.barOffset
        for (title, colour) in alertColours {
            let w = try word(title, in: words, page: 1)
            XCTAssertTrue(page.contains(colour, x: (barX - 0.5)...(barX + 0.5), y: w.midY...w.midY), "\(title): the bar")
            XCTAssertTrue(page.contains(colour, x: (barX + 2)...(w.xMin - 1), y: w.yMin...w.yMax), "\(title): the icon")
            XCTAssertTrue(page.contains(colour, x: w.xMin...w.xMax, y: w.yMin...w.yMax), "\(title): the title")
            XCTAssertFalse(page.contains(colour, x: w.xMin...w.xMax, y: (w.yMax + 4)...(w.yMax + 12)), "\(title): the text is not coloured")
        }
        // A look-alike stays a quote: its bar is the quote's colour.
        let lookalike = try word("[!NOTE]", in: words, page: 1)
        XCTAssertTrue(page.contains("#b3b8cc", x: (barX - 0.5)...(barX + 0.5), y: lookalike.midY...lookalike.midY, tolerance: 12))
        // The titles read before their text.
        let text = try pdf.text()
        for (title, body) in [("Note", "Useful information"), ("Tip", "Helpful advice"), ("Caution", "Advises about risks")] {
            XCTAssertTrue(text.contains(title + "\n" + body), "\(title) then its text")
        }
        XCTAssertFalse(text.contains("[!TIP]") || text.contains("[!caution]"), "markers are not printed")
    }

    func testHTMLTablesUseTheTableEngine() throws {
        let (pdf, _) = try render()
        let words = try pdf.words()
        let header = try word("Where", in: words), feature = try word("Feature", in: words)
        let quotes = try phrase("block quotes", in: words)[0], excerpts = try word("excerpts", in: words), kinds = try word("kinds", in: words)
        XCTAssertEqual(header.xMin, quotes.xMin, accuracy: 0.5, "colspan: the header starts over the second column")
        XCTAssertGreaterThan(kinds.xMin, header.xMax, "and spans the third")
        XCTAssertEqual(excerpts.xMin, quotes.xMin, accuracy: 0.5, "rowspan: the next row skips the first column")
        XCTAssertGreaterThan(excerpts.yMin, quotes.yMax)
        let page = try pdf.raster(page: header.page, dpi: 144)
        XCTAssertTrue(page.contains("#f2f2f5", x: (feature.xMax + 1)...(header.xMin - 1), y: feature.midY...feature.midY, tolerance: 6),
                      "the header row is shaded")
        // Markdown in a cell: bold, then a list inside the cell, beside the plain HTML cell.
        let bold = try word("Bold,", in: words), first = try word("first", in: words), plain = try word("Only", in: words)
        XCTAssertGreaterThan(first.yMin, bold.yMax)
        XCTAssertGreaterThan(first.xMin, bold.xMin + 5, "the list indented in its cell")
        XCTAssertGreaterThan(plain.xMin, first.xMax)
        XCTAssertEqual(plain.midY, bold.midY, accuracy: 1, "cells side by side")
        let text = try pdf.text()
        XCTAssertFalse(text.contains("<td") || text.contains("**"), "no markup printed")
    }

    func testDirectionFromDirAndFromAListsFirstItem() throws {
        let (pdf, _) = try render()
        let words = try pdf.words()
        let right = style.left + style.contentWidth
        // "This paragraph is inside <div dir="rtl">, so even its English words..." runs right to left.
        let rtl = try phrase("its English", in: words)[0]
        XCTAssertEqual(line(of: rtl, in: words).map(\.xMax).max()!, right, accuracy: 1, "the RTL div's paragraph ends at the right edge")
        // Both lists keep their bullets on one side: the English items end where the first ones do.
        for item in ["a second item in", "the second is"] {
            let itemLine = line(of: try phrase(item, in: words)[0], in: words)
            XCTAssertEqual(itemLine.map(\.xMax).max()!, right - 10.5 * 1.6, accuracy: 1.5, "\(item): against the gutter on the right")
        }
        let ltr = try word("whatever", in: words)
        XCTAssertLessThan(ltr.xMin, right - 100)
        XCTAssertEqual(line(of: ltr, in: words).map(\.xMin).min()!, style.left, accuracy: 1, "dir=ltr starts at the left edge")
    }

    func testDetailsWhitespaceBadgesAndMermaid() throws {
        let (pdf, run) = try render()
        let text = try pdf.text()
        let words = try pdf.words()
        let summary = try phrase("A folded section", in: words)[0], body = try phrase("A PDF cannot", in: words)[0]
        XCTAssertEqual(summary.xMin, style.left, accuracy: 0.5)
        XCTAssertEqual(body.xMin, style.left + style.quoteIndent, accuracy: 0.5, "the folded text indented")
        XCTAssertTrue(text.contains("full stop. Print as one"), "two spaces print as one")
        // Static badges are drawn (their label and message as text), without the network.
        XCTAssertTrue(text.contains("build passing") && text.contains("license MIT"), "badges drawn from their URLs")
        XCTAssertFalse(text.contains("endpoint"))
        XCTAssertFalse(text.contains("-->"), "the diagram drawn, not its source")
        XCTAssertFalse(run.stderrText.contains("mermaid"), run.stderrText)
    }

    func testPageBreaksStartNewPages() throws {
        let (pdf, _) = try render()
        let words = try pdf.words()
        let after = try word("break", in: words.filter { $0.text == "break" && $0.yMin < 100 })
        let afterNewpage = try word("\\newpage", in: words.filter { $0.yMin < 100 })
        XCTAssertEqual(afterNewpage.page, after.page + 1)
        for w in [after, afterNewpage] {
            let first = words.filter { $0.page == w.page && $0.yMin > 60 }.min { $0.yMin < $1.yMin }!
            XCTAssertEqual(first.text, "After", "the heading opens its page")
            XCTAssertEqual(first.yMin, 68, accuracy: 6, "at the top margin")
        }
        // The page before ends early: a good part of its text block (which ends at 770 pt) left empty.
        let page = try pdf.raster(page: after.page - 1, dpi: 72)
        XCTAssertTrue(words.filter { $0.page == after.page - 1 }.allSatisfy { $0.yMax < 620 || $0.yMin > 780 },
                      "the page before ends early: \(page.width)")
    }

    /// Alerts keep their look when excerpt mode cuts them and in a digest's entries.
    func testAlertsInExcerptsAndDigests() throws {
        let docs = folder.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let body = (1...80).map { "word\($0)" }.joined(separator: " ")
        let input = docs.appendingPathComponent("guide.md")
        try Data("# Guide\n\n## Setup\n\n> [!TIP]\n> \(body)\n".utf8).write(to: input)
        for (output, arguments) in [("cut.pdf", ["render", input.path, "--excerpt-lines", "3"]), ("digest.pdf", ["digest", docs.path, "--excerpt-lines", "3"])] {
            let pdf = PDFInspector(pdf: folder.url.appendingPathComponent(output))
            let run = try Run.run(quire, arguments + ["-o", pdf.pdf.path])
            XCTAssertEqual(run.status, 0, run.stderrText)
            XCTAssertTrue(try pdf.check().passed)
            let text = try pdf.text()
            XCTAssertTrue(text.contains("Tip\nword1 word2"), "\(output): the title before the text")
            XCTAssertTrue(text.contains("Continue reading"), output)
            let words = try pdf.words()
            let tip = try word("Tip", in: words)
            let page = try pdf.raster(page: tip.page, dpi: 144)
            XCTAssertTrue(page.contains("#1a7f37", x: (style.left + 1)...(style.left + 5), y: tip.midY...tip.midY), "\(output): the bar")
            XCTAssertTrue(page.contains("#1a7f37", x: tip.xMin...tip.xMax, y: tip.yMin...tip.yMax), "\(output): the title's colour")
        }
    }
}
