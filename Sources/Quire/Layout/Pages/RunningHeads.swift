import QuireModel

/// The running heads of a document with several level-1 headings and no title: each page is
/// headed by the level-1 heading in force there, the last to start on that page or before it
/// (a page before the first is headed by the document's title, the fallback). Pages are met
/// in order, each once, after their headings were laid out (so recorded in the outline).
package struct RunningHeads {
    /// The level-1 heading in force after the pages met so far.
    private var current: String?
    /// Destination name to title, of the level-1 headings recorded so far.
    private var levelOne: [String: String] = [:]
    /// Destination names already looked up: headings of every level, anchors, notes.
    private var known: Set<String> = []

    /// The head of `page`, the next page in order: nil before the first level-1 heading.
    /// `outline` (the document's headings so far) is read again only when the page holds a
    /// destination not met before. O(the page's destinations), plus O(outline) per new name.
    package mutating func head(of page: Page, outline: () -> [OutlineEntry]) -> String? {
        for destination in page.destinations {
            if !known.contains(destination.name) {
                for entry in outline() where !known.contains(entry.destination) {
                    known.insert(entry.destination)
                    if entry.level == 1 { levelOne[entry.destination] = entry.title }
                }
                known.insert(destination.name)
            }
            if let title = levelOne[destination.name] { current = title }
        }
        return current
    }
}
