import Foundation
import XCTest

/// Issue 48, points 4 and 12: a message names the line (and column) of what it is about,
/// not the first line of the paragraph around it, nor a byte offset alone; point 14: the
/// GitHub sample keeps its PDF/UA-1 claim.
final class CommandLineTriedPositionTests: BinaryTestCase {
    override class var folderPrefix: String { "tried-lines" }

    /// The warnings of rendering `markdown` (as `name`), each "LINE: message" after the name.
    private func warnings(_ markdown: String, name: String = "lnk.md") throws -> [String] {
        let input = try folder.write(name, markdown)
        let run = try Run.run(quire, ["render", input, "-o", folder.path("out.pdf")])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let prefix = "quire: warning: \(input):"
        return run.stderrText.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// Point 4: links on lines 4 and 5 of a paragraph that starts on line 3 were reported at
    /// `lnk.md:3`. Each names its own line, also after a code span and a link whose text
    /// cross a line end, and inside raw HTML's paragraph.
    func testRegressionLinkWarningsNameTheLinksLineNotTheParagraphs() throws {
        let found = try warnings("# Links\n\nFirst line of the paragraph,\nthen [one](#gone-1) here\nand [two](#gone-2).\n"
                                 + "A `code\nspan` then [three](#gone-3), [four\nacross](#gone-4)\n\n"
                                 + "Raw <b>bold\n</b> `code\nspan` [five](#gone-5) <a href=\"#gone-6\">six</a>\n[seven](#gone-7)\n")
        let lines = found.filter { $0.contains("missing anchor") }.map { $0.prefix { $0 != ":" } }
        XCTAssertEqual(lines, ["4", "5", "7", "7", "12", "12", "13"], found.joined(separator: "\n"))
    }

    /// Point 4: `Samples/github.md` named its badges on lines 120 and 121 at line 119, where
    /// their paragraph starts, in the image warnings, while the PDF/UA-1 check said 121. An
    /// image's warnings (not found; no alt text) and the claim's withdrawal name one line.
    func testRegressionImageWarningsNameTheImagesLine() throws {
        let found = try warnings("# Images\n\nA paragraph whose images\nare on [![](missing-a.png)](https://example.com)\n"
                                 + "and ![](missing-b.png) and\n\nRaw HTML here\n<img src=\"missing-c.png\"> and ![](missing-d.png)\n", name: "img.md")
        let text = found.joined(separator: "\n")
        for (line, image) in [(4, "missing-a.png"), (5, "missing-b.png"), (8, "missing-c.png"), (8, "missing-d.png")] {
            let about = found.filter { $0.contains(image) }
            XCTAssertEqual(about.count, 2, "not found and no alt text: \(text)")
            XCTAssertTrue(about.allSatisfy { $0.hasPrefix("\(line):") }, "\(image) on line \(line): \(text)")
        }
        XCTAssertTrue(text.contains("PDF/UA-1 not claimed: the images at lines 4, 5, 8, 8 have no alt text"), text)
    }

    /// Point 12: a Latin-1 file was refused with a byte offset alone. The error names its line
    /// and column, the byte, and the command that converts it.
    func testRegressionALatin1FileGetsItsLineColumnAndAnIconvHint() throws {
        let input = folder.path("latin1.md")
        var bytes = Array("# Title\n\nLe caf".utf8) + [0xE9] + Array(" est chaud.\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let run = try Run.run(quire, ["render", input, "-o", folder.path("out.pdf")])
        XCTAssertEqual(run.status, 1, run.stderrText)
        XCTAssertTrue(run.stderrText.contains("not valid UTF-8: bad byte at offset 15 (line 3, column 7: byte 0xE9)"), run.stderrText)
        XCTAssertTrue(run.stderrText.contains("iconv -f latin1 -t utf-8 \(input) > \(folder.path("latin1.utf8.md"))"), run.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out.pdf")))
        // A long file (read through a memory map, a section at a time) says the same.
        bytes = Array(repeating: UInt8(ascii: "a"), count: 10) + [0x0A] + Array(repeating: UInt8(ascii: "b"), count: 2 << 20) + [0xFC, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let long = try Run.run(quire, ["render", input, "-o", folder.path("out.pdf")])
        XCTAssertEqual(long.status, 1, long.stderrText)
        XCTAssertTrue(long.stderrText.contains("(line 2, column \((2 << 20) + 1): byte 0xFC); if the file is Latin-1"), long.stderrText)
    }

    /// Point 14: `Samples/github.md` said empty-alt badges are named from their URL, yet its
    /// dynamic badge warned twice (no alt text, which dropped the PDF/UA-1 claim; not fetched).
    /// The rule is right (a dynamic badge's URL does not say what it shows); the sample shows
    /// static badges only, drawn without the network. (Its Mermaid block warns: issue 47.)
    func testRegressionTheGitHubSampleKeepsItsPDFUAClaim() throws {
        let sample = Paths.packageRoot.appendingPathComponent("Samples/github.md").path
        let run = try Run.run(quire, ["render", sample, "-o", folder.path("github.pdf")])
        XCTAssertEqual(run.status, 0, run.stderrText)
        let warnings = run.stderrText.split(separator: "\n").filter { !$0.contains("mermaid") }
        XCTAssertEqual(warnings, [], run.stderrText)
    }
}
