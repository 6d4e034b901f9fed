import Foundation

extension Batch.Shard {
    /// How a batch's inputs are spread over its shards (`--shard-by`).
    public enum Balance: String, Sendable, CaseIterable {
        /// By the hash of each input's path (`contains`): a file keeps its shard when others
        /// are added or change; shards hold about as many files each, whatever their sizes.
        case path
        /// By the inputs' sizes in bytes, largest first, each to the shard with the fewest
        /// bytes so far (`bySize`): shards hold about as much work each even when one file is
        /// much larger than the rest; a file may change shard when any input changes size.
        case size
    }

    /// The jobs of this shard among `jobs` (every input of the batch, as `Batch.plan` gives
    /// them), spread by `balance`; in `jobs`' order. Every machine that sees the same files
    /// selects the same jobs: nothing but paths and sizes decides.
    /// - Parameter size: an input's size in bytes (by default read from the file system; 0
    ///   for a file that cannot be read, which still belongs to exactly one shard).
    /// - Complexity: `.path`: O(jobs × path length); `.size`: O(jobs × (log jobs + count)).
    public func select(_ jobs: [Batch.Job], by balance: Balance,
                       size: (Batch.Job) -> Int = { Batch.Shard.inputSize($0.input) }) -> [Batch.Job] {
        switch balance {
        case .path:
            return jobs.filter { contains($0.relativePath) }
        case .size:
            let shards = Self.bySize(jobs.map { ($0.relativePath, size($0)) }, count: count)
            return jobs.filter { shards[$0.relativePath] == index }
        }
    }

    /// The 0-based shard of each path among `count`, balanced by size: the greedy
    /// largest-first rule (a shard's bytes are at most 4/3 of the best split's largest, and
    /// within one file of the mean). The files are taken by size, largest first, ties in the
    /// byte order of their paths; each goes to the shard with the fewest bytes so far, the
    /// lowest-numbered among equals. So the result depends on the paths and sizes only, not
    /// on the order they are given in nor on the machine. A path given twice counts once.
    /// - Complexity: O(n × (log n + count)).
    public static func bySize(_ files: [(path: String, bytes: Int)], count: Int) -> [String: Int] {
        precondition(count >= 1, "at least one shard")
        var unique: [String: Int] = [:]
        for file in files { unique[file.path] = max(0, file.bytes) }
        let order = unique.sorted { a, b in
            a.value != b.value ? a.value > b.value : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }
        var load = Array(repeating: 0, count: count)
        var shard: [String: Int] = [:]
        for (path, bytes) in order {
            var lightest = 0
            for k in 1..<count where load[k] < load[lightest] { lightest = k }
            shard[path] = lightest
            load[lightest] += bytes
        }
        return shard
    }

    /// The size in bytes of the file at `path` (symbolic links followed); 0 when it cannot
    /// be read, so such a file is still given a shard (where rendering it reports why).
    public static func inputSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
