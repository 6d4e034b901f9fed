import Foundation
import XCTest

/// Issue 34: memory flat in the document's size. A long document's pages are written as they
/// come (the page count drawn at the end in forms), its structure tree and parent tree written
/// as they go, and a long file is parsed a section at a time; every reader still reads it all.
final class StreamingCLITests: BinaryTestCase {
    override class var folderPrefix: String { "stream" }

    private func render(_ name: String, _ markdown: String, _ options: [String] = []) throws -> PDFInspector {
        let input = folder.url.appendingPathComponent(name + ".md")
        let output = folder.url.appendingPathComponent(name + ".pdf")
        try Data(markdown.utf8).write(to: input)
        let run = try Run.run(quire, ["render", input.path, "-o", output.path, "-q"] + options, timeout: 300)
        XCTAssertEqual(run.status, 0, run.stderrText)
        return PDFInspector(pdf: output)
    }

    /// Whether the page's deferred furniture is a form of the file's resources (`/P70`).
    private func hasFurnitureForm(_ pdf: PDFInspector, page: Int) throws -> Bool {
        let expanded = folder.url.appendingPathComponent("expanded.pdf")
        let r = try Run.run(try Run.tool("qpdf"), ["--qdf", "--object-streams=disable", pdf.pdf.path, expanded.path])
        XCTAssertEqual(r.status, 0, r.stderrText)
        return String(decoding: try Data(contentsOf: expanded), as: UTF8.self).contains("/P\(page) ")
    }

    private func assertReadersHappy(_ pdf: PDFInspector, file: StaticString = #filePath, line: UInt = #line) throws {
        let check = try pdf.check()
        XCTAssertTrue(check.passed, check.output, file: file, line: line)
        XCTAssertEqual(try pdf.readerProblems(), [], file: file, line: line)
        XCTAssertEqual(try TaggedPDF.check(pdf.pdf).problems.prefix(10), [], file: file, line: line)
    }

    /// 90 pages wait for {pages} no longer: each page's footer is a form drawn at the end, and
    /// poppler and MuPDF read "Page 3 of 90" where it stands.
    func testPageCountInTheFooterIsDrawnAtTheEndAndReadInPlace() throws {
        let markdown = (1...90).map { "# Part \($0)\n\n\(String(repeating: "words in part \($0) ", count: 60))\n\n\\newpage\n" }.joined(separator: "\n")
        let pdf = try render("pages", markdown, ["--set", "footer.center=Page {page} of {pages}"])
        try assertReadersHappy(pdf)
        let text = try pdf.text()
        let pages = text.components(separatedBy: "\u{0C}").filter { !$0.isEmpty }
        XCTAssertGreaterThan(pages.count, 64, "more pages than wait for the count")
        XCTAssertTrue(pages[2].contains("Page 3 of \(pages.count)"), pages[2])
        XCTAssertTrue(pages[pages.count - 1].contains("Page \(pages.count) of \(pages.count)"))
        XCTAssertTrue(try pdf.mupdfText().contains("Page 70 of \(pages.count)"))
        XCTAssertTrue(try hasFurnitureForm(pdf, page: 70))
    }

    /// A document with footnotes that does not open with a level-1 heading gets its running
    /// title at the end: its pages went on without it, and their headers are forms.
    func testRunningTitleStillToComeIsDrawnAtTheEnd() throws {
        let markdown = "Intro without a heading.[^1]\n\n" + (1...160).map { "## Part \($0)\n\n\(String(repeating: "text of part \($0) ", count: 90))\n" }
            .joined(separator: "\n") + "\n# Late Title\n\n[^1]: A note.\n"
        let pdf = try render("title", markdown)
        try assertReadersHappy(pdf)
        let pages = try pdf.text().components(separatedBy: "\u{0C}").filter { !$0.isEmpty }
        guard pages.count > 70 else { return XCTFail("\(pages.count) pages: fewer than wait for the title") }
        XCTAssertTrue(pages[70].contains("title"), "the file name, as when every page waited:\n\(pages[70].prefix(300))")
        XCTAssertTrue(try hasFurnitureForm(pdf, page: 71))
    }

