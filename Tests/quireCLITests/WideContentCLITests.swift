import Foundation
import XCTest

/// Issue 33 end to end: a wrapped code line is one line of text to every reader (its
/// continuation mark an artifact), and a table too wide for the page upright gets a landscape
/// page whose text reads upright.
final class WideContentCLITests: BinaryTestCase {
    override class var folderPrefix: String { "wide" }

    private func render(_ markdown: String, _ name: String, _ extra: [String] = []) throws -> (pdf: URL, run: RunResult) {
        let input = folder.url.appendingPathComponent("\(name).md")
        try Data(markdown.utf8).write(to: input)
        let pdf = folder.url.appendingPathComponent("\(name).pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", pdf.path] + extra)
        XCTAssertEqual(run.status, 0, "\(name): \(run.stderrText)")
        let check = try PDFInspector(pdf: pdf).check()
        XCTAssertTrue(check.passed, "\(name): qpdf --check\n\(check.output)")
        return (pdf, run)
    }

    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        let r = try Run.run(try Run.tool(name), arguments)
        XCTAssertEqual(r.status, 0, "\(name): \(r.stderrText)")
        return r.stdoutText
    }

    /// A 160-column line wraps at A4 even at the floor. Poppler, which reads the ActualText
    /// spans, gives it whole on one line and once; MuPDF (1.21 reads glyphs, not those spans)
    /// gives its visual lines, nothing added between them; neither gives the mark, an artifact.
    func testAWrappedCodeLineIsOneLineOfText() throws {
        let long = "        let value = compute(" + (1...14).map { "argument\($0): \($0)" }.joined(separator: ", ") + ") // end"
        XCTAssertGreaterThan(long.count, 150)
        let (pdf, _) = try render("# Code\n\n```swift\nfunc f() {\n\(long)\n    return\n}\n```\n", "code")
        let poppler = try tool("pdftotext", ["-enc", "UTF-8", pdf.path, "-"])
        XCTAssertTrue(poppler.contains(long.trimmingCharacters(in: .whitespaces)), "poppler gives the line whole:\n\(poppler)")
        XCTAssertEqual(poppler.components(separatedBy: "argument7: 7").count, 2, "the line once")
        let mupdf = try tool("mutool", ["draw", "-q", "-F", "txt", "-o", "-", pdf.path])
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        XCTAssertTrue(words(mupdf).contains(words(long)), "MuPDF gives its characters in order:\n\(mupdf)")
        for text in [poppler, mupdf] { XCTAssertFalse(text.contains("↳") || text.contains("↪"), "the mark is not text") }
        XCTAssertEqual(try TaggedPDF.check(pdf).problems, [], "every mark drawn is marked content (an artifact)")
    }

    /// A table too wide for A4 upright at the floor: a landscape page (its /MediaBox wider than
    /// tall, no /Rotate), between upright pages, whose text reads left to right.
    func testATableTooWideUprightGetsALandscapePageWithUprightText() throws {
        let columns = 32
        let line = { (cells: [String]) in "| " + cells.joined(separator: " | ") + " |" }
        let table = ([line((0..<columns).map { "h\($0)" }), line((0..<columns).map { _ in "---" })]
            + (0..<8).map { r in line((0..<columns).map { "\(1000 + r * 100 + $0)" }) }).joined(separator: "\n")
        let (pdf, run) = try render("# Wide\n\nBefore.\n\n\(table)\n\nAfter.\n", "table")
        XCTAssertEqual(run.stderrText, "", "it fits the turned page without a warning")
        let info = try tool("pdfinfo", ["-f", "1", "-l", "3", pdf.path])
        let sizes = info.split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains("size:") }.map(String.init)
        XCTAssertEqual(sizes.count, 3, info)
        XCTAssertTrue(sizes[0].contains("595.276 x 841.89"), sizes[0])
        XCTAssertTrue(sizes[1].contains("841.89 x 595.276"), "the table's page is landscape: \(sizes[1])")
        XCTAssertTrue(sizes[2].contains("595.276 x 841.89"), sizes[2])
        let rotations = info.split(separator: "\n").filter { $0.contains("rot:") }
        XCTAssertTrue(rotations.allSatisfy { $0.hasSuffix(" 0") }, "no /Rotate: the page is wide, its text upright")
        let page = try tool("pdftotext", ["-f", "2", "-l", "2", "-layout", "-enc", "UTF-8", pdf.path, "-"])
        let header = (0..<columns).map { "h\($0)" }.joined(separator: " ")
        let squeezed = page.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(squeezed.contains(where: { $0.contains(header) }), "the header reads across the page:\n\(page)")
        XCTAssertTrue(squeezed.contains(where: { $0.contains((0..<columns).map { "\(1700 + $0)" }.joined(separator: " ")) }),
                      "so does the last row")
        XCTAssertFalse(page.contains("Before.") || page.contains("After."), "the table alone on its page")
        XCTAssertEqual(try TaggedPDF.check(pdf).problems, [])
    }
}
