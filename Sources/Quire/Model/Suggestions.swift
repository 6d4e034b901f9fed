/// "Did you mean": the known word nearest a mistyped one (`rendr`, `--tittle`, `--versoin`),
/// for the hint of a usage error.
package enum Suggestions {
    /// The candidate nearest `word` by edit distance (insertions, deletions, substitutions
    /// and swaps of two neighbours, each 1), when it is near enough to be a typo: at most 1
    /// for words of up to 4 characters, 2 for longer ones; ties go to the first candidate.
    /// O(candidates × word length²).
    package static func nearest(_ word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(Array(word.lowercased()), Array(candidate.lowercased()))
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance between `a` and `b`.
    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// " (did you mean 'X'?)"-style text for a hint: "did you mean 'X'? " or "".
    package static func didYouMean(_ word: String, among candidates: [String]) -> String {
        nearest(word, among: candidates).map { "did you mean '\($0)'? " } ?? ""
    }
}
