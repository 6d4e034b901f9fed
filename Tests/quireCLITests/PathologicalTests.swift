import Foundation
import XCTest

/// Pathological inputs, generated here, through the built binary: each gives a PDF that passes
/// `qpdf --check`, that poppler, MuPDF and Ghostscript draw without a word, with its marker
/// words in the text (or a clear error, exit 1), in bounded time.
///
/// `make test` runs sizes a debug build handles in seconds. `QUIRE_PATHOLOGICAL=full` runs the
/// issue's full sizes (10,000-deep nesting, a 1 MB line, 50,000 table rows, 100,000 links, a
/// 10 MB file, 1 MB of highlighted code, a 25 MB code block); `make pathological` does so with the release binary and prints the timings.
final class PathologicalTests: BinaryTestCase {
    override class var folderPrefix: String { "patho" }
    private static var full: Bool { Pathological.full }
    /// Seconds each case may take (the debug build, two cores, other tests running).
    private static let limit: TimeInterval = 120

    /// Renders `markdown`, checks exit 0, qpdf, the three readers and the `markers` in pdftotext's
    /// text; returns seconds.
    @discardableResult
    private func render(_ name: String, _ markdown: String, markers: [String], file: StaticString = #filePath,
                        line: UInt = #line) throws -> (seconds: Double, pdf: PDFInspector) {
        let input = folder.url.appendingPathComponent(name + ".md")
        let output = folder.url.appendingPathComponent(name + ".pdf")
        try Data(markdown.utf8).write(to: input)
        let started = Date()
        let run = try Run.run(quire, ["render", input.path, "-o", output.path, "-q"], timeout: Self.limit)
        let seconds = Date().timeIntervalSince(started)
        print(String(format: "pathological %@: %.1f MB in %.2f s", name, Double(markdown.utf8.count) / 1_048_576, seconds))
        XCTAssertEqual(run.status, 0, "\(name): \(run.stderrText)", file: file, line: line)
        let pdf = PDFInspector(pdf: output)
        let check = try pdf.check()
        XCTAssertTrue(check.passed, "\(name): qpdf --check\n\(check.output)", file: file, line: line)
        XCTAssertEqual(try pdf.readerProblems(), [], name, file: file, line: line)
        let text = try pdf.text()
        for marker in markers { XCTAssertTrue(text.contains(marker), "\(name): '\(marker)' not in the PDF's text", file: file, line: line) }
        return (seconds, pdf)
    }

    func testTenThousandDeepListsAndQuotes() throws {
        try render("lists", String(repeating: "- ", count: 10_000) + "deepest list item\n\nafter", markers: ["deepest list item", "after"])
        try render("ordered", String(repeating: "1. ", count: 10_000) + "deepest number\n", markers: ["deepest number"])
        try render("quotes", String(repeating: "> ", count: 10_000) + "deepest quote\n", markers: ["deepest quote"])
        try render("mixed", String(repeating: "> - ", count: 5_000) + "deepest mixed\n", markers: ["deepest mixed"])
        // Nesting line by line too (each level on its own line, indented by the one before).
        let stairs = (0..<300).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n")
        try render("stairs", stairs + "\n", markers: ["level 0", "level 299"])
    }

    func testDeepInlineNesting() throws {
        try render("emphasis", String(repeating: "*a ", count: 5_000) + "core" + String(repeating: "*", count: 5_000) + "\n",
                   markers: ["core"])
        // One unbreakable run (no line break before "]" even after a space): wrapped by characters.
        try render("brackets", String(repeating: "[", count: 10_000) + " inside " + String(repeating: "](x)", count: 10_000)
                   + "\n\nafter the brackets\n", markers: ["[[[[", "](x)](x)", "after the brackets"])
        try render("spans", String(repeating: "<span><b>", count: 5_000) + "tagged text\n", markers: ["tagged text"])
    }