    /// A list of 34,000 items with a link each: its structure tree is written as it goes (an
    /// element once a later sibling appears), the parent tree in leaves as pages end (above
    /// 32,768 entries), and the tree still holds every piece of content and every link.
    /// `make test` runs 4,000 items (the tree written as it goes, every item and link in it);
    /// the parent tree's leaves above 32,768 entries are `make pathological`'s.
    func testAListOfThirtyFourThousandLinkedItemsKeepsItsStructure() throws {
        let count = Pathological.full ? 34_000 : 4_000
        let markdown = "# Links\n\n" + (0..<count).map { "- item \($0) [link \($0)](https://example.com/\($0))\n" }.joined() + "\nafter the list\n"
        let pdf = try render("biglist", markdown)
        let check = try pdf.check()
        XCTAssertTrue(check.passed, check.output)
        let report = try TaggedPDF.check(pdf.pdf)
        XCTAssertEqual(report.problems.prefix(10), [])
        XCTAssertEqual(report.roles["LI"], count)
        XCTAssertEqual(report.links, count)
        XCTAssertTrue(try pdf.text().contains("after the list"))
    }

    /// A file of more than 1 MiB is parsed a section at a time: the same PDF as the same text
    /// read from standard input, which is parsed whole. `make test` runs the corpus's files up
    /// to just past the 1 MiB at which a file is parsed in sections (about 1.1 MB), `make
    /// pathological` the corpus twice (1.5 MB).
    func testALongFileParsedInSectionsGivesThePDFOfTheWhole() throws {
        let corpus = Paths.packageRoot.appendingPathComponent("Tests/Corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".md") }.sorted()
        var markdown = ""
        while markdown.utf8.count < 1_200_000 {
            for name in files where Pathological.full || markdown.utf8.count <= 1 << 20 {
                markdown += try String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8) + "\n\n"
            }
            if !Pathological.full, markdown.utf8.count > 1 << 20 { break }
        }
        let input = folder.url.appendingPathComponent("long.md")
        try Data(markdown.utf8).write(to: input)
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let sectioned = try Run.run(quire, ["render", "long.md", "-o", "sectioned.pdf", "-q", "--title", "Long"],
                                    environment: environment, timeout: 600, in: folder.url)
        XCTAssertEqual(sectioned.status, 0, sectioned.stderrText)
        let whole = try Run.run(quire, ["render", "-", "-o", "whole.pdf", "-q", "--title", "Long"], stdin: Data(markdown.utf8),
                                environment: environment, timeout: 600, in: folder.url)
        XCTAssertEqual(whole.status, 0, whole.stderrText)
        let a = try Data(contentsOf: folder.url.appendingPathComponent("sectioned.pdf"))
        let b = try Data(contentsOf: folder.url.appendingPathComponent("whole.pdf"))
        XCTAssertGreaterThan(a.count, 1_000_000)
        XCTAssertTrue(a == b, "the PDFs differ")
    }

