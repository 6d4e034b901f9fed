@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import XCTest

/// Issue 49: `--shard-by size` spreads a batch by its inputs' sizes (largest first, each to the
/// lightest shard), so one large file among small ones does not make its shard run long; a
/// shard's manifest ends with a summary line (its files, bytes and wall time) that
/// `--only-failed` passes over.
final class ShardBalanceTests: XCTestCase {
    /// 200 small files (250 kB) and one of 60 kB, three quarters of a shard's share in 4.
    private static let huge = 60_000
    private let files: [(path: String, bytes: Int)] =
        (0..<200).map { ("docs/page-\($0).md", 1_000 + ($0 * 37) % 500) } + [("docs/huge.md", huge)]

    private func loads(_ shards: [String: Int], count: Int) -> [Int] {
        var load = Array(repeating: 0, count: count)
        for file in files { load[shards[file.path]!] += file.bytes }
        return load
    }

    func testEveryFileInExactlyOneShardAndShardsWithinOneFileOfEachOther() {
        for n in [1, 2, 3, 4, 8] {
            let shards = Batch.Shard.bySize(files, count: n)
            XCTAssertEqual(Set(shards.keys), Set(files.map(\.path)))
            XCTAssertTrue(shards.values.allSatisfy { (0..<n).contains($0) })
            let load = loads(shards, count: n), small = files.filter { $0.path != "docs/huge.md" }.map(\.bytes).max()!
            // Greedy's bound: the heaviest shard's last file went to the lightest shard, so the
            // spread is at most one small file, unless the heaviest holds the huge file alone.
            let heaviest = load.firstIndex(of: load.max()!)!
            let hugeAlone = shards["docs/huge.md"] == heaviest && shards.values.filter { $0 == heaviest }.count == 1
            XCTAssertLessThanOrEqual(load.max()! - load.min()!, hugeAlone ? Self.huge : small, "\(n) shards: \(load)")
            let huge = shards["docs/huge.md"]!
            if n == 8 { XCTAssertEqual(load[huge], Self.huge, "the huge file alone, past a shard's share: \(load)") }
        }
    }

    func testTheHashByPathLeavesTheHugeFilesShardLongAndTheSizeDoesNot() {
        var byPath = Array(repeating: 0, count: 4)
        for file in files { byPath[Batch.Shard.shard(of: file.path, count: 4)] += file.bytes }
        let mean = files.map(\.bytes).reduce(0, +) / 4
        XCTAssertGreaterThan(Double(byPath.max()!) / Double(mean), 1.4, "\(byPath): the case --shard-by size is for")
        let bySize = loads(Batch.Shard.bySize(files, count: 4), count: 4)
        XCTAssertLessThan(Double(bySize.max()!) / Double(mean), 1.05, "\(bySize)")
    }

    func testTheSameOnEveryMachineWhateverTheOrderAndTiesInPathOrder() {
        let reference = Batch.Shard.bySize(files, count: 4)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 { XCTAssertEqual(Batch.Shard.bySize(files.shuffled(using: &generator), count: 4), reference) }
        // Equal sizes: by the paths' bytes ("B" before "a"), each to the lightest, lowest shard first.
        XCTAssertEqual(Batch.Shard.bySize([("b.md", 5), ("a.md", 5), ("B.md", 5), ("c.md", 9)], count: 2),
                       ["c.md": 0, "B.md": 1, "a.md": 1, "b.md": 0])
        XCTAssertEqual(Batch.Shard.bySize([("a.md", 5), ("a.md", 5)], count: 3), ["a.md": 0])
    }

    func testSelectByPathIsTheHashAndBySizeAPartition() {
        let jobs = files.map { Batch.Job(relativePath: $0.path, input: "/in/" + $0.path, output: "/out/x.pdf") }
        let size = Dictionary(uniqueKeysWithValues: files.map { ("/in/" + $0.path, $0.bytes) })
        var seen: [String] = []
        for k in 0..<4 {
            let shard = Batch.Shard(index: k, count: 4)!
            XCTAssertEqual(shard.select(jobs, by: .path).map(\.relativePath), jobs.filter { shard.contains($0.relativePath) }.map(\.relativePath))
            let selected = shard.select(jobs, by: .size) { size[$0.input]! }
            let chosen = Set(selected.map(\.relativePath))
            XCTAssertEqual(selected.map(\.relativePath), jobs.map(\.relativePath).filter(chosen.contains), "in the plan's order")
            seen += selected.map(\.relativePath)
        }
        XCTAssertEqual(seen.sorted(), jobs.map(\.relativePath).sorted())
    }

    func testTheSummaryLineAndFailedPathsPassingItOver() throws {
        let summary = Batch.ShardSummary(shard: Batch.Shard(index: 1, count: 4)!, balance: .size, files: 57, inputBytes: 204_800,
                                         rendered: 55, skipped: 1, failed: 0, seconds: 41.2504)
        XCTAssertEqual(summary.jsonLine, #"{"shard":"2/4","by":"size","files":57,"inputBytes":204800,"rendered":55,"#
                       + #""skipped":1,"failed":0,"finished":56,"seconds":41.250}"#)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(summary.jsonLine.utf8)) as? [String: Any])
        let failed = Batch.ManifestEntry(Batch.Job(relativePath: "a.md", input: "/i/a.md", output: "/o/a.pdf"), .failed("why"), seconds: 0)
        let merged = [failed.jsonLine, summary.jsonLine, summary.jsonLine].joined(separator: "\n")
        XCTAssertEqual(try Batch.failedPaths(inManifest: merged, name: "m.jsonl"), ["a.md"])
    }
}
