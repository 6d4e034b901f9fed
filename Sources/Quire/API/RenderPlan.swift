import Foundation
import QuireModel
import QuireParse
import QuireImages
import QuireHighlight
import QuireLayout
import QuirePDF

/// What one PDF is to be made of: the value every entry point builds (one file, a long file,
/// several inputs as a book, a digest, a batch worker's job, the library's functions) and
/// the one pipeline runs (`Pipeline.run`). It holds the documents (read, and parsed where the
/// kind needs them whole), their resources and link resolution, the output's kind, the
/// options and where the bytes go; it does no layout and writes nothing.
package struct RenderPlan {
    /// The output's kind, with its documents.
    package enum Content {
        /// One document given whole (text in memory, a file read whole).
        case text(String)
        /// A long file, read a section at a time (`RenderPipeline.sections`).
        case sections(RenderPipeline.SectionedInput)
        /// Several documents as one, each a chapter, the first speaking for the book.
        case book([PlannedDocument])
        /// Many documents' excerpts, with those that could not be read.
        case digest(DigestPlan)
    }

    package var content: Content
    /// The options every document is set with (`sourceName` names a single document).
    package var options: RenderOptions
    /// The input files whose modification time dates the PDF (`DatePolicy`): none for one
    /// document, whose options carry its date already.
    package var dateInputs: [String] = []
    /// Where the PDF's bytes go, and the output's name in errors.
    package var destination: PDFDestination = .memory
    package var outputName = ""

    /// The name errors about the whole output use: the single input's, a book's first
    /// input's, "digest".
    package var name: String {
        switch content {
        case .text, .sections: return options.sourceName
        case .book(let documents): return documents.first?.document.path ?? "-"
        case .digest: return "digest"
        }
    }
}

/// One input of a book or a digest, read and parsed: its document (with its images' folder,
/// its code queued for highlighting and its links), its text (checked and attached when the
/// standards ask), its front matter's warnings and what its links to other files depended on.
package struct PlannedDocument {
    package var document: DigestDocument
    package var text: String
    package var frontMatterWarnings: [Warning]
    package var links: DocumentLinks?
}

/// A digest's plan: its documents, the inputs it lists under "Not included", its title, its
/// excerpts' length and the folder its paths are shown from.
package struct DigestPlan {
    package var documents: [PlannedDocument]
    package var failures: [DigestFailure]
    package var title: String
    package var excerptLines: Int
    package var shownFrom: String
}

extension RenderPlan {
    /// The plan of a book of `inputs` (a file given twice is set once), each document's
    /// images read beside it and its links to Markdown files that are not inputs led to
    /// their PDFs.
    /// - Throws: `QuireError` naming the input that cannot be read (missing, not UTF-8), or
    ///   "no inputs".
    package static func book(inputs: [String], options: RenderOptions, engine: Engine) throws -> RenderPlan {
        var documents: [PlannedDocument] = []
        var seen: Set<String> = []
        for file in inputs {
            let canonical = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            guard seen.insert(canonical).inserted else { continue }
            let text = try InputFile.readMarkdown(at: file)
            var own = options
            own.sourceName = file
            own.baseDirectory = Quire.folder(of: file)
            let links = DocumentLinks(own, cache: engine.links)
            documents.append(planned(file, canonical: canonical, text: text, resources: own.imageResources(engine.images),
                                     links: links, options, engine))
        }
        guard !documents.isEmpty else { throw QuireError(file: "-", message: "no inputs") }
        return RenderPlan(content: .book(documents), options: options, dateInputs: inputs)
    }

    /// The plan of a digest of the Markdown files `inputs` name (`MarkdownFiles.collect`,
    /// less `exclude`; a file found twice is included once); those that cannot be read are
    /// listed with their reason.
    /// - Throws: `QuireError` when the inputs hold no Markdown file at all.
    package static func digest(inputs: [String], title: String?, excerptLines: Int?, options: RenderOptions,
                               exclude: [PathPattern], engine: Engine) throws(QuireError) -> RenderPlan {
        let (files, missing) = MarkdownFiles.collect(inputs, exclude: exclude)
        if files.isEmpty && missing.isEmpty {
            throw QuireError(file: inputs.joined(separator: ", "),
                             message: "no Markdown files found under \(inputs.joined(separator: ", ")) (*.md, *.markdown)")
        }
        var plan = DigestPlan(documents: [], failures: missing, title: title ?? "Digest",
                              excerptLines: max(0, excerptLines ?? options.style.excerptLines ?? 6),
                              shownFrom: MarkdownFiles.commonFolder(of: inputs))
        var seen: Set<String> = []
        for file in files {
            let canonical = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            guard seen.insert(canonical).inserted else { continue }
            do {
                let text = try InputFile.readMarkdown(at: file)
                var resources = ImageResources(baseDirectory: Quire.folder(of: file), root: options.resourceRoot, libraries: engine.images)
                resources.cacheFolder = options.imageCacheFolder
                plan.documents.append(planned(file, canonical: canonical, text: text, resources: resources, links: nil, options, engine))
            } catch let error as QuireError {
                plan.failures.append(DigestFailure(path: file, reason: error.message))
            } catch {
                plan.failures.append(DigestFailure(path: file, reason: "\(error)"))
            }
        }
        return RenderPlan(content: .digest(plan), options: options, dateInputs: files)
    }

    /// One input of a book or digest: its front matter split off, its body parsed, its code
    /// queued for highlighting on `engine`'s thread.
    private static func planned(_ file: String, canonical: String, text: String, resources: ImageResources,
                                links: DocumentLinks?, _ options: RenderOptions, _ engine: Engine) -> PlannedDocument {
        let (info, body, warnings) = FrontMatter.split(text)
        let document = parseMarkdown(body, smartPunctuation: options.style.smartPunctuation)
        let highlights = CodeHighlights(document, theme: options.style.codeTheme, highlighter: engine.highlighting)
        return PlannedDocument(document: DigestDocument(path: file, canonicalPath: canonical, document: document, info: info,
                                                        resources: resources, highlights: highlights, outsideLinks: links?.resolver),
                               text: text, frontMatterWarnings: warnings, links: links)
    }
}
