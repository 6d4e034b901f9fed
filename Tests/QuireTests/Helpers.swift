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

/// Lays out Markdown (front matter and all) through the render pipeline, without drawing, for
/// page-model assertions: with the default style (or `style`), as "test.md" (titled "test"
/// when it gives no title), reading images from nowhere unless `configure` says where.
func layout(_ markdown: String, style: Style = Style(), includeFullText: Bool = true,
            configure: (inout RenderOptions) -> Void = { _ in }) -> LaidOutDocument {
    var options = RenderOptions(style: style)
    options.sourceName = "test.md"
    configure(&options)
    return RenderPipeline.layout(markdown, options, includeFullText: includeFullText)
}

extension Page {
    /// Text lines in the text block (running header and footer excluded), in drawing order.
    var bodyLines: [TextLine] {
        items.compactMap { if case .text(let line) = $0 { return line } else { return nil } }
    }

    /// Text lines of the running header and footer.
    var furnitureLines: [TextLine] {
        furniture.compactMap { if case .text(let line) = $0 { return line } else { return nil } }
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

/// The sample images (Samples/images, made by scripts/make-images.c), as test fixtures.
enum Fixtures {
    /// Tests/QuireTests/Helpers.swift → the package root → Samples/images.
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/images")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: images.appendingPathComponent(name)))
    }
}

extension Fixtures {
    /// The corpus of real Markdown written by others (`Tests/Corpus` in the package root).
    static let corpus = images.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Corpus")

    /// The corpus's Markdown files, by name (none when the folder is missing: the caller fails).
    static func corpusFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }.sorted().map { corpus.appendingPathComponent($0) }
    }
}
