import Foundation
import XCTest

/// Issue 37: what a new user hit, with only the README, each as a regression test run through
/// the built binary on files in a temporary folder.
final class NewUserRegressionTests: BinaryTestCase {
    override class var folderPrefix: String { "newuser" }

    private func quire(_ arguments: String..., environment: [String: String] = [:]) throws -> RunResult {
        try Run.run(quire, arguments, environment: environment)
    }

    private func pdfText(_ path: String, page: Int? = nil) throws -> String {
        let range = page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []
        return try Run.run(try Run.tool("pdftotext"), ["-enc", "UTF-8", "-layout"] + range + [path, "-"]).stdoutText
    }

    private func pdfInfo(_ path: String) throws -> String {
        try Run.run(try Run.tool("pdfinfo"), [path]).stdoutText
    }

    func testRegressionDoubleDashEndsOptionsAndShortOptionTakesItsValueJoined() throws {
        try folder.write("-weird.md", "# Weird\n\nA name that starts with a dash.\n")
        let refused = try Run.run(quire, ["render", "-weird.md"], environment: [:], timeout: 60, in: folder.url)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderrText.contains("goes after '--'"), refused.stderrText)
        let run = try Run.run(quire, ["render", "-oout.pdf", "--", "-weird.md"], timeout: 60, in: folder.url)
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(try pdfText(folder.path("out.pdf")).contains("A name that starts with a dash."))
    }

    func testRegressionExcerptLinesZeroIsTakenAsTheSetKeyTakesIt() throws {
        let input = try folder.write("doc.md", "# Doc\n\n" + (1...300).map { "word\($0)" }.joined(separator: " ") + "\n")
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        let option = try quire("render", input, "-o", folder.path("option.pdf"), "--excerpt-lines", "0", environment: epoch)
        XCTAssertEqual(option.status, 0, option.stderrText)
        let set = try quire("render", input, "-o", folder.path("set.pdf"), "--set", "excerpt.lines=0", environment: epoch)
        XCTAssertEqual(set.status, 0, set.stderrText)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.path("option.pdf"))),
                       try Data(contentsOf: URL(fileURLWithPath: folder.path("set.pdf"))), "the same document either way")
    }

    /// `preview --excerpt-lines 0` printed nothing and exited 0: 0 turns excerpts off, and
    /// excerpts are all the terminal preview prints.
    func testRegressionPreviewWithExcerptLinesZeroPrintedNothingSilently() throws {
        let input = try folder.write("doc.md", "# Doc\n\nSome text.\n")
        let run = try quire("preview", input, "--excerpt-lines", "0")
        XCTAssertEqual(run.status, 2, run.stdoutText)
        XCTAssertTrue(run.stderrText.contains("excerpt.lines is 0"), run.stderrText)
        let shown = try quire("preview", input, "--excerpt-lines", "1")
        XCTAssertEqual(shown.status, 0, shown.stderrText)
        XCTAssertTrue(shown.stdoutText.contains("Some text."), shown.stdoutText)
    }

    func testRegressionATooSmallPageSizeSaysTheRuleNotTheSyntax() throws {
        let input = try folder.write("doc.md", "# Doc\n")
        let run = try quire("render", input, "--page-size", "10x10mm")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderrText.contains("page size '10x10mm' is 28.3 x 28.3 pt; each side must be from 72 pt"), run.stderrText)
    }

    func testRegressionAMissingFontFamilyKeepsTheTemplatesFamily() throws {
        let input = try folder.write("doc.md", "# Doc\n\nBody text in the template's family.\n")
        let run = try quire("render", input, "-o", folder.path("doc.pdf"), "--set", "body.font=Comic Sans MS")
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("font 'Comic Sans MS' (body.font, --set) is not installed; 'Noto Serif' is kept"),
                      run.stderrText)
        let fonts = try Run.run(try Run.tool("pdffonts"), [folder.path("doc.pdf")]).stdoutText
        XCTAssertTrue(fonts.contains("NotoSerif-Regular"), fonts)
        XCTAssertFalse(fonts.contains("Z003"), fonts)
        // An installed family is taken, without a warning.
        let installed = try quire("render", input, "-o", folder.path("sans.pdf"), "--set", "body.font=DejaVu Sans")
        XCTAssertEqual(installed.stderrText, "")
        XCTAssertTrue(try Run.run(try Run.tool("pdffonts"), [folder.path("sans.pdf")]).stdoutText.contains("DejaVuSans"))
    }

    func testRegressionRenderRefusesToReplaceAFileThatIsNotAPDF() throws {
        let input = try folder.write("doc.md", "# Doc\n")
        let victim = try folder.write("victim.md", "# My notes\n\nHours of work.\n")
        let notes = try folder.write("notes.txt", "notes\n")
        for output in [victim, notes] {
            let run = try quire("render", input, "-o", output)
            XCTAssertEqual(run.status, 1, run.stderrText)
            XCTAssertTrue(run.stderrText.contains("exists and is not a PDF; not overwritten (give --force"), run.stderrText)
        }
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "# My notes\n\nHours of work.\n")
        XCTAssertEqual(try String(contentsOfFile: notes, encoding: .utf8), "notes\n")
        // An earlier PDF and an empty file are outputs to replace; --force replaces anything.
        XCTAssertEqual(try quire("render", input, "-o", folder.path("doc.pdf")).status, 0)
        XCTAssertEqual(try quire("render", input, "-o", folder.path("doc.pdf")).status, 0)
        try folder.write("empty.pdf", "")
        XCTAssertEqual(try quire("render", input, "-o", folder.path("empty.pdf")).status, 0)
        XCTAssertEqual(try quire("render", input, "-o", notes, "--force").status, 0)
        XCTAssertTrue(try String(decoding: Data(contentsOf: URL(fileURLWithPath: notes)).prefix(5), as: UTF8.self) == "%PDF-")
        // The digest refuses the same.
        let digest = try quire("digest", input, "-o", victim)
        XCTAssertEqual(digest.status, 1, digest.stderrText)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "# My notes\n\nHours of work.\n")
    }

    func testRegressionAPDFIsNotWrittenToATerminal() throws {
        let input = try folder.write("doc.md", "# Doc\n")
        let command = [quire.path, "render", input, "-o", "-"].map(PseudoTerminal.quoted).joined(separator: " ")
        let run = try PseudoTerminal.run(command, in: folder.url)
        XCTAssertEqual(run.status, 2, run.transcript)
        XCTAssertTrue(run.transcript.contains("standard output is a terminal"), run.transcript)
        XCTAssertFalse(run.transcript.contains("%PDF"), "no PDF bytes on the terminal")
        // Redirected, it is written, even when standard error is the terminal.
        let piped = try PseudoTerminal.run(command + " | head -c 5", in: folder.url)
        XCTAssertEqual(piped.status, 0, piped.transcript)
        XCTAssertTrue(piped.transcript.contains("%PDF-"), piped.transcript)
    }

    func testRegressionAnUnreadableTemplateSaysCannotReadOnce() throws {
        let input = try folder.write("doc.md", "# Doc\n")
        let run = try quire("render", input, "--template", folder.path("gone.json"))
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderrText.contains("cannot read template \(folder.path("gone.json")): No such file or directory"), run.stderrText)
        XCTAssertEqual(run.stderrText.components(separatedBy: "cannot read").count, 2, run.stderrText)
    }

    func testRegressionOneDocumentIsSingular() throws {
        let input = try folder.write("doc.md", "# Doc\n")
        let run = try quire("digest", input, "-o", folder.path("digest.pdf"))
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("digest: 1 document, 0 not included"), run.stderrText)
        let batch = try quire("batch", input, "-o", folder.path("pdf"))
        XCTAssertTrue(batch.stderrText.contains("batch: 1 file: 1 rendered"), batch.stderrText)
    }

    /// Batch exited 0 on an empty folder where digest exited 1: both fail (1), since inputs
    /// that hold nothing to typeset are almost always the wrong ones.
    func testRegressionAnEmptyFolderFailsAlikeInBatchAndDigest() throws {
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: true)
        try folder.write("empty/notes.txt", "not Markdown\n")
        let batch = try quire("batch", folder.path("empty"), "-o", folder.path("pdf"))
        let digest = try quire("digest", folder.path("empty"), "-o", folder.path("digest.pdf"))
        for run in [batch, digest] {
            XCTAssertEqual(run.status, 1, run.stderrText)
            XCTAssertTrue(run.stderrText.contains("no Markdown files found under \(folder.path("empty"))"), run.stderrText)
        }
        // A shard that selects nothing of a folder that has files is no error.
        try folder.write("one/a.md", "# A\n")
        let shards = try (1...4).map { try quire("batch", folder.path("one"), "-o", folder.path("pdf"), "--shard", "\($0)/4").status }
        XCTAssertEqual(shards, [0, 0, 0, 0])
    }

    func testRegressionABatchWriteFailureNamesTheOutput() throws {
        try folder.write("docs/sub/a.md", "# A\n")
        try folder.write("pdf/sub", "a file where the output's folder should be\n")
        let run = try quire("batch", folder.path("docs"), "-o", folder.path("pdf"))
        XCTAssertEqual(run.status, 1, run.stderrText)
        let output = URL(fileURLWithPath: folder.path("pdf/sub/a.pdf")).resolvingSymlinksInPath().path
        XCTAssertTrue(run.stderrText.contains("quire: error: sub/a.md: cannot write \(output)"), run.stderrText)
    }

    func testRegressionAManifestIntoAMissingFolderFailsBeforeRendering() throws {
        try folder.write("docs/a.md", "# A\n")
        let run = try quire("batch", folder.path("docs"), "-o", folder.path("pdf"), "--manifest", folder.path("gone/manifest.jsonl"))
        XCTAssertEqual(run.status, 2, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("the folder \(folder.path("gone")) does not exist"), run.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("pdf/a.pdf")), "nothing rendered")
        // Into the output folder, which the batch makes, it is fine.
        XCTAssertEqual(try quire("batch", folder.path("docs"), "-o", folder.path("out"), "--manifest", folder.path("out/manifest.jsonl")).status, 0)
    }

    func testRegressionADigestsFullTextPagesCarryTheirOwnTitle() throws {
        let long = (1...900).map { "word\($0)" }.joined(separator: " ")
        try folder.write("docs/alpha.md", "# Alpha guide\n\n\(long)\n\n\(long)\n")
        try folder.write("docs/beta.md", "---\ntitle: Beta notes\n---\n\n\(long)\n\n\(long)\n")
        let run = try quire("digest", folder.path("docs"), "-o", folder.path("digest.pdf"), "--title", "Team docs", "--excerpt-lines", "2")
        XCTAssertEqual(run.status, 0, run.stderrText)
        let pagesLine = try XCTUnwrap(try pdfInfo(folder.path("digest.pdf")).split(separator: "\n").first { $0.hasPrefix("Pages:") })
        let pages = try XCTUnwrap(pagesLine.split(separator: " ").last.flatMap { Int($0) })
        var headers: [String] = []
        for page in 2...pages {
            headers.append(try pdfText(folder.path("digest.pdf"), page: page).split(separator: "\n").first.map {
                $0.trimmingCharacters(in: .whitespaces) } ?? "")
        }
        XCTAssertTrue(headers.contains("Alpha guide"), "\(headers)")
        XCTAssertTrue(headers.contains("Beta notes"), "\(headers)")
        XCTAssertEqual(headers.first, "Team docs", "the contents carry the digest's title")
        let alpha = try XCTUnwrap(headers.firstIndex(of: "Alpha guide")), beta = try XCTUnwrap(headers.firstIndex(of: "Beta notes"))
        XCTAssertTrue(headers[alpha..<beta].allSatisfy { $0 == "Alpha guide" }, "\(headers)")
        XCTAssertTrue(headers[beta...].allSatisfy { $0 == "Beta notes" }, "\(headers)")
    }

    /// GRDB's README was titled "Documentation", its first level-1 heading, at line 280 after
    /// the introduction's headings; a README without a leading title takes its folder's name.
    func testRegressionALaterLevelOneHeadingIsNotTheTitle() throws {
        let intro = "<p align=\"center\"><b>A toolkit for SQLite databases</b></p>\n\n## Features\n\nMany.\n\n"
        let readme = try folder.write("GRDB.swift/README.md", intro + "# Documentation\n\nRead on.\n")
        let run = try quire("render", readme, "-o", folder.path("grdb.pdf"))
        XCTAssertEqual(run.status, 0, run.stderrText)
        let info = try pdfInfo(folder.path("grdb.pdf"))
        XCTAssertTrue(info.contains("Title:           GRDB.swift"), info)
        let guide = try folder.write("guide.md", "## Setup\n\nText.\n\n# Later part\n\nMore.\n")
        XCTAssertEqual(try quire("render", guide, "-o", folder.path("guide.pdf")).status, 0)
        XCTAssertTrue(try pdfInfo(folder.path("guide.pdf")).contains("Title:           guide\n"))
        // A document whose first heading is of level 1 is still titled by it, after badges too.
        let titled = try folder.write("titled/README.md", "[![build](https://x/b.svg)](https://x)\n\n# Real title\n\n## Part\n")
        XCTAssertEqual(try quire("render", titled, "-o", folder.path("titled.pdf")).status, 0)
        XCTAssertTrue(try pdfInfo(folder.path("titled.pdf")).contains("Title:           Real title\n"))
        // In a digest too.
        let digest = try quire("digest", readme, guide, "-o", folder.path("digest.pdf"))
        XCTAssertEqual(digest.status, 0, digest.stderrText)
        let contents = try pdfText(folder.path("digest.pdf"), page: 2)
        XCTAssertTrue(contents.contains("GRDB.swift"), contents)
        XCTAssertFalse(contents.contains("Documentation"), contents)
    }

    /// The hand-written front matter reader wrote `author: [A, B]` as "[A, B]" and
    /// `lang: xx-INVALID-tag-123` into /Lang; libyaml reads it now, and problems warn with
    /// FILE:LINE:COLUMN and the key.
    func testRegressionFrontMatterIsReadAsYAML() throws {
        let input = try folder.write("doc.md", "---\ntitle: [unclosed\n---\n\n# Body\n")
        let broken = try quire("render", input, "-o", folder.path("broken.pdf"))
        XCTAssertEqual(broken.status, 0, broken.stderrText)
        XCTAssertTrue(broken.stderrText.contains("quire: warning: \(input):2:8: front matter is not valid YAML at 'title'"),
                      broken.stderrText)
        XCTAssertTrue(try pdfInfo(folder.path("broken.pdf")).contains("Title:           Body\n"), "not \"[unclosed\"")
        let lists = try folder.write("lists.md", "---\nauthor: [Ada, Bob]\nkeywords:\n  - type\n  - PDF\nlang: xx-INVALID-tag-123\n---\n\n# Body\n")
        let run = try quire("render", lists, "-o", folder.path("lists.pdf"))
        XCTAssertTrue(run.stderrText.contains("\(lists):6:7: lang 'xx-INVALID-tag-123' is not a BCP 47 language tag"), run.stderrText)
        let info = try pdfInfo(folder.path("lists.pdf"))
        XCTAssertTrue(info.contains("Author:          Ada, Bob\n"), info)
        XCTAssertTrue(info.contains("Keywords:        type, PDF\n"), info)
        let language = try Run.run(try Run.tool("mutool"), ["show", folder.path("lists.pdf"), "trailer/Root/Lang"]).stdoutText
        XCTAssertFalse(language.contains("INVALID"), language)
    }

    /// An interrupted batch left no summary and no manifest (Ctrl-C: SIGINT to the group), or
    /// left its workers running, re-parented, writing PDFs after it returned (SIGINT or
    /// SIGTERM to the parent alone). It forwards the signal, waits for its workers, writes
    /// the manifest of what finished, and exits 130 (143).
    func testRegressionAnInterruptedBatchStopsItsWorkersAndWritesWhatFinished() throws {
        let long = (1...40).map { "## Part \($0)\n\n" + (1...120).map { "word\($0)" }.joined(separator: " ") }.joined(separator: "\n\n")
        for k in 1...40 { try folder.write("docs/d\(k).md", "# Document \(k)\n\n" + long) }
        let cases: [(name: String, signal: Int32, group: Bool, status: Int32)] = [
            ("term", SIGTERM, false, 143), ("int", SIGINT, false, 130), ("group", SIGINT, true, 130),
        ]
        for (name, signal, group, status) in cases {
            let output = folder.path("pdf-\(name)"), manifest = folder.path("manifest-\(name).jsonl")
            let arguments = ["batch", folder.path("docs"), "-o", output, "--jobs", "2", "--manifest", manifest]
            // Foundation starts the batch as the leader of a process group of its own, as a
            // shell starts a job (and the batch its workers, each in a group of its own: the
            // terminal's Ctrl-C reaches them only through the batch).
            let batch = try Background(quire, arguments)
            defer { batch.stop() }
            try batch.waitFor(count: 3) { $0.hasPrefix("rendered ") }
            kill(group ? -batch.pid : batch.pid, signal)
            XCTAssertEqual(batch.wait(), status, "\(name): \(batch.stderr)")
            let pdfs = { (try? FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".pdf") }.count) ?? -1 }
            let made = pdfs()
            let entries = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(entries.count, 40, "\(name): the manifest lists every file (issue 48)")
            XCTAssertEqual(entries.filter { $0.contains("\"status\":\"rendered\"") }.count, made, "\(name): the manifest lists every PDF made")
            XCTAssertTrue(made >= 3 && made < 40, "\(name): \(made)")
            XCTAssertTrue(batch.stderr.contains("quire: batch: interrupted after \(made) of 40 files: \(made) rendered"), batch.stderr)
            // No fixed wait: every worker is gone when the batch returns, so none can write later.
            XCTAssertEqual(Workers.of(folder.path("docs")), [], "\(name): every worker ended before the batch returned")
            XCTAssertEqual(pdfs(), made, "\(name): no worker wrote after the batch returned")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.contains(".quire-") }, [],
                           "\(name): no temporary file left")
        }
    }

    func testRegressionTheREADMEListsHelpAndVersionAsThreeCommands() throws {
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for line in readme.split(separator: "\n") where line.hasPrefix("quire ") {
            XCTAssertFalse(line.contains("| quire"), "one command per line: \(line)")
        }
        let commands = readme.split(separator: "\n").map { ReadmeCommandsTests.withoutComment(String($0)) }
        for command in ["quire --help", "quire render --help", "quire --version"] {
            XCTAssertTrue(commands.contains(command), "\(command) on a line of its own")
        }
    }
}
