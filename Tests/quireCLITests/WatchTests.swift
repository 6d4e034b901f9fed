import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Issue 37: `quire watch` and `quire batch --watch`, end to end: the binary runs in the
/// background on files in the test's folder, which the test changes as an editor would.
final class WatchTests: BinaryTestCase {
    override class var folderPrefix: String { "watch" }

    /// Writes `text` as editors save: a new file renamed over the old one.
    private func save(_ name: String, _ bytes: [UInt8]) throws {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).swp")
        try Data(bytes).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, url.path), 0)
    }

    private func save(_ name: String, _ text: String) throws { try save(name, Array(text.utf8)) }

    private func text(_ pdf: String) throws -> String {
        try Run.run(try Run.tool("pdftotext"), [pdf, "-"]).stdoutText
    }

    private func inode(_ file: String) -> UInt64 {
        var info = stat()
        return stat(file, &info) == 0 ? UInt64(info.st_ino) : 0
    }

    func testWatchRendersAgainOnEveryChangeAndKeepsTheLastGoodPDF() throws {
        try save("doc.md", "# First version\n\n![logo](img/logo.png)\n")
        try save("house.json", #"{"body.size": 10}"#)
        let watch = try Background(quire, ["watch", folder.path("doc.md"), "-o", folder.path("doc.pdf"), "--template", folder.path("house.json")])
        defer { watch.stop() }
        try watch.waitFor { $0.contains("rendered \(self.folder.path("doc.pdf")) (1 page)") && $0.contains("1 warning") }
        XCTAssertTrue(watch.stderr.contains("image not found: img/logo.png"), watch.stderr)
        XCTAssertTrue(try text(folder.path("doc.pdf")).contains("First version"))

        // The input saved: the PDF replaced whole (a new file, renamed over the old one).
        let before = inode(folder.path("doc.pdf"))
        try save("doc.md", "# Second version\n\n![logo](img/logo.png)\n")
        try watch.waitFor(count: 2) { $0.contains("rendered") }
        XCTAssertTrue(try text(folder.path("doc.pdf")).contains("Second version"))
        XCTAssertNotEqual(inode(folder.path("doc.pdf")), before, "replaced by a rename, so viewers reload it")

        // The image it shows appears: rendered again, without the warning.
        try FileManager.default.createDirectory(atPath: folder.path("img"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.packageRoot.appendingPathComponent("Samples/images/badge.png"),
                                         to: folder.url.appendingPathComponent("img/logo.png"))
        try watch.waitFor(count: 3) { $0.contains("rendered") }
        XCTAssertTrue(watch.lines.last { $0.contains("rendered") }.map { !$0.contains("warning") } ?? false, watch.stderr)

        // The template changes: rendered again.
        try save("house.json", #"{"body.size": 12}"#)
        try watch.waitFor(count: 4) { $0.contains("rendered") }

        // Broken: the last good PDF stays, and the watch says why.
        let good = try Data(contentsOf: URL(fileURLWithPath: folder.path("doc.pdf")))
        try save("doc.md", [0x23, 0x20, 0xC3, 0x28, 0x0A])
        try watch.waitFor { $0.contains("failed; \(self.folder.path("doc.pdf")) kept as it was") }
        XCTAssertTrue(watch.stderr.contains("not valid UTF-8: bad byte at offset 2"), watch.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.path("doc.pdf"))), good)

        // Mended: rendered again.
        try save("doc.md", "# Third version\n")
        try watch.waitFor(count: 5) { $0.contains("rendered") }
        XCTAssertTrue(try text(folder.path("doc.pdf")).contains("Third version"))

        // Ctrl-C ends it at once, with nothing left behind.
        XCTAssertEqual(watch.interrupt(), 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("quire-") }
        XCTAssertEqual(left, [], "no temporary files")
    }

    func testWatchFollowsLinkedDocumentsAndSeveralInputs() throws {
        try save("a.md", "# A\n\nSee [b's part](b.md#part).\n")
        try save("b.md", "# B\n\n## Other\n")
        try save("single.md", "# Single\n\nSee [c](c.md#there).\n")
        let book = try Background(quire, ["watch", folder.path("a.md"), folder.path("b.md"), "-o", folder.path("book.pdf")])
        defer { book.stop() }
        let single = try Background(quire, ["watch", folder.path("single.md"), "-o", folder.path("single.pdf")])
        defer { single.stop() }
        try book.waitFor { $0.contains("rendered") && $0.contains("1 warning") }
        try single.waitFor { $0.contains("rendered") && $0.contains("1 warning") }
        // A chapter gains the heading linked to; a linked document that did not exist appears.
        try save("b.md", "# B\n\n## Part\n")
        try save("c.md", "# C\n\n## There\n")
        try book.waitFor(count: 2) { $0.contains("rendered") }
        try single.waitFor(count: 2) { $0.contains("rendered") }
        XCTAssertFalse(book.lines.last { $0.contains("rendered") }?.contains("warning") ?? true, book.stderr)
        XCTAssertFalse(single.lines.last { $0.contains("rendered") }?.contains("warning") ?? true, single.stderr)
    }

    func testBatchWatchRendersWhatChangedUntilInterrupted() throws {
        try FileManager.default.createDirectory(atPath: folder.path("docs/img"), withIntermediateDirectories: true)
        let images = Paths.packageRoot.appendingPathComponent("Samples/images")
        try FileManager.default.copyItem(at: images.appendingPathComponent("badge.png"), to: folder.url.appendingPathComponent("docs/img/pic.png"))
        try save("docs/a.md", "# A\n\n![pic](img/pic.png)\n")
        try save("docs/b.md", "# B\n")
        let batch = try Background(quire, ["batch", folder.path("docs"), "-o", folder.path("docs"), "--watch", "--jobs", "1",
                                           "--manifest", folder.path("docs/manifest.jsonl")])
        defer { batch.stop() }
        try batch.waitFor { $0.contains("2 files: 2 rendered") }
        // The image changes, whole, in one rename (a removal then a copy are two changes, which a
        // loaded machine's watcher may see a debounce apart, rendering a.md in two runs): only
        // the document that shows it.
        let staged = folder.url.appendingPathComponent("pic-staged.png")
        try FileManager.default.copyItem(at: images.appendingPathComponent("diagram.png"), to: staged)
        XCTAssertEqual(rename(staged.path, folder.path("docs/img/pic.png")), 0)
        try batch.waitFor { $0.contains("2 files: 1 rendered, 1 skipped") }
        XCTAssertTrue(batch.stderr.contains("rendered a.md"), batch.stderr)
        // A new file: rendered, the others up to date. Its PDF and the manifest, written into
        // the input folder, start nothing more.
        try save("docs/c.md", "# C\n")
        try batch.waitFor { $0.contains("3 files: 1 rendered, 2 skipped") }
        // Then one more change, whose run comes after any the outputs above would start: the
        // next run is its own, and no other ran between.
        try save("docs/d.md", "# D\n")
        try batch.waitFor { $0.contains("4 files: 1 rendered, 3 skipped") }
        XCTAssertEqual(batch.lines.filter { $0.contains("quire: batch:") }.count, 4, batch.stderr)
        XCTAssertEqual(batch.interrupt(), 130)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("docs/c.pdf")))
    }
}
