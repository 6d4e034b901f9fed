import Foundation
import XCTest

/// Regression (issue 17): every digest had an outline entry "Contents" leading to a
/// destination "toc" that did not exist. Every outline entry and every internal link of every
/// PDF Quire writes must resolve, whatever the command.
final class TargetsTests: BinaryTestCase {
    override class var folderPrefix: String { "targets" }

    private func assertEveryTargetResolves(_ pdf: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let links = try PDFInspector(pdf: pdf).links()
        XCTAssertFalse(links.outlineTargets.isEmpty, "\(pdf.lastPathComponent) has an outline", file: file, line: line)
        XCTAssertEqual(links.unresolvedOutline, [], "outline of \(pdf.lastPathComponent)", file: file, line: line)
        XCTAssertEqual(links.unresolved, [], "links of \(pdf.lastPathComponent)", file: file, line: line)
        XCTAssertEqual(links.destinationsOffPage, [], file: file, line: line)
    }

    func testEveryOutlineEntryAndInternalLinkResolvesInRenderDigestAndBatch() throws {
        let docs = folder.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let text = "# Guide\n\nSee [usage](#usage), [notes](other.md#why) and a note.[^1]\n\n"
            + "## Usage\n\n" + (1...300).map { "word\($0)" }.joined(separator: " ") + "\n\n[^1]: The note.\n"
        try Data(text.utf8).write(to: docs.appendingPathComponent("guide.md"))
        try Data("# Other\n\n## Why\n\nBecause. [Back](guide.md)\n".utf8).write(to: docs.appendingPathComponent("other.md"))
        let rendered = folder.url.appendingPathComponent("guide.pdf")
        XCTAssertEqual(try Run.run(quire, ["render", docs.appendingPathComponent("guide.md").path, "-o", rendered.path]).status, 0)
        try assertEveryTargetResolves(rendered)
        let excerpts = folder.url.appendingPathComponent("excerpts.pdf")
        XCTAssertEqual(try Run.run(quire, ["render", docs.appendingPathComponent("guide.md").path, "-o", excerpts.path,
                                           "--excerpt-lines", "2"]).status, 0)
        try assertEveryTargetResolves(excerpts)
        let digest = folder.url.appendingPathComponent("digest.pdf")
        XCTAssertEqual(try Run.run(quire, ["digest", docs.path, "-o", digest.path, "--excerpt-lines", "2"]).status, 0)
        try assertEveryTargetResolves(digest)
        let out = folder.url.appendingPathComponent("out")
        XCTAssertEqual(try Run.run(quire, ["batch", docs.path, "-o", out.path]).status, 0)
        for name in ["guide.pdf", "other.pdf"] { try assertEveryTargetResolves(out.appendingPathComponent(name)) }
    }
}
