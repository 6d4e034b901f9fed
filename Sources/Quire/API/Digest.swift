import Foundation
import QuireModel
import QuireParse
import QuireImages
import QuireHighlight
import QuireLayout
import QuirePDF

/// Many Markdown files into one PDF of excerpts linked to their full texts.
public enum Digest {
    /// A digest made: its PDF, and what went into it.
    public struct Result: Sendable {
        /// The PDF's bytes.
        public var pdf: [UInt8]
        /// How many documents it holds.
        public var documents: Int
        /// The inputs it lists under "Not included", each with why.
        public var failures: [DigestFailure]
        /// Each document's warnings, by its path (only documents with warnings).
        public var warnings: [(path: String, warnings: [Warning])]
        /// The PDF's number of pages.
        public var pageCount: Int
    }

    /// The Markdown files named by `inputs`: files as given, folders searched recursively for
    /// `*.md` and `*.markdown` (hidden entries skipped), glob patterns expanded
    /// (`MarkdownFiles.collect`), less what `exclude` matches. A missing input is reported as
    /// a failure, not thrown.
    package static func collect(_ inputs: [String], exclude: [PathPattern] = []) -> (files: [String], failures: [DigestFailure]) {
        MarkdownFiles.collect(inputs, exclude: exclude)
    }

    /// The folder paths are shown from in a digest (`MarkdownFiles.commonFolder`).
    package static func commonFolder(of inputs: [String]) -> String {
        MarkdownFiles.commonFolder(of: inputs)
    }

    /// Renders the digest of `inputs` to PDF bytes. Documents that cannot be read (missing,
    /// not UTF-8) are listed with their reason; the digest is made from the others.
    /// - Parameters:
    ///   - inputs: files and folders (searched for `*.md` and `*.markdown`, in path order).
    ///   - title: the digest's title ("Digest" when nil).
    ///   - excerptLines: lines per entry (`options.style.excerptLines`, else 6, when nil); 0:
    ///     whole documents, no excerpts.
    ///   - options: the style and settings every document is set with.
    ///   - exclude: files and folders left out of what folders and globs find (`PathPattern`).
    ///   - engine: what renders it (`Engine`); by default one of this call's own.
    /// - Throws: `QuireError` when the inputs hold no Markdown file at all, or the engine was
    ///   interrupted.
    public static func render(inputs: [String], title: String?, excerptLines: Int?, options: RenderOptions,
                              exclude: [PathPattern] = [], engine: Engine = Engine()) throws -> Result {
        try engine.exclusively {
            try render(inputs: inputs, title: title, excerptLines: excerptLines, options: options, exclude: exclude, on: engine)
        }
    }

    private static func render(inputs: [String], title: String?, excerptLines: Int?, options: RenderOptions,
                               exclude: [PathPattern], on engine: Engine) throws -> Result {
        let (files, missing) = collect(inputs, exclude: exclude)
        if files.isEmpty && missing.isEmpty {
            throw QuireError(file: inputs.joined(separator: ", "),
                             message: "no Markdown files found under \(inputs.joined(separator: ", ")) (*.md, *.markdown)")
        }
        var failures = missing
        // A digest's standards are the options' and the style's: no one document's speaks for it.
        var standards: SourceStandards
        do throws(PDFStandardsError) {
            standards = try SourceStandards(options, frontMatter: nil)
        } catch {
            throw QuireError(file: "digest", message: error.description)
        }
        let shownFrom = commonFolder(of: inputs)
        var documents: [DigestDocument] = []
        /// Each document's front-matter warnings, reported before its layout's, as `render` does.
        var frontMatterWarnings: [[Warning]] = []
        var seen: Set<String> = []
        for file in files {
            // A file named twice (directly and inside a folder) is included once.
            let canonical = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            guard seen.insert(canonical).inserted else { continue }
            do {
                let text = try InputFile.readMarkdown(at: file)
                let (info, body, warnings) = FrontMatter.split(text)
                var resources = ImageResources(baseDirectory: Quire.folder(of: file), root: options.resourceRoot, libraries: engine.images)
                resources.cacheFolder = options.imageCacheFolder
                let document = parseMarkdown(body, smartPunctuation: options.style.smartPunctuation)
                let modified = DatePolicy(options).attachmentDate(of: file)
                frontMatterWarnings.append(warnings + standards.add(document, text: text, file: file, name: SourceStandards.name(of: file, from: shownFrom),
                                                                   modified: modified))
                documents.append(DigestDocument(path: file, canonicalPath: canonical, document: document, info: info,
                                                resources: resources,
                                                highlights: CodeHighlights(document, theme: options.style.codeTheme,
                                                                           highlighter: engine.highlighting)))
            } catch let error as QuireError {
                failures.append(DigestFailure(path: file, reason: error.message))
            }
        }
        let seconds = DatePolicy(options).creationDate(inputs: files) ?? Int64(Date().timeIntervalSince1970)
        let date = String(iso8601(seconds).prefix(10))
        let digestTitle = title ?? "Digest"
        let lines = max(0, excerptLines ?? options.style.excerptLines ?? 6)
        let digest = layoutDigest(documents, failures: failures, title: digestTitle, date: date,
                                  style: options.style, excerptLines: lines, shownFrom: commonFolder(of: inputs),
                                  typesetter: engine.typesetter(language: nil))
        try engine.checkInterrupted("digest")
        var metadata = PDFMetadata(title: digestTitle)
        metadata.creationDate = seconds
        metadata.attachments = standards.attachments
        let pdf: (pdf: [UInt8], warning: Warning?)
        do {
            pdf = try RenderPipeline.pdf(of: digest.laidOut, metadata: metadata, verdict: standards.verdict,
                                         mainScript: ScriptGuess.of(blocks: documents.flatMap(\.document.blocks)), on: engine.drawing)
        } catch {
            throw QuireError(file: "digest", message: error.description)
        }
        var warnings = zip(digest.warnings, frontMatterWarnings).map { ($0.path, $1 + $0.warnings) }
        // The characters no font has are the digest's, not one document's.
        if let warning = pdf.warning { warnings.append(("digest", [warning])) }
        return Result(pdf: pdf.pdf, documents: documents.count, failures: failures, warnings: warnings,
                      pageCount: digest.laidOut.pages.count)
    }
}
