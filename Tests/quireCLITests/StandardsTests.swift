import Foundation
import XCTest

/// PDF/UA-1 and PDF/A: each claim checked on the files that make it, with the `pdfua` checker
/// (PyPI, installed by scripts/install-deps.sh) and the rules of veraPDF's profiles that
/// qpdf can read (`StandardsRules`); the source attached; emoji copied whole.
final class StandardsTests: BinaryTestCase {
    override class var folderPrefix: String { "standards" }

    private static let samples = Paths.packageRoot.appendingPathComponent("Samples")

    /// Renders `input` with `arguments`; the PDF's URL and the warnings printed.
    @discardableResult
    private func render(_ input: String, _ output: String, _ arguments: [String] = [], environment: [String: String] = [:],
                        file: StaticString = #filePath, line: UInt = #line) throws -> (pdf: URL, stderr: String) {
        let out = folder.path(output)
        let r = try Run.run(quire, ["render", input, "-o", out] + arguments, environment: environment)
        XCTAssertEqual(r.status, 0, r.stderrText, file: file, line: line)
        return (URL(fileURLWithPath: out), r.stderrText)
    }

    /// `input` rendered with the default options, shared with the other classes that render it
    /// so (`SharedRenders`: CorpusRun, SampleRender); the PDF's URL and the warnings printed.
    private func sharedRender(_ input: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (pdf: URL, stderr: String) {
        let r = try SharedRenders.render(quire, input, fallback: folder.url)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        return (r.pdf, r.stderr)
    }

    /// What `pdfua check` finds in `pdfs`, as "file: RULE message" lines; empty when none.
    /// A rule pdfua could not run counts too, but for its own defect on a heading of several
    /// pieces of content (UA-14-001 reads an array's `is_integer`: a pikepdf error).
    private func pdfuaFindings(_ pdfs: [URL]) throws -> [String] {
        let checker = Paths.packageRoot.appendingPathComponent(".build/pdfua/bin/pdfua")
        guard FileManager.default.isExecutableFile(atPath: checker.path) else {
            throw RunError(description: "\(checker.path) is missing: run scripts/install-deps.sh (it installs pdfua from PyPI there)")
        }
        var findings: [String] = []
        for pdf in pdfs {
            let r = try Run.run(checker, ["check", "--format", "json", pdf.path], timeout: 600)
            guard r.status != 4, r.status != 5, let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any] else {
                throw RunError(description: "pdfua failed on \(pdf.lastPathComponent) (\(r.status)): \(r.stderrText)")
            }
            for case let finding as [String: Any] in json["findings"] as? [Any] ?? [] {
                findings.append("\(pdf.lastPathComponent): \(finding["rule_id"] ?? "?") \(finding["message"] ?? "") page \(finding["page"] ?? "-")")
            }
            for case let skipped as [String: Any] in json["skipped"] as? [Any] ?? [] {
                let reason = skipped["reason"] as? String ?? ""
                if skipped["rule_id"] as? String == "UA-14-001", reason.contains("is_integer") { continue }
                findings.append("\(pdf.lastPathComponent): \(skipped["rule_id"] ?? "?") not run: \(reason)")
            }
        }
        return findings
    }

    /// The problems of every rule that applies to `claims`, and of qpdf --check.
    private func problems(_ pdf: URL, claims: Set<String>) throws -> [String] {
        var rules = try StandardsRules(pdf)
        rules.checkMetadata(claims: claims)
        if claims.contains("ua-1") { rules.checkAccessible() }
        if let archival = claims.first(where: { $0.hasPrefix("a-") }) {
            rules.checkArchival(part: archival == "a-3a" || archival == "a-3b" || archival == "a-3u" ? 3 : 2, level: archival.last!)
        }
        let check = try PDFInspector(pdf: pdf).check()
        return rules.problems + (check.passed ? [] : ["qpdf --check: \(check.output)"])
    }

    // MARK: PDF/UA-1

