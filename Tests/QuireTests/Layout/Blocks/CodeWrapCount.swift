@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import Foundation

/// A code block's source lines as laid out: each line's text and how many visual lines it
/// took (more than one: it wrapped). Read from the page model alone, so it counts the same
/// whatever layout did to get there.
struct CodeLineCount {
    var text: String
    var visualLines: Int

    /// The line's width in columns (a tab to the next multiple of 8, a wide East Asian or
    /// emoji character two).
    var columns: Int {
        var columns = 0
        for scalar in text.unicodeScalars {
            if scalar == "\t" { columns += 8 - columns % 8 } else { columns += scalar.value >= 0x1100 ? 2 : 1 }
        }
        return columns
    }
}

extension LaidOutDocument {
    /// Every code block's source lines, in order: a text line tagged as code starts a source
    /// line when its paragraph starts there or after a newline; any other continues the one
    /// before it (it wrapped). O(lines).
    var codeLines: [CodeLineCount] {
        var result: [CodeLineCount] = []
        for line in allLines where line.tag.element?.role == .code {
            let utf8 = Array(line.shaped.text.string.utf8)
            let start = line.shaped.lines[line.lineIndex].start
            if start > 0, start <= utf8.count, utf8[start - 1] != 0x0A, !result.isEmpty {
                result[result.count - 1].visualLines += 1
                continue
            }
            let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.count
            result.append(CodeLineCount(text: String(decoding: utf8[start..<end], as: UTF8.self), visualLines: 1))
        }
        return result
    }
}
