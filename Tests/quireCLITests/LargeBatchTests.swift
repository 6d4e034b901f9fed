import Foundation
import XCTest

/// Issue 22: batches past one machine. Shards through the binary (byte-identical to one
/// batch), manifests and retries, README's GNU parallel lines, and the Kubernetes, Slurm and
/// container files in deploy/ (run here as their schedulers would run them, where this
/// machine can).
final class LargeBatchTests: BinaryTestCase {
    override class var folderPrefix: String { "large" }
    private var docs: URL { folder.url.appendingPathComponent("docs") }

    /// 24 small files in three folders, linking to each other.
    override func setUpWithError() throws {
        try super.setUpWithError()
        for k in 1...24 {
            let next = (k % 24) + 1
            try write("docs/part\(k % 3)/doc\(k).md",
                      "# Document \(k)\n\nSee [the next](../part\(next % 3)/doc\(next).md#document-\(next)).\n\n## Body\n\n"
                      + (1...(20 * k)).map { "word\($0)" }.joined(separator: " ") + "\n")
        }
    }

    private func write(_ path: String, _ text: String) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func batch(_ out: String, _ extra: [String], environment: [String: String] = [:]) throws -> RunResult {
        try Run.run(quire, ["batch", docs.path, "-o", folder.url.appendingPathComponent(out).path, "-q"] + extra,
                    environment: environment)
    }

    private func path(_ relative: String) -> String { folder.url.appendingPathComponent(relative).path }

    /// The manifest's files' lines as objects (a shard's summary line, which has no "path",
    /// left out: ShardBalanceCLITests checks it).
    private func manifest(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
        return try text.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            .filter { $0["path"] != nil }
    }

