/// The structure tree's parent tree (ISO 32000-1, 14.7.4.4) as it is gathered: each page's
/// elements by MCID, and each annotation's element, under their keys; a number tree written
/// at the end (`PDFFile.addTree`, kids of 512 entries above 512).
///
/// Kept compact (object numbers in 4 bytes, all of them in one array), and, once a document
/// has more than `streamsAbove` entries, written as it goes: the keys of a page's entries are
/// all below the next page's, so when a page ends every entry before it is final, and each
/// leaf of 512 is written then, only its first and last keys kept for the root. A smaller
/// document's tree is written at the end as before, to the byte.
package final class ParentTree {
    private let file: PDFFile
    /// Entries not in a leaf yet: key, where their objects start in `objects`, and whether the
    /// value is an array (a page's) or one reference (an annotation's).
    private var keys: [Int] = []
    private var starts: [UInt32] = []
    private var isArray: [Bool] = []
    private var objects: [UInt32] = []
    /// The leaves written so far, when written as it goes.
    private var leaves: [(first: Int, last: Int, object: PDFReference)] = []
    /// Whether the tree is written as it goes.
    private var streaming = false
    private var count = 0

    package static let leafSize = 512
    package static let streamsAbove = 64 * 512

    package init(file: PDFFile) { self.file = file }

    /// Adds a page's entry: its elements by MCID. Call when the page ends, after its
    /// annotations' entries. O(elements), amortised.
    package func addPage(key: Int, elements: [PDFReference]) {
        add(key: key, isArray: true, elements)
        count += 1
        if !streaming, count > Self.streamsAbove { streaming = true }
        if streaming { writeFinishedLeaves() }
    }

    /// Adds an annotation's entry: the element it belongs to.
    package func addAnnotation(key: Int, element: PDFReference) {
        add(key: key, isArray: false, [element])
        count += 1
    }

    private func add(key: Int, isArray array: Bool, _ elements: [PDFReference]) {
        keys.append(key)
        starts.append(UInt32(objects.count))
        isArray.append(array)
        objects.append(contentsOf: elements.map { UInt32(truncatingIfNeeded: $0.number) })
    }

    /// The entries pending, sorted by key (a page's entry comes after its annotations').
    private func sortedPending() -> [Int] {
        keys.indices.sorted { keys[$0] < keys[$1] }
    }

    /// Writes the whole leaves of the pending entries (all final: a page has ended).
    private func writeFinishedLeaves() {
        guard keys.count >= Self.leafSize else { return }
        let order = sortedPending()
        let whole = order.count / Self.leafSize * Self.leafSize
        for start in stride(from: 0, to: whole, by: Self.leafSize) { writeLeaf(Array(order[start..<(start + Self.leafSize)])) }
        keep(Array(order[whole...]))
    }

    /// Keeps only the pending entries `indices` (in that order).
    private func keep(_ indices: [Int]) {
        var newKeys: [Int] = [], newStarts: [UInt32] = [], newIsArray: [Bool] = [], newObjects: [UInt32] = []
        for i in indices {
            newKeys.append(keys[i])
            newStarts.append(UInt32(newObjects.count))
            newIsArray.append(isArray[i])
            newObjects += objects[range(i)]
        }
        (keys, starts, isArray, objects) = (newKeys, newStarts, newIsArray, newObjects)
    }

    private func range(_ i: Int) -> Range<Int> {
        Int(starts[i])..<(i + 1 < starts.count ? Int(starts[i + 1]) : objects.count)
    }

    private func writeLeaf(_ indices: [Int]) {
        let leaf = file.reserve()
        file.add(leaf) { node in
            node.array(.limits) { limits in
                limits.item(keys[indices.first!])
                limits.item(keys[indices.last!])
            }
            node.array(.nums) { array in
                for i in indices {
                    array.item(keys[i])
                    value(i, &array)
                }
            }
        }
        leaves.append((keys[indices.first!], keys[indices.last!], leaf))
    }

    private func value(_ i: Int, _ array: inout PDFArrayWriter) {
        let elements = objects[range(i)].map { PDFReference(number: Int($0)) }
        if isArray[i] { array.array { $0.items(elements) } } else { array.item(elements[0]) }
    }

    /// Writes what is left of the tree and returns its root.
    package func finish() -> PDFReference {
        let order = sortedPending()
        guard streaming else {
            return file.addTree(.numbers, count: order.count, leafSize: Self.leafSize,
                                key: { $1.item(keys[order[$0]]) }, value: { value(order[$0], &$1) })
        }
        for start in stride(from: 0, to: order.count, by: Self.leafSize) {
            writeLeaf(Array(order[start..<min(order.count, start + Self.leafSize)]))
        }
        let root = file.reserve()
        let kids = leaves.map(\.object)
        file.add(root) { node in node.array(.kids) { $0.items(kids) } }
        return root
    }
}
