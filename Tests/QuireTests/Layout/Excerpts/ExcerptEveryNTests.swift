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

/// Every excerpt of real and generated documents, at N = 1, 2, 3, 5 and 8, passes
/// `ExcerptAudit`'s checks on the page model, and every word of the document is shown in an
/// excerpt or a full text; every digest entry passes the same checks.
///
/// `make test` runs N = 1, 3 and 8 (the corpus and the digests at five N took 8 minutes of
/// the debug build under load: its slowest class); `make pathological` (QUIRE_PATHOLOGICAL=full)
/// all five.
final class ExcerptEveryNTests: XCTestCase {
    static let everyN = ProcessInfo.processInfo.environment["QUIRE_PATHOLOGICAL"] == "full" ? [1, 2, 3, 5, 8] : [1, 3, 8]

    private func laidOut(_ markdown: String, name: String, lines n: Int?, style: Style = Style()) -> LaidOutDocument {
        var options = RenderOptions(style: style)
        options.style.excerptLines = n
        options.sourceName = name
        return RenderPipeline.layout(markdown, options)
    }

    func testEveryExcerptOfTheCorpusAtEveryN() throws {
        let files = Fixtures.corpusFiles()
        XCTAssertGreaterThan(files.count, 10, "the shared corpus at \(Fixtures.corpus.path)")
        var cut = 0
        for file in files {
            let markdown = try String(contentsOf: file, encoding: .utf8)
            let plain = laidOut(markdown, name: file.lastPathComponent, lines: nil)
            for n in Self.everyN {
                let doc = laidOut(markdown, name: file.lastPathComponent, lines: n)
                cut += doc.excerpts.filter(\.isCut).count
                for problem in ExcerptAudit(doc, style: Style(), lines: n).problems() {
                    XCTFail("\(file.lastPathComponent) N=\(n) \(problem)")
                }
                let lost = ExcerptAudit.wordsLost(plain: plain, excerpted: doc)
                XCTAssertEqual(lost, [], "\(file.lastPathComponent) N=\(n): words neither in an excerpt nor in a full text")
            }
        }
        XCTAssertGreaterThan(cut, 500, "sections cut")
    }
}

extension ExcerptEveryNTests {
    /// 40 documents of 6 sections, made from seeds: 240 sections and their preambles.
    static let generated: [String] = (1...40).map { seed in
        var generator = SectionGenerator(seed: UInt64(seed))
        return generator.document(sections: 6)
    }

    func testEveryExcerptOfGeneratedSectionsAtEveryN() {
        var cut = 0
        for (k, markdown) in Self.generated.enumerated() {
            var options = RenderOptions()
            options.sourceName = "generated-\(k + 1).md"
            options.baseDirectory = Fixtures.images.path
            let plain = RenderPipeline.layout(markdown, options)
            for n in Self.everyN {
                options.style.excerptLines = n
                let doc = RenderPipeline.layout(markdown, options)
                cut += doc.excerpts.filter(\.isCut).count
                for problem in ExcerptAudit(doc, style: options.style, lines: n).problems() {
                    XCTFail("generated seed \(k + 1) N=\(n) \(problem)")
                }
                XCTAssertEqual(ExcerptAudit.wordsLost(plain: plain, excerpted: doc), [], "generated seed \(k + 1) N=\(n): words lost")
            }
        }
        XCTAssertGreaterThan(cut, 600, "sections cut")
    }
}

extension ExcerptEveryNTests {
    private func digestDocuments(_ named: [(name: String, markdown: String)], resources: ImageResources = ImageResources()) -> [DigestDocument] {
        named.map { name, markdown in
            let (info, body, _) = FrontMatter.split(markdown)
            return DigestDocument(path: name, canonicalPath: "/docs/" + name, document: parseMarkdown(body), info: info,
                                  resources: resources)
        }
    }

    /// The digest's entries are the same excerpts and pass the same checks: the corpus, and
    /// the generated documents (each one's start: preambles, headings, tables, pictures).
    func testEveryDigestEntryAtEveryN() throws {
        let corpus = try Fixtures.corpusFiles().map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
        let generated = Self.generated.enumerated().map { ("generated-\($0.offset + 1).md", $0.element) }
        let images = ImageResources(baseDirectory: Fixtures.images.path, root: nil)
        for (set, documents) in [("corpus", digestDocuments(corpus)), ("generated", digestDocuments(generated, resources: images))] {
            for n in Self.everyN {
                let digest = layoutDigest(documents, failures: [], title: "Digest", date: "2026-11-23", style: Style(), excerptLines: n)
                let cut = digest.laidOut.allDestinations.filter { $0.hasSuffix("-full") }.count
                XCTAssertGreaterThan(cut, documents.count / 2, "\(set) N=\(n): entries cut")
                for problem in ExcerptAudit(digest.laidOut, style: Style(), lines: n, mode: .digest).problems() {
                    XCTFail("digest of the \(set) N=\(n) \(problem)")
                }
            }
        }
    }
}
