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

/// The figures issue 46 reports over real files, read off the page model: pages (not the last)
/// ending short of 70% of the text block without an excuse (`PageFill`), and documents whose
/// code blocks show more than one frame width or type size. Over the corpus; with
/// `QUIRE_PAGE_SAMPLE` naming a folder of Markdown files, over those too (printed, not asserted).
final class PageCensusTests: XCTestCase {
    struct Census {
        var files = 0, pages = 0, short = 0, shortAny = 0
        var codeBlocks = 0, mixedDocuments = 0, offFrameBlocks = 0
        var shortPages: [String] = []
        var mixed: [String] = []
    }

    /// The code blocks of `doc`, each as its lines' (size, frame's right edge), in points
    /// rounded to a tenth; blocks in table cells aside (tables keep their own widths), and
    /// blocks in footnotes (set at the notes' smaller size, as all their text is).
    static func codeFrames(_ doc: LaidOutDocument) -> [Set<[Double]>] {
        var blocks: [ObjectIdentifier: Set<[Double]>] = [:]
        var order: [ObjectIdentifier] = []
        for line in doc.allLines {
            // A wrapped line's continuations (standing for nothing) start past the hanging indent.
            guard let element = line.tag.element, element.role == .code, line.actualText != "" else { continue }
            var up = element.parent, aside = false
            while let e = up { if [.cell, .headerCell, .note].contains(e.role) { aside = true }; up = e.parent }
            if aside { continue }
            let format = line.shaped.format
            let key = ObjectIdentifier(element)
            if blocks[key] == nil { order.append(key) }
            // The text's right edge (its left edge plus the width it is set in): the frame's, less its padding.
            let right = line.x + format.width
            blocks[key, default: []].insert([(format.text.size * 10).rounded() / 10, (right * 10).rounded() / 10])
        }
        return order.map { blocks[$0]! }
    }

    static func census(_ files: [URL], style: Style = Style()) throws -> Census {
        var census = Census()
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let doc = layout(text, style: style)
            census.files += 1
            census.pages += max(0, doc.pageFills.count - 1)
            census.short += doc.pageFills.shortPages()
            census.shortAny += doc.pageFills.dropLast().filter { $0.fraction < 0.7 }.count
            for (k, fill) in doc.pageFills.dropLast().enumerated() where fill.isShort() {
                census.shortPages.append("\(file.lastPathComponent) p. \(k + 1): \(Int((fill.fraction * 100).rounded()))%")
            }
            let frames = codeFrames(doc)
            census.codeBlocks += frames.count
            let all = frames.reduce(into: Set<[Double]>()) { $0.formUnion($1) }
            if all.count > 1 {
                census.mixedDocuments += 1
                var counts: [[Double]: Int] = [:]
                for block in frames { for f in block { counts[f, default: 0] += 1 } }
                let common = counts.max { $0.value < $1.value }!.key
                let off = frames.filter { $0 != [common] }.count
                census.offFrameBlocks += off
                census.mixed.append("\(file.lastPathComponent): \(all.count) frames, \(off) of \(frames.count) blocks off the commonest")
            }
        }
        return census
    }

    static func report(_ name: String, _ c: Census) {
        print("\(name): \(c.files) files, \(c.pages) pages (not last), \(c.short) short of 70% without excuse (\(c.shortAny) short in all); "
              + "\(c.codeBlocks) code blocks, \(c.mixedDocuments) documents with more than one code frame width or size "
              + "(\(c.offFrameBlocks) blocks off their document's commonest frame)")
        for s in c.shortPages { print("  short: \(s)") }
        for m in c.mixed { print("  mixed: \(m)") }
    }

    /// The corpus's census, taken once for the two tests that read it (scripts/test.sh runs a
    /// class per process, so a static is made once per run).
    static let corpusCensus = Result { try census(Fixtures.corpusFiles()) }

    func testCorpusPagesEndShortOnlyWithAnExcuse() throws {
        let census = try Self.corpusCensus.get()
        Self.report("corpus", census)
        XCTAssertGreaterThan(census.pages, 100)
        XCTAssertEqual(census.short, 0, "pages ending short of 70% with nothing that cannot break after them: \(census.shortPages)")
    }

    func testCorpusDocumentsHaveOneCodeFrame() throws {
        let census = try Self.corpusCensus.get()
        XCTAssertGreaterThan(census.codeBlocks, 100)
        XCTAssertEqual(census.mixedDocuments, 0, "\(census.mixed)")
    }

    /// The sample outside the repository (`QUIRE_PAGE_SAMPLE`: a folder), when given: printed.
    func testSampleCensus() throws {
        guard let folder = ProcessInfo.processInfo.environment["QUIRE_PAGE_SAMPLE"] else { throw XCTSkip("QUIRE_PAGE_SAMPLE not set") }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
        Self.report("sample", try Self.census(names.map { URL(fileURLWithPath: folder).appendingPathComponent($0) }))
    }
}
