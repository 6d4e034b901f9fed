import CCmarkGFM

/// Display math written as `$$` lines around its TeX, kept whole.
///
/// GitHub reads such a formula as inline `$$…$$` in a paragraph, so its lines are Markdown
/// until the closing `$$`: a line starting `+ c` or `- x` starts a list there, `=` alone makes
/// the paragraph a heading, and the formula falls apart. Quire reads the pair as a
/// ```` ```math ```` block instead: each `$$` is replaced where it stands (after a quote's `>`
/// or a list item's indent), the same number of lines, so cmark keeps the lines between as
/// they are.
///
/// A pair is fenced only where GitHub renders display math, which cmark itself decides:
/// - both lines are `$$` alone (after the container's markers), at the same quote depth,
///   with no blank line between (a blank line ends the paragraph: no formula on GitHub);
/// - no line from the opening to the closing one lies in code (fenced or indented) or in a
///   raw HTML block when cmark reads the source as written (there a `$$` is text);
/// - once fenced, the pair is exactly one math block, from its opening line to its closing
///   one; when it is not (a lazy line ended the quote or list item it stood in), it is left
///   as written, and the inline `$$…$$` it then is gives the formula where the paragraph
///   holds it whole.
///
/// Costs: nothing for a source without a `$$` line; else two parses of it by cmark (one
/// more, rarely, for each round of pairs that did not fence cleanly), each O(n).
package enum DisplayMathLines {
    /// A `$$` pair: the 0-based indices of its opening and closing lines.
    package struct Pair: Hashable {
        package var open: Int
        package var close: Int
    }

    /// How many rounds of fencing are tried before the source is parsed as written.
    package static let maximumRounds = 3

    /// The document root cmark gives for `source`, with its `$$` pairs fenced where GitHub
    /// renders display math; `parse` runs cmark on a text (the caller frees the root).
    package static func parse(_ source: String, with parse: (String) -> OpaquePointer?) -> OpaquePointer? {
        // A source without `$$` has no pair: no splitting it into lines (String's split reads
        // it a Character at a time: 81 M instructions on free-programming-books-langs' 100 KB).
        let hasDoubleDollar = source.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.indices.dropFirst().contains { bytes[$0] == 0x24 && bytes[$0 - 1] == 0x24 }
        } ?? source.contains("$$")
        guard hasDoubleDollar else { return parse(source) }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var pairs = candidates(lines)
        guard !pairs.isEmpty else { return parse(source) }
        guard let written = parse(source) else { return nil }
        let raw = rawLinesBefore(written, lineCount: lines.count)
        pairs.removeAll { raw[$0.close + 1] > raw[$0.open] }
        guard !pairs.isEmpty else { return written }
        cmark_node_free(written)
        for _ in 0..<maximumRounds {
            guard let root = parse(fenced(lines, pairs)) else { return nil }
            let failed = notFenced(pairs, in: root)
            if failed.isEmpty { return root }
            cmark_node_free(root)
            let failures = Set(failed)
            pairs.removeAll { failures.contains($0) }
            if pairs.isEmpty { break }
        }
        return parse(source)
    }

    /// The `$$` pairs of `lines` that may be display math: `$$` alone on both lines, at one
    /// quote depth, no blank line between. O(n).
    package static func candidates(_ lines: [Substring]) -> [Pair] {
        var pairs: [Pair] = []
        var opener: (index: Int, quotes: Int)?
        for (i, line) in lines.enumerated() where line.contains("$") || opener != nil {
            let (quotes, rest) = container(line)
            let isDollars = rest.trimmingWhitespace == "$$"
            if let open = opener {
                if isDollars && quotes == open.quotes {
                    pairs.append(Pair(open: open.index, close: i))
                    opener = nil
                    continue
                }
                if quotes != open.quotes || rest.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { opener = nil }
            }
            if opener == nil, isDollars { opener = (i, quotes) }
        }
        return pairs
    }

    /// A line's quote depth (its `>` markers among the leading spaces) and the rest.
    private static func container(_ line: Substring) -> (quotes: Int, rest: Substring) {
        var quotes = 0
        var index = line.startIndex
        while index < line.endIndex, line[index] == " " || line[index] == "\t" || line[index] == ">" {
            if line[index] == ">" { quotes += 1 }
            index = line.index(after: index)
        }
        return (quotes, line[index...])
    }

    /// `lines` joined, each pair's `$$` replaced by a math fence where it stands.
    package static func fenced(_ lines: [Substring], _ pairs: [Pair]) -> String {
        var out = lines.map(String.init)
        for pair in pairs {
            out[pair.open] = replacingDollars(out[pair.open], with: "```math")
            out[pair.close] = replacingDollars(out[pair.close], with: "```")
        }
        return out.joined(separator: "\n")
    }

    private static func replacingDollars(_ line: String, with fence: String) -> String {
        guard let range = line.range(of: "$$") else { return line }
        return line.replacingCharacters(in: range, with: fence)
    }

    /// For each line index k (0...lineCount), how many of the lines before it lie in a code
    /// block or a raw HTML block under `root`: a pair touches one when the count grows
    /// between its lines. O(lines + blocks).
    private static func rawLinesBefore(_ root: OpaquePointer, lineCount: Int) -> [Int] {
        var isRaw = [Bool](repeating: false, count: lineCount)
        walk(root) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK else { return }
            let start = max(0, Int(cmark_node_get_start_line(node)) - 1)
            let end = min(lineCount - 1, Int(cmark_node_get_end_line(node)) - 1)
            if start <= end { for k in start...end { isRaw[k] = true } }
        }
        var before = [0]
        before.reserveCapacity(lineCount + 1)
        for raw in isRaw { before.append(before[before.count - 1] + (raw ? 1 : 0)) }
        return before
    }

    /// The pairs that are not each exactly one math block under `root`: a ```` ```math ````
    /// block from the opening line to the closing one, and no block starting on the lines
    /// after its first (cmark ends a fenced block on the line that ends its container too,
    /// where another block then starts). O(blocks).
    private static func notFenced(_ pairs: [Pair], in root: OpaquePointer) -> [Pair] {
        var mathBlocks: Set<Pair> = []
        var starts: [Int] = []
        walk(root) { node in
            let start = Int(cmark_node_get_start_line(node)) - 1
            starts.append(start)
            var length: Int32 = 0, offset: Int32 = 0, character: CChar = 0
            guard cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK, cmark_node_get_fenced(node, &length, &offset, &character) != 0,
                  let info = cmark_node_get_fence_info(node), String(cString: info) == "math" else { return }
            mathBlocks.insert(Pair(open: start, close: Int(cmark_node_get_end_line(node)) - 1))
        }
        starts.sort()
        return pairs.filter { pair in
            let k = starts.partitionPoint { $0 > pair.open }
            return !mathBlocks.contains(pair) || (k < starts.count && starts[k] <= pair.close)
        }
    }

    /// Whether `node` is a block: its type's two high bits are cmark's `CMARK_NODE_TYPE_BLOCK`.
    private static func isBlock(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node).rawValue & 0xC000 == 0x8000
    }

    /// Calls `visit` on each block under `root` (inlines are not entered), with an explicit
    /// stack: any nesting depth.
    private static func walk(_ root: OpaquePointer, _ visit: (OpaquePointer) -> Void) {
        var stack = [root]
        while let node = stack.popLast() {
            visit(node)
            var child = cmark_node_first_child(node)
            while let c = child {
                if isBlock(c) { stack.append(c) }
                child = cmark_node_next(c)
            }
        }
    }
}

private extension Substring {
    var trimmingWhitespace: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return s
    }
}
