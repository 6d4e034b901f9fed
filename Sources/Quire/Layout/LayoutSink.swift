import QuireModel

/// What layout reports besides its slices: warnings, outline entries, the destinations it has
/// placed, and a few facts later blocks depend on.
///
/// A trial layout (an excerpt's prefix, a digest's measuring pass) writes to a child sink
/// (`child()`), which its caller keeps (`keep`) or drops whole; a child sees what its parent
/// has recorded (a destination placed before the trial is not placed again inside it) and
/// carries the trial's mode (`picturesAsLines`). So nothing is saved and restored by hand,
/// and what a dropped trial found is found again by the layout that replaces it. Warnings are
/// kept as found, duplicates included, and merged when reported (`reportedWarnings`).
package final class LayoutSink {
    private let parent: LayoutSink?
    /// Set in an excerpt's trial (and the trials inside it): a picture is set as one line of
    /// text, scaled to the line's height, and an image that cannot be shown as its framed alt
    /// text in a line.
    package let picturesAsLines: Bool
    /// How many pictures were set as lines here and in the children kept.
    package private(set) var picturesSetAsLines = 0
    private var warnings: [Warning] = []
    /// Outline entries with the source line of their heading (sorted by it when reported).
    private var outline: [(line: Int, entry: OutlineEntry)] = []
    /// Outline entries after the document's own (the "Full text" part), in order.
    private var trailingOutline: [OutlineEntry] = []
    private var placed: Set<String> = []
    /// The last number `newAtomicGroup` gave, counted at the root so numbers never repeat.
    private var atomicGroups = 0
    /// Whether the rule above the footnotes has been drawn (here or in an ancestor).
    private var footnoteRuleDrawn = false
    /// Sections as excerpt mode showed them.
    package private(set) var excerpts: [ExcerptSummary] = []

    package init() {
        parent = nil
        picturesAsLines = false
    }

    private init(parent: LayoutSink, picturesAsLines: Bool) {
        self.parent = parent
        self.picturesAsLines = picturesAsLines
        footnoteRuleDrawn = parent.footnoteRuleDrawn
    }

    /// A sink for a trial layout, to `keep` or to drop; with `picturesAsLines`, the trial sets
    /// pictures as lines (a child of such a sink does too).
    package func child(picturesAsLines: Bool = false) -> LayoutSink {
        LayoutSink(parent: self, picturesAsLines: picturesAsLines || self.picturesAsLines)
    }

    /// Adds everything `child` recorded, in order. O(records in the child).
    package func keep(_ child: LayoutSink) {
        precondition(child.parent === self, "a sink keeps only its own children")
        warnings += child.warnings
        outline += child.outline
        trailingOutline += child.trailingOutline
        placed.formUnion(child.placed)
        excerpts += child.excerpts
        picturesSetAsLines += child.picturesSetAsLines
        footnoteRuleDrawn = footnoteRuleDrawn || child.footnoteRuleDrawn
    }

    package func warn(_ warning: Warning) { warnings.append(warning) }

    /// Records a heading's outline entry; `line` orders it among the document's headings.
    package func addOutline(_ entry: OutlineEntry, line: Int) { outline.append((line, entry)) }

    /// Records an entry that follows the document's own headings.
    package func addTrailingOutline(_ entry: OutlineEntry) { trailingOutline.append(entry) }

    package func addExcerpt(_ excerpt: ExcerptSummary) { excerpts.append(excerpt) }

    /// Records a picture set as a line (`picturesAsLines`).
    package func notePictureSetAsLine() { picturesSetAsLines += 1 }

    /// Records `name` as placed; false when it was placed before, here or in an ancestor (a
    /// name is placed once even if its anchor repeats).
    package func claimDestination(_ name: String) -> Bool {
        guard !isPlaced(name) else { return false }
        placed.insert(name)
        return true
    }

    /// Whether `name` has been placed, here or in an ancestor.
    package func isPlaced(_ name: String) -> Bool {
        var sink: LayoutSink? = self
        while let s = sink {
            if s.placed.contains(name) { return true }
            sink = s.parent
        }
        return false
    }

    /// A number no other uncuttable block of the document has (for `ExcerptRole.atomic`).
    package func newAtomicGroup() -> Int {
        var root = self
        while let p = root.parent { root = p }
        root.atomicGroups += 1
        return root.atomicGroups
    }

    /// True the first time it is asked in a document (the footnotes' rule is drawn then).
    package func startFootnotes() -> Bool {
        guard !footnoteRuleDrawn else { return false }
        footnoteRuleDrawn = true
        return true
    }

    /// Whether a heading's entry has been recorded (the running title may be known from it:
    /// the first heading's, when of level 1).
    package var hasHeading: Bool { !outline.isEmpty }

    /// The document's own headings in source order (not the trailing entries).
    package var documentOutline: [OutlineEntry] {
        outline.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.entry)
    }

    /// The outline in document order: headings by source line, then the trailing entries.
    package var sortedOutline: [OutlineEntry] { documentOutline + trailingOutline }

    /// The warnings in the order found, each distinct one once (the same problem met by an
    /// excerpt and by its full text is one warning). O(warnings).
    package var reportedWarnings: [Warning] {
        var seen: Set<Warning> = []
        return warnings.filter { seen.insert($0).inserted }
    }
}
