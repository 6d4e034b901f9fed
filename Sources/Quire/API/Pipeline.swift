#if canImport(Glibc)
import Glibc
#endif
import QuireModel
import QuireParse
import QuireStyle
import QuireHighlight
import QuireLayout
import QuirePDF
import QuireDrawing
import QuireImages

/// The one pipeline: runs every plan (`RenderPlan`), whatever made it, stage by stage.
///
/// 1. Standards: what the options, else the (first) document's front matter, ask for.
/// 2. Date: `DatePolicy`, the one rule for the PDF's date and its attached sources'.
/// 3. Layout: by the one layout driver (`DocumentDriver`), for a document, a long file's
///    sections, a book or a digest; each page handed on as soon as it is final.
/// 4. Paint and draw: each page painted here and drawn on the engine's drawing thread while
///    layout goes on (`PageStream`), then dropped: memory holds a few pages.
/// 5. Finish: metadata (title, author, keywords, subject, language, date, settings digest,
///    claims, attachments: `metadata(_:)`, the same for every kind), outline, the file's bytes.
package enum Pipeline {
    /// Runs `plan` with `engine`.
    /// - Throws: `QuireError` naming the input when its standards cannot be met, the output
    ///   when it could not be written, or "interrupted" when the engine was.
    package static func run(_ plan: RenderPlan, engine: Engine) throws(QuireError) -> Rendered {
        let options = plan.options
        let stream = PageStream(engine: engine, options: options, destination: plan.destination)
        let policy = DatePolicy(options)
        var laidOut: Laid
        switch plan.content {
        case .text(let markdown):
            laidOut = try RenderPipeline.layOut(markdown: markdown, options, engine: engine, into: stream)
        case .sections(let input):
            laidOut = try RenderPipeline.layOut(input, options, engine: engine, into: stream)
        case .book(let documents):
            laidOut = try layOutBook(documents, options, engine: engine, into: stream)
        case .digest(let digest):
            let date = policy.creationDate(inputs: plan.dateInputs) ?? Int64(time(nil))
            laidOut = try layOutDigest(digest, date: date, options, engine: engine, into: stream)
        }
        try engine.checkInterrupted(plan.name)
        laidOut.date = laidOut.date ?? policy.creationDate(inputs: plan.dateInputs)
        return try finish(stream, laidOut, options: options, name: plan.name, outputName: plan.outputName)
    }

    /// What layout leaves for finishing: the metadata's parts, the standards met, the
    /// warnings by input and what the output depends on.
    package struct Laid {
        package var outline: [OutlineEntry]
        package var title: String
        package var author: String
        package var keywords: [String] = []
        package var subject = ""
        /// The language given (front matter), nil: the template's or the writer's guess.
        package var language: String?
        /// The PDF's date when layout fixed it (a digest shows it on its cover).
        package var date: Int64?
        package var sources: SourceStandards
        package var pageCount: Int
        /// Warnings by input ("" for a single document), in order; the first gets the
        /// warning about characters no font has, unless `claimsWarningsTo` names another.
        package var warnings: [(path: String, warnings: [Warning])]
        package var claimsWarningsTo: String?
        /// The link record (links to other documents and what they depended on), when one.
        package var links: DocumentLinks?
        package var dependencies: Set<String> = []
        package var remoteImages: [String] = []
    }

    /// What running a plan made.
    package struct Rendered {
        package var pdf: [UInt8]
        package var size: Int
        package var pageCount: Int
        package var warnings: [(path: String, warnings: [Warning])]
        package var settings: String
        package var dependencies: Set<String>
        package var remoteImages: [String]
    }

    /// The standards the options, else `frontMatter`, ask for, told to the writer before
    /// the first page.
    /// - Throws: `QuireError` naming `name` when they cannot be met.
    package static func standards(_ options: RenderOptions, frontMatter: PDFStandards?, name: String,
                                  _ stream: PageStream) throws(QuireError) -> SourceStandards {
        do throws(PDFStandardsError) {
            let sources = try SourceStandards(options, frontMatter: frontMatter)
            stream.pdf.setStandards(sources.requested)
            return sources
        } catch {
            throw QuireError(file: name, message: error.description)
        }
    }

    /// Finishes the PDF `stream` drew with the metadata `laidOut` gives.
    /// - Throws: `QuireError` naming the output when it could not be written, else `name`.
    private static func finish(_ stream: PageStream, _ laidOut: Laid, options: RenderOptions, name: String,
                               outputName: String) throws(QuireError) -> Rendered {
        var warnings = laidOut.warnings
        var metadata = metadata(laidOut, options)
        let standards = RenderPipeline.resolve(laidOut.sources.verdict, layout: stream.pdf)
        metadata.standards = standards.claims
        if !standards.warnings.isEmpty {
            if let owner = laidOut.claimsWarningsTo { warnings.append((owner, standards.warnings)) }
            else if !warnings.isEmpty { warnings[0].warnings += standards.warnings }
        }
        do throws(DrawingError) {
            let (bytes, size) = try stream.pdf.finishWithSize(outline: laidOut.outline, metadata: metadata)
            return Rendered(pdf: bytes, size: size, pageCount: laidOut.pageCount, warnings: warnings, settings: metadata.settings ?? "",
                            dependencies: laidOut.dependencies.union(laidOut.links?.files ?? []), remoteImages: laidOut.remoteImages)
        } catch {
            throw QuireError(file: error.isWriteFailure ? outputName : name, message: error.description)
        }
    }

    /// The PDF's metadata, the same rule for every kind of output: the options' title and
    /// author over the documents', their keywords, subject and language (else the template's
    /// when not the default), the date, the settings digest (with the link record when links
    /// led to other documents) and the sources attached; the standards claimed are the verdict's,
    /// resolved once every page is drawn (`finish`).
    package static func metadata(_ laidOut: Laid, _ options: RenderOptions) -> PDFMetadata {
        var metadata = PDFMetadata(title: options.title ?? laidOut.title)
        metadata.creationDate = laidOut.date
        metadata.author = options.author.isEmpty ? laidOut.author : options.author
        metadata.settings = options.settingsDigest
        metadata.keywords = laidOut.keywords
        metadata.subject = laidOut.subject
        metadata.attachments = laidOut.sources.attachments
        metadata.language = RenderPipeline.documentLanguage(frontMatter: laidOut.language, options.style)
        if let record = laidOut.links?.record, !record.isEmpty {
            metadata.settings = record.settings(base: options.settingsDigest)
            metadata.links = record.text
        }
        return metadata
    }
}

/// Where laid-out pages go: painted on the laying-out thread and drawn on the engine's drawing
/// thread (`ThreadedPDF`), unless the engine was interrupted. The same for every kind of output.
package final class PageStream {
    package let pdf: ThreadedPDF
    /// The painter of every page (its pages carry layout's findings to the PDF).
    package let painter = LinePainter()
    private let engine: Engine

    package init(engine: Engine, options: RenderOptions, destination: PDFDestination) {
        self.engine = engine
        pdf = ThreadedPDF(on: engine.drawing, overlapsLayout: options.drawsOnItsOwnThread, destination: destination)
    }

    /// Paints `page` and hands it to the drawing thread.
    package func draw(_ page: Page) {
        if !engine.isInterrupted { pdf.draw(paintPage(page, with: painter)) }
    }

    /// Pages that wait long for their furniture go on without it, the rest drawn at the end
    /// (`FurnitureDeferral`).
    package var deferral: FurnitureDeferral {
        let pdf = self.pdf, painter = self.painter
        return FurnitureDeferral { number, furniture in pdf.drawFurniture(number, paintPage(furniture, with: painter)) }
    }
}
