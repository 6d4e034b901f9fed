import Foundation
import QuireModel

extension Batch {
    /// One of `count` parts of a batch, for spreading it over machines (`--shard K/N`): each
    /// input belongs to the shard its path relative to the input folder hashes to, so the
    /// assignment is the same on every machine and in every run, needs no coordination, and
    /// puts every file in exactly one shard. A file keeps its shard when others are added.
    public struct Shard: Sendable, Equatable, CustomStringConvertible {
        /// 0-based, below `count`.
        public let index: Int
        /// How many shards the batch is split into, at least 1.
        public let count: Int

        /// Shard `index` (0-based) of `count`; nil unless `0 <= index < count`.
        public init?(index: Int, count: Int) {
            guard count >= 1, (0..<count).contains(index) else { return nil }
            self.index = index; self.count = count
        }

        /// "K/N" as the command line writes it: K counts from 1 (`1/4` ... `4/4`).
        public var description: String { "\(index + 1)/\(count)" }

        /// "K/N" with 1 <= K <= N (spaces allowed around the numbers); nil otherwise.
        public init?(parsing text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.trimmingWhitespace() }
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
            self.init(index: k - 1, count: n)
        }

        /// The shard a scheduler's job array gives this process, from `environment`:
        /// - Kubernetes indexed Jobs: `JOB_COMPLETION_INDEX` (0-based, set by Kubernetes) and
        ///   `JOB_COMPLETION_COUNT` (set in the Job's manifest to its `completions`);
        /// - Slurm job arrays: `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT`, counted from
        ///   `SLURM_ARRAY_TASK_MIN` (so `--array=0-3` and `--array=1-4` both give 4 shards).
        /// - Throws: a message saying which variable is missing or wrong.
        public static func fromEnvironment(_ environment: [String: String]) throws(QuireError) -> Shard {
            func number(_ name: String) throws(QuireError) -> Int? {
                guard let text = environment[name] else { return nil }
                guard let n = Int(text.trimmingWhitespace()) else {
                    throw QuireError(file: "--shard env", message: "\(name)='\(text)' is not a whole number")
                }
                return n
            }
            let schemes = [("JOB_COMPLETION_INDEX", "JOB_COMPLETION_COUNT", nil),
                           ("SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN")]
            for (indexName, countName, minimumName) in schemes {
                guard let index = try number(indexName) else { continue }
                guard let count = try number(countName) else {
                    throw QuireError(file: "--shard env", message: "\(indexName) is set but \(countName) is not")
                }
                let first = try minimumName.flatMap { name throws(QuireError) in try number(name) } ?? 0
                guard let shard = Shard(index: index - first, count: count) else {
                    throw QuireError(file: "--shard env",
                                     message: "\(indexName)=\(index) is not one of \(count) shards counted from \(first) (\(countName)=\(count))")
                }
                return shard
            }
            throw QuireError(file: "--shard env", message: "neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set")
        }

        /// Whether the input at `relativePath` (relative to the input folder) is in this shard.
        public func contains(_ relativePath: String) -> Bool {
            Self.shard(of: relativePath, count: count) == index
        }

        /// The 0-based shard of `relativePath` among `count`: its `hash` scaled to `0..<count`
        /// (the high half of a 128-bit product, so no shard gets a larger share of the range).
        package static func shard(of relativePath: String, count: Int) -> Int {
            Int(hash(relativePath).multipliedFullWidth(by: UInt64(count)).high)
        }

        /// A 64-bit hash of the path's UTF-8 bytes, fixed forever (never Swift's `Hasher`, which
        /// is seeded per process): each 8 bytes (little-endian, the last zero-padded) and then
        /// the length mixed in by MurmurHash3's 64-bit finaliser, so paths that differ in a
        /// digit spread over the whole range (FNV-1a alone left shards 8% apart on numbered
        /// file names). O(length).
        package static func hash(_ relativePath: String) -> UInt64 {
            func mix(_ value: UInt64) -> UInt64 {
                var h = value
                h ^= h >> 33
                h = h &* 0xff51_afd7_ed55_8ccd
                h ^= h >> 33
                h = h &* 0xc4ce_b9fe_1a85_ec53
                h ^= h >> 33
                return h
            }
            var h: UInt64 = 0x9e37_79b9_7f4a_7c15
            var block: UInt64 = 0, filled = 0, length = 0
            for byte in relativePath.utf8 {
                block |= UInt64(byte) << (8 * filled)
                filled += 1
                length += 1
                if filled == 8 { h = mix(h ^ block); block = 0; filled = 0 }
            }
            if filled > 0 { h = mix(h ^ block) }
            return mix(h ^ UInt64(length))
        }
    }
}
