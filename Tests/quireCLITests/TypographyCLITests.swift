import Foundation
import XCTest

/// Issue 21 end to end: book typography as poppler reads the PDF.
final class TypographyCLITests: BinaryTestCase {
    override class var folderPrefix: String { "typography" }

    private func render(_ markdown: String, _ arguments: [String]) throws -> PDFInspector {
        let input = folder.url.appendingPathComponent("doc.md")
        try Data(markdown.utf8).write(to: input)
        let pdf = folder.url.appendingPathComponent("doc.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", pdf.path] + arguments)
        XCTAssertEqual(run.status, 0, run.stderrText)
        let inspector = PDFInspector(pdf: pdf)
        XCTAssertTrue(try inspector.check().passed)
        return inspector
    }

    /// Hyphenated justified A5: pdftotext gives every word whole (a hyphen at a line's end is
    /// a hyphen-minus, which it joins), never a soft hyphen or a zero-width space.
    func testHyphenatedTextExtractsAsTheWordsWritten() throws {
        let words = ["internationalization", "considerations", "extraordinarily", "comprehensive", "documentation",
                     "characterization", "implementations", "indispensable", "representativeness"]
        let written = (0..<40).map { words[$0 % words.count] }
        let markdown = written.joined(separator: " ")
            + " `withSnapshotTesting(record:diffTool:operation:)` https://example.com/a_long_file_name_without_slashes_here.html\n"
        let text = try render(markdown, ["--template", "compact", "--page-size", "a6"]).text()
        XCTAssertFalse(text.contains("\u{AD}") || text.contains("\u{200B}"))
        let extracted = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        XCTAssertEqual(extracted.filter(words.contains), written, "every word whole, in order")
    }

    /// --toc: the contents page lists each heading with its page, and every link resolves.
    func testTocOptionMakesALinkedContents() throws {
        let markdown = "# Guide\n\n" + (1...8).map { "## Part \($0)\n\n" + String(repeating: "Some words here. ", count: 150) }
            .joined(separator: "\n\n") + "\n"
        let inspector = try render(markdown, ["--toc"])
        let text = try inspector.text()
        XCTAssertTrue(text.contains("Contents"))
        XCTAssertTrue(text.contains("Part 8"))
        let links = try inspector.links()
        XCTAssertEqual(links.unresolved, [])
        XCTAssertFalse(text.contains("...."), "leaders are drawn, not text")
    }
}