    /// Relative path → bytes of every PDF under `out`.
    private func pdfs(_ out: String) throws -> [String: Data] {
        let root = folder.url.appendingPathComponent(out)
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".pdf") }
        return try Dictionary(uniqueKeysWithValues: paths.map { ($0, try Data(contentsOf: root.appendingPathComponent($0))) })
    }

    func testFourShardsMakeTheSamePDFsAsOneBatchEachFileOnce() throws {
        XCTAssertEqual(try batch("whole", []).status, 0)
        var seen: [String] = []
        for k in 1...4 {
            let run = try batch("sharded", ["--shard", "\(k)/4", "--manifest", path("sharded/m\(k).jsonl"), "--jobs", String(k % 2 + 1)])
            XCTAssertEqual(run.status, 0, run.stderrText)
            let lines = try manifest("sharded/m\(k).jsonl")
            XCTAssertTrue(run.stderrText.contains("shard \(k)/4: \(lines.count) of 24 files: \(lines.count) rendered"), run.stderrText)
            XCTAssertGreaterThan(lines.count, 2, "shard \(k) is not empty")
            seen += lines.map { $0["path"] as! String }
        }
        XCTAssertEqual(seen.count, 24)
        XCTAssertEqual(Set(seen).count, 24, "every file in exactly one shard")
        let whole = try pdfs("whole"), sharded = try pdfs("sharded")
        XCTAssertEqual(whole.count, 24)
        XCTAssertEqual(Set(whole.keys), Set(sharded.keys))
        for (path, bytes) in whole { XCTAssertEqual(sharded[path], bytes, "\(path) differs between one batch and 4 shards") }
        // The same shard again: everything up to date.
        XCTAssertTrue(try batch("sharded", ["--shard", "2/4"]).stderrText.contains("0 rendered"))
    }

    func testShardFromTheSchedulersEnvironment() throws {
        XCTAssertEqual(try batch("explicit", ["--shard", "3/4", "--manifest", path("explicit.jsonl")]).status, 0)
        let expected = Set(try manifest("explicit.jsonl").map { $0["path"] as! String })
        let environments = [
            ["JOB_COMPLETION_INDEX": "2", "JOB_COMPLETION_COUNT": "4"],
            ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"],
        ]
        for (k, environment) in environments.enumerated() {
            let run = try batch("env\(k)", ["--shard", "env", "--manifest", path("env\(k).jsonl")], environment: environment)
            XCTAssertEqual(run.status, 0, run.stderrText)
            XCTAssertEqual(Set(try manifest("env\(k).jsonl").map { $0["path"] as! String }), expected, "\(environment)")
        }
        let usage: [([String], [String: String], String)] = [
            (["--shard", "0/4"], [:], "invalid --shard '0/4'"), (["--shard", "5/4"], [:], "invalid --shard '5/4'"),
            (["--shard", "half"], [:], "invalid --shard 'half'"),
            (["--shard", "env"], ["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETION_COUNT": "4"],
             "JOB_COMPLETION_INDEX=4 is not one of 4 shards counted from 0"),
            (["--only-failed", folder.url.appendingPathComponent("none.jsonl").path], [:], "--only-failed: "),
            (["--manifest", path("docs/part1/doc1.md")], [:], "is one of the inputs"),
        ]
        for (arguments, environment, message) in usage {
            let run = try batch("bad", arguments, environment: environment)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderrText.contains(message), run.stderrText)
        }
        XCTAssertTrue(try String(contentsOfFile: path("docs/part1/doc1.md"), encoding: .utf8).hasPrefix("# Document 1"), "not overwritten")
    }

    func testTheManifestRecordsEveryFileAndOnlyFailedRetriesTheFailures() throws {
        try Data([0x23, 0x20, 0xC3, 0x28]).write(to: docs.appendingPathComponent("part0/bad.md"))
        let first = try batch("out", ["--manifest", path("run1.jsonl")])
        XCTAssertEqual(first.status, 1)
        let lines = try manifest("run1.jsonl")
        XCTAssertEqual(lines.count, 25)
        let bad = try XCTUnwrap(lines.first { $0["path"] as? String == "part0/bad.md" })
        XCTAssertEqual(bad["status"] as? String, "failed")
        XCTAssertTrue((bad["reason"] as? String ?? "").hasPrefix("not valid UTF-8: bad byte at offset 2 (line 1, column 3: byte 0xC3)"), "\(bad)")
        XCTAssertTrue(bad["pages"] is NSNull && bad["bytes"] is NSNull && bad["settings"] is NSNull)
        let good = try XCTUnwrap(lines.first { $0["path"] as? String == "part1/doc1.md" })
        XCTAssertEqual(good["status"] as? String, "rendered")
        XCTAssertEqual(good["output"] as? String, "part1/doc1.pdf")
        XCTAssertTrue(good["reason"] is NSNull)
        XCTAssertEqual(good["pages"] as? Int, 1)
        let size = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("out/part1/doc1.pdf").path)[.size] as? Int
        XCTAssertEqual(good["bytes"] as? Int, size)
        XCTAssertEqual((good["settings"] as? String)?.count, 16)
        XCTAssertNotNil(good["seconds"] as? Double)
        // Fixed, then retried alone; an unchanged failure fails again.
        try Data("# Fixed\n".utf8).write(to: docs.appendingPathComponent("part0/bad.md"))
        let retry = try batch("out", ["--only-failed", folder.url.appendingPathComponent("run1.jsonl").path, "--manifest", path("run2.jsonl")])
        XCTAssertEqual(retry.status, 0, retry.stderrText)
        XCTAssertTrue(retry.stderrText.contains("1 file: 1 rendered, 0 skipped, 0 failed"), retry.stderrText)
        XCTAssertEqual(try manifest("run2.jsonl").map { $0["status"] as? String }, ["rendered"])
        let skipped = try batch("out", ["--manifest", path("run3.jsonl")])
        XCTAssertEqual(Set(try manifest("run3.jsonl").map { $0["status"] as! String }), ["skipped"], skipped.stderrText)
        XCTAssertEqual(try manifest("run3.jsonl").first { $0["path"] as? String == "part1/doc1.md" }?["settings"] as? String,
                       good["settings"] as? String)
    }

    // MARK: README and deploy/

    private func readme() throws -> String {
        try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// A shell where `quire` is the built binary.
    private func shell(_ script: String, in directory: URL, environment: [String: String] = [:]) throws -> RunResult {
        let bin = folder.url.appendingPathComponent(".bin")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("quire"), withDestinationURL: quire)
        }
        var environment = environment
        environment["PATH"] = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Run.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "set -euo pipefail; cd \"$0\"; " + script, directory.path],
                           environment: environment, timeout: 300)
    }

    /// README's "Large batches" block, run as written, with GNU parallel; the remote hosts
    /// are replaced by ":", GNU parallel's name for this machine.
    func testREADMEsParallelLinesRunAsWritten() throws {
        _ = try Run.tool("parallel")
        let text = try readme()
        let section = try XCTUnwrap(text.range(of: "### Large batches"))
        let block = try XCTUnwrap(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "```", range: block.upperBound..<text.endIndex))
        let script = String(text[block.upperBound..<end.lowerBound])
        XCTAssertTrue(script.contains("parallel quire batch docs") && script.contains("--sshlogin host1,host2,host3"), script)
        let run = try shell(script.replacingOccurrences(of: "--sshlogin host1,host2,host3", with: "--sshlogin :"), in: folder.url)
        XCTAssertEqual(run.status, 0, run.stderrText)
        XCTAssertEqual(try pdfs("pdf").count, 24)
        // The two parallel lines are alternatives, run here one after the other: 4 shards render
        // every file, then 3 shards find every file up to date (their manifests replace the
        // first three of the 4 shards'); the merged manifest names every file, none failed.
        for k in 1...3 {
            XCTAssertEqual(Set(try manifest("pdf/manifest-\(k).jsonl").map { $0["status"] as! String }), ["skipped"])
            XCTAssertTrue(run.stderrText.contains("shard \(k)/3: "), run.stderrText)
        }
        let merged = try manifest("manifest.jsonl")
        XCTAssertEqual(Set(merged.map { $0["path"] as! String }).count, 24)
        XCTAssertFalse(merged.contains { $0["status"] as? String == "failed" })
        XCTAssertTrue(run.stderrText.contains("quire: batch: 0 files: 0 rendered"), "nothing failed to retry: \(run.stderrText)")
    }

    /// deploy/k8s-batch.yaml parses, is an indexed Job whose count matches its completions, and
    /// its container's command, run here once per index with the variables Kubernetes sets and
    /// the volumes' paths mapped to folders here, renders every file once.
    func testKubernetesIndexedJobParsesAndItsCommandRendersEveryShard() throws {
        let yaml = Paths.packageRoot.appendingPathComponent("deploy/k8s-batch.yaml")
        let program = """
        import json, sys, yaml
        docs = list(yaml.safe_load_all(open(sys.argv[1])))
        job = docs[0]
        spec = job["spec"]; pod = spec["template"]["spec"]; c = pod["containers"][0]
        env = {e["name"]: e["value"] for e in c.get("env", [])}
        print(json.dumps({"documents": len(docs), "kind": job["kind"], "api": job["apiVersion"], "mode": spec["completionMode"],
                          "completions": spec["completions"], "count": env.get("JOB_COMPLETION_COUNT"),
                          "command": c["command"] + c["args"], "restart": pod["restartPolicy"],
                          "mounts": {v["name"]: v["mountPath"] for v in c["volumeMounts"]}}))
        """
        // Debian's python3 with python3-yaml (install-deps.sh), whatever python3 comes first on PATH.
        let parsed = try Run.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", program, yaml.path])
        XCTAssertEqual(parsed.status, 0, parsed.stderrText)
        let job = try XCTUnwrap(try JSONSerialization.jsonObject(with: parsed.stdout) as? [String: Any])
        XCTAssertEqual(job["documents"] as? Int, 1)
        XCTAssertEqual(job["kind"] as? String, "Job")
        XCTAssertEqual(job["api"] as? String, "batch/v1")
        XCTAssertEqual(job["mode"] as? String, "Indexed")
        XCTAssertEqual(job["restart"] as? String, "Never")
        let completions = try XCTUnwrap(job["completions"] as? Int)
        XCTAssertEqual(job["count"] as? String, String(completions), "JOB_COMPLETION_COUNT is the number of shards")
        let command = try XCTUnwrap(job["command"] as? [String])
        XCTAssertEqual(Array(command.prefix(2)), ["/bin/sh", "-c"])
        XCTAssertTrue(command[2].contains("quire batch") && command[2].contains("--shard env"), command[2])
        let mounts = try XCTUnwrap(job["mounts"] as? [String: String])
        var script = command[2]
        for (name, path) in mounts { script = script.replacingOccurrences(of: path, with: folder.url.appendingPathComponent(name).path) }
        for index in 0..<completions {
            let run = try shell(script, in: folder.url, environment: ["JOB_COMPLETION_INDEX": String(index), "JOB_COMPLETION_COUNT": String(completions)])
            XCTAssertEqual(run.status, 0, "index \(index): \(run.stderrText)")
        }
        XCTAssertEqual(try pdfs("pdf").count, 24)
        for index in 0..<completions {
            // Each pod's manifest ends with its shard's line: index K (from 0) is shard K+1.
            let text = try String(contentsOf: folder.url.appendingPathComponent("pdf/manifest-\(index).jsonl"), encoding: .utf8)
            let last = try XCTUnwrap(text.split(separator: "\n").last)
            let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
            XCTAssertEqual(summary["shard"] as? String, "\(index + 1)/\(completions)")
            XCTAssertEqual(summary["finished"] as? Int, summary["files"] as? Int)
        }
        let paths = try (0..<completions).flatMap { try manifest("pdf/manifest-\($0).jsonl").map { $0["path"] as! String } }
        XCTAssertEqual(paths.count, 24)
        XCTAssertEqual(Set(paths).count, 24)
    }

    /// deploy/slurm-batch.sh is valid bash, declares an array, and run as each array task
    /// (with the variables Slurm sets) renders every file once.
    func testSlurmArrayScriptRendersEveryShard() throws {
        let script = Paths.packageRoot.appendingPathComponent("deploy/slurm-batch.sh")
        XCTAssertEqual(try Run.run(URL(fileURLWithPath: "/bin/bash"), ["-n", script.path]).status, 0)
        let text = try String(contentsOf: script, encoding: .utf8)
        let array = try XCTUnwrap(text.firstMatch(of: /#SBATCH --array=([0-9]+)-([0-9]+)/))
        let first = Int(array.1)!, last = Int(array.2)!
        XCTAssertTrue(text.contains("--shard env"))
        for task in first...last {
            let run = try shell("'\(script.path)'", in: folder.url, environment: [
                "SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MIN": String(first),
                "SLURM_ARRAY_TASK_COUNT": String(last - first + 1), "SLURM_CPUS_PER_TASK": "1",
            ])
            XCTAssertEqual(run.status, 0, "task \(task): \(run.stderrText)")
        }
        XCTAssertEqual(try pdfs("pdf").count, 24)
        let paths = try (first...last).flatMap { try manifest("pdf/manifest-\($0).jsonl").map { $0["path"] as! String } }
        XCTAssertEqual(Set(paths).count, 24)
        XCTAssertEqual(paths.count, 24)
    }

    /// deploy/Containerfile installs, by name, the Debian package of every shared library the
    /// binary links (and the image libraries and fonts it opens at run time), and copies the
    /// release binary in.
    func testContainerfileInstallsWhatTheBinaryLinks() throws {
        let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("deploy/Containerfile"), encoding: .utf8)
        let instructions = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix(" ") && !$0.isEmpty }
        for line in instructions {
            let keyword = line.split(separator: " ").first.map(String.init) ?? ""
            XCTAssertTrue(["FROM", "RUN", "COPY", "USER", "ENTRYPOINT", "ENV", "WORKDIR", "LABEL"].contains(keyword), String(line))
        }
        XCTAssertTrue(text.contains("FROM debian:bookworm"))
        XCTAssertTrue(text.contains("COPY .build/release/quire /usr/local/bin/quire"))
        let installed = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" }).map(String.init))
        let needed = try Run.run(try Run.tool("readelf"), ["-d", quire.path]).stdoutText
            .split(separator: "\n").compactMap { $0.firstMatch(of: /\(NEEDED\).*\[(.+)\]/).map { String($0.1) } }
        // "\tlibpango-1.0.so.0 => /lib/x86_64-linux-gnu/libpango-1.0.so.0 (0x...)": name → path.
        var paths: [String: String] = [:]
        for line in try Run.run(try Run.tool("ldd"), [quire.path]).stdoutText.split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " => ")
            if parts.count == 2, let path = parts[1].split(separator: " ").first { paths[parts[0]] = String(path) }
        }
        var packages: Set<String> = ["libgdk-pixbuf-2.0-0", "librsvg2-2", "libgtksourceview-4-0", "fonts-noto-core", "fonts-noto-cjk",
                                     "fonts-noto-color-emoji", "fonts-dejavu-core"]
        // dpkg knows a file by the path its package installed (/usr/lib, where /lib is a link to
        // it); the Swift runtime (linked into the release build) belongs to no package.
        let files = needed.compactMap { paths[$0] }.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        let owners = try Run.run(try Run.tool("dpkg"), ["-S"] + files).stdoutText
        for line in owners.split(separator: "\n") {
            guard let package = line.split(separator: ":").first, package != "libc6" else { continue }
            packages.insert(String(package))
        }
        XCTAssertTrue(packages.contains("libcmark-gfm0.29.0.gfm.6"), "\(packages)")
        XCTAssertEqual(packages.subtracting(installed), [], "packages the Containerfile does not install")
    }
}