    /// Pango broke one long word in quadratic time (a 1 MB line took 34 s): now linear. The
    /// times of 256 KB and 1 MB are compared under `make pathological`; `make test` (140 s of
    /// the debug build at those sizes, under load) sets a 128 KB word, and code and a heading
    /// a quarter as long.
    func testOneMegabyteLineWithoutSpacesInLinearTime() throws {
        if Self.full {
            let quarter = try render("line256k", String(repeating: "a", count: 262_144) + " endmark\n", markers: ["endmark"]).seconds
            let whole = try render("line1m", String(repeating: "b", count: 1_048_576) + " endmark\n", markers: ["endmark"]).seconds
            XCTAssertLessThan(whole / max(quarter, 0.05), 10, "4× the text took \(whole / quarter)× the time: not linear")
        } else {
            try render("line128k", String(repeating: "a", count: 131_072) + " endmark\n", markers: ["endmark"])
        }
        let scale = Self.full ? 1 : 4
        try render("longcode", "```\n" + String(repeating: "c", count: 300_000 / scale) + "\n```\n", markers: ["ccccc"])
        try render("longheading", "# " + String(repeating: "h", count: 100_000 / scale) + "\n", markers: ["hhhhh"])
    }

    /// Issue 18: a highlighted code block of 1 MB (128 KB under `make test`: two of the 64 KB
    /// runs a code block is set in) gives a PDF with all its lines.
    func testHighlightedCodeOfAMegabyte() throws {
        let target = Self.full ? 1 << 20 : 1 << 17
        var code = ""
        var n = 0
        while code.utf8.count < target {
            n += 1
            code += "func f\(n)(x: Int) -> String { return \"value \\(x + \(n))\" }  // line \(n)\n"
        }
        try render("highlighted", "# Code\n\n```swift\n\(code)```\n", markers: ["func f1(x: Int)", "func f\(n)(x: Int)"])
    }

