import Foundation
import XCTest

/// Issue 33 end to end: a wrapped code line is one line of text to every reader (its
/// continuation mark an artifact).
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
}
