import Foundation
import XCTest

/// Issue 18 end to end: highlighted code reaches the PDF in colour with its text layer
/// unchanged; hard inputs (1 MB blocks, a 100 KB line, nonsense in every language, a
/// definition that fails to load) still give a PDF; a document without tagged code never
/// loads GtkSourceView.
final class HighlightCLITests: BinaryTestCase {
    override class var folderPrefix: String { "highlight" }

    private var sample: URL { Paths.packageRoot.appendingPathComponent("Samples/code.md") }

    /// Renders `markdown` (written to NAME.md) to NAME.pdf; checks exit status 0 and qpdf.
    @discardableResult
    private func render(_ markdown: String, _ name: String, _ extra: [String] = [],
                        environment: [String: String] = [:]) throws -> (pdf: URL, input: URL, run: RunResult) {
        let input = folder.url.appendingPathComponent("\(name).md")
        try Data(markdown.utf8).write(to: input)
        let pdf = folder.url.appendingPathComponent("\(name).pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", pdf.path] + extra, environment: environment)
        XCTAssertEqual(run.status, 0, "\(name): \(run.stderrText)")
        let check = try PDFInspector(pdf: pdf).check()
        XCTAssertTrue(check.passed, "\(name): qpdf --check\n\(check.output)")
        return (pdf, input, run)
    }

    /// The text as pdftotext gives it with `options` ("-layout", "-raw").
    private func text(_ pdf: URL, _ options: [String]) throws -> String {
        let r = try Run.run(try Run.tool("pdftotext"), options + ["-enc", "UTF-8", pdf.path, "-"])
        XCTAssertEqual(r.status, 0, r.stderrText)
        return r.stdoutText
    }

    /// Pixels of page 1 (at 30 dpi) whose red, green and blue differ by more than 60: colour,
    /// not black, white or grey.
    private func colouredPixels(_ pdf: URL) throws -> Int {
        try pixels(pdf) { $0.max()! - $0.min()! > 60 }
    }

    /// Pixels of page 1 (at 30 dpi) whose red, green and blue values `count`.
    private func pixels(_ pdf: URL, count: ([Int]) -> Bool) throws -> Int {
        let r = try Run.run(try Run.tool("pdftoppm"), ["-r", "30", "-f", "1", "-l", "1", pdf.path])
        XCTAssertEqual(r.status, 0, r.stderrText)
        // P6 header: "P6\nW H\n255\n", then RGB bytes.
        let bytes = [UInt8](r.stdout)
        var newlines = 0, start = 0
        while newlines < 3, start < bytes.count { if bytes[start] == 0x0A { newlines += 1 }; start += 1 }
        return stride(from: start, to: bytes.count - 2, by: 3).filter { count(bytes[$0..<($0 + 3)].map(Int.init)) }.count
    }

    /// The text MuPDF extracts (`mutool draw -F txt`), which keeps every space as drawn.
    private func mupdfText(_ pdf: URL) throws -> String {
        let r = try Run.run(try Run.tool("mutool"), ["draw", "-q", "-F", "txt", "-o", "-", pdf.path])
        XCTAssertEqual(r.status, 0, r.stderrText)
        return r.stdoutText
    }

    /// The text layer is the code's: the same characters in the same order as the same blocks
    /// set without a language (poppler, raw and in reading order), and every code line of the
    /// sample verbatim, indentation included, in what MuPDF extracts. (Readers that guess
    /// columns and paragraphs from text objects may group lines differently: a colour change
    /// starts a new text object in Cairo's PDF. MuPDF puts one blank line more, poppler's
    /// `-layout` one space less before one indented line.)
    func testTheSampleIsColouredAndItsTextLayerIsThatOfThePlainCode() throws {
        let markdown = try String(contentsOf: sample, encoding: .utf8)
        let plainMarkdown = markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("```") ? "```" : String($0) }.joined(separator: "\n")
        let highlighted = try render(markdown, "code")
        let plain = try render(plainMarkdown, "plain")
        XCTAssertEqual(highlighted.run.stderrText, "", "no warning")
        for options in [[], ["-raw"]] {
            XCTAssertEqual(try text(highlighted.pdf, options), try text(plain.pdf, options), "pdftotext \(options)")
        }
        let extracted = Set(try mupdfText(highlighted.pdf).split(separator: "\n").map(String.init))
        let extractedPlain = Set(try mupdfText(plain.pdf).split(separator: "\n").map(String.init))
        var inFence = false, checked = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            // Every code line the plain block gives verbatim (those that do not wrap), indentation included.
            guard inFence, !line.trimmingCharacters(in: .whitespaces).isEmpty, extractedPlain.contains(String(line)) else { continue }
            XCTAssertTrue(extracted.contains(String(line)), "not copied exactly: '\(line)'")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50)
        XCTAssertGreaterThan(try colouredPixels(highlighted.pdf), 200, "highlighted code is in colour")
        XCTAssertEqual(try colouredPixels(plain.pdf), 0, "the same page without languages has no colour")
    }

    func testADarkThemeFromSetShadesTheBlocks() throws {
        let shaded = try render("```swift\nlet x = 1\n```\n", "dark", ["--set", "code.theme=cobalt"])
        XCTAssertEqual(shaded.run.stderrText, "")
        let dark = { (rgb: [Int]) in rgb.max()! < 90 }
        let light = try render("```swift\nlet x = 1\n```\n", "light")
        XCTAssertGreaterThan(try pixels(shaded.pdf, count: dark), 1000, "cobalt's dark blue block")
        XCTAssertLessThan(try pixels(light.pdf, count: dark), 300, "only the text is dark with github")
        let bad = try Run.run(quire, ["render", shaded.input.path, "-o", shaded.pdf.path, "--set", "code.theme=not a theme"])
        XCTAssertEqual(bad.status, 2, "a value that cannot name a scheme is a usage error")
        XCTAssertTrue(bad.stderrText.contains("code.theme"), bad.stderrText)
    }

    /// Issue 48: an unknown theme is a usage error at once, as any key's bad value (it was a
    /// warning, given only when a block was highlighted).
    func testAnUnknownThemeIsAUsageErrorNamingTheInstalledOnes() throws {
        let input = try folder.write("unknown.md", "```swift\nlet x = 1\n```\n\n```c\nint y;\n```\n")
        let run = try Run.run(quire, ["render", input, "-o", folder.path("unknown.pdf"), "--set", "code.theme=neon"])
        XCTAssertEqual(run.status, 2, run.stderrText)
        XCTAssertEqual(run.stderrText, "quire: error: code theme 'neon' (code.theme) is not installed\n"
                       + "hint: installed: classic, cobalt, github, github-dark, kate, oblivion, solarized-dark, solarized-light, tango "
                       + "('quire templates --keys' lists them)\n")
    }

    func testTemplatesKeysListsTheThemesAndLanguages() throws {
        let run = try Run.run(quire, ["templates", "--keys"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertTrue(run.stdoutText.contains("| `code.theme` | string | `\"github\"` |"), "the key")
        XCTAssertTrue(run.stdoutText.contains("Code themes (code.theme): classic, cobalt, github (default), github-dark, kate, oblivion, solarized-dark, solarized-light, tango."),
                      run.stdoutText)
        XCTAssertTrue(run.stdoutText.contains(", swift, "), "the languages")
    }

    /// A block of one 100 KB line: a PDF, highlighted in its first 1,000 bytes, one warning.
    /// (A 1 MB block: `PathologicalTests.testHighlightedCodeOfAMegabyte`.)
    func testAHundredKilobyteLineIsOneWarning() throws {
        let line = String(repeating: "var a = \"s\" + /re/g.test(b); ", count: 3500).prefix(100_000)
        let long = try render("# Line\n\n```js\n\(line)\n```\n", "line")
        let warnings = long.run.stderrText.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, long.run.stderrText)
        XCTAssertEqual(String(warnings.first ?? ""), "quire: warning: \(long.input.path):3: line 1 of the code (js) is 100000 bytes long; "
                       + "only its first 1000 bytes are highlighted")
    }

    /// Code that no grammar expects (unclosed strings and comments, stray brackets and quotes,
    /// control characters, right-to-left text, emoji) in every language installed.
    func testNonsenseInEveryLanguageGivesAPDFWithoutWarnings() throws {
        let keys = try Run.run(quire, ["templates", "--keys"])
        guard let listLine = keys.stdoutText.split(separator: "\n").first(where: { $0.hasPrefix("Code languages") }),
              let colon = listLine.range(of: "): ") else { return XCTFail("no language list: \(keys.stdoutText)") }
        let languages = listLine[colon.upperBound...].dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertGreaterThan(languages.count, 100)
        let nonsense = "\"unclosed ' string /* comment <tag attr=\n}]) ((( \\ \u{7} ${ #{ <!-- <?php `\n"
            + "مرحبا שלום 👩🏽‍💻 \u{200B}\t\t\\\n*/ \"\"\" ''' end"
        let markdown = languages.map { "```\($0)\n\(nonsense)\n```\n" }.joined(separator: "\n")
        let result = try render(markdown, "nonsense")
        XCTAssertEqual(result.run.stderrText, "")
        let text = try PDFInspector(pdf: result.pdf).text()
        XCTAssertEqual(text.components(separatedBy: "unclosed").count - 1, languages.count, "every block's text is there")
    }

    /// A definition of one's own that fails to load (here a broken regular expression, found
    /// through XDG_DATA_HOME as GtkSourceView finds user definitions): plain, one warning at
    /// the language's first block.
    func testADefinitionThatFailsToLoadIsPlainWithOneWarning() throws {
        let specs = folder.url.appendingPathComponent("data/gtksourceview-4/language-specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let broken = """
            <?xml version="1.0" encoding="UTF-8"?>
            <language id="broken" name="Broken" version="2.0" _section="Source">
              <definitions>
                <context id="broken">
                  <include><context id="bad" style-ref="def:keyword"><match>((unclosed</match></context></include>
                </context>
              </definitions>
            </language>
            """
        try Data(broken.utf8).write(to: specs.appendingPathComponent("broken.lang"))
        let result = try render("# B\n\n```broken\nsome ((code\n```\n\n```broken\nmore\n```\n\n```swift\nlet x = 1\n```\n", "broken",
                                environment: ["XDG_DATA_HOME": folder.url.appendingPathComponent("data").path])
        let warnings = result.run.stderrText.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, result.run.stderrText)
        XCTAssertTrue(warnings[0].hasPrefix("quire: warning: \(result.input.path):3: the highlighting definition of 'broken' could not be loaded (Failed to load"),
                      String(warnings[0]))
        XCTAssertTrue(warnings[0].hasSuffix("; its code is set plain"), String(warnings[0]))
        XCTAssertTrue(try PDFInspector(pdf: result.pdf).text().contains("some ((code"))
        XCTAssertGreaterThan(try colouredPixels(result.pdf), 0, "the Swift block is still highlighted")
    }

    /// Definitions are validated against GtkSourceView's schema without its `pattern` facets
    /// (libxml2 compiled one regular expression per attribute checked: most of the cost of
    /// loading Markdown's definition). So an id with a character the facets forbid loads and
    /// highlights, where it failed before; a definition whose structure is wrong still fails
    /// to load, with one warning.
    func testDefinitionsAreValidatedWithoutTheSchemasPatternFacets() throws {
        let specs = folder.url.appendingPathComponent("schema/gtksourceview-4/language-specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        func definition(_ id: String, _ body: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <language id="\(id)" name="\(id)" version="2.0" _section="Source">
              <definitions>
                <context id="\(id)">
                  <include>\(body)</include>
                </context>
              </definitions>
            </language>
            """
        }
        // A dot is outside the facets' [a-zA-Z0-9_\-]: the context's id is not an id to them.
        try Data(definition("dotted", #"<context id="key.word" style-ref="def:type"><keyword>magic</keyword></context>"#).utf8)
            .write(to: specs.appendingPathComponent("dotted.lang"))
        // A context holding an element the schema does not know.
        try Data(definition("malformed", #"<context id="bad" style-ref="def:keyword"><nonsense/></context>"#).utf8)
            .write(to: specs.appendingPathComponent("malformed.lang"))
        let environment = ["XDG_DATA_HOME": folder.url.appendingPathComponent("schema").path]
        let dotted = try render("```dotted\nmagic words\n```\n", "dotted", environment: environment)
        XCTAssertEqual(dotted.run.stderrText, "")
        XCTAssertGreaterThan(try colouredPixels(dotted.pdf), 0, "the keyword is highlighted (dark blue)")
        let malformed = try render("```malformed\nmagic words\n```\n", "malformed", environment: environment)
        let warnings = malformed.run.stderrText.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, malformed.run.stderrText)
        XCTAssertTrue(warnings.first?.contains("the highlighting definition of 'malformed' could not be loaded") == true,
                      malformed.run.stderrText)
    }

    /// A process that highlights nothing pays nothing: GtkSourceView is opened only for a
    /// document with tagged code (checked with strace when it can trace).
    func testGtkSourceViewIsLoadedOnlyForTaggedCode() throws {
        guard let strace = try? Run.tool("strace") else { throw XCTSkip("strace is not installed") }
        func opensSourceView(_ markdown: String, _ name: String) throws -> Bool {
            let input = folder.url.appendingPathComponent("\(name).md")
            try Data(markdown.utf8).write(to: input)
            let log = folder.url.appendingPathComponent("\(name).strace")
            let run = try Run.run(strace, ["-f", "-e", "trace=openat,open", "-o", log.path, quire.path, "render", input.path,
                                           "-o", folder.url.appendingPathComponent("\(name).pdf").path])
            guard run.status == 0 else { throw XCTSkip("strace cannot trace here: \(run.stderrText)") }
            return try String(contentsOf: log, encoding: .utf8).contains("libgtksourceview-4")
        }
        XCTAssertFalse(try opensSourceView("# Plain\n\n```\nplain\n```\n\n    indented\n\n```text\nx\n```\n\nInline `code`.\n", "plain"))
        XCTAssertTrue(try opensSourceView("```swift\nlet x = 1\n```\n", "tagged"))
    }
}
