/// Name trees and number trees (ISO 32000-1, 7.9.6 and 7.9.7): the one shape both take here.
extension PDFFile {
    /// Writes a tree of `count` sorted entries and returns its root. Up to
    /// `leafSize` entries sit in the root; above, the root's kids hold `leafSize` each, with
    /// their first and last keys as /Limits, so a reader finds an entry without reading all.
    ///
    /// - Parameters:
    ///   - key: entry `i`'s key as written (a string for a name tree, an integer for a number
    ///     tree), for the /Limits.
    ///   - entries: the `/Names [...]` or `/Nums [...]` array of a range of entries.
    /// - Complexity: O(count) plus what `entries` costs.
    func addTree(count: Int, leafSize: Int, key: (Int) -> [UInt8], entries: (Range<Int>) -> [UInt8]) -> PDFReference {
        let root = reserve()
        if count <= leafSize {
            add(root, [UInt8]("<< ".utf8) + entries(0..<count) + [UInt8](" >>".utf8))
            return root
        }
        var kids: [PDFReference] = []
        var start = 0
        while start < count {
            let end = min(count, start + leafSize)
            let kid = reserve()
            var body: [UInt8] = []
            body.appendLiteral("<< /Limits [ ")
            body.append(contentsOf: key(start))
            body.append(0x20)
            body.append(contentsOf: key(end - 1))
            body.appendLiteral(" ] ")
            body.append(contentsOf: entries(start..<end))
            body.appendLiteral(" >>")
            add(kid, body)
            kids.append(kid)
            start = end
        }
        var body: [UInt8] = []
        body.appendLiteral("<< /Kids [")
        body.appendReferences(kids)
        body.appendLiteral(" ] >>")
        add(root, body)
        return root
    }
}
