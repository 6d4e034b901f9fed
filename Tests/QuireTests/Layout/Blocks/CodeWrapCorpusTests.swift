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
import XCTest

/// How many code lines of the corpus and the samples wrap, at the default A4 and on A5 with the
/// compact template: printed (the figures issues 33 and 46 report). Since issue 46 a document's
/// code shares one frame that 98% of its lines fit, so up to 2% of a document's lines may wrap
/// although a wider frame of their own would have held them: the share is bounded, not zero.
final class CodeWrapCorpusTests: XCTestCase {
    private func count(_ files: [URL], style: Style) throws -> (lines: Int, wrapped: Int, widestUnwrapped: Int, narrowestWrapped: Int?) {
        var lines = 0, wrapped = 0, widest = 0
        var narrowestWrapped: Int?
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in layout(text, style: style).codeLines {
                lines += 1
                if line.visualLines > 1 {
                    wrapped += 1
                    narrowestWrapped = min(narrowestWrapped ?? .max, line.columns)
                } else {
                    widest = max(widest, line.columns)
                }
            }
        }
        return (lines, wrapped, widest, narrowestWrapped)
    }

    private var files: [URL] {
        let samples = Fixtures.images.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return Fixtures.corpusFiles() + names.filter { $0.hasSuffix(".md") }.sorted().map { samples.appendingPathComponent($0) }
    }

    func testCorpusCodeLinesThatWrapAtA4() throws {
        let result = try count(files, style: Style())
        print("code lines at A4: \(result.lines), wrapped: \(result.wrapped), widest unwrapped: \(result.widestUnwrapped) columns, "
              + "narrowest wrapped: \(result.narrowestWrapped.map(String.init) ?? "none")")
        XCTAssertGreaterThan(result.lines, 1000)
        XCTAssertLessThanOrEqual(Double(result.wrapped), Double(result.lines) * 0.02, "more than 2% of the code lines wrapped at A4")
    }

    func testCorpusCodeLinesThatWrapOnCompactA5() throws {
        let style = try Templates.style(template: "compact", sets: ["page.size=a5"])
        let result = try count(files, style: style)
        print("code lines at A5 compact: \(result.lines), wrapped: \(result.wrapped), widest unwrapped: \(result.widestUnwrapped) "
              + "columns, narrowest wrapped: \(result.narrowestWrapped.map(String.init) ?? "none")")
        XCTAssertLessThanOrEqual(Double(result.wrapped), Double(result.lines) * 0.02, "more than 2% of the code lines wrapped on A5")
    }
}
