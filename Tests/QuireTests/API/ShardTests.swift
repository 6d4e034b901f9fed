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

/// Issue 22: `--shard K/N` splits a batch by a hash of each input's path: the same everywhere
/// and always, every file in exactly one shard, shards within a few percent in count.
final class ShardTests: XCTestCase {
    private let paths = (0..<40_000).map { "docs/section-\($0 % 97)/page-\($0).md" }

    func testEveryPathIsInExactlyOneShardAndShardsAreEven() {
        for n in [2, 3, 4, 8, 16] {
            let shards = (0..<n).map { Batch.Shard(index: $0, count: n)! }
            for path in paths.prefix(1000) { XCTAssertEqual(shards.filter { $0.contains(path) }.count, 1, path) }
            var counts = Array(repeating: 0, count: n)
            for path in paths { counts[Batch.Shard.shard(of: path, count: n)] += 1 }
            // Within 5% of the mean, and within 4 standard deviations of a fair draw (a hash that
            // mixes numbered names badly lands 4 to 5 deviations off on these paths).
            let mean = Double(paths.count) / Double(n), deviation = (mean * (1 - 1 / Double(n))).squareRoot()
            for count in counts {
                XCTAssertLessThan(abs(Double(count) - mean) / mean, 0.05, "\(n) shards: \(counts)")
                XCTAssertLessThan(abs(Double(count) - mean) / deviation, 4, "\(n) shards: \(counts)")
            }
        }
    }

    /// The hash is fixed: a path's shard must not change between machines, runs or releases
    /// (a change would make a resumed cluster run render some files twice and others never).
    func testTheAssignmentIsFixedForever() {
        // Computed by an independent implementation (Python) of the documented hash.
        let known: [(String, UInt64, Int)] = [
            ("README.md", 0x2664_b2d9_dd74_a45c, 0), ("docs/a.md", 0x3a9d_6cb0_9090_8c0c, 0),
            ("docs/guide/intro.md", 0x9bb7_4304_91cd_d520, 2), ("日本語.md", 0xda4b_23a5_6f1d_ba0a, 3),
            ("a b.md", 0x0e76_681b_9663_999d, 0), ("", 0x9ca0_66f1_a4ab_2eea, 2),
        ]
        for (path, hash, shard) in known {
            XCTAssertEqual(Batch.Shard.hash(path), hash, path)
            XCTAssertEqual(Batch.Shard.shard(of: path, count: 4), shard, path)
        }
    }

    func testParsingAndTheSchedulersEnvironments() throws {
        XCTAssertEqual(Batch.Shard(parsing: "2/4"), Batch.Shard(index: 1, count: 4))
        XCTAssertEqual(Batch.Shard(parsing: " 1 / 1 "), Batch.Shard(index: 0, count: 1))
        for bad in ["0/4", "5/4", "1/0", "-1/3", "a/b", "2", "1/2/3", ""] { XCTAssertNil(Batch.Shard(parsing: bad), bad) }
        XCTAssertEqual(Batch.Shard(index: 1, count: 4)?.description, "2/4")
        XCTAssertEqual(try Batch.Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETION_COUNT": "8"]),
                       Batch.Shard(index: 3, count: 8), "Kubernetes counts from 0")
        XCTAssertEqual(try Batch.Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4",
                                                        "SLURM_ARRAY_TASK_MIN": "1"]), Batch.Shard(index: 0, count: 4))
        XCTAssertEqual(try Batch.Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"]),
                       Batch.Shard(index: 3, count: 4), "--array=0-3")
        let problems: [([String: String], String)] = [
            ([:], "neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set"),
            (["JOB_COMPLETION_INDEX": "0"], "JOB_COMPLETION_INDEX is set but JOB_COMPLETION_COUNT is not"),
            (["JOB_COMPLETION_INDEX": "x", "JOB_COMPLETION_COUNT": "2"], "JOB_COMPLETION_INDEX='x' is not a whole number"),
            (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"],
             "SLURM_ARRAY_TASK_ID=5 is not one of 4 shards counted from 1 (SLURM_ARRAY_TASK_COUNT=4)"),
        ]
        for (environment, message) in problems {
            XCTAssertThrowsError(try Batch.Shard.fromEnvironment(environment)) { XCTAssertEqual(($0 as? QuireError)?.message, message) }
        }
    }
}
