/// Text with inline styling, links and anchors, in pure Swift.
///
/// Offsets are UTF-8 byte offsets into `string`, as Pango counts them. Built by appending
/// pieces (`append`), so a paragraph costs O(n) in its length. Layout turns it into a
/// `ShapedText`; excerpts (issue 4) cut it by byte range without reparsing.
struct StyledText: Sendable, Equatable {
    struct Attributes: Sendable, Hashable {
        var bold = false
        var italic = false
        var monospace = false
        var strikethrough = false
        var superscript = false
        var color: Color?
        var background: Color?
    }

    struct Run: Sendable, Equatable {
        var range: Range<Int>
        var attributes: Attributes
    }

    struct Link: Sendable, Equatable {
        var range: Range<Int>
        var target: LinkArea.Target
    }

    struct Anchor: Sendable, Equatable {
        var offset: Int
        var name: String
    }

    private(set) var string = ""
    /// Styled runs in order; unstyled text has no run.
    private(set) var runs: [Run] = []
    var links: [Link] = []
    var anchors: [Anchor] = []

    /// Length in UTF-8 bytes.
    var count: Int { string.utf8.count }
    var isEmpty: Bool { string.isEmpty }

    /// Appends `text` with `attributes`, merging with the previous run when they match.
    mutating func append(_ text: String, _ attributes: Attributes = Attributes()) {
        guard !text.isEmpty else { return }
        let start = count
        string += text
        guard attributes != Attributes() else { return }
        if let last = runs.last, last.attributes == attributes, last.range.upperBound == start {
            runs[runs.count - 1].range = last.range.lowerBound..<count
        } else {
            runs.append(Run(range: start..<count, attributes: attributes))
        }
    }
}
