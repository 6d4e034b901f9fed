import Foundation
import XCTest

/// Images end to end: paths beside the Markdown file, `--resource-root`, warnings naming file
/// and line, PDFs that pass qpdf, and never a network request.
final class ImageCLITests: BinaryTestCase {
    override class var folderPrefix: String { "images" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let docs = folder.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let images = Paths.packageRoot.appendingPathComponent("Samples/images")
        for name in ["diagram.png", "landscape.jpg", "logo.svg", "badge.png"] {
            try FileManager.default.copyItem(at: images.appendingPathComponent(name), to: docs.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: images.appendingPathComponent("ring.gif"), to: folder.url.appendingPathComponent("ring.gif"))
    }

    private func write(_ markdown: String) throws -> URL {
        let input = folder.url.appendingPathComponent("docs/doc.md")
        try Data(markdown.utf8).write(to: input)
        return input
    }

    func testImagesBesideTheFileRenderAndWarningsNameFileAndLine() throws {
        let input = try write("# Pictures\n\n![d](diagram.png) [a link](https://example.com)\n\n![j](landscape.jpg)\n\n"
                              + "![up](../ring.gif)\n\n![far](https://example.com/far.png)\n")
        let output = folder.url.appendingPathComponent("doc.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let lines = run.stderrText.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, run.stderrText)
        XCTAssertTrue(lines[0].hasPrefix("quire: warning: \(input.path):7: image ../ring.gif is outside the resource root"), lines[0])
        XCTAssertEqual(lines[1], "quire: warning: \(input.path):9: remote image not fetched: https://example.com/far.png; a placeholder stands in")
        let check = try PDFInspector(pdf: output).check()
        XCTAssertTrue(check.passed, check.output)
        let text = try PDFInspector(pdf: output).text()
        XCTAssertTrue(text.contains("https://example.com/far.png"), "the remote URL is shown")
    }

    func testResourceRootLetsImagesComeFromAbove() throws {
        let input = try write("![up](../ring.gif)\n")
        let output = folder.url.appendingPathComponent("up.pdf")
        let run = try Run.run(quire, ["render", input.path, "-o", output.path, "--resource-root", folder.url.path])
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertEqual(run.stderrText, "", "no warning")
        let bad = try Run.run(quire, ["render", input.path, "-o", output.path, "--resource-root", folder.url.path + "/nope"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderrText.contains("--resource-root"), bad.stderrText)
    }

    /// Remote images in Markdown, HTML and inside an SVG, protocol-relative and file://host
    /// URLs: rendering makes no network system call at all (checked with strace when it can trace).
    func testNoNetworkRequestWhateverTheInput() throws {
        guard let strace = try? Run.tool("strace") else { throw XCTSkip("strace is not installed") }
        let probe = try Run.run(strace, ["-f", "-o", "/dev/null", "true"])
        guard probe.status == 0 else { throw XCTSkip("strace cannot trace here: \(probe.stderrText)") }
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='50' height='50'>"
            + "<image xlink:href='https://example.com/x.png' width='50' height='50'/>"
            + "<use xlink:href='http://example.com/defs.svg#a'/><style>@import url(https://example.com/a.css);</style></svg>"
        try Data(svg.utf8).write(to: folder.url.appendingPathComponent("docs/remote.svg"))
        let input = try write("""
            ![a](https://example.com/a.png) ![b](http://example.com/b.gif) ![c](//example.com/c.jpg)
            ![d](ftp://example.com/d.png) ![e](file://example.com/e.png) ![svg](remote.svg)

            <img src="https://example.com/f.png" width="100"> <picture><source srcset="https://example.com/g.webp"><img src="https://example.com/g.png"></picture>

            [link](https://example.com) <a href="https://example.com">html</a>
            """)
        let output = folder.url.appendingPathComponent("net.pdf")
        let log = folder.url.appendingPathComponent("strace.log")
        let run = try Run.run(strace, ["-f", "-e", "trace=network", "-o", log.path, quire.path, "render", input.path, "-o", output.path, "-q"])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("socket(") || $0.contains("connect(") || $0.contains("sendto(") }
            .filter { !$0.contains("AF_UNIX") && !$0.contains("AF_LOCAL") }
        XCTAssertEqual(calls, [], "network system calls")
        XCTAssertTrue(try PDFInspector(pdf: output).check().passed)
    }
}