    /// A long file parsed in sections is checked and claimed as a whole one is: its front
    /// matter's standards (PDF/A-3a), an image without alt text in a late section warned at
    /// its line with PDF/UA-1 left unclaimed, the same PDF as the same text read whole; and,
    /// attached, its bytes come back from the PDF.
    func testALongFileParsedInSectionsMeetsItsStandardsAndIsAttached() throws {
        let diagram = Paths.packageRoot.appendingPathComponent("Samples/images/diagram.png")
        try FileManager.default.copyItem(at: diagram, to: folder.url.appendingPathComponent("d.png"))
        // 1,200 parts of 25 sentences (1.2 MB of text) under `make pathological`. `make test`'s
        // 1,100 parts have three sentences each, padded with 900 spaces at the paragraph's end
        // (which Markdown drops): the file is past 1 MiB and parsed in sections as before, with
        // an eighth of the text to set (its three renders took 40% of the class's time before).
        let sentences = Pathological.full ? 25 : 3, padding = String(repeating: " ", count: Pathological.full ? 0 : 900)
        let parts = (1...(Pathological.full ? 1_200 : 1_100)).map {
            "# Part \($0)\n\n" + String(repeating: "Words of part \($0) in a long document. ", count: sentences) + padding + "\n"
        }
        let head = "---\ntitle: Long\npdf-standard: ua-1,a-3a\n---\n\n" + parts.joined(separator: "\n") + "\n"
        let line = head.split(separator: "\n", omittingEmptySubsequences: false).count
        let markdown = head + "![](d.png)\n\nThe end.\n"
        XCTAssertGreaterThan(markdown.utf8.count, 1 << 20, "past the 1 MiB from which a file is parsed in sections")
        try Data(markdown.utf8).write(to: folder.url.appendingPathComponent("long.md"))
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let sectioned = try Run.run(quire, ["render", "long.md", "-o", "sectioned.pdf"], environment: environment, timeout: 600, in: folder.url)
        XCTAssertEqual(sectioned.status, 0, sectioned.stderrText)
        XCTAssertTrue(sectioned.stderrText.contains("long.md:\(line): image without alt text (d.png)"), sectioned.stderrText)
        XCTAssertTrue(sectioned.stderrText.contains("PDF/UA-1 not claimed: the image at line \(line) has no alt text"), sectioned.stderrText)
        let whole = try Run.run(quire, ["render", "-", "-o", "whole.pdf", "-q"], stdin: Data(markdown.utf8),
                                environment: environment, timeout: 600, in: folder.url)
        XCTAssertEqual(whole.status, 0, whole.stderrText)
        let pdf = folder.url.appendingPathComponent("sectioned.pdf")
        XCTAssertTrue(try Data(contentsOf: pdf) == Data(contentsOf: folder.url.appendingPathComponent("whole.pdf")), "the PDFs differ")
        var rules = try StandardsRules(pdf)
        rules.checkMetadata(claims: ["a-3a"])
        rules.checkArchival(part: 3, level: "a")
        XCTAssertEqual(rules.problems.prefix(10), [])

        let attached = try Run.run(quire, ["render", "long.md", "-o", "attached.pdf", "-q", "--attach-source"],
                                   environment: environment, timeout: 600, in: folder.url)
        XCTAssertEqual(attached.status, 0, attached.stderrText)
        let saved = folder.url.appendingPathComponent("saved.md")
        let detach = try Run.run(try Run.tool("pdfdetach"), ["-save", "1", "-o", saved.path, folder.url.appendingPathComponent("attached.pdf").path])
        XCTAssertEqual(detach.status, 0, detach.stderrText)
        XCTAssertTrue(try Data(contentsOf: saved) == Data(markdown.utf8), "the attached source differs")
    }

    /// A long file that is not UTF-8 is refused before any output, naming the bad byte.
    func testALongFileThatIsNotTextIsRefusedWithTheOffset() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_100_000)
        bytes[1_050_000] = 0xFF
        let input = folder.url.appendingPathComponent("bad.md")
        try Data(bytes).write(to: input)
        let output = folder.url.appendingPathComponent("bad.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderrText.contains("not valid UTF-8: bad byte at offset 1050000"), run.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }

    /// A render now writes its temporary file from the first page to the last: Ctrl-C at any
    /// moment must still leave the previous output as it was and no `.NAME.quire-XXXXXX`
    /// beside it (the name is known to the signal handler from before the file exists).
    func testAnInterruptedRenderKeepsTheOldOutputAndLeavesNoTemporaryFile() throws {
        let markdown = (1...400).map { "## Part \($0)\n\n" + String(repeating: "words in part \($0) ", count: 80) }.joined(separator: "\n\n")
        let input = folder.url.appendingPathComponent("long.md"), output = folder.url.appendingPathComponent("long.pdf")
        try Data(markdown.utf8).write(to: input)
        let small = folder.url.appendingPathComponent("small.md")
        try Data("# Small\n\nThe previous output.\n".utf8).write(to: small)
        XCTAssertEqual(try Run.run(quire, ["render", small.path, "-o", output.path, "-q"]).status, 0)
        let previous = try Data(contentsOf: output)
        let temporaries = { (try? FileManager.default.contentsOfDirectory(atPath: self.folder.url.path).filter { $0.contains(".quire-") }) ?? [] }
        let render = try Background(quire, ["render", input.path, "-o", output.path])
        defer { render.stop() }
        let deadline = Date().addingTimeInterval(60)
        while temporaries().isEmpty, Date() < deadline { usleep(2_000) }
        XCTAssertFalse(temporaries().isEmpty, "the render writes a temporary file while it runs")
        XCTAssertEqual(render.interrupt(), 130, render.stderr)
        XCTAssertEqual(try Data(contentsOf: output), previous, "the previous output kept")
        XCTAssertEqual(temporaries(), [])
    }
}
