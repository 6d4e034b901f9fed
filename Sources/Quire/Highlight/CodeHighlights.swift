import QuireModel
import QuireStyle

/// One document's code blocks queued for highlighting right after parsing, in document order:
/// the highlight thread works through them while layout sets the pages before them, and layout
/// waits only when it reaches a block that is not done yet (`code(_:language:line:)`).
///
/// A block asks for highlighting when its info string names a language (`CodeLanguage`);
/// indented blocks, inline code and `text` blocks do not. A document with no such block queues
/// nothing, so it neither starts the thread nor loads GtkSourceView, unless its theme is not
/// the default one and it has code blocks (their background and text colour then come from
/// the theme; the default one, github, keeps the template's, as any scheme on white does).
///
/// Made on the thread that lays the document out; immutable, so `Sendable`. When it is
/// released (the document is finished), blocks not highlighted yet are dropped from the queue.
package final class CodeHighlights: Sendable {
    private struct Entry: Sendable {
        var line: Int
        var text: String
        var language: String
        var promise: Promise<HighlightedCode>
    }

    /// Every queued block, in document order, and where each source line's are.
    private let queue: [Entry]
    private let byLine: [Int: [Int]]
    /// The theme's colours for blocks without a language; nil: the template's.
    private let lookPromise: Promise<HighlightedCode>?

    /// Nothing queued: every block plain, in the template's colours.
    package static let none = CodeHighlights()

    private init() {
        queue = []
        byLine = [:]
        lookPromise = nil
    }

    /// Queues `document`'s tagged code blocks for highlighting with the style scheme `theme`
    /// on `highlighter` (an engine's thread, which starts only if there is code to highlight).
    /// O(blocks) when there are none.
    package init(_ document: Document, theme: String, highlighter: HighlightThread) {
        var collector = CodeBlockCollector()
        collector.walk(document.blocks)
        // The default theme (github: text on white) sets no colour on a block, so blocks without
        // a language need not wait for GtkSourceView to say so.
        let isDefaultTheme = theme == Style().codeTheme
        let thread = collector.tagged.isEmpty && (!collector.hasCode || isDefaultTheme) ? nil : highlighter
        lookPromise = isDefaultTheme || !collector.hasCode ? nil : thread?.highlight("", language: nil, theme: theme)
        var queue: [Entry] = []
        var byLine: [Int: [Int]] = [:]
        for block in collector.tagged {
            guard let thread else { break }
            byLine[block.line, default: []].append(queue.count)
            queue.append(Entry(line: block.line, text: block.text, language: block.language,
                               promise: thread.highlight(block.text, language: block.request, theme: theme)))
        }
        self.queue = queue
        self.byLine = byLine
    }

    deinit {
        lookPromise?.cancel()
        for entry in queue { entry.promise.cancel() }
    }

    /// How to set the code block at source `line` whose text is `text` (the whole block's, or
    /// the beginning of it that an excerpt keeps) and info string `language`: its spans (empty:
    /// plain), its colours and the warnings to report, with their lines. Waits for the block's
    /// highlighting if it is not done yet. O(spans kept) once done.
    package func code(_ text: String, language: String, line: Int) -> (code: HighlightedCode, warnings: [Warning]) {
        guard let index = byLine[line]?.first(where: { queue[$0].language == language && Self.isPrefix(text, of: queue[$0].text) }) else {
            guard let look = lookPromise?.wait() else { return (HighlightedCode(), []) }
            return (HighlightedCode(look: look.look), warnings(look.warnings, line: line))
        }
        var code = queue[index].promise.wait()
        let length = text.utf8.count
        if length < queue[index].text.utf8.count {
            // The spans before the cut, the last one clipped to it (they are in order: binary search).
            code.spans.removeSubrange(code.spans.partitionPoint { $0.range.lowerBound >= length }...)
            if let last = code.spans.last, last.range.upperBound > length {
                code.spans[code.spans.count - 1].range = last.range.lowerBound..<length
            }
        }
        return (code, warnings(code.warnings, line: line))
    }

    /// The warnings as reported: a document's without a line, a language's at the first block
    /// of the language that met it (so it is reported once), a block's at the block.
    private func warnings(_ found: [HighlightWarning], line: Int) -> [Warning] {
        found.map { warning in
            switch warning.scope {
            case .document: return Warning(line: 0, message: warning.message)
            case .block: return Warning(line: line, message: warning.message)
            case .language:
                let first = queue.first { $0.promise.current?.warnings.contains(warning) == true }
                return Warning(line: first?.line ?? line, message: warning.message)
            }
        }
    }

    /// Whether `text`'s bytes begin `whole`'s. O(text).
    private static func isPrefix(_ text: String, of whole: String) -> Bool {
        let count = text.utf8.count, wholeCount = whole.utf8.count
        if count == wholeCount { return text == whole }
        return count < wholeCount && whole.utf8.starts(with: text.utf8)
    }
}

/// The code blocks of a document: those that ask for a language, and whether there is any.
/// Goes through blocks only, never into inline content. O(blocks).
private struct CodeBlockCollector: BlockVisitor {
    struct Tagged {
        var line: Int
        var text: String
        var language: String
        var request: CodeLanguage
    }

    var tagged: [Tagged] = []
    var hasCode = false

    mutating func walk(_ blocks: [Block]) {
        for block in blocks { block.accept(&self) }
    }

    mutating func defaultVisit(_ block: Block) {
        for group in block.childBlocks { walk(group) }
    }

    mutating func visitCodeBlock(_ block: Block, text: String, language: String) {
        hasCode = true
        if let request = CodeLanguage(info: language) {
            tagged.append(Tagged(line: block.line, text: text, language: language, request: request))
        }
    }
}
