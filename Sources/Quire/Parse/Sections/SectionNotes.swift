import CCmarkGFM

/// The document's footnote numbers, across its sections: a definition (known by the line it
/// starts on) gets the next number when a section first refers to it, as cmark numbers a
/// whole document's by first reference.
package final class FootnoteNumbers {
    private var numbers: [Int: Int] = [:]

    /// The number of the definition starting on `line`, and whether it is new.
    package func number(forDefinitionAt line: Int) -> (number: Int, isNew: Bool) {
        if let known = numbers[line] { return (known, false) }
        let number = numbers.count + 1
        numbers[line] = number
        return (number, true)
    }
}

/// One section's footnotes: cmark's numbers (1, 2, ... in the order the section first refers
/// to them; its definitions come last in the tree, in that order) and the document's.
package final class SectionNotes {
    private var documentNumbers: [Int] = []
    private var new: Set<String> = []

    package init(_ root: OpaquePointer, lines: SectionLines, numbers: FootnoteNumbers) {
        var definitions: [OpaquePointer] = []
        var child = cmark_node_last_child(root)
        while let c = child, cmark_node_get_type(c) == CMARK_NODE_FOOTNOTE_DEFINITION {
            definitions.append(c)
            child = cmark_node_previous(c)
        }
        for definition in definitions.reversed() {
            let (number, isNew) = numbers.number(forDefinitionAt: lines.map(Int(cmark_node_get_start_line(definition))))
            documentNumbers.append(number)
            if isNew { new.insert(String(number)) }
        }
    }

    /// The document's number of the section's footnote `local` (1-based); `local` itself if
    /// there is no such footnote.
    package func number(ofLocal local: Int) -> Int {
        (1...documentNumbers.count).contains(local) ? documentNumbers[local - 1] : local
    }

    /// Whether the definition labelled `label` (a document number) was first referred to here.
    package func isNew(_ label: String) -> Bool { new.contains(label) }
}
