import Foundation
import Quire
import XCTest

/// Issue 5 through the binary: templates, --set, front matter warnings.
final class TemplateCLITests: BinaryTestCase {
    override class var folderPrefix: String { "templates" }
    private var input: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        input = folder.url.appendingPathComponent("doc.md")
        try Data("# Doc\n\n- a list item\n\nText.\n".utf8).write(to: input)
    }

    /// Regression: errors from --page-size and --excerpt-lines said "(--set)", hints pointed
    /// to Templates/README.md (not installed), and the --excerpt-lines error offered "or 0 or
    /// null", which the option refuses.
    func testErrorsNameTheOptionTypedAndHintAtTemplatesKeys() throws {
        let pdf = folder.url.appendingPathComponent("x.pdf").path
        let size = try Run.run(quire, ["render", input.path, "-o", pdf, "--page-size", "9 by 12"])
        XCTAssertEqual(size.status, 2)
        XCTAssertTrue(size.stderrText.contains("for page.size (--page-size)"), size.stderrText)
        XCTAssertTrue(size.stderrText.contains("hint: 'quire templates --keys'"), size.stderrText)
        XCTAssertFalse(size.stderrText.contains("README"), size.stderrText)
        let lines = try Run.run(quire, ["render", input.path, "-o", pdf, "--excerpt-lines", "1001"])
        XCTAssertEqual(lines.status, 2)
        XCTAssertTrue(lines.stderrText.contains("--excerpt-lines"), lines.stderrText)
        XCTAssertFalse(lines.stderrText.contains("null"), lines.stderrText)
        let landscape = try Run.run(quire, ["render", input.path, "-o", pdf, "--page-size=210x297mm", "--landscape"])
        XCTAssertEqual(landscape.status, 0, landscape.stderrText)
        let info = try Run.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf])
        XCTAssertTrue(info.stdoutText.contains("841.89 x 595.276 pts"), info.stdoutText)
    }

    func testTemplatesListsTheBuiltins() throws {
        let run = try Run.run(quire, ["templates"])
        XCTAssertEqual(run.status, 0)
        let names = run.stdoutText.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertEqual(names.sorted(), ["compact", "default", "digest"])
    }

    func testEveryBuiltinTemplateRenders() throws {
        for name in ["default", "compact", "digest"] {
            let pdf = folder.url.appendingPathComponent("\(name).pdf")
            let run = try Run.run(quire, ["render", input.path, "-o", pdf.path, "--template", name])
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderrText)")
            XCTAssertTrue(try PDFInspector(pdf: pdf).check().passed)
        }
    }

    func testInvalidSetExits2NamingKeyValueAndAllowed() throws {
        let pdf = folder.url.appendingPathComponent("out.pdf")
        let bad = try Run.run(quire, ["render", input.path, "-o", pdf.path, "--set", "body.align=middle"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderrText.contains("invalid value 'middle' for body.align"), bad.stderrText)
        XCTAssertTrue(bad.stderrText.contains("left, right, center, justify"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf.path), "nothing written")
        let unknown = try Run.run(quire, ["preview", input.path, "--set", "nope=1"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderrText.contains("unknown key 'nope'"))
        let template = try Run.run(quire, ["render", input.path, "--template", "missing"])
        XCTAssertEqual(template.status, 2)
        XCTAssertTrue(template.stderrText.contains("built-in templates: compact, default, digest"), template.stderrText)
    }

    func testMalformedFrontMatterWarnsWithItsLine() throws {
        try Data("---\ntitle: ok\nnot a key value\n---\n\nBody.\n".utf8).write(to: input)
        let run = try Run.run(quire, ["render", input.path, "-o", folder.url.appendingPathComponent("fm.pdf").path])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderrText.contains("quire: warning: \(input.path):3:1: front matter is not valid YAML at 'title'"), run.stderrText)
    }
}
