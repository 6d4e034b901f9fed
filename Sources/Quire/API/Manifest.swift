import Foundation
import QuireModel
import QuireStyle

extension Batch {
    /// One line of a batch's manifest (`--manifest FILE`): what became of one input, for a
    /// coordinator that merges the manifests of several shards (they concatenate) and retries
    /// the failures (`failedPaths`, `--only-failed`).
    ///
    /// A line is a JSON object with its fields always in this order:
    /// `{"path":"a/b.md","output":"a/b.pdf","status":"rendered","reason":null,"pages":3,
    /// "bytes":20480,"seconds":0.412,"settings":"8c1f…","warnings":0}`. `path` is relative to
    /// the input folder (what `--shard` hashes), `output` to the output folder, so manifests
    /// from machines that mount the folders at different places merge; `reason` is null unless
    /// the file failed; `pages` is null unless it was rendered; `bytes` (the PDF's size) and
    /// `settings` (its `QuireSettings`) are null when it failed; `seconds` is the time it took
    /// (its rendering, or deciding that it is up to date). With `images.fetch` on, a rendered
    /// file's line ends with `"images":[…]`: each remote image as "URL fetched", "URL cached",
    /// "URL revalidated" or "URL failed: reason" (`RenderResult.remoteImages`).
    public struct ManifestEntry: Sendable, Equatable {
        /// The input, relative to the input folder.
        public var path: String
        /// The PDF, relative to the output folder.
        public var output: String
        /// "rendered", "skipped", "failed", or "not-started" (an interrupted batch's files it did
        /// not finish).
        public var status: String
        /// Why the file failed; nil unless it did.
        public var reason: String?
        /// The PDF's pages; nil unless it was rendered.
        public var pages: Int?
        /// The PDF's size in bytes; nil when the file failed.
        public var bytes: Int?
        /// The time the file took, rendering it or deciding it is up to date.
        public var seconds: Double
        /// The settings digest the PDF records (`QuireSettings`); nil when the file failed.
        public var settings: String?
        /// How many warnings rendering it gave.
        public var warnings: Int
        /// Its remote images and what each gave; empty when fetching is off (and left out).
        public var images: [String] = []

        /// The entry for `job`, finished with `outcome` in `seconds`; the size of a skipped
        /// file's PDF is read from the file system.
        public init(_ job: Job, _ outcome: Outcome, seconds: Double) {
            path = job.relativePath
            output = (job.relativePath as NSString).deletingPathExtension + ".pdf"
            self.seconds = seconds
            warnings = 0
            switch outcome {
            case .rendered(let warnings, let pages, let bytes, let settings, _, let images):
                status = "rendered"
                self.pages = pages; self.bytes = bytes; self.settings = settings; self.warnings = warnings.count
                self.images = images
            case .skipped(let settings):
                status = "skipped"
                self.settings = settings
                bytes = (try? FileManager.default.attributesOfItem(atPath: job.output)[.size] as? Int) ?? nil
            case .failed(let why):
                status = "failed"
                reason = why
            }
        }

        /// The entry for `job` when an interruption (Ctrl-C) came before it finished: status
        /// "not-started", reason "interrupted" (`--only-failed` renders it again).
        public init(notStarted job: Job) {
            self.init(job, .failed("interrupted"), seconds: 0)
            status = "not-started"
        }

        /// The entry as one line of JSON (without the newline). O(length).
        public var jsonLine: String {
            func string(_ s: String?) -> String { s.map { JSONValue.string($0).json } ?? "null" }
            func number(_ n: Int?) -> String { n.map(String.init) ?? "null" }
            return "{\"path\":\(string(path)),\"output\":\(string(output)),\"status\":\(string(status)),"
                + "\"reason\":\(string(reason)),\"pages\":\(number(pages)),\"bytes\":\(number(bytes)),"
                + "\"seconds\":\(String(format: "%.3f", seconds)),\"settings\":\(string(settings)),\"warnings\":\(warnings)"
                + (images.isEmpty ? "" : ",\"images\":[" + images.map { string($0) }.joined(separator: ",") + "]") + "}"
        }
    }

    /// The last line of a shard's manifest (`--shard` with `--manifest`): which shard it was,
    /// how its inputs were spread, how many files and input bytes it was given, what became
    /// of them, and its wall time, so that the manifests of N shards, concatenated, tell how
    /// even the shards were and which did not finish (killed shards leave no manifest).
    /// `{"shard":"2/4","by":"size","files":57,"inputBytes":204800,"rendered":55,"skipped":1,
    /// "failed":1,"finished":57,"seconds":41.250}`: it has no `path`, which tells it from the
    /// files' lines; `finished` is below `files` when the run was interrupted.
    public struct ShardSummary: Sendable, Equatable {
        /// Which shard this was.
        public var shard: Shard
        /// How the batch was spread over its shards (`--shard-by`).
        public var balance: Shard.Balance
        /// The files the shard was given.
        public var files: Int
        /// Their sizes in bytes, summed.
        public var inputBytes: Int
        /// How many were rendered, up to date, failed.
        public var rendered: Int
        /// Up to date (`Outcome.skipped`).
        public var skipped: Int
        /// Failed (`Outcome.failed`).
        public var failed: Int
        /// The files the run finished (rendered, skipped or failed); below `files` when interrupted.
        public var finished: Int { rendered + skipped + failed }
        /// The shard's wall time: from its first file's check to its manifest.
        public var seconds: Double

        /// A summary of these counts and wall time.
        public init(shard: Shard, balance: Shard.Balance, files: Int, inputBytes: Int,
                    rendered: Int, skipped: Int, failed: Int, seconds: Double) {
            self.shard = shard; self.balance = balance; self.files = files; self.inputBytes = inputBytes
            self.rendered = rendered; self.skipped = skipped; self.failed = failed; self.seconds = seconds
        }

        /// The summary as one line of JSON (without the newline).
        public var jsonLine: String {
            "{\"shard\":\"\(shard)\",\"by\":\"\(balance.rawValue)\",\"files\":\(files),\"inputBytes\":\(inputBytes),"
                + "\"rendered\":\(rendered),\"skipped\":\(skipped),\"failed\":\(failed),\"finished\":\(finished),"
                + "\"seconds\":\(String(format: "%.3f", seconds))}"
        }
    }

    /// The paths (relative to the input folder) of the files a manifest lists as failed (or
    /// not started: an interrupted batch's); when
    /// a path is listed more than once (a manifest made of several runs), its last line counts.
    /// Shards' summary lines (`ShardSummary`) are passed over.
    /// - Parameters:
    ///   - text: the manifest's contents, one JSON line per file.
    ///   - name: the manifest's name, for messages.
    /// - Throws: `QuireError` naming the line that is not a manifest entry.
    /// - Complexity: O(manifest size).
    public static func failedPaths(inManifest text: String, name: String) throws(QuireError) -> Set<String> {
        var status: [String: String] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let object, object["path"] == nil, object["shard"] is String { continue } // a ShardSummary
            guard let object, let path = object["path"] as? String, let state = object["status"] as? String else {
                throw QuireError(file: name, line: number + 1, message: "not a manifest line (a JSON object with \"path\" and \"status\")")
            }
            status[path] = state
        }
        return Set(status.filter { $0.value == "failed" || $0.value == "not-started" }.keys)
    }
}
