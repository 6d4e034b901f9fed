import Foundation
import XCTest

/// Issue 37: `quire.json`, found beside the input or in a parent up to the repository's root,
/// or named by `--config`; the command line's options win. And `quire templates --print`.
final class ConfigurationTests: BinaryTestCase {
    override class var folderPrefix: String { "config" }

    private func pageSize(_ pdf: String) throws -> String {
        let info = try Run.run(try Run.tool("pdfinfo"), [pdf]).stdoutText
        return info.split(separator: "\n").first { $0.hasPrefix("Page size:") }.map(String.init) ?? info
    }

    func testAQuireJSONInAParentFolderUpToTheRepositoryRootGivesOptionsUnderTheCommandLines() throws {
        try FileManager.default.createDirectory(atPath: folder.path("repo/.git"), withIntermediateDirectories: true)
        try folder.write("repo/quire.json", #"{"page-size": "a5", "set": {"body": {"size": 14}}, "toc": true}"#)
        let doc = try folder.write("repo/docs/guide/doc.md", "# Guide\n\n## Part\n\nText.\n")
        let run = try Run.run(quire, ["render", doc, "-o", folder.path("a5.pdf")])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let a5 = try pageSize(folder.path("a5.pdf"))
        XCTAssertTrue(a5.contains("419.528 x 595.276"), a5)
        let text = try Run.run(try Run.tool("pdftotext"), [folder.path("a5.pdf"), "-"]).stdoutText
        XCTAssertTrue(text.contains("Contents"), "toc from the configuration: \(text)")
        // The command line wins.
        let letter = try Run.run(quire, ["render", doc, "-o", folder.path("letter.pdf"), "--page-size", "letter"])
        XCTAssertEqual(letter.status, 0, letter.stderrText)
        XCTAssertTrue(try pageSize(folder.path("letter.pdf")).contains("612 x 792"))
        // --no-config reads none; --config names one.
        XCTAssertEqual(try Run.run(quire, ["render", doc, "-o", folder.path("plain.pdf"), "--no-config"]).status, 0)
        XCTAssertTrue(try pageSize(folder.path("plain.pdf")).contains("595.276 x 841.89"), "A4")
        let other = try folder.write("elsewhere/house.json", #"{"page-size": "letter"}"#)
        XCTAssertEqual(try Run.run(quire, ["render", doc, "-o", folder.path("named.pdf"), "--config", other]).status, 0)
        XCTAssertTrue(try pageSize(folder.path("named.pdf")).contains("612 x 792"))
    }

    func testTheSearchStopsAtTheRepositoryRoot() throws {
        try folder.write("outside/quire.json", #"{"page-size": "a5"}"#)
        try FileManager.default.createDirectory(atPath: folder.path("outside/repo/.git"), withIntermediateDirectories: true)
        let doc = try folder.write("outside/repo/doc.md", "# Doc\n")
        XCTAssertEqual(try Run.run(quire, ["render", doc, "-o", folder.path("doc.pdf")]).status, 0)
        XCTAssertTrue(try pageSize(folder.path("doc.pdf")).contains("595.276 x 841.89"), "the configuration above the repository is not read")
        // A worktree's .git is a file: a root all the same.
        try FileManager.default.removeItem(atPath: folder.path("outside/repo/.git"))
        try folder.write("outside/repo/.git", "gitdir: /elsewhere\n")
        XCTAssertEqual(try Run.run(quire, ["render", doc, "-o", folder.path("doc.pdf")]).status, 0)
        XCTAssertTrue(try pageSize(folder.path("doc.pdf")).contains("595.276 x 841.89"))
    }

    func testTemplateExcludesAndLinksFromTheConfigurationInABatch() throws {
        try folder.write("site/quire.json", """
        {"template": "styles/house.json", "exclude": ["node_modules/", "docs/drafts/**"], "link-ext": "md"}
        """)
        try folder.write("site/styles/house.json", #"{"page.size": "a6"}"#)
        try folder.write("site/docs/a.md", "# A\n\nSee [b](b.md).\n")
        try folder.write("site/docs/b.md", "# B\n")
        try folder.write("site/docs/node_modules/x/c.md", "# Vendored\n")
        try folder.write("site/docs/drafts/d.md", "# Draft\n")
        let run = try Run.run(quire, ["batch", folder.path("site/docs"), "-o", folder.path("pdf"), "--jobs", "1"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let made = try FileManager.default.subpathsOfDirectory(atPath: folder.path("pdf")).filter { $0.hasSuffix(".pdf") }.sorted()
        XCTAssertEqual(made, ["a.pdf", "b.pdf"], "the configuration's excludes, matched from its folder")
        XCTAssertTrue(try pageSize(folder.path("pdf/a.pdf")).contains("297.638 x 419.528"), "A6 from the template the configuration names")
        let links = try PDFInspector(pdf: URL(fileURLWithPath: folder.path("pdf/a.pdf"))).links()
        XCTAssertEqual(links.uris, ["b.md"], "link-ext md from the configuration")
        // --link-ext on the command line wins.
        XCTAssertEqual(try Run.run(quire, ["batch", folder.path("site/docs"), "-o", folder.path("pdf2"), "--link-ext", "pdf"]).status, 0)
        XCTAssertEqual(try PDFInspector(pdf: URL(fileURLWithPath: folder.path("pdf2/a.pdf"))).links().uris, ["b.pdf"])
    }

    func testABadConfigurationIsAUsageErrorNamingTheFileAndTheKey() throws {
        let doc = try folder.write("proj/doc.md", "# Doc\n")
        try folder.write("proj/quire.json", #"{"page-sise": "a5"}"#)
        let unknown = try Run.run(quire, ["render", doc])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderrText.contains("\(folder.path("proj/quire.json")): unknown key 'page-sise'; allowed keys: template, set"),
                      unknown.stderrText)
        try folder.write("proj/quire.json", #"{"toc": "yes"}"#)
        let wrong = try Run.run(quire, ["render", doc])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderrText.contains("'toc' must be true or false"), wrong.stderrText)
        try folder.write("proj/quire.json", "{\"set\": {\"body.size\": 400}}")
        let value = try Run.run(quire, ["render", doc])
        XCTAssertEqual(value.status, 2)
        XCTAssertTrue(value.stderrText.contains("body.size (quire.json \(folder.path("proj/quire.json")))"), value.stderrText)
        try folder.write("proj/quire.json", "{\n  \"toc\": true,,\n}")
        let syntax = try Run.run(quire, ["render", doc])
        XCTAssertEqual(syntax.status, 2)
        XCTAssertTrue(syntax.stderrText.contains("quire.json:2: column 15: not valid JSON here"), syntax.stderrText)
    }

    /// `quire templates --print NAME` failed; it prints the built-in template, which works as
    /// a template file of one's own.
    func testTemplatesPrintGivesABuiltinTemplateToStartFrom() throws {
        let printed = try Run.run(quire, ["templates", "--print", "compact"])
        XCTAssertEqual(printed.status, 0, printed.stderrText)
        let shipped = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Templates/compact.json"), encoding: .utf8)
        XCTAssertEqual(printed.stdoutText.trimmingCharacters(in: .newlines), shipped.trimmingCharacters(in: .newlines))
        let house = try folder.write("house.json", printed.stdoutText)
        let doc = try folder.write("doc.md", "# Doc\n\nText.\n")
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        XCTAssertEqual(try Run.run(quire, ["render", doc, "-o", folder.path("named.pdf"), "--template", "compact"], environment: epoch).status, 0)
        XCTAssertEqual(try Run.run(quire, ["render", doc, "-o", folder.path("file.pdf"), "--template", house], environment: epoch).status, 0)
        XCTAssertEqual(try pageSize(folder.path("named.pdf")), try pageSize(folder.path("file.pdf")))
        let named = try Run.run(try Run.tool("pdftotext"), ["-layout", folder.path("named.pdf"), "-"]).stdoutText
        XCTAssertEqual(named, try Run.run(try Run.tool("pdftotext"), ["-layout", folder.path("file.pdf"), "-"]).stdoutText)
        let unknown = try Run.run(quire, ["templates", "--print", "fancy"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderrText.contains("built-in templates: compact, default, digest"), unknown.stderrText)
    }
}
