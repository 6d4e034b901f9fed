import Foundation
import XCTest

/// Issue 6: `quire digest` through the binary, on a temporary folder.
final class DigestCLITests: BinaryTestCase {
    override class var folderPrefix: String { "digest" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let files = [
            "guide/intro.md": "# Introduction\n\nRead the [setup](setup.md#install-it) and the [FAQ](../faq.md).\n\n"
                + (1...200).map { "word\($0)" }.joined(separator: " "),
            "guide/setup.md": "# Setup\n\n## Install it\n\nRun the installer.\n\n## Configure\n\n" + String(repeating: "Set it up. ", count: 80),
            "faq.md": "---\ntitle: Questions\n---\n\n## Why?\n\nBecause. See the [intro](guide/intro.md).\n",
        ]
        for (path, text) in files {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private func digest(_ inputs: [String], _ out: URL) throws -> RunResult {
        try Run.run(quire, ["digest"] + inputs.map { folder.url.appendingPathComponent($0).path }
                    + ["-o", out.path, "--excerpt-lines", "3", "--title", "Team docs"])
    }

    func testDigestOutlineAndEveryInternalLinkResolve() throws {
        let pdf = folder.url.appendingPathComponent("digest.pdf")
        let run = try digest(["guide", "faq.md"], pdf)
        XCTAssertEqual(run.status, 0, run.stderrText)
        let inspector = PDFInspector(pdf: pdf)
        XCTAssertTrue(try inspector.check().passed)
        let links = try inspector.links()
        XCTAssertEqual(links.unresolved, [])
        XCTAssertTrue(links.destinationsOffPage.isEmpty)
        // Cross-document links: setup.md#install-it, ../faq.md and guide/intro.md, plus labels,
        // back links and the contents.
        for name in ["d2-install-it", "d3", "d1"] { XCTAssertTrue(links.internalTargets.contains(name), name) }
        // Outline: Contents, then each document with its headings beneath.
        XCTAssertEqual(try inspector.outlineCount(), 1 + 3 + 3, "Contents; 3 documents; Install it, Configure, Why?")
        let text = try inspector.text()
        for expected in ["Team docs", "3 documents", "Introduction", "Setup", "Questions", "Continue reading", "guide/setup.md"] {
            XCTAssertTrue(text.contains(expected), expected)
        }
    }

    /// Regression: `digest` dropped each document's front-matter warnings, and the image
    /// warnings of a document cut to an excerpt; they must be printed with the document's path,
    /// as `render` prints them.
    func testDigestPrintsFrontMatterAndImageWarningsWithTheDocumentsPath() throws {
        let text = "---\ntitle: Odd\nnot a key value line\n---\n\n# Odd\n\n![gone](gone.png)\n\n"
            + (1...300).map { "word\($0)" }.joined(separator: " ") + "\n"
        let odd = folder.url.appendingPathComponent("odd/odd.md")
        try FileManager.default.createDirectory(at: odd.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: odd)
        let run = try digest(["odd", "faq.md"], folder.url.appendingPathComponent("odd.pdf"))
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("quire: warning: \(odd.path):3:1: front matter is not valid YAML"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("quire: warning: \(odd.path):8: image not found: gone.png"), run.stderrText)
    }

    /// Regression: an entry whose title heading is not the document's first block showed the
    /// title, then the same heading again.
    func testAnEntryDoesNotRepeatItsTitleHeading() throws {
        let late = folder.url.appendingPathComponent("late/late.md")
        try FileManager.default.createDirectory(at: late.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("![badge](https://example.com/b.svg)\n\n# Late Title\n\nThe text.\n".utf8).write(to: late)
        let pdf = folder.url.appendingPathComponent("late.pdf")
        let run = try digest(["late"], pdf)
        XCTAssertEqual(run.status, 0, run.stderrText)
        let text = try PDFInspector(pdf: pdf).text()
        XCTAssertEqual(text.components(separatedBy: "Late Title").count - 1, 2, "in the contents and as the entry title: \(text)")
    }

    /// Regression: `--set excerpt.lines=0`, documented as "no excerpts", was ignored by digest.
    func testExcerptLinesZeroGivesWholeDocuments() throws {
        let pdf = folder.url.appendingPathComponent("whole.pdf")
        let run = try Run.run(quire, ["digest", folder.url.appendingPathComponent("guide").path, "-o", pdf.path,
                                      "--set", "excerpt.lines=0"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let text = try PDFInspector(pdf: pdf).text()
        XCTAssertFalse(text.contains("Continue reading"), "nothing cut")
        XCTAssertTrue(text.contains("word200"), "the whole of intro.md")
    }

    /// Regression: a digest of an empty folder wrote a "0 documents" PDF and exited 0.
    func testAnEmptyFolderIsAnError() throws {
        let empty = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let pdf = folder.url.appendingPathComponent("empty.pdf")
        let run = try Run.run(quire, ["digest", empty.path, "-o", pdf.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderrText.contains("no Markdown files found under \(empty.path)"), run.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf.path))
    }

    /// Regression: entries showed their paths absolute; they are relative to the folder given
    /// (or to the inputs' common folder).
    func testPathsAreShownRelativeToTheFolderGiven() throws {
        let pdf = folder.url.appendingPathComponent("relative.pdf")
        XCTAssertEqual(try digest(["guide", "faq.md"], pdf).status, 0)
        let text = try PDFInspector(pdf: pdf).text()
        XCTAssertFalse(text.contains(folder.url.path), "no absolute path: \(text)")
        XCTAssertTrue(text.contains("guide/intro.md"), text)
        XCTAssertTrue(text.contains("faq.md"), text)
        let one = folder.url.appendingPathComponent("one.pdf")
        XCTAssertEqual(try Run.run(quire, ["digest", folder.url.appendingPathComponent("guide").path, "-o", one.path]).status, 0)
        let oneText = try PDFInspector(pdf: one).text()
        XCTAssertTrue(oneText.contains("setup.md") && !oneText.contains("guide/setup.md"), oneText)
    }

    func testABadFileIsListedAndTheDigestStillMade() throws {
        try Data([0x41, 0x00, 0x42]).write(to: folder.url.appendingPathComponent("guide/broken.md"))
        let pdf = folder.url.appendingPathComponent("digest.pdf")
        let run = try digest(["guide", "faq.md", "missing.md"], pdf)
        XCTAssertEqual(run.status, 1, "the exit code says some failed")
        XCTAssertTrue(run.stderrText.contains("broken.md: not a text file: NUL byte at offset 1"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("missing.md: no such file or folder"))
        let inspector = PDFInspector(pdf: pdf)
        XCTAssertTrue(try inspector.check().passed)
        let text = try inspector.text()
        XCTAssertTrue(text.contains("Not included"))
        XCTAssertTrue(text.contains("NUL byte at offset 1"))
        XCTAssertTrue(text.contains("3 documents, 2 not included"))
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try Run.run(quire, ["digest", "x.md"]).status, 2, "no -o")
        XCTAssertEqual(try Run.run(quire, ["digest", "-o", "x.pdf"]).status, 2, "no inputs")
    }

    /// Regression (issue 45): a digest's PDF lacked what a single render's metadata has: the
    /// template's language (/Lang: the script's guess "en" instead of `text.lang=fr`), the
    /// author its documents' front matter gives, and the settings digest. Read with pdfinfo
    /// and mutool, not Quire.
    func testDigestMetadataHasTheLanguageAuthorAndSettingsDigestARenderHas() throws {
        let shared = folder.url.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        for name in ["one", "two"] {
            try Data("---\nauthor: Ann Author\n---\n\n# \(name)\n\nLe texte de \(name).\n".utf8)
                .write(to: shared.appendingPathComponent("\(name).md"))
        }
        let pdf = folder.url.appendingPathComponent("metadata.pdf")
        let run = try Run.run(quire, ["digest", shared.path, "-o", pdf.path, "--set", "text.lang=fr"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let info = try Run.run(try Run.tool("pdfinfo"), [pdf.path]).stdoutText
        XCTAssertTrue(info.contains("Author:          Ann Author"), info)
        let language = try Run.run(try Run.tool("mutool"), ["show", pdf.path, "trailer/Root/Lang"]).stdoutText
        XCTAssertTrue(language.contains("(fr)"), language)
        let settings = try Run.run(try Run.tool("mutool"), ["show", pdf.path, "trailer/Info/QuireSettings"]).stdoutText
        XCTAssertTrue(settings.range(of: "\\([0-9a-f]{16}", options: .regularExpression) != nil, settings)
    }
}