    /// Every sample, three corpus files of other scripts and a digest claim PDF/UA-1, and
    /// pdfua finds nothing in them (it reported the missing identification before, and a
    /// table without headers, a grid of logos, in the digest). github.md, with badges, claims it too:
    /// a static badge says what it shows.
    func testSamplesCorpusAndDigestClaimPDFUA1AndPassPDFUA() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasSuffix(".md") }.sorted()
        var pdfs: [URL] = []
        for name in samples {
            let (pdf, stderr) = try sharedRender(Self.samples.appendingPathComponent(name))
            if name == "github.md" {
                // Its static badges say what they show ("build: passing"): no alt text is needed (issue 48).
                XCTAssertFalse(stderr.contains("image without alt text"), stderr)
                XCTAssertEqual(try pdfuaFindings([pdf]).filter { !$0.contains("UA-28-004") }, [])
                XCTAssertEqual(try problems(pdf, claims: ["ua-1"]), [])
            } else {
                pdfs.append(pdf)
            }
        }
        for name in ["markdown-test-file.md", "free-programming-books-he.md", "art-of-command-line-ja.md"] {
            pdfs.append(try sharedRender(Paths.corpus.appendingPathComponent(name)).pdf)
        }
        let digest = folder.path("digest.pdf")
        let inputs = samples.filter { $0 != "github.md" }.map { Self.samples.appendingPathComponent($0).path }
        let r = try Run.run(quire, ["digest"] + inputs + [Paths.corpus.appendingPathComponent("howto-he.md").path, "-o", digest])
        XCTAssertEqual(r.status, 0, r.stderrText)
        pdfs.append(URL(fileURLWithPath: digest))
        XCTAssertEqual(try pdfuaFindings(pdfs), [])
        for pdf in pdfs {
            XCTAssertEqual(try problems(pdf, claims: ["ua-1"]), [], pdf.lastPathComponent)
        }
    }

    /// A table with no header cell (a grid of logos) is divisions in the structure, not a
    /// table whose data cells have no header: pdfua reported UA-15-003 on it, in the digest too.
    func testRegressionHeaderlessTableIsAGridNotATable() throws {
        let input = try folder.write("grid.md", "# Grid\n\n<table>\n<tr><td>one</td><td>two</td></tr>\n<tr><td>three</td><td>four</td></tr>\n</table>\n")
        let (pdf, _) = try render(input, "grid.pdf")
        XCTAssertEqual(try pdfuaFindings([pdf]), [])
        let tree = try Run.run(try Run.tool("pdfinfo"), ["-struct", pdf.path]).stdoutText
        XCTAssertFalse(tree.contains("Table"), tree)
        XCTAssertTrue(try PDFInspector(pdf: pdf).text().contains("three"))
    }

    /// A document opening at level 2 and skipping from 2 to 4: the warning names the line
    /// and says what is written; the structure has H1 then H2, never a skip.
    func testSkippedHeadingLevelWarnsAndIsNestedInTheStructure() throws {
        let input = try folder.write("doc.md", "## Start\n\nText.\n\n#### Deep\n\nMore.\n\n## Next\n\nEnd.\n")
        let (pdf, stderr) = try render(input, "doc.pdf")
        XCTAssertTrue(stderr.contains("doc.md:5: heading level 4 follows level 2 (line 1), skipping a level; tagged one level below it"), stderr)
        XCTAssertEqual(try problems(pdf, claims: ["ua-1"]), [])
        let tree = try Run.run(try Run.tool("pdfinfo"), ["-struct", pdf.path]).stdoutText
        XCTAssertEqual(tree.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("H") }
                           .map { $0.split(separator: " ")[0] }, ["H1", "H2", "H1"], tree)
    }

    /// An image without alt text: a warning names its line, and the file claims nothing it
    /// does not meet (no pdfuaid), though it still carries its metadata.
    func testImageWithoutAltTextWarnsAndLeavesPDFUA1Unclaimed() throws {
        try FileManager.default.copyItem(atPath: Self.samples.appendingPathComponent("images/diagram.png").path, toPath: folder.path("d.png"))
        let input = try folder.write("doc.md", "# Doc\n\nText.\n\n![](d.png)\n")
        let (pdf, stderr) = try render(input, "doc.pdf")
        XCTAssertTrue(stderr.contains("doc.md:5: image without alt text (d.png)"), stderr)
        XCTAssertTrue(stderr.contains("PDF/UA-1 not claimed: the image at line 5 has no alt text"), stderr)
        XCTAssertEqual(try problems(pdf, claims: []), [])
    }

    /// `none` claims nothing; the front matter's pdf-standard and subject, and the template
    /// key, choose too; the command line wins over the front matter.
    func testStandardsChosenByOptionFrontMatterAndTemplate() throws {
        let plain = try folder.write("plain.md", "# Plain\n\nText.\n")
        XCTAssertEqual(try problems(try render(plain, "none.pdf", ["--pdf-standard", "none"]).pdf, claims: []), [])
        let fronted = try folder.write("front.md", "---\ntitle: Archived\nsubject: What it is about\npdf-standard: ua-1,a-2u\n---\n\n# Archived\n\nText.\n")
        let (pdf, _) = try render(fronted, "front.pdf")
        XCTAssertEqual(try problems(pdf, claims: ["ua-1", "a-2u"]), [])
        let rules = try StandardsRules(pdf)
        XCTAssertEqual(StandardsRules.text(rules.info["/Subject"]), "What it is about")
        XCTAssertEqual(try problems(try render(fronted, "over.pdf", ["--pdf-standard", "ua-1"]).pdf, claims: ["ua-1"]), [])
        XCTAssertEqual(try problems(try render(plain, "set.pdf", ["--set", "pdf.standard=a-2b"]).pdf, claims: ["a-2b"]), [])
    }

    /// Unknown, unsupported and incompatible values are usage errors that say why.
    func testUnknownOrIncompatibleStandardsAreClearErrors() throws {
        let input = try folder.write("doc.md", "# Doc\n")
        let cases: [([String], String)] = [
            (["--pdf-standard", "a-1b"], "a-1b is not supported: PDF/A-1"),
            (["--pdf-standard", "a-2b,a-3b"], "a-2b and a-3b are two PDF/A levels"),
            (["--pdf-standard", "ua-2"], "ua-2 is not supported"),
            (["--pdf-standard", "pdf/x-4"], "unknown PDF standard"),
            (["--pdf-standard", "none,ua-1"], "'none' claims nothing"),
            (["--pdf-standard", "a-2b", "--attach-source"], "--attach-source needs PDF/A-3"),
            (["--set", "pdf.standard=a-2z"], "unknown PDF/A level"),
        ]
        for (arguments, message) in cases {
            let r = try Run.run(quire, ["render", input, "-o", folder.path("x.pdf")] + arguments)
            XCTAssertEqual(r.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(r.stderrText.contains(message), "\(arguments): \(r.stderrText)")
        }
        let fronted = try folder.write("front.md", "---\npdf-standard: a-1a\n---\n# Doc\n")
        let r = try Run.run(quire, ["render", fronted, "-o", folder.path("f.pdf")])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderrText.contains("front.md:2:15: pdf-standard: a-1a is not supported"), r.stderrText)
    }

    /// A link around a picture held only the thin spaces beside it: pdfua reported its
    /// description as missing (UA-18-005, on a digest's page).
    func testRegressionLinkAroundPictureHasADescription() throws {
        // And a link in right-to-left text that held only a direction mark (free-courses-ar.md).
        let input = try folder.write("doc.md", "# Doc\n\nSee [![Contributors graph](https://example.org/graph.svg)](https://example.org/graph) here.\n\n"
                                     + "دورة [\u{200F}](https://example.org/rtl) تعلم\n")
        let (pdf, _) = try render(input, "doc.pdf")
        XCTAssertEqual(try pdfuaFindings([pdf]), [])
        XCTAssertEqual(try problems(pdf, claims: ["ua-1"]), [])
    }

    // MARK: PDF/A

    /// A document of every kind of content (PNG with transparency, JPEG, SVG, GIF, emoji,
    /// math, links, footnotes, a table) meets PDF/A-2 at each level and PDF/A-3, and the
    /// readers stay silent.
    func testPDFAAtEveryLevelMeetsTheRules() throws {
        for image in ["diagram.png", "landscape.jpg", "logo.svg", "ring.gif", "badge.png"] {
            try FileManager.default.copyItem(atPath: Self.samples.appendingPathComponent("images/" + image).path, toPath: folder.path(image))
        }
        let input = try folder.write("doc.md", """
            # Archive

            A [link](https://example.org) and a note[^1], emoji 👨‍👩‍👧‍👦 🇫🇷 and $x^2 + y^2$.

            ![A diagram](diagram.png)

            ![A landscape](landscape.jpg) ![A logo](logo.svg) ![A ring](ring.gif) ![badge](badge.png)

            | Name | Value |
            |------|-------|
            | a    | 1     |

            [^1]: The note.
            """)
        for level in ["a-2a", "a-2b", "a-2u", "a-3a", "a-3b", "a-3u"] {
            let (pdf, stderr) = try render(input, level + ".pdf", ["--pdf-standard", "ua-1," + level])
            XCTAssertEqual(stderr, "", level)
            XCTAssertEqual(try problems(pdf, claims: ["ua-1", level]), [], level)
            XCTAssertEqual(try PDFInspector(pdf: pdf).readerProblems(), [], level)
        }
        let (plain, _) = try render(input, "b.pdf", ["--pdf-standard", "a-2b"])
        XCTAssertEqual(try problems(plain, claims: ["a-2b"]), [])
        XCTAssertEqual(try pdfuaFindings([plain]).filter { !$0.contains("UA-28-004") }, [])
    }

    /// A CMYK JPEG (Ghostscript makes one) is written as its own bytes normally, and as RGB
    /// pixels under PDF/A, whose output intent is sRGB (DeviceCMYK is not allowed then).
    func testCMYKJPEGBecomesRGBUnderPDFA() throws {
        let jpeg = folder.path("cmyk.jpg")
        let gs = try Run.run(try Run.tool("gs"), ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=jpegcmyk", "-r20",
                                                  "-dDEVICEWIDTHPOINTS=72", "-dDEVICEHEIGHTPOINTS=72", "-sOutputFile=" + jpeg,
                                                  "-c", "1 0 0 setrgbcolor 0 0 72 72 rectfill showpage"])
        XCTAssertEqual(gs.status, 0, gs.stderrText)
        let input = try folder.write("doc.md", "# Doc\n\n![Red](cmyk.jpg)\n")
        let (normal, _) = try render(input, "n.pdf")
        XCTAssertTrue(try StandardsRules(normal).problemsOf { $0.checkArchival(part: 2, level: "b") }.contains { $0.hasPrefix("6.2.4.3-3") })
        let (archival, _) = try render(input, "a.pdf", ["--pdf-standard", "a-2b"])
        XCTAssertEqual(try problems(archival, claims: ["a-2b"]), [])
    }

    /// A character no installed font has is shown as the font's .notdef box, which PDF/UA-1
    /// (7.21.8) and PDF/A (6.2.11.8) forbid: the warning names it and nothing is claimed,
    /// though PDF/A was asked for.
    func testCharacterNoFontHasWithdrawsTheClaims() throws {
        let input = try folder.write("doc.md", "# Doc\n\nA private character \u{E000} here.\n")
        let (pdf, stderr) = try render(input, "doc.pdf", ["--pdf-standard", "ua-1,a-2b"])
        XCTAssertTrue(stderr.contains("no installed font has U+E000, shown as boxes (.notdef): ua-1,a-2b not claimed"), stderr)
        XCTAssertEqual(try problems(pdf, claims: []), [])
    }

    /// Batch passes --pdf-standard and --attach-source to its workers: each PDF carries its
    /// own source and claims; a second run with other standards renders again.
    func testBatchAttachesEachSourceAndRendersAgainForOtherStandards() throws {
        try folder.write("in/a.md", "# A\n\nAlpha.\n")
        try folder.write("in/sub/b.md", "# B\n\nBeta.\n")
        let r = try Run.run(quire, ["batch", folder.path("in"), "-o", folder.path("out"), "--attach-source", "--pdf-standard", "ua-1,a-3u", "-q"])
        XCTAssertEqual(r.status, 0, r.stderrText)
        for (pdf, name) in [("out/a.pdf", "a.md"), ("out/sub/b.pdf", "b.md")] {
            let list = try Run.run(try Run.tool("pdfdetach"), ["-list", folder.path(pdf)]).stdoutText
            XCTAssertTrue(list.contains("1: \(name)"), list)
            XCTAssertEqual(try problems(URL(fileURLWithPath: folder.path(pdf)), claims: ["ua-1", "a-3u"]), [], pdf)
        }
        let again = try Run.run(quire, ["batch", folder.path("in"), "-o", folder.path("out"), "--pdf-standard", "ua-1"])
        XCTAssertEqual(again.status, 0, again.stderrText)
        XCTAssertEqual(try problems(URL(fileURLWithPath: folder.path("out/a.pdf")), claims: ["ua-1"]), [])
    }

    // MARK: The source attached

    /// --attach-source carries the Markdown, byte for byte, as PDF/A-3's associated source
    /// file that readers list; its date and the whole PDF are the same in two runs under
    /// SOURCE_DATE_EPOCH.
    func testAttachedSourceIsListedExtractedAndDeterministic() throws {
        let text = "---\ntitle: Kept\n---\n\n# Kept\n\nThe source, with ü and 👍.\n"
        let input = try folder.write("kept.md", text)
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let (pdf, _) = try render(input, "kept.pdf", ["--attach-source", "--pdf-standard", "ua-1,a-3a"], environment: environment)
        let again = try render(input, "again.pdf", ["--attach-source", "--pdf-standard", "ua-1,a-3a"], environment: environment).pdf
        XCTAssertEqual(try Data(contentsOf: pdf), try Data(contentsOf: again))
        XCTAssertEqual(try problems(pdf, claims: ["ua-1", "a-3a"]), [])
        let list = try Run.run(try Run.tool("pdfdetach"), ["-list", pdf.path]).stdoutText
        XCTAssertTrue(list.contains("1: kept.md"), list)
        let saved = folder.path("saved.md")
        XCTAssertEqual(try Run.run(try Run.tool("pdfdetach"), ["-save", "1", "-o", saved, pdf.path]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: saved, encoding: .utf8), text)
        let rules = try StandardsRules(pdf)
        let spec = rules.dictionary(rules.array(rules.catalog["/AF"]).first) ?? [:]
        XCTAssertEqual(spec["/AFRelationship"] as? String, "/Source")
        let stream = rules.dictionary((rules.dictionary(spec["/EF"]) ?? [:])["/F"]) ?? [:]
        XCTAssertEqual(stream["/Subtype"] as? String, "/text/markdown")
        let params = stream["/Params"] as? [String: Any] ?? [:]
        XCTAssertEqual(params["/Size"] as? Int, text.utf8.count)
        XCTAssertEqual(StandardsRules.text(params["/ModDate"]), "D:20231114221320Z")
        // Without PDF/A, attaching is allowed too (and claims PDF/UA-1 only).
        let (plain, _) = try render(input, "plain.pdf", ["--attach-source"])
        XCTAssertEqual(try problems(plain, claims: ["ua-1"]), [])
    }

    /// A digest's --attach-sources carries each Markdown file by its path from the inputs'
    /// folder.
    func testDigestAttachesEverySource() throws {
        try folder.write("docs/a.md", "# A\n\nAlpha.\n")
        try folder.write("docs/sub/b.md", "# B\n\nBeta.\n")
        let digest = folder.path("digest.pdf")
        let r = try Run.run(quire, ["digest", folder.path("docs"), "-o", digest, "--attach-sources", "--pdf-standard", "ua-1,a-3u"])
        XCTAssertEqual(r.status, 0, r.stderrText)
        let list = try Run.run(try Run.tool("pdfdetach"), ["-list", digest]).stdoutText
        XCTAssertTrue(list.contains("a.md") && list.contains("sub/b.md"), list)
        XCTAssertEqual(try problems(URL(fileURLWithPath: digest), claims: ["ua-1", "a-3u"]), [])
    }

    // MARK: Emoji

    /// poppler gave 👨 ZWJ 👩 ZWJ 👧 👦 for the family: the joiners were invisible glyphs of no
    /// width drawn at one place, and poppler drops a character drawn where the same one was
    /// just drawn (fake bold). Every sequence and flag now copies whole in poppler and MuPDF.
    func testRegressionPopplerLostAJoinerOfTheFamilyEmoji() throws {
        let sequences = ["👨‍👩‍👧‍👦", "👩‍❤️‍💋‍👨", "👩🏻‍❤️‍💋‍👨🏼", "👨🏻‍👩🏻‍👧🏻‍👦🏻", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🇫🇷🇯🇵", "👩🏽‍💻", "👍🏿", "🧑‍🤝‍🧑"]
        let input = try folder.write("emoji.md", "# Emoji\n\n" + sequences.map { "Seq \($0) end." }.joined(separator: "\n\n") + "\n")
        let (pdf, _) = try render(input, "emoji.pdf")
        let inspector = PDFInspector(pdf: pdf)
        let poppler = try inspector.text(), mupdf = try inspector.mupdfText()
        for sequence in sequences {
            XCTAssertTrue(poppler.contains("Seq \(sequence) end."), "poppler: \(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
            XCTAssertTrue(mupdf.contains("Seq \(sequence) end."), "MuPDF: \(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        XCTAssertEqual(try problems(pdf, claims: ["ua-1"]), [])
    }
}

extension StandardsRules {
    /// The problems `check` finds.
    func problemsOf(_ check: (inout StandardsRules) -> Void) -> [String] {
        var copy = self
        check(&copy)
        return copy.problems
    }
}