    /// Issue 51: one fenced code block of 5,000 lines, line i indented by 2i spaces (25 MB;
    /// 300 lines, 96 KB, under `make test`), every line from the fiftieth on wider than the
    /// page: each continues under itself, and the block's first and last lines are in the PDF.
    /// At full size it peaked at 839 MiB (every line's glyphs held until the last was set); the
    /// block now streams as a long document does, in at most 200 MiB.
    func testHugeCodeBlockOfEverMoreIndentedLines() throws {
        let count = Self.full ? 5_000 : 300
        let code = (0..<count).map { String(repeating: " ", count: 2 * $0) + "line \($0) = value(\($0))\n" }.joined()
        let input = folder.url.appendingPathComponent("stairs.md")
        let output = folder.url.appendingPathComponent("stairs.pdf")
        try Data(("# Stairs\n\n```\n" + code + "```\n\nafter the code\n").utf8).write(to: input)
        // Python's getrusage: the peak of the one render it waited for.
        let peak = "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
            + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(r.returncode)"
        let started = Date()
        let run = try Run.run(try Run.tool("python3"), ["-c", peak, quire.path, "render", input.path, "-o", output.path, "-q"],
                              timeout: Self.limit)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 0, run.stderrText)
        let mebibytes = (Int(run.stdoutText.split(separator: "\n").last ?? "") ?? .max) / 1024
        print(String(format: "pathological stairs: %.1f MB of code in %.2f s, peak %ld MiB", Double(code.utf8.count) / 1_048_576, seconds, mebibytes))
        if Self.full { XCTAssertLessThanOrEqual(mebibytes, 200, "peak resident memory of a 25 MB code block") }
        let pdf = PDFInspector(pdf: output)
        XCTAssertTrue(try pdf.check().passed)
        // The readers draw each page: thousands at full size, a few hundred under `make test`.
        if !Self.full { XCTAssertEqual(try pdf.readerProblems(), []) }
        let text = try pdf.text()
        for marker in ["line 0 = value(0)", "line \(count - 1) = value(\(count - 1))", "after the code"] {
            XCTAssertTrue(text.contains(marker), "'\(marker)' not in the PDF's text")
        }
    }

    func testHugeTable() throws {
        let rows = Self.full ? 50_000 : 2_000
        let table = "| id | name | value |\n|---|:-:|--:|\n" + (1...rows).map { "| \($0) | name\($0) | \($0 * 7) |" }.joined(separator: "\n")
        try render("table", table + "\n", markers: ["name1", "name\(rows)"])
    }

    func testManyLinks() throws {
        let count = Self.full ? 100_000 : 2_000
        let paragraphs = stride(from: 0, to: count, by: 100).map { start in
            (start..<start + 100).map { "[l\($0)](https://example.com/\($0))" }.joined(separator: " ")
        }
        try render("links", paragraphs.joined(separator: "\n\n") + "\n\n[one more](#nowhere) [self](#links)\n",
                   markers: ["l0", "l\(count - 1)"])
    }

    /// A long file of every kind of block, linking back to its sections: 10 MB, parsed in
    /// sections; 128 KB under `make test`, parsed whole (StreamingCLITests renders files just
    /// past the 1 MiB at which sections start, and checks them against the whole).
    func testLargeFile() throws {
        let target = Self.full ? 10 << 20 : 1 << 17
        var parts: [String] = []
        var size = 0, i = 0
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
        while size < target {
            i += 1
            let part: String
            switch i % 5 {
            case 0: part = "## Section \(i)\n\n"
            case 1: part = (0..<120).map { words[($0 * 7 + i) % words.count] }.joined(separator: " ") + "\n\n"
            case 2: part = (0..<8).map { "- item \(i).\($0) [link](#section-\(i - 2))\n" }.joined() + "\n"
            case 3: part = "```\n" + (0..<10).map { "code line \($0)" }.joined(separator: "\n") + "\n```\n\n"
            default: part = "> quoted " + words.joined(separator: " ") + " **bold** `code`\n\n"
            }
            parts.append(part)
            size += part.utf8.count
        }
        try render("large", parts.joined() + "finalword\n", markers: ["Section 5", "finalword"])
    }

    func testThousandHeadingsWithTheSameNameGetUniqueDestinations() throws {
        let markdown = (0..<1_000).map { "# Same\n\ntext \($0)\n" }.joined(separator: "\n") + "\n[first](#same) [last](#same-999)\n"
        let pdf = try render("headings", markdown, markers: ["text 999"]).pdf
        XCTAssertEqual(try pdf.outlineCount(), 1_000)
        let links = try pdf.links()
        XCTAssertEqual(links.internalTargets.count, 2)
        XCTAssertEqual(links.unresolved, [])
        XCTAssertEqual(Set(links.internalTargets).count, 2, "two different destinations")
    }

    func testManyImages() throws {
        try FileManager.default.copyItem(at: Paths.packageRoot.appendingPathComponent("Samples/images/badge.png"),
                                         to: folder.url.appendingPathComponent("badge.png"))
        let local = (0..<2_000).map { "![b\($0)](badge.png)" }.joined(separator: " ")
        let remote = (0..<200).map { "![r\($0)](https://example.com/\($0).png)" }.joined(separator: " ")
        try render("images", local + "\n\n" + remote + "\n\nend of images\n", markers: ["end of images", "r199"])
    }

    /// Not text: a clear error naming the file and the offset, exit 1, no PDF.
    func testBinaryInputIsAClearError() throws {
        for (name, bytes, offset) in [("nul", Array("# Fine\n\nthen".utf8) + [0, 1, 2], 12),
                                      ("latin1", Array("caf".utf8) + [0xE9, 0x0A], 3),
                                      ("random", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], 0)] {
            let input = folder.url.appendingPathComponent(name + ".md")
            let output = folder.url.appendingPathComponent(name + ".pdf")
            try Data(bytes).write(to: input)
            let run = try Run.run(quire, ["render", input.path, "-o", output.path])
            XCTAssertEqual(run.status, 1, name)
            XCTAssertTrue(run.stderrText.hasPrefix("quire: error: \(input.path): "), run.stderrText)
            XCTAssertTrue(run.stderrText.contains("offset \(offset)"), run.stderrText)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        }
    }
}
