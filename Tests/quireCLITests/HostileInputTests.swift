import Foundation
import XCTest

/// Issue 51: hostile input. Runs of explicit bidi controls in every kind of block, links with
/// schemes a reader should not trust, and placeholders that must not tell the machine's paths.
final class HostileInputTests: BinaryTestCase {
    override class var folderPrefix: String { "hostile" }

    private func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// `text` in a paragraph, a heading, a code block, a table cell, a list, a quote and a footnote.
    private static func everyBlockKind(_ texts: [String]) -> String {
        var markdown = ""
        for (i, text) in texts.enumerated() {
            let flat = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: " ")
            switch i % 7 {
            case 0: markdown += "Paragraph \(i) \(flat) end\\\n\(flat)\n\n"
            case 1: markdown += "## Heading \(i) \(flat)\n\nText.\n\n"
            case 2: markdown += "```\n\(text)\nline \(i)\n\(text)\n```\n\n"
            case 3: markdown += "| a | b |\n|---|---|\n| \(flat) | \(i) |\n\n"
            case 4: markdown += "- item \(i) \(flat)\n  - nested \(flat)\n\n"
            case 5: markdown += "> quote \(i) \(flat)\n\n"
            default: markdown += "Note[^n\(i)].\n\n[^n\(i)]: \(flat)\n\n"
            }
        }
        return markdown
    }

    /// Deterministic runs of explicit controls, separators, brackets and letters: deep (past
    /// the 125 levels) and unbalanced.
    private static func generatedControlRuns(_ count: Int, seed: UInt64) -> [String] {
        let alphabet: [Character] = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
                                     "\u{2068}", "\u{2069}", "a", "א", "ع", " ", "(", ")", "\u{2029}", "1"]
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { i in
            if i % 10 == 0 { return String(repeating: "\u{2068}", count: 130 + next(40)) + "x" + String(repeating: "\u{202B}", count: next(140)) }
            return String((0..<(1 + next(90))).map { _ in alphabet[next(alphabet.count)] })
        }
    }

    /// fribidi 1.0.8 (Debian's, under Pango's itemizer) freed a run and read it again for an
    /// isolate, a bracket, a PDI, another isolate and then a paragraph separator; deeper and
    /// unbalanced runs made it crash (SIGSEGV). Under valgrind's memcheck, a document with
    /// such text in every kind of block is read without an invalid access. The valgrind run (45 s
    /// of the debug build under load) is `make pathological`'s; `make test` renders the same
    /// document natively: no crash, a valid PDF.
    func testBidiControlsBeforeAParagraphSeparatorReadFreedMemoryInFribidi() throws {
        let texts = (0..<7).flatMap { _ in ["\u{2068}(\u{2069}\u{2068}\u{2029}x", "\u{2068}(\u{2069}\u{2068}\nx"] }
        let input = try write("fribidi.md", Self.everyBlockKind(texts))
        let output = folder.url.appendingPathComponent("fribidi.pdf")
        guard Pathological.full else {
            let run = try Run.run(quire, ["render", input.path, "-o", output.path])
            XCTAssertEqual(run.status, 0, String(run.stderrText.prefix(3000)))
            XCTAssertTrue(try PDFInspector(pdf: output).check().passed)
            return
        }
        let valgrind = try Run.tool("valgrind")
        let run = try Run.run(valgrind, ["-q", "--error-exitcode=99", "--soname-synonyms=somalloc=*tcmalloc*",
                                         quire.path, "render", input.path, "-o", output.path], timeout: 600)
        XCTAssertEqual(run.status, 0, String(run.stderrText.prefix(3000)))
        XCTAssertFalse(run.stderrText.contains("Invalid read"), String(run.stderrText.prefix(3000)))
    }

    /// Thousands of generated runs of explicit controls, in every kind of block, as a document,
    /// cut to excerpts, and as the titles and text of a digest's documents: each renders, no
    /// signal, and the PDFs are valid. 2,000 runs under `make pathological`; `make test`'s 300
    /// (the same first 300) hold 30 deep ones, each block kind many times over.
    func testThousandsOfDeepControlRunsInEveryBlockKindRender() throws {
        let runs = Self.generatedControlRuns(Pathological.full ? 2_000 : 300, seed: 51)
        let input = try write("controls.md", Self.everyBlockKind(runs))
        for (name, extra) in [("whole", [String]()), ("excerpt", ["--excerpt-lines", "2"])] {
            let output = folder.url.appendingPathComponent("\(name).pdf")
            let run = try Run.run(quire, ["render", input.path, "-o", output.path] + extra, timeout: 600)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderrText.suffix(2000))")
            let check = try PDFInspector(pdf: output).check()
            XCTAssertTrue(check.passed, "\(name): \(check.output.prefix(2000))")
        }
        for (i, text) in runs.prefix(40).enumerated() {
            _ = try write("digest/doc\(i).md", "# \(text.replacingOccurrences(of: "\u{2029}", with: " "))\n\n\(Self.everyBlockKind([text]))")
        }
        let digest = folder.url.appendingPathComponent("digest.pdf")
        let run = try Run.run(quire, ["digest", folder.url.appendingPathComponent("digest").path, "-o", digest.path,
                                      "--excerpt-lines", "2"], timeout: 600)
        XCTAssertEqual(run.status, 0, String(run.stderrText.suffix(2000)))
        XCTAssertTrue(try PDFInspector(pdf: digest).check().passed)
    }

    /// `javascript:`, `file:` and `data:` links (Markdown or HTML, in any case) were clickable
    /// URI actions; they are plain text with a warning naming the file and line, while http,
    /// https, mailto and relative links stay links, and `links.schemes` allows more.
    func testLinksWithUntrustedSchemesWereClickable() throws {
        let input = try write("links.md", """
            # Links

            A [js](javascript:alert(1)) link.

            A [file](file:///etc/passwd) link.

            A [data](data:text/html,<b>x</b>) link and <a href="JaVaScRiPt:alert(2)">html</a>.

            Fine: [web](https://example.com), [mail](mailto:a@b.c), [rel](other.pdf).

            """)
        let output = folder.url.appendingPathComponent("links.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let uris = try PDFInspector(pdf: output).links().uris
        XCTAssertEqual(Set(uris), ["https://example.com", "mailto:a@b.c", "other.pdf"], "\(uris)")
        for (scheme, line) in [("javascript", 3), ("file", 5), ("data", 7)] {
            XCTAssertTrue(run.stderrText.contains("links.md:\(line): link to a \(scheme): address set as plain text"), run.stderrText)
        }
        XCTAssertTrue(try PDFInspector(pdf: output).text().contains("A js link."), "the link's text stays")
        let allowed = try Run.run(quire, ["render", input.path, "-o", output.path, "--set", "links.schemes=file"])
        XCTAssertEqual(allowed.status, 0, allowed.stderrText)
        XCTAssertTrue(try PDFInspector(pdf: output).links().uris.contains("file:///etc/passwd"))
        XCTAssertFalse(allowed.stderrText.contains("file: address"), allowed.stderrText)
    }

    /// A placeholder said "image ../secret.png is outside the resource root /tmp/…/docs": the
    /// PDF a batch service publishes told the world its folders. The placeholder names the
    /// image as written and the reason; the warning on standard error may keep the path.
    func testAPlaceholderToldTheResourceRootsAbsolutePath() throws {
        let secret = folder.url.appendingPathComponent("secret.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: secret)
        let input = try write("docs/doc.md", "# Doc\n\n![](../secret.png)\n\nText.\n")
        let output = folder.url.appendingPathComponent("doc.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("doc.md:3: image ../secret.png is outside the resource root"), run.stderrText)
        let text = try PDFInspector(pdf: output).text()
        XCTAssertTrue(text.contains("../secret.png"), text)
        XCTAssertTrue(text.contains("outside the resource root"), text)
        // The placeholder's small text wraps, a long path at its slashes: read it unwrapped.
        let unwrapped = text.filter { !$0.isWhitespace }
        XCTAssertFalse(unwrapped.contains(folder.url.lastPathComponent), "no absolute path in the PDF: \(text)")
        XCTAssertFalse(unwrapped.contains("resourceroot/"), text)
    }

    /// Skin-tone modifiers after a letter (found by `make fuzz`): a colour glyph standing for
    /// the whole run got a ToUnicode entry MuPDF ignores ("one to many mapping") and poppler
    /// rejects ("Illegal entry in bfchar block"); the entries stay within 8 UTF-16 units.
    func testSkinToneModifierRunsGaveToUnicodeEntriesReadersReject() throws {
        let cases = [("toc", "\u{645}\u{4E2D}" + String(repeating: "\u{1F3FD}", count: 5) + "\n", ["--toc"]),
                     ("override", "\u{202E}" + String(repeating: "\u{1F3FD}", count: 32) + "\n", [])]
        for (name, text, options) in cases {
            let input = try write("\(name).md", text)
            let output = folder.url.appendingPathComponent("\(name).pdf")
            let run = try Run.run(quire, ["render", input.path, "-o", output.path, "--no-config"] + options)
            XCTAssertEqual(run.status, 0, run.stderrText)
            XCTAssertEqual(try PDFInspector(pdf: output).readerProblems(), [], name)
        }
    }
}
