/// How a reader moves through the PDF: named destinations (the GitHub slugs, so
/// `doc.pdf#install` opens at `## Install`), the outline (bookmarks) and page labels.
enum Navigation {
    /// A named destination: the page object and the height it opens at (PDF user space).
    struct Target {
        var name: String
        var page: PDFReference
        var top: Double
    }

    /// Writes the catalog's /Dests name tree (ISO 32000-1, 7.9.6): names sorted by their
    /// bytes, each once (the first place given); above `leafSize` names, a root whose kids
    /// hold `leafSize` each, so a reader finds a name without reading all. Returns the root's
    /// object, nil for none.
    /// - Complexity: O(n log n) in the names.
    static func writeDestinations(_ targets: [Target], to file: PDFFile, leafSize: Int = 256) -> PDFReference? {
        guard !targets.isEmpty else { return nil }
        var seen = Set<String>()
        let sorted = targets.filter { seen.insert($0.name).inserted }
            .map { (key: Array($0.name.utf8), target: $0) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        func names(_ slice: ArraySlice<(key: [UInt8], target: Target)>) -> [UInt8] {
            var out: [UInt8] = []
            out.appendLiteral("/Names [")
            for (key, target) in slice {
                out.append(0x20)
                out.appendByteString(key)
                out.appendLiteral(" [ ")
                out.appendReference(target.page)
                out.appendLiteral(" /XYZ 0 ")
                out.appendNumber(target.top)
                out.appendLiteral(" null ]")
            }
            out.appendLiteral(" ]")
            return out
        }
        return file.addTree(count: sorted.count, leafSize: leafSize,
                            key: { var bytes: [UInt8] = []; bytes.appendByteString(sorted[$0].key); return bytes },
                            entries: { names(sorted[$0]) })
    }

    /// Writes the outline (12.3.3): entries nested by heading level (a level 3 under the
    /// nearest level 1 or 2 before it), each opening its named destination; entries with
    /// children start closed. Returns the outline dictionary, nil for no entries.
    /// - Complexity: O(entries).
    static func writeOutline(_ entries: [OutlineEntry], to file: PDFFile) -> PDFReference? {
        guard !entries.isEmpty else { return nil }
        let root = file.reserve()
        let numbers = entries.map { _ in file.reserve() }
        // Each entry's parent (nil: the root) and children, by index.
        var parent = [Int?](repeating: nil, count: entries.count)
        var children = [[Int]](repeating: [], count: entries.count)
        var topLevel: [Int] = []
        var stack: [Int] = []
        for (i, entry) in entries.enumerated() {
            while let last = stack.last, entries[last].level >= entry.level { stack.removeLast() }
            if let last = stack.last {
                parent[i] = last
                children[last].append(i)
            } else {
                topLevel.append(i)
            }
            stack.append(i)
        }
        var previous = [Int?](repeating: nil, count: entries.count), next = previous
        for siblings in children + [topLevel] {
            for (a, b) in zip(siblings, siblings.dropFirst()) {
                next[a] = b
                previous[b] = a
            }
        }
        for (i, entry) in entries.enumerated() {
            var body: [UInt8] = []
            body.appendLiteral("<< /Title ")
            body.appendTextString(entry.title)
            body.appendLiteral(" /Parent ")
            body.appendReference(parent[i].map { numbers[$0] } ?? root)
            if let p = previous[i] {
                body.appendLiteral(" /Prev ")
                body.appendReference(numbers[p])
            }
            if let n = next[i] {
                body.appendLiteral(" /Next ")
                body.appendReference(numbers[n])
            }
            if let first = children[i].first, let last = children[i].last {
                body.appendLiteral(" /First ")
                body.appendReference(numbers[first])
                body.appendLiteral(" /Last ")
                body.appendReference(numbers[last])
                // Closed: minus the children an opening would show.
                body.appendLiteral(" /Count -")
                body.appendInteger(children[i].count)
            }
            body.appendLiteral(" /Dest ")
            body.appendByteString(entry.destination.utf8)
            body.appendLiteral(" >>")
            file.add(numbers[i], body)
        }
        var body: [UInt8] = []
        body.appendLiteral("<< /Type /Outlines /First ")
        body.appendReference(numbers[topLevel.first!])
        body.appendLiteral(" /Last ")
        body.appendReference(numbers[topLevel.last!])
        body.appendLiteral(" /Count ")
        body.appendInteger(topLevel.count)
        body.appendLiteral(" >>")
        file.add(root, body)
        return root
    }
}
