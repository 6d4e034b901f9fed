import Foundation
import QuireModel
import QuireParse
import QuireHighlight
import QuireLayout

/// Several Markdown files typeset as one document, in order, each starting a chapter
/// (`quire render a.md b.md c.md -o book.pdf`, as pandoc concatenates its inputs); links
/// between them lead inside the PDF, as a digest's do (`layoutBook`).
public enum Book {
    /// What rendering a book made: its PDF, and what the reader is told of it.
    public struct Result: Sendable {
        /// The whole PDF file.
        public var pdf: [UInt8]
        /// The number of pages of the PDF.
        public var pageCount: Int
        /// Each input's warnings (its front matter's first), in input order.
        public var warnings: [(path: String, warnings: [Warning])]
        /// The files besides the inputs that the PDF depends on (`RenderResult.dependencies`).
        public var dependencies: Set<String>
    }

    /// Renders `inputs` (paths; a file given twice is set once) into one PDF. The first
    /// input's front matter gives the title block, metadata and language (`options.title`
    /// over its title); the title is else its title heading, else its file name. Images are
    /// read beside each input; a link to a Markdown file that is not an input leads to its
    /// PDF, as `render` writes such links.
    /// - Throws: `QuireError` naming the input that cannot be read (missing, not UTF-8), or
    ///   when the PDF cannot be finished.
    /// - Parameter engine: what renders it (`Engine`); by default one of this call's own.
    /// - Complexity: O(total text).
    public static func render(inputs: [String], options: RenderOptions, engine: Engine = Engine()) throws -> Result {
        try engine.exclusively { try render(inputs: inputs, options: options, on: engine) }
    }

    private static func render(inputs: [String], options: RenderOptions, on engine: Engine) throws -> Result {
        var documents: [DigestDocument] = []
        var frontMatterWarnings: [[Warning]] = []
        var seen: Set<String> = []
        var links: [DocumentLinks] = []
        var texts: [String] = []
        for file in inputs {
            let canonical = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            guard seen.insert(canonical).inserted else { continue }
            let text = try InputFile.readMarkdown(at: file)
            texts.append(text)
            let (info, body, warnings) = FrontMatter.split(text)
            frontMatterWarnings.append(warnings)
            var own = options
            own.sourceName = file
            own.baseDirectory = Quire.folder(of: file)
            let document = parseMarkdown(body, smartPunctuation: options.style.smartPunctuation)
            let outside = DocumentLinks(own, cache: engine.links)
            if let outside { links.append(outside) }
            documents.append(DigestDocument(path: file, canonicalPath: canonical, document: document, info: info,
                                            resources: own.imageResources(engine.images),
                                            highlights: CodeHighlights(document, theme: options.style.codeTheme,
                                                                       highlighter: engine.highlighting),
                                            outsideLinks: outside?.resolver))
        }
        guard let first = documents.first else { throw QuireError(file: "-", message: "no inputs") }
        var info = first.info
        if let title = options.title { info.title = .plain(title) }
        let title = info.title ?? .plain(first.document.blocks.titleHeading?.text ?? DocumentInfo.fileTitle(first.path))
        // The first input's front matter speaks for the book, as it gives its title.
        var standards: SourceStandards
        do throws(PDFStandardsError) {
            standards = try SourceStandards(options, frontMatter: info.pdfStandards)
        } catch {
            throw QuireError(file: first.path, message: error.description)
        }
        let folder = MarkdownFiles.commonFolder(of: documents.map(\.path))
        for (k, document) in documents.enumerated() {
            frontMatterWarnings[k] += standards.add(document.document, text: texts[k], file: document.path, name: SourceStandards.name(of: document.path, from: folder),
                                                    modified: DatePolicy(options).attachmentDate(of: document.path))
        }
        let book = layoutBook(documents, style: options.style, info: info, title: title,
                              typesetter: engine.typesetter(language: info.lang))
        try engine.checkInterrupted(first.path)
        var metadata = RenderPipeline.metadata(title: title.widest, author: info.author?.widest ?? "", options)
        metadata.keywords = info.keywords
        metadata.subject = info.subject ?? ""
        metadata.attachments = standards.attachments
        metadata.language = RenderPipeline.documentLanguage(frontMatter: info.lang, options.style)
        metadata.creationDate = DatePolicy(options).creationDate(inputs: inputs)
        let pdf: (pdf: [UInt8], warning: Warning?)
        do {
            pdf = try RenderPipeline.pdf(of: book.laidOut, metadata: metadata, verdict: standards.verdict,
                                         mainScript: ScriptGuess.of(blocks: documents.flatMap(\.document.blocks)), on: engine.drawing)
        } catch {
            throw QuireError(file: first.path, message: error.description)
        }
        var warnings = zip(book.warnings, frontMatterWarnings).map { ($0.path, $1 + $0.warnings) }
        if let warning = pdf.warning, !warnings.isEmpty { warnings[0].1.append(warning) }
        return Result(pdf: pdf.pdf, pageCount: book.laidOut.pages.count, warnings: warnings,
                      dependencies: links.reduce(into: book.imageFiles) { $0.formUnion($1.files) })
    }
}
