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
