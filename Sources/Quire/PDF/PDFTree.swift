/// Name trees and number trees (ISO 32000-1, 7.9.6 and 7.9.7): the one shape both take here.
extension PDFFile {
    /// Which tree: its entries are strings (/Names) or integers (/Nums), each followed by its
    /// value.
    package enum TreeKind {
        case names, numbers

        package var entries: PDFName { self == .names ? .names : .nums }
    }

    /// Writes a tree of `count` sorted entries and returns its root. Up to `leafSize` entries
    /// sit in the root; above, the root's kids hold `leafSize` each, with their first and last
    /// keys as /Limits, so a reader finds an entry without reading all.
    ///
    /// - Parameters:
    ///   - key: writes entry `i`'s key (a string for a name tree, an integer for a number
    ///     tree) as an item of the array given.
    ///   - value: writes entry `i`'s value as an item of the array given.
    /// - Complexity: O(count) plus what `key` and `value` cost.
    package func addTree(_ kind: TreeKind, count: Int, leafSize: Int, key: (Int, inout PDFArrayWriter) -> Void,
                 value: (Int, inout PDFArrayWriter) -> Void) -> PDFReference {
        func entries(_ range: Range<Int>, _ node: inout PDFDictionaryWriter) {
            node.array(kind.entries) { array in
                for i in range {
                    key(i, &array)
                    value(i, &array)
                }
            }
        }
        let root = reserve()
        if count <= leafSize {
            add(root) { entries(0..<count, &$0) }
            return root
        }
        var kids: [PDFReference] = []
        var start = 0
        while start < count {
            let end = min(count, start + leafSize)
            let kid = reserve()
            add(kid) { node in
                node.array(.limits) { limits in
                    key(start, &limits)
                    key(end - 1, &limits)
                }
                entries(start..<end, &node)
            }
            kids.append(kid)
            start = end
        }
        add(root) { node in node.array(.kids) { $0.items(kids) } }
        return root
    }
}
