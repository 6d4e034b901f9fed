import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Issue 48: the command line tried as a new user would, then tried wrong; each point a
/// regression test through the built binary on files in a temporary folder.
final class CommandLineTriedTests: BinaryTestCase {
    override class var folderPrefix: String { "tried" }

    private func quire(_ arguments: String..., environment: [String: String] = [:]) throws -> RunResult {
        try Run.run(quire, arguments, environment: environment)
    }

    /// `count` long documents in `docs/` (each takes a worker a while).
    private func longDocuments(_ count: Int) throws -> String {
        let long = (1...40).map { "## Part \($0)\n\n" + (1...120).map { "word\($0)" }.joined(separator: " ") }.joined(separator: "\n\n")
        for k in 1...count { try folder.write("docs/d\(k).md", "# Document \(k)\n\n" + long) }
        return folder.path("docs")
    }

    /// The names in `path` that are Quire's temporary files (`.NAME.quire-XXXXXX`).
    private func temporaryFiles(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.contains(".quire-") }
    }

    /// Waits (at most `timeout` s) until `condition` holds; false if it never did.
    private func eventually(_ timeout: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(5_000)
        }
        return false
    }

    /// Point 1: a second SIGINT (a double Ctrl-C; `timeout -s INT`, which signals the command
    /// and then its group) ended the batch at once: no summary, no manifest, a temporary file
    /// left, and a worker (started from a dispatch thread, SIGINT blocked) rendering on after
    /// `quire` returned. Now every worker is gone when it returns, no temporary file remains,
    /// and the manifest names every file: rendered, failed or not-started. Signalled at three
    /// moments: workers starting, a file rendered, a PDF being written.
    func testRegressionASecondCtrlCLosesNothing() throws {
        let docs = try longDocuments(40)
        let moments: [(name: String, ready: (Background, String) -> Bool)] = [
            ("starting", { batch, _ in Workers.of(docs).count == 2 }),
            ("writing", { [unowned self] _, output in !self.temporaryFiles(output).isEmpty }),
            ("rendered", { batch, _ in batch.stderr.contains("rendered ") }),
        ]
        for (name, ready) in moments {
            let output = folder.path("pdf-\(name)"), manifest = folder.path("manifest-\(name).jsonl")
            let batch = try Background(quire, ["batch", docs, "-o", output, "--jobs", "2", "--manifest", manifest])
            defer { batch.stop() }
            XCTAssertTrue(eventually { ready(batch, output) }, "\(name): \(batch.stderr)")
            kill(batch.pid, SIGINT)
            kill(batch.pid, SIGINT)
            XCTAssertEqual(batch.wait(), 130, "\(name): \(batch.stderr)")
            XCTAssertEqual(Workers.of(docs), [], "\(name): every worker ended before quire returned")
            XCTAssertEqual(temporaryFiles(output), [], "\(name): no temporary file left")
            let lines = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n")
            let entries = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            XCTAssertEqual(Set(entries.compactMap { $0["path"] as? String }), Set((1...40).map { "d\($0).md" }), name)
            let statuses = entries.compactMap { $0["status"] as? String }
            XCTAssertEqual(statuses.filter { !["rendered", "failed", "not-started"].contains($0) }, [], name)
            let made = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".pdf") }.count
            XCTAssertEqual(statuses.filter { $0 == "rendered" }.count, made, "\(name): the manifest lists every PDF made")
            XCTAssertTrue(batch.stderr.contains("quire: batch: interrupted after \(made) of 40 files"), batch.stderr)
        }
    }

    /// Issue 51: a worker killed (SIGKILL, a crash) left its `.NAME.pdf.quire-XXXXXX` beside
    /// the output, and a rerun left it too. The batch removes it (it knows where the worker
    /// wrote), and a rerun removes stale ones of its outputs.
    func testRegressionAKilledWorkerLeavesNoTemporaryFile() throws {
        let docs = try longDocuments(6)
        let output = folder.path("pdf")
        let batch = try Background(quire, ["batch", docs, "-o", output, "--jobs", "2"])
        defer { batch.stop() }
        XCTAssertTrue(eventually { !temporaryFiles(output).isEmpty }, batch.stderr)
        for pid in Workers.of(docs) { kill(pid, SIGKILL) }
        XCTAssertEqual(batch.wait(), 1, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("the renderer crashed on this file (signal 9)"), batch.stderr)
        XCTAssertEqual(temporaryFiles(output), [], "the killed worker's temporary file is removed")

        // A rerun removes what a killed run left beside its outputs, and nothing else.
        try folder.write("pdf/.d1.pdf.quire-Ab12Cd", "stale")
        try folder.write("pdf/.notes.quire-Ab12Cd", "not an output's")
        let rerun = try quire("batch", docs, "-o", output, "--jobs", "2")
        XCTAssertEqual(rerun.status, 0, rerun.stderrText)
        XCTAssertEqual(temporaryFiles(output), [".notes.quire-Ab12Cd"])
    }

    /// Point 3: `a.md` links `lists.md#ordered-lists`; the heading renamed there, `a.md` stayed
    /// "up to date" with no warning on every later run. A document whose fragment links point
    /// into a changed file is rendered again, and warns.
    func testRegressionIncrementalBatchSeesLinksAnotherFileBroke() throws {
        try folder.write("docs/a.md", "# A\n\nSee [ordered lists](lists.md#ordered-lists).\n")
        let lists = try folder.write("docs/lists.md", "# Lists\n\n## Ordered lists\n\n1. one\n")
        let first = try quire("batch", folder.path("docs"), "-o", folder.path("pdf"))
        XCTAssertEqual(first.status, 0, first.stderrText)
        XCTAssertFalse(first.stderrText.contains("warning"), first.stderrText)
        try folder.write("docs/lists.md", "# Lists\n\n## Numbered lists\n\n1. one\n")
        // Edited after the PDFs were made (a time set, not waited for).
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: lists)
        let second = try quire("batch", folder.path("docs"), "-o", folder.path("pdf"))
        XCTAssertEqual(second.status, 0, second.stderrText)
        XCTAssertTrue(second.stderrText.contains("rendered a.md"), second.stderrText)
        XCTAssertTrue(second.stderrText.contains("link to missing anchor #ordered-lists in lists.md"), second.stderrText)
    }

    /// Point 7: `--title ""` or `title: ""` wrote an empty /Title and still claimed PDF/UA-1
    /// (veraPDF: UA-07-001). An empty title is no title: the first heading is used.
    func testRegressionAnEmptyTitleIsNotATitle() throws {
        let plain = try folder.write("plain.md", "# The Heading\n\nText.\n")
        let fronted = try folder.write("fronted.md", "---\ntitle: \"\"\n---\n\n# The Heading\n\nText.\n")
        for (input, extra) in [(plain, ["--title", ""]), (fronted, []), (plain, ["--title", "  "])] {
            let pdf = folder.path("out.pdf")
            let run = try Run.run(quire, ["render", input, "-o", pdf] + extra)
            XCTAssertEqual(run.status, 0, run.stderrText)
            let info = try Run.run(try Run.tool("pdfinfo"), [pdf]).stdoutText
            XCTAssertTrue(info.contains("Title:           The Heading\n"), "\(extra): \(info)")
        }
        let warned = try quire("render", fronted, "-o", folder.path("f.pdf"))
        XCTAssertTrue(warned.stderrText.contains("\(fronted):2:8: 'title' is empty"), warned.stderrText)
    }

    /// Point 9: options in conflict were silently resolved (`--no-config --config x.json`,
    /// `--landscape --page-size "a4 portrait"`), `--page-size 210x297` made a page of 74 x
    /// 105 mm (points), and `SOURCE_DATE_EPOCH=abc` was ignored. Each is a usage error now.
    func testRegressionConflictsAreErrorsNotSilence() throws {
        let input = try folder.write("a.md", "# A\n")
        try folder.write("x.json", "{}")
        let cases: [([String], [String: String], String)] = [
            (["--no-config", "--config", folder.path("x.json")], [:], "--no-config and --config"),
            (["--landscape", "--page-size", "a4 portrait"], [:], "--landscape and --page-size 'a4 portrait' contradict"),
            (["--page-size", "210x297"], [:], "page size '210x297' has no unit"),
            ([], ["SOURCE_DATE_EPOCH": "abc"], "SOURCE_DATE_EPOCH='abc' is not a whole number"),
        ]
        for (extra, environment, message) in cases {
            let run = try Run.run(quire, ["render", input, "-o", folder.path("a.pdf")] + extra, environment: environment)
            XCTAssertEqual(run.status, 2, "\(extra) \(environment): \(run.stderrText)")
            XCTAssertTrue(run.stderrText.contains(message), run.stderrText)
        }
        let fine = try quire("render", input, "-o", folder.path("a.pdf"), "--landscape", "--page-size", "210x297mm")
        XCTAssertEqual(fine.status, 0, fine.stderrText)
    }

    /// Point 11: `quire watch --help` offered `-o -`, which watch refuses; `-V` worked but was
    /// not listed.
    func testRegressionHelpMatchesBehaviour() throws {
        let watch = try quire("watch", "--help")
        XCTAssertEqual(watch.status, 0)
        XCTAssertFalse(watch.stdoutText.contains("'-' writes to standard output"), watch.stdoutText)
        XCTAssertTrue(watch.stdoutText.contains("not '-'"), watch.stdoutText)
        let help = try quire("--help").stdoutText
        XCTAssertTrue(help.contains("-V"), help)
        XCTAssertEqual(try quire("-V").stdoutText, try quire("--version").stdoutText)
    }

    /// Point 8: `{"resource-root":"/nonexistent"}` in quire.json was reported as
    /// "--resource-root … is not a folder" (not typed), `--config .` as "not a Markdown file",
    /// and hints pointed to a README the installed binary's user does not have.
    func testRegressionConfigurationErrorsNameTheirFileAndKey() throws {
        let input = try folder.write("a.md", "# A\n")
        let config = try folder.write("quire.json", "{\"resource-root\": \"/nonexistent\"}")
        let run = try quire("render", input, "-o", folder.path("a.pdf"))
        XCTAssertEqual(run.status, 2, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("\(config): 'resource-root' \"/nonexistent\" is not a folder"), run.stderrText)
        XCTAssertFalse(run.stderrText.contains("--resource-root"), run.stderrText)
        XCTAssertFalse(run.stderrText.contains("README"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("quire templates --keys"), run.stderrText)
        let folderAsConfig = try quire("render", input, "-o", folder.path("a.pdf"), "--config", folder.url.path)
        XCTAssertEqual(folderAsConfig.status, 2, folderAsConfig.stderrText)
        XCTAssertTrue(folderAsConfig.stderrText.contains("is a folder, not a quire.json file"), folderAsConfig.stderrText)
        // Every front-matter key that is an option is a quire.json key: pdf-standard too.
        try folder.write("quire.json", "{\"pdf-standard\": \"a-2b\"}")
        let standard = try quire("render", input, "-o", folder.path("a.pdf"))
        XCTAssertEqual(standard.status, 0, standard.stderrText)
        let metadata = try Run.run(try Run.tool("mutool"), ["show", folder.path("a.pdf"), "trailer/Root/Metadata"]).stdoutText
        XCTAssertTrue(metadata.contains("pdfaid:part") || metadata.contains("<pdfaid:part>2"), metadata)
    }

    /// Point 10: `-o out.png` wrote a PDF named out.png. The extension names the format; one
    /// Quire does not write there is refused with the way to get it.
    func testRegressionTheOutputsExtensionChoosesItsFormat() throws {
        let input = try folder.write("a.md", "# A\n")
        let png = try quire("render", input, "-o", folder.path("out.png"))
        XCTAssertEqual(png.status, 2, png.stderrText)
        XCTAssertTrue(png.stderrText.contains("quire preview"), png.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out.png")))
        XCTAssertEqual(try quire("digest", input, "-o", folder.path("d.html")).status, 2)
        XCTAssertEqual(try quire("render", input, "-o", folder.path("out.PDF")).status, 0)
        XCTAssertEqual(try quire("render", input, "-o", folder.path("out")).status, 0, "no extension: a PDF")
    }

    /// Point 12: a typo got no suggestion (`rendr`, `--tittle`; `--versoin` was called an
    /// unknown command), nor did `quire a.md` or `digest --attach-source`.
    func testRegressionTyposGetSuggestions() throws {
        let input = try folder.write("a.md", "# A\n")
        let cases: [([String], String)] = [
            (["rendr", input], "did you mean 'render'?"),
            (["--versoin"], "did you mean '--version'?"),
            (["render", input, "--tittle", "T"], "did you mean '--title'?"),
            (["digest", input, "-o", folder.path("d.pdf"), "--attach-source"], "did you mean '--attach-sources'?"),
            ([input], "did you mean 'quire render \(input)'?"),
        ]
        for (arguments, suggestion) in cases {
            let run = try Run.run(quire, arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderrText)")
            XCTAssertTrue(run.stderrText.contains(suggestion), "\(arguments): \(run.stderrText)")
        }
        XCTAssertFalse(try quire("zzzzzz").stderrText.contains("did you mean"), "nothing near: no guess")
        let key = try quire("render", input, "-o", folder.path("k.pdf"), "--set", "body.sizee=12")
        XCTAssertEqual(key.status, 2, key.stderrText)
        XCTAssertTrue(key.stderrText.contains("unknown key 'body.sizee' (--set); did you mean 'body.size'?"), key.stderrText)
        XCTAssertFalse(key.stderrText.contains("page.orientation"), "not every key: \(key.stderrText)")
        // A folder or a PDF given to render is named for what it is.
        try folder.write("docs/b.md", "# B\n")
        let dir = try quire("render", folder.path("docs"))
        XCTAssertEqual(dir.status, 1, dir.stderrText)
        XCTAssertTrue(dir.stderrText.contains("quire batch") && dir.stderrText.contains("quire digest"), dir.stderrText)
        XCTAssertEqual(try quire("render", input, "-o", folder.path("a.pdf")).status, 0)
        let pdf = try quire("render", folder.path("a.pdf"))
        XCTAssertEqual(pdf.status, 1, pdf.stderrText)
        XCTAssertTrue(pdf.stderrText.contains("a.pdf: is a PDF, not a Markdown file"), pdf.stderrText)
    }

    /// Point 18: README's first command came after 60 lines, and that `make demo` and `make
    /// test` install packages with `sudo` was said only after them.
    func testRegressionREADMEStartsWithAQuickStart() throws {
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines.prefix(20).contains { $0.contains("quire render ") && !$0.hasPrefix("#") }, "a first command within 20 lines")
        let demo = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("make demo") })
        XCTAssertTrue(lines[..<demo].joined(separator: " ").contains("sudo"), "sudo is said before make demo runs")
    }

    /// Point 15: an unknown code.theme was a warning, and only for a document with code; it
    /// is a usage error at once, as any other key's bad value.
    func testRegressionCodeThemeIsCheckedLikeEveryOtherKey() throws {
        let input = try folder.write("a.md", "# A\n\nNo code here.\n")
        let run = try quire("render", input, "-o", folder.path("a.pdf"), "--set", "code.theme=solarized-darkk")
        XCTAssertEqual(run.status, 2, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("code theme 'solarized-darkk' (code.theme) is not installed"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("did you mean 'solarized-dark'?"), run.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("a.pdf")))
        XCTAssertEqual(try quire("render", input, "-o", folder.path("a.pdf"), "--set", "code.theme=solarized-dark").status, 0)
    }

    /// Point 14 (in part): `make demo` warned on Samples/features.md, which named a missing
    /// logo.png and said images "arrive later". It renders without a warning.
    func testRegressionTheFeaturesSampleIsClean() throws {
        let sample = Paths.packageRoot.appendingPathComponent("Samples/features.md").path
        let run = try quire("render", sample, "-o", folder.path("features.pdf"))
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertEqual(run.stderrText, "", "no warning on a shipped sample")
        XCTAssertFalse(try String(contentsOfFile: sample, encoding: .utf8).contains("until images arrive"))
    }

    /// Point 13: batch warnings named `features.md:89`, relative to the input folder, not the
    /// path the user typed (`in/features.md:89`), which an editor opens from where quire ran.
    func testRegressionBatchWarningsUseThePathsTyped() throws {
        try folder.write("in/sub/doc.md", "# Doc\n\n[gone](#nowhere)\n")
        let run = try Run.run(quire, ["batch", "in", "-o", "pdf"], in: folder.url)
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("quire: warning: in/sub/doc.md:3:"), run.stderrText)
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("Hidden files and folders"), "README says hidden folders are skipped")
        XCTAssertTrue(readme.contains("symbolic link\nto a folder is not followed") || readme.contains("symbolic link to a folder is not followed"))
    }

    /// Point 2: `x.md` and `x.markdown` in one folder both "rendered" to `x.pdf`, one over
    /// the other, and the manifest gave both the same output. The batch is refused up front,
    /// naming both inputs, and writes nothing.
    func testRegressionTwoInputsNeverWriteOneOutput() throws {
        try folder.write("docs/x.md", "# From md\n")
        try folder.write("docs/x.markdown", "# From markdown\n")
        try folder.write("docs/y.md", "# Y\n")
        let run = try quire("batch", folder.path("docs"), "-o", folder.path("pdf"))
        XCTAssertEqual(run.status, 1, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("quire: error: x.markdown and x.md: would both be written to x.pdf"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("--exclude"), run.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("pdf/x.pdf")), "nothing rendered")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("pdf/y.pdf")), "nothing rendered")
        // Leaving one out, as the message says, renders.
        let fixed = try quire("batch", folder.path("docs"), "-o", folder.path("pdf"), "--exclude", "x.markdown")
        XCTAssertEqual(fixed.status, 0, fixed.stderrText)
    }

    /// Point 5: `quire digest missing-dir -o d.pdf` wrote a 2-page PDF of 0 documents (and
    /// exited 1). A digest no document could be included in writes nothing.
    func testRegressionAFailedDigestWritesNothing() throws {
        let pdf = folder.path("d.pdf")
        let run = try quire("digest", folder.path("missing-dir"), "-o", pdf)
        XCTAssertEqual(run.status, 1, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("missing-dir: no such file or folder"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("not written"), run.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf), "no digest of nothing")
        try Data([0x41, 0x00]).write(to: URL(fileURLWithPath: folder.path("bad.md")))
        XCTAssertEqual(try quire("digest", folder.path("bad.md"), "-o", pdf).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf), "no digest of nothing")
    }

    /// Point 6: a missing input exited 1 for render and digest but 2 for batch. Input and
    /// output errors exit 1 everywhere, usage errors 2, and `--help` says so.
    func testRegressionOneExitCodePerKindOfMistake() throws {
        let gone = folder.path("gone.md")
        for command in [["render", gone], ["batch", gone, "-o", folder.path("pdf")], ["digest", gone, "-o", folder.path("d.pdf")]] {
            let run = try Run.run(quire, command)
            XCTAssertEqual(run.status, 1, "\(command[0]): \(run.stderrText)")
            XCTAssertTrue(run.stderrText.contains("gone.md"), run.stderrText)
        }
        XCTAssertEqual(try quire("render", "--tittle", "x", gone).status, 2, "a usage error")
        let help = try quire("--help").stdoutText
        XCTAssertTrue(help.contains("1 a problem with a file"), help)
        XCTAssertTrue(help.contains("2 a usage error"), help)
    }

    /// Point 16: an output in a missing folder was refused; the folder chain is made, as
    /// pandoc and Typst do, but not for an input that does not exist.
    func testRegressionAMissingOutputFolderIsCreated() throws {
        let input = try folder.write("a.md", "# A\n\nText.\n")
        let render = try quire("render", input, "-o", folder.path("build/pdf/a.pdf"))
        XCTAssertEqual(render.status, 0, render.stderrText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("build/pdf/a.pdf")))
        let digest = try quire("digest", input, "-o", folder.path("digests/d.pdf"))
        XCTAssertEqual(digest.status, 0, digest.stderrText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("digests/d.pdf")))
        let typo = try quire("render", folder.path("b.md"), "-o", folder.path("made/b.pdf"))
        XCTAssertEqual(typo.status, 1, typo.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("made")), "a mistyped input makes no folder")
        try folder.write("file", "in the way\n")
        let blocked = try quire("render", input, "-o", folder.path("file/a.pdf"))
        XCTAssertEqual(blocked.status, 1, blocked.stderrText)
        XCTAssertTrue(blocked.stderrText.contains("cannot make the folder"), blocked.stderrText)
    }

    /// Point 17: `quire watch nothere.md` printed that it watched and waited for ever. It ends
    /// with exit status 1, naming the file.
    func testRegressionWatchOfAMissingFileExits() throws {
        let run = try Run.run(quire, ["watch", folder.path("nothere.md")], timeout: 30)
        XCTAssertEqual(run.status, 1, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("nothere.md: no such file"), run.stderrText)
        try folder.write("docs/a.md", "# A\n")
        let folderRun = try Run.run(quire, ["watch", folder.path("docs")], timeout: 30)
        XCTAssertEqual(folderRun.status, 1, folderRun.stderrText)
        XCTAssertTrue(folderRun.stderrText.contains("--watch"), folderRun.stderrText)
    }
}

/// Finding a batch's worker processes (`quire __worker`), which run in process groups of
/// their own, by what their command line names.
enum Workers {
    /// The process ids of the live workers whose command line holds `text` (the batch's input
    /// folder, which its workers are given as --resource-root).
    static func of(_ text: String) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                  let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"), !data.isEmpty else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.contains("__worker"), arguments.contains(text) else { return nil }
            let state = (try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8)) ?? ""
            // A zombie (already ended, not yet reaped) is gone for this purpose.
            return state.contains(") Z ") ? nil : pid
        }
    }
}
