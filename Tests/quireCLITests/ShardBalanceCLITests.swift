import Foundation
import XCTest

/// Issue 49: `--shard-by size`, the shard summary line ending each shard's manifest, and
/// deploy/slurm-batch.sh's resubmission of some shards (QUIRE_SHARDS) and its container
/// branch (QUIRE_IMAGE with podman or apptainer). The same script on a live Slurm cluster is
/// `make cluster-test` (scripts/cluster-test.sh).
final class ShardBalanceCLITests: BinaryTestCase {
    override class var folderPrefix: String { "shard-balance" }
    private var docs: URL { folder.url.appendingPathComponent("docs") }

    /// 30 small files and one larger than all of them together.
    override func setUpWithError() throws {
        try super.setUpWithError()
        for k in 1...30 { try write("docs/part\(k % 3)/doc\(k).md", "# Document \(k)\n\n" + words(20 + k) + "\n") }
        try write("docs/huge.md", "# Huge\n\n" + (1...40).map { "## Part \($0)\n\n" + words(100) + "\n" }.joined(separator: "\n"))
    }

    private func words(_ n: Int) -> String { (1...n).map { "word\($0)" }.joined(separator: " ") }

    private func write(_ path: String, _ text: String) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func path(_ relative: String) -> String { folder.url.appendingPathComponent(relative).path }

    private func batch(_ out: String, _ extra: [String]) throws -> RunResult {
        try Run.run(quire, ["batch", docs.path, "-o", path(out), "-q"] + extra)
    }

    /// A manifest's lines as objects: the files' lines, and the shard's summary line (no "path").
    private func manifest(_ relative: String) throws -> (files: [[String: Any]], summary: [String: Any]?) {
        let text = try String(contentsOfFile: path(relative), encoding: .utf8)
        let lines = try text.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        return (lines.filter { $0["path"] != nil }, lines.last.flatMap { $0["path"] == nil ? $0 : nil })
    }

