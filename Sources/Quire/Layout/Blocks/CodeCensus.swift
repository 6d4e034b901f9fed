import QuireModel

/// A document's code lines, gathered before layout (`DocumentFacts`) so that every code block
/// of the document is set in one frame at one size (`CodeFrame`, issue 46): each source line's
/// width in characters, and how deep its block is nested (in lists, in quotes and alerts),
/// which narrows the room it has. Code in table cells and footnotes is left out: tables keep
/// their own widths, and notes are set smaller.
///
/// Lines of ASCII (tabs expanded) are counted by their columns, which the monospace code
/// font sets at one advance each; lines with other characters are kept as text, to be
/// shaped (up to `textLimit` of them; past it, counted at their columns' bound). So what is
/// held grows with the number of distinct line widths, not with the document.
package struct CodeCensus: Sendable {
    /// Where a line's block stands: how many lists and how many quotes (or alerts) hold it.
    package struct Nesting: Hashable, Sendable {
        package var lists = 0
        package var quotes = 0
    }

    package struct Columns: Hashable, Sendable {
        package var nesting: Nesting
        package var columns: Int
    }

    /// Lines counted by their columns: how many of each.
    package private(set) var columns: [Columns: Int] = [:]
    /// Lines with characters beyond ASCII, to be shaped.
    package private(set) var texts: [(nesting: Nesting, text: String)] = []
    /// Every line counted.
    package private(set) var lineCount = 0

    /// The most lines kept as text.
    package static let textLimit = 4096

    package init() {}

    /// The census of `blocks` (a whole document's). O(their code's length).
    package init(_ blocks: [Block]) { add(blocks) }

    /// The census of one block's code, `code`, as if in the text block. O(code).
    package init(code: String) { addLines(of: code, Nesting()) }

    /// Adds the code lines of `blocks` (the document's next blocks), nested as `nesting`
    /// says. O(their code's length).
    package mutating func add(_ blocks: [Block], nesting: Nesting = Nesting()) {
        for block in blocks {
            switch block.kind {
            case .codeBlock(let text, _):
                addLines(of: text, nesting)
            case .list(let list):
                var inner = nesting
                inner.lists += 1
                for item in list.items { add(item.blocks, nesting: inner) }
            case .blockQuote(let blocks), .alert(_, let blocks, _):
                var inner = nesting
                inner.quotes += 1
                add(blocks, nesting: inner)
            case .details(_, let blocks):
                add(blocks, nesting: nesting)
            case .html(let html):
                add(html.blocks, nesting: nesting)
            default:
                break
            }
        }
    }

    /// Adds one block's source lines. O(text).
    private mutating func addLines(of text: String, _ nesting: Nesting) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
                let line = CodeLayouter.trimmedLine(start..<end, bytes)
                start = end + 1
                lineCount += 1
                let slice = bytes[line]
                if slice.allSatisfy({ $0 < 0x80 }) || texts.count >= Self.textLimit {
                    columns[Columns(nesting: nesting, columns: CodeLayouter.codeColumns(slice)), default: 0] += 1
                } else {
                    texts.append((nesting, String(decoding: slice, as: UTF8.self)))
                }
            }
        }
    }
}
