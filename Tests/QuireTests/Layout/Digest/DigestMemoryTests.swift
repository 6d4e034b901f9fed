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
import XCTest

/// Issue 45: a digest of 2,000 real files stays within a single file's memory target, so what
/// it holds from one stage to the next is what the next stage needs, not the pages made.
final class DigestMemoryTests: XCTestCase {
    /// The shaped paragraphs of the lines handed on, seen from inside the layout (a link
    /// resolver is asked while a full text is being laid out).
    private final class Tracker: @unchecked Sendable {
        struct Held { weak var shaped: ShapedText? }
        var handedOn: [Held] = []
        /// How many of the lines handed on were still alive when the second full text reached
        /// its link (-1: never).
        var aliveAtSecondFullText = -1
    }

    private func document(_ path: String, _ markdown: String, links: LinkResolver? = nil) -> DigestDocument {
        let (info, body, _) = FrontMatter.split(markdown)
        return DigestDocument(path: path, canonicalPath: "/docs/" + path, document: parseMarkdown(body), info: info, outsideLinks: links)
    }

    /// Regression: the digest kept every cut entry's excerpt, slices and all, until its full
    /// text was laid out, so the shaped lines of all 2,000 entries stayed in memory through the
    /// full texts (after the driver had drawn and dropped the entries' pages). Only where the
    /// reader resumes is kept now: once the entries' pages are handed on, their lines are freed.
    func testDigestDropsTheEntriesShapedLinesOnceTheirPagesAreHandedOn() {
        let tracker = Tracker()
        let prose = (1...600).map { "word\($0)" }.joined(separator: " ")
        // The second document's link past four paragraphs: no excerpt's trial reaches it, its
        // full text does, once the entries' pages went on with the first full text's.
        let second = document("b.md", "# Second\n\n" + String(repeating: "\(prose)\n\n", count: 4) + "See [elsewhere](elsewhere.md).\n") { _ in
            if tracker.aliveAtSecondFullText < 0 { tracker.aliveAtSecondFullText = tracker.handedOn.filter { $0.shaped != nil }.count }
            return nil
        }
        let docs = [document("a.md", "# First\n\n\(prose)\n"), second] + (3...6).map { document("c\($0).md", "# Chapter \($0)\n\n\(prose)\n") }
        var entryLines = 0, fullTextsBegun = false
        _ = layoutDigest(docs, DigestLayoutSetup(failures: [], title: "D", date: "2026-12-08", style: Style(), excerptLines: 2,
                                                 typesetter: .forThisThread(language: nil), graphviz: testEngine.graphviz,
                                                 deferral: FurnitureDeferral(waitingPages: 2) { _, _ in })) { page in
            // The entries' pages: those before the first full text's ("d1-full").
            fullTextsBegun = fullTextsBegun || page.destinations.contains { $0.name.hasSuffix("-full") }
            guard !fullTextsBegun else { return }
            for case .text(let line) in page.items where line.shaped.text.string.contains("word1 ") {
                tracker.handedOn.append(Tracker.Held(shaped: line.shaped))
                entryLines += 1
            }
        }
        XCTAssertGreaterThan(entryLines, 6, "the entries' excerpt lines were handed on")
        XCTAssertEqual(tracker.aliveAtSecondFullText, 0, "entries' shaped lines still held during the full texts")
    }
}