    private func pdfs(_ out: String) throws -> [String: Data] {
        let root = folder.url.appendingPathComponent(out)
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".pdf") }
        return try Dictionary(uniqueKeysWithValues: paths.map { ($0, try Data(contentsOf: root.appendingPathComponent($0))) })
    }

    private func size(_ relative: String) throws -> Int {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: docs.appendingPathComponent(relative).path)[.size] as? Int)
    }

    func testShardBySizeGivesTheLargeFileAShardOfItsOwnAndEachManifestEndsWithItsShard() throws {
        XCTAssertEqual(try batch("whole", []).status, 0)
        var seen: [String] = []
        for k in 1...4 {
            let run = try batch("sharded", ["--shard", "\(k)/4", "--shard-by", "size", "--manifest", path("sharded/m\(k).jsonl")])
            XCTAssertEqual(run.status, 0, run.stderrText)
            let (files, summary) = try manifest("sharded/m\(k).jsonl")
            let paths = files.map { $0["path"] as! String }
            if paths.contains("huge.md") { XCTAssertEqual(paths, ["huge.md"], "the large file alone in shard \(k)") }
            let line = try XCTUnwrap(summary, "shard \(k)'s manifest ends with its summary")
            XCTAssertEqual(line["shard"] as? String, "\(k)/4")
            XCTAssertEqual(line["by"] as? String, "size")
            XCTAssertEqual(line["files"] as? Int, files.count)
            XCTAssertEqual(line["finished"] as? Int, files.count)
            XCTAssertEqual(line["rendered"] as? Int, files.count)
            XCTAssertEqual(line["inputBytes"] as? Int, try paths.map(size).reduce(0, +))
            XCTAssertNotNil(line["seconds"] as? Double)
            seen += paths
        }
        XCTAssertEqual(seen.count, 31)
        XCTAssertEqual(Set(seen).count, 31, "every file in exactly one shard")
        let whole = try pdfs("whole"), sharded = try pdfs("sharded")
        XCTAssertEqual(Set(whole.keys), Set(sharded.keys))
        for (path, bytes) in whole { XCTAssertEqual(sharded[path], bytes, "\(path) differs between one batch and 4 shards by size") }
        // The merged manifests, summary lines and all, are what --only-failed reads.
        let merged = try (1...4).map { try String(contentsOfFile: path("sharded/m\($0).jsonl"), encoding: .utf8) }.joined()
        try Data(merged.utf8).write(to: folder.url.appendingPathComponent("merged.jsonl"))
        let retry = try batch("sharded", ["--only-failed", path("merged.jsonl")])
        XCTAssertEqual(retry.status, 0, retry.stderrText)
        XCTAssertTrue(retry.stderrText.contains("0 files: 0 rendered"), retry.stderrText)
    }

    func testShardByIsCheckedAndNeedsAShard() throws {
        for (arguments, message) in [(["--shard-by", "size"], "--shard-by needs --shard"),
                                     (["--shard", "1/2", "--shard-by", "bytes"], "invalid --shard-by 'bytes'")] {
            let run = try batch("bad", arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderrText)")
            XCTAssertTrue(run.stderrText.contains(message), run.stderrText)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("bad/huge.pdf")))
    }

    // MARK: make cluster-test

    /// The cluster test's scripts parse (the test itself needs root and Slurm: `make
    /// cluster-test`), and its corpus has several hundred files, made of Tests/Corpus and
    /// Samples: the corpus files as they are and cut into their sections.
    func testTheClusterTestsScriptsParseAndItsCorpusHasSeveralHundredFiles() throws {
        let scripts = Paths.packageRoot.appendingPathComponent("scripts")
        for script in ["cluster-test.sh", "cluster/slurm.sh"] {
            let run = try Run.run(URL(fileURLWithPath: "/bin/bash"), ["-n", scripts.appendingPathComponent(script).path])
            XCTAssertEqual(run.status, 0, "\(script): \(run.stderrText)")
        }
        let corpus = folder.url.appendingPathComponent("corpus")
        let made = try Run.run(URL(fileURLWithPath: "/usr/bin/python3"),
                               [scripts.appendingPathComponent("cluster/make-corpus.py").path, Paths.packageRoot.path, corpus.path])
        XCTAssertEqual(made.status, 0, made.stderrText)
        let files = (FileManager.default.enumerator(atPath: corpus.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
        XCTAssertEqual(Int(made.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)), files.count)
        XCTAssertGreaterThanOrEqual(files.count, 300)
        // Each corpus file's sections, in order, are the file: nothing lost, nothing invented;
        // each after the first starts at a heading of level 2 or 3.
        let originals = Paths.packageRoot.appendingPathComponent("Tests/Corpus")
        for name in try FileManager.default.contentsOfDirectory(atPath: originals.path) where name.hasSuffix(".md") && name != "SOURCES.md" {
            let prefix = "sections/" + String(name.dropLast(3)) + "/"
            let parts = try files.filter { $0.hasPrefix(prefix) }.sorted()
                .map { try String(contentsOf: corpus.appendingPathComponent($0), encoding: .utf8) }
            XCTAssertEqual(parts.joined(), try String(contentsOf: originals.appendingPathComponent(name), encoding: .utf8), name)
            for part in parts.dropFirst() { XCTAssertTrue(part.hasPrefix("## ") || part.hasPrefix("### "), "\(name): \(part.prefix(40))") }
        }
    }

    // MARK: deploy/slurm-batch.sh

    private let script = Paths.packageRoot.appendingPathComponent("deploy/slurm-batch.sh")

    /// Runs the Slurm script as array task `task` with the variables Slurm sets (and `extra`),
    /// from the test's folder, with `bin` (holding `quire` and any stand-ins) first on PATH.
    private func task(_ task: Int, first: Int, count: Int, _ extra: [String: String] = [:]) throws -> RunResult {
        let bin = folder.url.appendingPathComponent(".bin")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("quire"), withDestinationURL: quire)
        }
        var environment = extra
        environment["PATH"] = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        environment.merge(["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MIN": String(first),
                           "SLURM_ARRAY_TASK_COUNT": String(count), "SLURM_CPUS_PER_TASK": "1"]) { a, _ in a }
        return try Run.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "cd \"$0\" && exec \"$1\"", folder.url.path, script.path],
                           environment: environment, timeout: 300)
    }

    func testAResubmittedTaskRendersItsShardOfTheWholeArray() throws {
        // Task 3 of `--array=1-4`, then task 3 submitted again alone (`--array=3`): Slurm counts
        // that array as one task from 3, QUIRE_SHARDS says it is shard 3 of 4.
        XCTAssertEqual(try task(3, first: 1, count: 4, ["QUIRE_OUT": "first"]).status, 0)
        let again = try task(3, first: 3, count: 1, ["QUIRE_OUT": "again", "QUIRE_SHARDS": "4"])
        XCTAssertEqual(again.status, 0, again.stderrText)
        let first = try manifest("first/manifest-3.jsonl"), second = try manifest("again/manifest-3.jsonl")
        XCTAssertFalse(first.files.isEmpty)
        XCTAssertEqual(second.files.map { $0["path"] as! String }, first.files.map { $0["path"] as! String })
        XCTAssertEqual(second.summary?["shard"] as? String, "3/4")
        XCTAssertEqual(second.summary?["by"] as? String, "size", "the script balances by size")
    }

    /// With QUIRE_IMAGE the script runs the image: stand-ins for podman and apptainer record
    /// their command line and run what the image would (its entry point is quire).
    func testWithAnImageTheTaskRunsInPodmanOrApptainer() throws {
        _ = try task(1, first: 1, count: 1, ["QUIRE_OUT": "unused"]) // makes .bin
        let bin = folder.url.appendingPathComponent(".bin")
        let standIn = """
        #!/bin/bash
        printf '%s\\n' "$@" > "$(basename "$0").args"
        while [ "$1" != quire:test ]; do shift; done; shift
        [ "$(basename "$0")" = podman ] || shift  # apptainer exec IMAGE quire ARGS
        exec quire "$@"
        """
        for runtime in ["podman", "apptainer"] {
            try Data(standIn.utf8).write(to: bin.appendingPathComponent(runtime))
            XCTAssertEqual(chmod(bin.appendingPathComponent(runtime).path, 0o755), 0)
        }
        let uid = getuid(), gid = getgid(), here = folder.url.resolvingSymlinksInPath().path
        for runtime in ["podman", "apptainer"] {
            let run = try task(2, first: 1, count: 2, ["QUIRE_OUT": runtime + "-pdf", "QUIRE_IMAGE": "quire:test", "QUIRE_RUNTIME": runtime])
            XCTAssertEqual(run.status, 0, run.stderrText)
            let args = try String(contentsOfFile: path(runtime + ".args"), encoding: .utf8).split(separator: "\n").map(String.init)
            let expected = runtime == "podman"
                ? ["run", "--rm", "--user", "\(uid):\(gid)", "--workdir", here, "--volume", "\(here):\(here)",
                   "--volume", "\(here)/docs:\(here)/docs", "--volume", "\(here)/\(runtime)-pdf:\(here)/\(runtime)-pdf",
                   "--env", "SLURM_ARRAY_TASK_ID", "--env", "SLURM_ARRAY_TASK_COUNT", "--env", "SLURM_ARRAY_TASK_MIN", "quire:test", "batch"]
                : ["exec", "--pwd", here, "--bind", "\(here):\(here)", "--bind", "\(here)/docs:\(here)/docs",
                   "--bind", "\(here)/\(runtime)-pdf:\(here)/\(runtime)-pdf", "quire:test", "quire", "batch"]
            XCTAssertEqual(Array(args.prefix(expected.count)), expected)
            XCTAssertEqual(try manifest("\(runtime)-pdf/manifest-2.jsonl").summary?["shard"] as? String, "2/2")
            XCTAssertFalse(try pdfs(runtime + "-pdf").isEmpty)
        }
    }
}
