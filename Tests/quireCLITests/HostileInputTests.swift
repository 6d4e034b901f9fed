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
    /// such text in every kind of block is read without an invalid access.
    func testBidiControlsBeforeAParagraphSeparatorReadFreedMemoryInFribidi() throws {
        let valgrind = try Run.tool("valgrind")
        let texts = (0..<7).flatMap { _ in ["\u{2068}(\u{2069}\u{2068}\u{2029}x", "\u{2068}(\u{2069}\u{2068}\nx"] }
        let input = try write("fribidi.md", Self.everyBlockKind(texts))
        let output = folder.url.appendingPathComponent("fribidi.pdf")
        let run = try Run.run(valgrind, ["-q", "--error-exitcode=99", "--soname-synonyms=somalloc=*tcmalloc*",
                                         quire.path, "render", input.path, "-o", output.path], timeout: 600)
        XCTAssertEqual(run.status, 0, String(run.stderrText.prefix(3000)))
        XCTAssertFalse(run.stderrText.contains("Invalid read"), String(run.stderrText.prefix(3000)))
    }

    /// Thousands of generated runs of explicit controls, in every kind of block, as a document,
    /// cut to excerpts, and as the titles and text of a digest's documents: each renders, no
    /// signal, and the PDFs are valid.
    func testThousandsOfDeepControlRunsInEveryBlockKindRender() throws {
        let runs = Self.generatedControlRuns(2_000, seed: 51)
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
}
