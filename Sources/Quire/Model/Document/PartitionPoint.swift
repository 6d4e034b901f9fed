extension RandomAccessCollection {
    /// The index of the first element for which `isPast` holds, `endIndex` if none: the
    /// elements must be ordered so that once it holds it holds for every later one (sorted
    /// runs, ranges or offsets searched for a position). O(log n) calls of `isPast`.
    package func partitionPoint(where isPast: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try isPast(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
