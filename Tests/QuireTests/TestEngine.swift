@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireFonts
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing
import Foundation

/// The engine the unit tests share, as a batch worker shares one across its files: fonts are
/// loaded once for the whole run. Tests that are about engines make their own.
let testEngine = Engine()

/// The short forms the unit tests call, each passing the shared engine (or a part of it): the
/// library's functions take their engine, and most tests are about something else.
extension RenderPipeline {
    static func layout(_ markdown: String, _ options: RenderOptions, includeFullText: Bool = true) -> LaidOutDocument {
        layout(markdown, options, engine: testEngine, includeFullText: includeFullText)
    }

    static func render(markdown: String, options: RenderOptions) throws(QuireError) -> RenderResult {
        try render(markdown: markdown, options: options, engine: testEngine)
    }

    static func sections(of input: MappedInput, _ options: RenderOptions, minimumSectionSize: Int? = nil) throws(QuireError) -> SectionedInput {
        try sections(of: input, options, engine: testEngine, minimumSectionSize: minimumSectionSize)
    }

    static func render(_ input: SectionedInput, options: RenderOptions, destination: PDFDestination,
                       outputName: String) throws(QuireError) -> RenderResult {
        try render(input, options: options, engine: testEngine, destination: destination, outputName: outputName)
    }

    static func parseSettingUpTypesetter(_ body: String, style: Style, language: String?) -> Document {
        parseSettingUpTypesetter(body, style: style, language: language, engine: testEngine)
    }

    static func pdf(of document: LaidOutDocument, metadata: PDFMetadata, verdict: StandardsVerdict,
                    mainScript: ScriptGuess?) throws(DrawingError) -> (pdf: [UInt8], warning: Warning?) {
        try pdf(of: document, metadata: metadata, verdict: verdict, mainScript: mainScript, on: testEngine.drawing)
    }
}

extension Typesetter {
    /// The shared engine's typesetter, set to `language`.
    static func forThisThread(language: String?) -> Typesetter {
        testEngine.typesetter(language: language)
    }
}

extension MathFont {
    static func forThisThread(families: String) -> MathFont? {
        testEngine.typesetter(language: nil).mathFonts.font(families: families)
    }
}

extension MathTypesetter {
    convenience init(families: String) {
        self.init(families: families, fonts: testEngine.typesetter(language: nil).mathFonts)
    }
}

extension Hyphenator {
    static func forLanguage(_ language: String) -> Hyphenator? {
        testEngine.typesetter(language: nil).hyphenators.forLanguage(language)
    }
}

extension HighlightThread {
    static var shared: HighlightThread { .process }
}

extension DrawingThread {
    static var shared: DrawingThread { testEngine.drawing }
}

extension CodeHighlights {
    convenience init(_ document: Document, theme: String) {
        self.init(document, theme: theme, highlighter: testEngine.highlighting)
    }
}

extension LoadedImage {
    static func decode(_ bytes: [UInt8]) throws -> LoadedImage {
        try decode(bytes, testEngine.images)
    }
}

extension SVGLibrary {
    static var shared: Result<SVGLibrary, ImageError> { testEngine.images.svg.value }
}

extension PixbufLibrary {
    static var shared: Result<PixbufLibrary, ImageError> { testEngine.images.pixbuf.value }
}

extension DocumentLinks {
    convenience init?(_ options: RenderOptions) {
        self.init(options, cache: testEngine.links)
    }
}

func renderPagePNG(_ page: Page, dpi: Double) throws -> [UInt8] {
    try renderPagePNG(page, dpi: dpi, on: testEngine.drawing)
}

func layoutDigest(_ documents: [DigestDocument], failures: [DigestFailure], title: String, date: String,
                  style: Style, excerptLines: Int, shownFrom base: String = "") -> LaidOutDigest {
    layoutDigest(documents, DigestLayoutSetup(failures: failures, title: title, date: date, style: style, excerptLines: excerptLines,
                                              shownFrom: base, typesetter: testEngine.typesetter(language: nil), graphviz: testEngine.graphviz))
}
