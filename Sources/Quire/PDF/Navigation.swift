import QuireModel

/// How a reader moves through the PDF: named destinations (the GitHub slugs, so
/// `doc.pdf#install` opens at `## Install`), the outline (bookmarks) and page labels.
package enum Navigation {
    /// A named destination: the page object and the height it opens at (PDF user space).
    package struct Target {
        package var name: String
        package var page: PDFReference
        package var top: Double
    }

    /// Writes the catalog's /Dests name tree (ISO 32000-1, 7.9.6): names sorted by their
    /// bytes, each once (the first place given); above `leafSize` names, a root whose kids
    /// hold `leafSize` each, so a reader finds a name without reading all. Returns the root's
    /// object, nil for none.
    /// - Complexity: O(n log n) in the names.
    package static func writeDestinations(_ targets: [Target], to file: PDFFile, leafSize: Int = 256) -> PDFReference? {
        guard !targets.isEmpty else { return nil }
        var seen = Set<String>()
        let sorted = targets.filter { seen.insert($0.name).inserted }
            .map { (key: Array($0.name.utf8), target: $0) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        return file.addTree(.names, count: sorted.count, leafSize: leafSize,
                            key: { $1.item(bytes: sorted[$0].key) },
                            value: { index, array in
                                let target = sorted[index].target
                                // Opens at the destination's height, keeping the zoom.
                                array.array { destination in
                                    destination.item(target.page)
                                    destination.item(.xyz)
                                    destination.item(0)
                                    destination.item(target.top)
                                    destination.null()
                                }
                            })
    }

    /// Writes the outline (12.3.3): entries nested by heading level (a level 3 under the
    /// nearest level 1 or 2 before it), each opening its named destination; entries with
    /// children start closed. Returns the outline dictionary, nil for no entries.
    /// - Complexity: O(entries).
    package static func writeOutline(_ entries: [OutlineEntry], to file: PDFFile) -> PDFReference? {
        guard !entries.isEmpty else { return nil }
        let root = file.reserve()
        let objects = entries.map { _ in file.reserve() }
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
            file.add(objects[i]) { item in
                item.pair(.title, text: entry.title)
                item.pair(.parent, parent[i].map { objects[$0] } ?? root)
                if let p = previous[i] { item.pair(.prev, objects[p]) }
                if let n = next[i] { item.pair(.next, objects[n]) }
                if let first = children[i].first, let last = children[i].last {
                    item.pair(.first, objects[first])
                    item.pair(.last, objects[last])
                    // Closed: minus the children an opening would show.
                    item.pair(.count, -children[i].count)
                }
                item.pair(.dest, bytes: entry.destination.utf8)
            }
        }
        file.add(root) { outlines in
            outlines.pair(.type, .outlines)
            outlines.pair(.first, objects[topLevel.first!])
            outlines.pair(.last, objects[topLevel.last!])
            outlines.pair(.count, topLevel.count)
        }
        return root
    }
}
