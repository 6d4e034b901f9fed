import Foundation
import Quire
import XCTest

/// The samples and excerpt mode, end to end through the built binary.
final class SamplesTests: BinaryTestCase {
    override class var folderPrefix: String { "samples" }

    private var samples: URL { Paths.packageRoot.appendingPathComponent("Samples") }

    private func render(_ input: URL, _ extra: [String] = []) throws -> PDFInspector {
        let pdf = folder.url.appendingPathComponent(input.deletingPathExtension().lastPathComponent + ".pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", pdf.path] + extra)
        XCTAssertEqual(run.status, 0, "\(input.lastPathComponent): \(run.stderrText)")
        let inspector = PDFInspector(pdf: pdf)
        let check = try inspector.check()
        XCTAssertTrue(check.passed, "\(input.lastPathComponent) \(extra): qpdf --check\n\(check.output)")
        XCTAssertEqual(try inspector.readerProblems(), [], "\(input.lastPathComponent) \(extra)")
        XCTAssertEqual(try TaggedPDF.check(pdf).problems.prefix(10), [], "\(input.lastPathComponent) \(extra): structure tree")
        let links = try inspector.links()
        XCTAssertEqual(links.unresolved, [], "\(input.lastPathComponent) \(extra): unresolved internal links")
        return inspector
    }

    /// Sample `name` as `SampleRender.all` rendered it once, with the checks `render` makes.
    private func shared(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> SampleRender {
        let sample = try XCTUnwrap(try SampleRender.all.get()[name], "\(name) not rendered", file: file, line: line)
        XCTAssertEqual(sample.status, 0, "\(name): \(sample.stderr)", file: file, line: line)
        XCTAssertTrue(sample.qpdf.passed, "\(name): qpdf --check\n\(sample.qpdf.output)", file: file, line: line)
        XCTAssertEqual(sample.readerProblems, [], name, file: file, line: line)
        XCTAssertEqual(sample.tagged.problems.prefix(10), [], "\(name): structure tree", file: file, line: line)
        XCTAssertEqual(sample.unresolved, [], "\(name): unresolved internal links", file: file, line: line)
        return sample
    }

    func testEverySampleRenders() throws {
        let files = try SampleRender.all.get().keys
        XCTAssertGreaterThanOrEqual(files.count, 3)
        for name in files.sorted() { _ = try shared(name) }
    }

    /// Issue 3: markers are drawn, never characters in the text layer; numbers are text.
    func testListShowcaseHasNoBulletCharactersButSearchableNumbers() throws {
        let text = try shared("lists.md").text
        for bullet in ["•", "◦", "▪", "■", "●", "○", "[x]", "[ ]", "☐", "☑"] {
            XCTAssertFalse(text.contains(bullet), "'\(bullet)' in the text layer")
        }
        for number in ["8.", "9.", "10.", "11."] { XCTAssertTrue(text.contains(number), number) }
        XCTAssertTrue(text.contains("Disc at the first level"))
    }

    /// The samples' structure trees have the elements their blocks call for: headings, lists
    /// with labels and bodies, tables with header cells, figures, code, quotes, notes, links;
    /// and the document's language.
    func testSamplesAreTaggedByWhatTheyHold() throws {
        var roles: [String: Int] = [:]
        for name in ["features", "lists", "rich-blocks", "multilingual"] {
            let report = try shared(name + ".md").tagged
            XCTAssertEqual(report.problems.prefix(10), [], name)
            XCTAssertEqual(report.language, "en", name)
            roles.merge(report.roles, uniquingKeysWith: +)
        }
        for role in ["Document", "H1", "H2", "P", "L", "LI", "Lbl", "LBody", "Table", "THead", "TBody", "TR", "TH", "TD",
                     "Figure", "Caption", "Code", "BlockQuote", "Note", "Link"] {
            XCTAssertGreaterThan(roles[role] ?? 0, 0, "no \(role) element in the samples: \(roles)")
        }
    }

    /// Issue 7: tables, images (each format, placeholders), footnotes and raw HTML in one sample.
    func testRichBlocksSample() throws {
        let input = samples.appendingPathComponent("rich-blocks.md")
        let pdf = folder.url.appendingPathComponent("rich.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", pdf.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let warnings = run.stderrText.split(separator: "\n")
        XCTAssertEqual(warnings.count, 4, run.stderrText + " (the static shields.io badge is drawn, without a warning)")
        XCTAssertTrue(warnings.allSatisfy { $0.hasPrefix("quire: warning: \(input.path):") && $0.hasSuffix("a placeholder stands in") })
        let inspector = PDFInspector(pdf: pdf)
        XCTAssertTrue(try inspector.check().passed)
        let text = try inspector.text()
        for words in ["Decoded by", "checked by", "gdk-pixbuf", "A diagram drawn with Cairo", "https://example.com/screenshot.png",
                      "Numbered in the order", "A summary is set in bold", "Ctrl"] {
            XCTAssertTrue(text.contains(words), words)
        }
        XCTAssertFalse(text.contains("<b>") || text.contains("<summary>") || text.contains("<img") || text.contains("<!--"), "no markup printed")
    }

    /// Issue 21: the typography sample, as is (contents, footnotes at the foot of their page)
    /// and on A5 with the compact template (justified, hyphenated, every word whole in the text).
    func testTypographySample() throws {
        let input = samples.appendingPathComponent("typography.md")
        let text = try shared("typography.md").text
        XCTAssertTrue(text.contains("Contents"))
        let pages = text.components(separatedBy: "\u{0C}")
        let notePage = try XCTUnwrap(pages.firstIndex { $0.contains("Like this one, in a smaller size.") })
        XCTAssertTrue(pages[notePage].contains("refers to it"), "the note is on its reference's page")
        let a5 = try render(input, ["--template", "compact", "--page-size", "a5"]).text()
        for word in ["Internationalization", "characterization", "incomprehensibility", "hyphenation_points_for_word"] {
            XCTAssertTrue(a5.contains(word), word)
        }
        XCTAssertFalse(a5.contains("\u{AD}"))
    }

    /// Issue 4: excerpt mode keeps every PDF valid with every link resolved, and the label is text.
    /// `make test` leaves out the three translations of art-of-command-line.md (its English and
    /// Japanese are in) and the 200 KB list of free-programming-books-langs.md (lists of links
    /// are in the Arabic, Persian and Hebrew ones): 270 s of the debug build under load, for
    /// the whole corpus, which `make pathological` renders.
    func testCorpusInExcerptMode() throws {
        let leftOut = ["art-of-command-line-zh.md", "art-of-command-line-ru.md", "art-of-command-line-el.md",
                            "free-programming-books-langs.md"]
        let files = try Paths.corpusFiles().filter { Pathological.full || !leftOut.contains($0.lastPathComponent) }
        var cut = 0
        for file in files {
            let text = try render(file, ["--excerpt-lines", "3"]).text()
            if text.contains("Continue reading") { cut += 1 }
        }
        XCTAssertGreaterThan(cut, files.count - 4, "most corpus files have sections longer than 3 lines")
    }

    func testPreviewPrintsTheExcerpts() throws {
        let input = folder.url.appendingPathComponent("p.md")
        try Data(("# T\n\n" + (1...300).map { "w\($0)" }.joined(separator: " ") + "\n\n## Short\n\nOne line.\n").utf8).write(to: input)
        let run = try Run.run(quire, ["preview", input.path, "--excerpt-lines", "2"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let lines = run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "## T")
        XCTAssertTrue(lines[1].hasPrefix("w1 w2"))
        XCTAssertTrue(lines[2].hasSuffix("… Continue reading"), lines[2])
        XCTAssertEqual(Array(lines[3...5]), ["", "## Short", "One line."])
        let bad = try Run.run(quire, ["preview", input.path, "--excerpt-lines", "1001"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderrText.contains("hint:"))
    }
}

/// Each sample rendered once with the default options and read by every checker, shared by
/// the tests that read these renders (a static made once per process; scripts/test.sh runs a
/// class per process): four tests had each rendered and checked the same files again.
struct SampleRender {
    var status: Int32 = -1
    var stderr = ""
    var qpdf: (passed: Bool, output: String) = (false, "")
    var readerProblems: [String] = []
    var tagged = TaggedPDF.Report()
    var unresolved: [String] = []
    var text = ""

    /// The samples' renders by file name (`lists.md`); a missing binary or tool fails every
    /// test that reads them.
    static let all: Result<[String: SampleRender], RunError> = {
        do {
            let quire = try Paths.quireBinary()
            let samples = Paths.packageRoot.appendingPathComponent("Samples")
            let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".md") }
            let folder = try TemporaryDirectory(prefix: "samples-shared")
            var renders: [String: SampleRender] = [:]
            for name in names {
                // Shared with StandardsTests' renders of the samples (SharedRenders).
                let run = try SharedRenders.render(quire, samples.appendingPathComponent(name), fallback: folder.url)
                let pdf = run.pdf
                var render = SampleRender(status: run.status, stderr: run.stderr)
                if run.status == 0 {
                    let inspector = PDFInspector(pdf: pdf)
                    render.qpdf = try inspector.check()
                    render.readerProblems = try inspector.readerProblems()
                    render.tagged = try TaggedPDF.check(pdf)
                    render.unresolved = try inspector.links().unresolved
                    render.text = try inspector.text()
                }
                renders[name] = render
            }
            return .success(renders)
        } catch let error as RunError {
            return .failure(error)
        } catch {
            return .failure(RunError(description: "\(error)"))
        }
    }()
}
