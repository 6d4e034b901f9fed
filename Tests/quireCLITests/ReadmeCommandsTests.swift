import Foundation
import XCTest

/// Issue 17: every `quire` command line that README.md and Templates/README.md show runs, as
/// written, in a folder holding the files it names, and succeeds: README cannot drift from
/// the binary.
final class ReadmeCommandsTests: BinaryTestCase {
    override class var folderPrefix: String { "readme" }

    /// The `quire` lines of the READMEs' ```sh blocks, without their trailing comments.
    private func commands() throws -> [String] {
        var found: [String] = []
        for readme in ["README.md", "Templates/README.md"] {
            let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent(readme), encoding: .utf8)
            var inShell = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inShell = line == "```sh"; continue }
                guard inShell, line.hasPrefix("quire ") else { continue }
                found.append(Self.withoutComment(String(line)))
            }
        }
        return found
    }

    /// `line` up to a `#` that starts a shell comment (after a space, outside quotes).
    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "#" && previous == " " {
                return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
            }
            previous = c
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    func testEveryCommandTheREADMEsShowRuns() throws {
        let world = folder.url
        let long = (1...40).map { "## Part \($0)\n\n" + (1...80).map { "word\($0)" }.joined(separator: " ") }.joined(separator: "\n\n")
        let files = [
            "INPUT.md": "# Input\n\n" + long, "in.md": "# Piped\n\nText.\n", "doc.md": "# Doc\n\nText.\n",
            "README.md": "# Readme\n\n" + long, "CHANGELOG.md": "# Changes\n\n- one\n",
            "docs/x.md": "# X\n\n![pic](../pic.png)\n", "docs/guide.md": "# Guide\n\nSee [x](x.md).\n",
            "house-style.json": #"{"body.size": 11, "page": {"size": "a5"}}"#, "manifest.jsonl": "",
            "a.md": "# A\n\nSee [b](b.md#b).\n", "b.md": "# B\n", "c.md": "# C\n", "guide.md": "# Guide\n\nText.\n",
        ]
        for (name, text) in files {
            let url = world.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // `quire` on PATH is the built binary.
        let bin = world.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("quire"), withDestinationURL: quire)
        let commands = try commands()
        XCTAssertGreaterThanOrEqual(commands.count, 18, "the READMEs' commands were found: \(commands)")
        for command in commands {
            // A watch runs until Ctrl-C: it gets one once it has rendered, and ends with 130.
            if command.hasPrefix("quire watch") || command.contains("--watch") {
                let watch = try Background(URL(fileURLWithPath: "/bin/sh"),
                                           ["-c", "cd \"$0\" && PATH=\"$1:$PATH\" && exec \(command)", world.path, bin.path])
                defer { watch.stop() }
                XCTAssertNoThrow(try watch.waitFor { $0.contains("rendered") }, command)
                XCTAssertEqual(watch.interrupt(), 130, "\(command)\n\(watch.stderr)")
                continue
            }
            let run = try Run.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd \"$0\" && \(command)", world.path],
                                  environment: ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
            XCTAssertEqual(run.status, 0, "\(command)\n\(run.stderrText)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: world.appendingPathComponent("INPUT.pdf").path), "INPUT.pdf beside INPUT.md")
        XCTAssertTrue(FileManager.default.fileExists(atPath: world.appendingPathComponent("pdf/x.pdf").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: world.appendingPathComponent("page2.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: world.appendingPathComponent("book.pdf").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: world.appendingPathComponent("guide.pdf").path), "the watch rendered")
    }

    func testCommentsAreCutOutsideQuotesOnly() {
        XCTAssertEqual(Self.withoutComment("quire render a.md   # a comment"), "quire render a.md")
        XCTAssertEqual(Self.withoutComment("quire render a.md --set 'link.color=\"#aa3300\"'"), "quire render a.md --set 'link.color=\"#aa3300\"'")
    }
}
