@testable import Quire
import XCTest

/// Lays out Markdown with the default style (or `style`) for page-model assertions.
func layout(_ markdown: String, style: Style = Style()) -> LaidOutDocument {
    layoutDocument(parseMarkdown(markdown), style: style, fallbackTitle: "test.md")
}

extension Page {
    /// Text lines inside the text block (running header and footer excluded), in drawing order.
    var bodyLines: [TextLine] {
        let margins = Style().margins
        return items.compactMap { item -> TextLine? in
            guard case .text(let line) = item, line.baseline < size.height - margins.bottom + 1,
                  line.baseline > margins.top * 0.75 else { return nil }
            return line
        }
    }

    /// Text lines in the top and bottom margins.
    var furnitureLines: [TextLine] {
        items.compactMap { item -> TextLine? in
            guard case .text(let line) = item else { return nil }
            return bodyLines.contains { $0.shaped === line.shaped && $0.lineIndex == line.lineIndex } ? nil : line
        }
    }

    var markers: [Marker] {
        items.compactMap { if case .marker(let m) = $0 { return m } else { return nil } }
    }
}

extension LaidOutDocument {
    var allLines: [TextLine] { pages.flatMap(\.bodyLines) }
    var allDestinations: Set<String> { Set(pages.flatMap { $0.destinations.map(\.name) }) }
}

/// A paragraph of `words` distinct words, long enough to wrap.
func prose(_ words: Int, seed: String = "word") -> String {
    (1...words).map { "\(seed)\($0)" }.joined(separator: " ")
}
